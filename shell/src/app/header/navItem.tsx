import type { ReactNode } from 'react';
import { useMatch } from 'react-router-dom';
import styled, { css } from 'styled-components';
import { Link, media, tokens } from '@kesho/shell-kit';

/** One look for the header's links and the Services button. */
const itemLook = css`
  display: flex;
  align-items: center;
  gap: ${tokens.space(1)};
  width: 100%;
  min-height: ${tokens.touchTarget};
  padding: ${tokens.space(2)} ${tokens.space(3)};
  border: 0;
  border-radius: ${tokens.radius.sm};
  background: none;
  color: ${tokens.color.text};
  font-weight: 500;
  text-decoration: none;
  cursor: pointer;
  &:hover {
    background: ${tokens.color.primarySoft};
    color: ${tokens.color.primary};
  }
  &[aria-current='page'],
  &[data-active='true'] {
    color: ${tokens.color.primary};
    font-weight: 700;
    background: ${tokens.color.primarySoft};
  }
  ${media.lg} {
    width: auto;
  }
`;

const ItemLink = styled(Link)`
  ${itemLook}
`;

/**
 * A header link that marks the current page (aria-current="page"), in the prerendered HTML and after
 * each navigation, by the router's own matching of its location. Exact and case-sensitive, like the
 * routes: "/" is not current on "/faq", and "/faq" not on "/FAQ" (a not-found page).
 */
export function NavItemLink({ to, onClick, children }: { to: string; onClick: () => void; children: ReactNode }) {
  const current = useMatch({ path: to, end: true, caseSensitive: true }) !== null;
  return (
    <ItemLink to={to} onClick={onClick} aria-current={current ? 'page' : undefined}>
      {children}
    </ItemLink>
  );
}

export const ItemButton = styled.button`
  ${itemLook}
`;
