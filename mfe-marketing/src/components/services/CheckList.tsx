import { tokens } from '@kesho/shell-kit';
import { Check } from 'lucide-react';
import styled from 'styled-components';
import { tickListItems } from '../shared/tickList';

const List = styled.ul`
  display: grid;
  gap: ${tokens.space(3)};
  max-width: 50rem;
  margin: 0;
  padding: 0;
  list-style: none;
  ${tickListItems(3)}
`;

/** A plain list of short points, each marked with a tick. */
export function CheckList({ items }: { items: readonly string[] }) {
  return (
    <List>
      {items.map((item) => (
        <li key={item}>
          <Check size={20} aria-hidden="true" />
          <span>{item}</span>
        </li>
      ))}
    </List>
  );
}
