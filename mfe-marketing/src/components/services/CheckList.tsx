import { tokens } from '@kesho/shell-kit';
import { Check } from 'lucide-react';
import styled from 'styled-components';

const List = styled.ul`
  display: grid;
  gap: ${tokens.space(3)};
  max-width: 50rem;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Item = styled.li`
  display: flex;
  gap: ${tokens.space(3)};
  align-items: flex-start;

  svg {
    flex: none;
    margin-top: 0.2rem;
    color: ${tokens.color.success};
  }
`;

/** A plain list of short points, each marked with a tick. */
export function CheckList({ items }: { items: readonly string[] }) {
  return (
    <List>
      {items.map((item) => (
        <Item key={item}>
          <Check size={20} aria-hidden="true" />
          <span>{item}</span>
        </Item>
      ))}
    </List>
  );
}
