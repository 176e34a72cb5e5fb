import { media, tokens } from '@kesho/shell-kit';
import styled from 'styled-components';
import type { Feature } from '../../content/service-pages/types';

const Grid = styled.ul<{ $columns: 2 | 3 | 4 }>`
  display: grid;
  gap: ${tokens.space(4)};
  margin: 0;
  padding: 0;
  list-style: none;

  ${media.sm} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
    gap: ${tokens.space(5)};
  }
  ${media.lg} {
    grid-template-columns: repeat(${({ $columns }) => $columns}, minmax(0, 1fr));
  }
`;

const Item = styled.li`
  padding: ${tokens.space(6)};
  background: ${tokens.color.background};
  border: 1px solid ${tokens.color.border};
  border-radius: ${tokens.radius.lg};
  box-shadow: ${tokens.shadow.card};

  h3 {
    font-size: 1.125rem;
    margin-bottom: ${tokens.space(2)};
  }
  p {
    margin: 0;
    color: ${tokens.color.muted};
  }
`;

const IconBadge = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 3rem;
  height: 3rem;
  margin-bottom: ${tokens.space(4)};
  border-radius: ${tokens.radius.md};
  background: ${tokens.color.primarySoft};
  color: ${tokens.color.primary};
`;

/** Cards with an icon, a title and a short text: types, fields, reasons. */
export function FeatureGrid({ items, columns = 3 }: { items: readonly Feature[]; columns?: 2 | 3 | 4 }) {
  return (
    <Grid $columns={columns}>
      {items.map(({ icon: Icon, title, description }) => (
        <Item key={title}>
          <IconBadge>
            <Icon size={24} aria-hidden="true" />
          </IconBadge>
          <h3>{title}</h3>
          <p>{description}</p>
        </Item>
      ))}
    </Grid>
  );
}
