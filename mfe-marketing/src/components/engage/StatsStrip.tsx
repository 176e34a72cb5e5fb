import styled from 'styled-components';
import { media, tokens } from '@kesho/shell-kit';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${tokens.space(4)};
  grid-template-columns: repeat(2, minmax(0, 1fr));
  ${media.md} { grid-template-columns: repeat(4, minmax(0, 1fr)); }

  li {
    padding: ${tokens.space(5)} ${tokens.space(3)};
    border-radius: ${tokens.radius.lg};
    background: ${tokens.color.background};
    border: 1px solid ${tokens.color.border};
    text-align: center;
  }
`;

const Value = styled.span`
  display: block;
  font-size: clamp(1.75rem, 3vw + 1rem, 2.5rem);
  font-weight: 800;
  line-height: 1.1;
  color: ${tokens.color.primary};
`;

const Label = styled.span`
  display: block;
  margin-top: ${tokens.space(1)};
  color: ${tokens.color.muted};
  font-weight: 600;
`;

export interface Stat {
  readonly value: string;
  readonly label: string;
}

/** Headline figures as a list: each reads as "300+ Students Placed". */
export function StatsStrip({ stats, label }: { stats: readonly Stat[]; label: string }) {
  return (
    <List aria-label={label}>
      {stats.map((stat) => (
        <li key={stat.label}>
          <Value>{stat.value}</Value> <Label>{stat.label}</Label>
        </li>
      ))}
    </List>
  );
}
