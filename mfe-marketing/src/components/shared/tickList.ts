import { css } from 'styled-components';
import { tokens } from '@kesho/shell-kit';

/** The items of a list marked with ticks: the tick beside the first line of its text, in the success colour. */
export const tickListItems = (gap: number) => css`
  li {
    display: flex;
    gap: ${tokens.space(gap)};
    align-items: flex-start;
  }
  svg {
    flex: none;
    margin-top: 0.2rem;
    color: ${tokens.color.success};
  }
`;
