import { media, tokens } from '@kesho/shell-kit';
import styled from 'styled-components';
import type { Stat } from '../../content/types';

const Grid = styled.ul<{ $columns: number }>`
  display: grid;
  grid-template-columns: repeat(${({ $columns }) => Math.min($columns, 2)}, minmax(0, 1fr));
  gap: ${tokens.space(3)};
  margin: 0;
  padding: 0;
  list-style: none;

  ${media.md} {
    grid-template-columns: repeat(${({ $columns }) => Math.min($columns, 4)}, minmax(0, 1fr));
    gap: ${tokens.space(4)};
  }
`;

const Item = styled.li`
  display: flex;
  flex-direction: column;
  gap: ${tokens.space(1)};
  padding: ${tokens.space(5)} ${tokens.space(4)};
  background: ${tokens.color.background};
  border: 1px solid ${tokens.color.border};
  border-radius: ${tokens.radius.lg};
  text-align: center;
`;

const Value = styled.span`
  font-size: clamp(1.75rem, 3vw + 1rem, 2.25rem);
  font-weight: 800;
  line-height: 1.1;
  color: ${tokens.color.primary};
`;

const Label = styled.span`
  font-size: 0.9375rem;
  color: ${tokens.color.muted};
`;

/**
 * Headline figures as a list: a large value with a label that says what it counts, each read as one
 * phrase ("300+ Students placed"). `label` names the list when the section's heading does not.
 */
export function StatGrid({ stats, columns = stats.length, label }: { stats: readonly Stat[]; columns?: number; label?: string }) {
  return (
    <Grid $columns={columns} aria-label={label}>
      {stats.map((stat) => (
        <Item key={stat.label}>
          <Value>{stat.value}</Value> <Label>{stat.label}</Label>
        </Item>
      ))}
    </Grid>
  );
}
