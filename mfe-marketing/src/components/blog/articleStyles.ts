import styled from 'styled-components';
import { tokens } from '@kesho/shell-kit';

/** Looks shared by the article cards and the full article view. */

export const CategoryTag = styled.p`
  display: inline-block;
  margin: 0 0 ${tokens.space(3)};
  padding: ${tokens.space(0.5)} ${tokens.space(3)};
  border-radius: ${tokens.radius.pill};
  background: ${tokens.color.primarySoft};
  color: ${tokens.color.primary};
  font-size: 0.875rem;
  font-weight: 700;
`;

export const Meta = styled.p`
  margin: 0 0 ${tokens.space(4)};
  font-size: 0.9375rem;
  color: ${tokens.color.muted};

  time,
  > span:last-child {
    white-space: nowrap;
  }
`;
