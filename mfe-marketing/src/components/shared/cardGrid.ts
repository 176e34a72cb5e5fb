import { css } from 'styled-components';
import { tokens } from '@kesho/shell-kit';

/**
 * A list laid out as a grid of cards: no bullets or indent, one column on phones. Each list adds the
 * columns it takes on wider screens.
 */
export const cardGrid = css`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${tokens.space(6)};
  grid-template-columns: minmax(0, 1fr);
`;
