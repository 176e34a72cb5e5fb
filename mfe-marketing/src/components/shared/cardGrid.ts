import styled, { css } from 'styled-components';
import { media, tokens } from '@kesho/shell-kit';

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

/**
 * A list of cards of equal height: one column on phones, two on tablets and `$columns` (3 unless
 * told) on wide screens. Each item is a card stretched to its row's height.
 */
export const CardGrid = styled.ul<{ $columns?: 2 | 3 }>`
  ${cardGrid}
  ${media.md} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
  ${media.lg} {
    grid-template-columns: repeat(${({ $columns = 3 }) => $columns}, minmax(0, 1fr));
  }
  > li {
    display: flex;
  }
  > li > * {
    flex: 1;
  }
`;
