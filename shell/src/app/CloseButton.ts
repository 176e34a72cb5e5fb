import styled from 'styled-components';
import { tokens } from '@kesho/shell-kit';

/** The round "×" button that dismisses something the shell shows (a toast, the cookie banner). */
export const CloseButton = styled.button`
  flex: none;
  width: ${tokens.touchTarget};
  height: ${tokens.touchTarget};
  border: 0;
  border-radius: ${tokens.radius.pill};
  background: none;
  font-size: 1.25rem;
  line-height: 1;
  cursor: pointer;
  &:hover {
    background: ${tokens.color.surface};
  }
`;
