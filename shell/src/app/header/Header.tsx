import { useId, useRef } from 'react';
import styled from 'styled-components';
import { Link, media, tokens, usePathname } from '@kesho/shell-kit';
import { siteMenu } from '@kesho/release-model/pointer-document';
import { site } from '@kesho/site-rules/site';
import type { PointerDocument } from '../../federation/pointer';
import { headerNav } from '../navigation';
import { MenuDropdown } from './MenuDropdown';
import { NavItemLink } from './navItem';
import { setShowing, useCloseOnNavigation, usePopoverOpen } from './popover';

const Bar = styled.header`
  position: sticky;
  top: 0;
  z-index: 50;
  background: ${tokens.color.background};
  border-bottom: 1px solid ${tokens.color.border};
  @media print {
    display: none;
  }
`;

const Inner = styled.div`
  max-width: ${tokens.maxWidth};
  margin: 0 auto;
  padding: 0 ${tokens.space(4)};
  min-height: ${tokens.headerHeight};
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${tokens.space(4)};
  ${media.md} {
    padding: 0 ${tokens.space(6)};
  }
`;

const Brand = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: ${tokens.space(2)};
  font-weight: 800;
  font-size: 1.125rem;
  color: ${tokens.color.primary};
  text-decoration: none;
  &:hover {
    color: ${tokens.color.primaryHover};
  }
`;

const Mark = styled.span`
  display: inline-grid;
  place-items: center;
  width: 2.25rem;
  height: 2.25rem;
  border-radius: ${tokens.radius.md};
  background: ${tokens.color.primary};
  color: ${tokens.color.inverseText};
  font-size: 1rem;
`;

const MenuToggle = styled.button`
  display: inline-flex;
  align-items: center;
  gap: ${tokens.space(2)};
  min-height: ${tokens.touchTarget};
  padding: ${tokens.space(2)} ${tokens.space(3)};
  border: 1px solid ${tokens.color.border};
  border-radius: ${tokens.radius.md};
  background: ${tokens.color.background};
  color: ${tokens.color.text};
  font-weight: 600;
  cursor: pointer;
  ${media.lg} {
    display: none;
  }
`;

/*
 * The small-screen menu is a native popover opened by its button's popovertarget, so it works from the first
 * paint and with JavaScript off: a tap before the app has started is never lost. From lg up it is a plain bar.
 */
const Nav = styled.nav`
  &[popover] {
    position: fixed;
    inset: ${tokens.headerHeight} 0 auto 0;
    width: auto;
    height: auto;
    margin: 0;
    border: 0;
    border-bottom: 1px solid ${tokens.color.border};
    color: ${tokens.color.text};
    background: ${tokens.color.background};
    box-shadow: ${tokens.shadow.raised};
    padding: ${tokens.space(2)} ${tokens.space(4)} ${tokens.space(4)};
    max-height: calc(100vh - ${tokens.headerHeight});
    overflow-y: auto;
  }
  ${media.lg} {
    &[popover] {
      display: block;
      position: static;
      inset: auto;
      border: 0;
      box-shadow: none;
      padding: 0;
      max-height: none;
      overflow: visible;
      background: transparent;
    }
  }
`;

const NavList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  ${media.lg} {
    flex-direction: row;
    align-items: center;
    gap: ${tokens.space(1)};
  }
`;

/** `pointers`: the pointer document whose menus the header lists (none yet: the menus show only their own page). */
export function Header({ pointers }: { pointers: PointerDocument | undefined }) {
  const pathname = usePathname();
  const navId = useId();
  const navRef = useRef<HTMLElement>(null);
  const menuOpen = usePopoverOpen(navRef);
  useCloseOnNavigation(navRef, pathname);
  const close = () => setShowing(navRef.current, false);

  return (
    <Bar>
      <Inner>
        <Brand to="/">
          <Mark aria-hidden="true">K</Mark>
          <span>{site.brand}</span>
        </Brand>
        <MenuToggle type="button" popoverTarget={navId} aria-expanded={menuOpen} aria-controls={navId}>
          <span aria-hidden="true">{menuOpen ? '✕' : '☰'}</span>
          Menu
        </MenuToggle>
        <Nav id={navId} ref={navRef} aria-label="Main" popover="auto">
          <NavList>
            {headerNav.map((entry) =>
              entry.menu ? (
                <MenuDropdown
                  key={entry.href}
                  name={entry.name}
                  href={entry.href}
                  allLabel={entry.menu.allLabel}
                  pages={pointers ? siteMenu(pointers, entry.menu.group) : []}
                  onNavigate={close}
                />
              ) : (
                <li key={entry.href}>
                  <NavItemLink to={entry.href} onClick={close}>
                    {entry.name}
                  </NavItemLink>
                </li>
              ),
            )}
          </NavList>
        </Nav>
      </Inner>
    </Bar>
  );
}
