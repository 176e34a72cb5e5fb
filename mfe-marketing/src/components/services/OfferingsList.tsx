import { media, tokens } from '@kesho/shell-kit';
import { CircleCheck } from 'lucide-react';
import styled from 'styled-components';
import type { Offering } from '../../content/service-pages/types';

const List = styled.ul`
  display: grid;
  gap: ${tokens.space(4)};
  margin: 0;
  padding: 0;
  list-style: none;

  ${media.md} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
    gap: ${tokens.space(5)};
  }
  ${media.lg} {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
`;

const Item = styled.li`
  display: flex;
  gap: ${tokens.space(3)};
  padding: ${tokens.space(5)};
  background: ${tokens.color.background};
  border: 1px solid ${tokens.color.border};
  border-radius: ${tokens.radius.lg};
  box-shadow: ${tokens.shadow.card};

  svg {
    flex: none;
    margin-top: 0.125rem;
    color: ${tokens.color.success};
  }
  h3 {
    font-size: 1.0625rem;
    margin-bottom: ${tokens.space(1.5)};
  }
  p {
    margin: 0;
    color: ${tokens.color.muted};
  }
`;

/** What a service includes: one card per offering. */
export function OfferingsList({ items }: { items: readonly Offering[] }) {
  return (
    <List>
      {items.map((item) => (
        <Item key={item.title}>
          <CircleCheck size={22} aria-hidden="true" />
          <div>
            <h3>{item.title}</h3>
            <p>{item.description}</p>
          </div>
        </Item>
      ))}
    </List>
  );
}
