import styled, { css } from 'styled-components';
import { Link, tokens } from '@kesho/shell-kit';

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

  time, > span:last-child { white-space: nowrap; }
`;

/** The look of the blog's Read and Back links, outlined so they sit quietly beside the text. */
export const actionLook = css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${tokens.space(2)};
  min-height: 2.75rem;
  padding: ${tokens.space(2.5)} ${tokens.space(5)};
  border-radius: ${tokens.radius.md};
  border: 2px solid ${tokens.color.primary};
  background: ${tokens.color.background};
  color: ${tokens.color.primary};
  font-weight: 600;
  line-height: 1.2;
  text-decoration: none;
  cursor: pointer;
  &:hover {
    background: ${tokens.color.primarySoft};
    color: ${tokens.color.primaryHover};
  }
`;

/** A link between the blog's pages (the shell routes it; without JavaScript it is a plain link). */
export const ActionLink = styled(Link)`
  ${actionLook}
`;
