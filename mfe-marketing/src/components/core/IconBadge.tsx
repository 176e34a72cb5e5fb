import styled from 'styled-components';
import { tokens } from '@kesho/shell-kit';

/** The round tinted disc behind a card's icon. */
export const IconBadge = styled.span<{ $tone?: 'primary' | 'accent' }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  flex: none;
  width: 3rem;
  height: 3rem;
  border-radius: ${tokens.radius.pill};
  background: ${({ $tone }) => ($tone === 'accent' ? tokens.color.accentSoft : tokens.color.primarySoft)};
  color: ${({ $tone }) => ($tone === 'accent' ? tokens.color.accent : tokens.color.primary)};
  margin-bottom: ${tokens.space(4)};
`;
