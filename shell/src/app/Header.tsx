import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import styled, { css } from 'styled-components';
import { Link, media, tokens, usePathname } from '@kesho/shell-kit';
import { site } from '@kesho/common/site';
import { headerNav, type NavEntry } from './navigation';

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

/** A header link that says it is the current page (aria-current) when it is. */
function NavItemLink({ to, onClick, children }: { to: string; onClick: () => void; children: ReactNode }) {
  const current = usePathname() === to;
  return (
    <ItemLink to={to} onClick={onClick} aria-current={current ? 'page' : undefined}>
      {children}
    </ItemLink>
  );
}

const DropdownButton = styled.button`
  ${itemLook}
`;

const DropdownItem = styled.li`
  position: relative;
`;

/*
 * A native popover too, so in the top layer. Before the app starts it sits under the header at the
 * content's right edge (full width on a phone); once hydrated it is placed under its button on opening.
 */
const Dropdown = styled.ul`
  &[popover] {
    list-style: none;
    margin: 0;
    position: fixed;
    inset: ${tokens.headerHeight} ${tokens.space(4)} auto ${tokens.space(4)};
    ${media.lg} {
      left: auto;
      right: max(${tokens.space(6)}, calc((100vw - ${tokens.maxWidth}) / 2 + ${tokens.space(6)}));
    }
    min-width: 16rem;
    padding: ${tokens.space(2)};
    color: ${tokens.color.text};
    background: ${tokens.color.background};
    border: 1px solid ${tokens.color.border};
    border-radius: ${tokens.radius.md};
    box-shadow: ${tokens.shadow.raised};
  }
`;

const Chevron = styled.span`
  display: inline-block;
  transition: transform 0.15s ease;
  ${DropdownButton}[aria-expanded='true'] & {
    transform: rotate(180deg);
  }
`;

type PopoverElement = HTMLElement & { showPopover?: () => void; hidePopover?: () => void };

function isShowing(element: HTMLElement): boolean {
  try {
    return element.matches(':popover-open');
  } catch {
    // A DOM without popover support (jsdom) does not know the pseudo-class: nothing is open there.
    return false;
  }
}

function setShowing(element: PopoverElement | null, show: boolean) {
  if (!element || isShowing(element) === show) return;
  if (show) element.showPopover?.();
  else element.hidePopover?.();
}

/**
 * Whether a popover is open, for aria-expanded and the icons. Undefined until the app has started, so the
 * server markup carries no state to mismatch and, before hydration, the browser's own expanded state of a
 * popovertarget button is what assistive technology hears.
 */
function usePopoverOpen(ref: RefObject<HTMLElement | null>): boolean | undefined {
  const [open, setOpen] = useState<boolean | undefined>(undefined);
  useEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const sync = () => setOpen(isShowing(element));
    sync();
    element.addEventListener('toggle', sync);
    return () => element.removeEventListener('toggle', sync);
  }, [ref]);
  return open;
}

/** Closes a popover when the page changes, but not on mount: a menu opened before hydration stays open. */
function useCloseOnNavigation(ref: RefObject<HTMLElement | null>, pathname: string) {
  const shownFor = useRef(pathname);
  useEffect(() => {
    if (shownFor.current === pathname) return;
    shownFor.current = pathname;
    setShowing(ref.current, false);
  }, [ref, pathname]);
}

function ServicesDropdown({ entry, onNavigate }: { entry: NavEntry; onNavigate: () => void }) {
  const pathname = usePathname();
  const listId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const open = usePopoverOpen(listRef);
  // A click right after the pointer opened the menu by hovering must not close it again.
  const openedByHover = useRef(false);
  const active = pathname === entry.href || pathname.startsWith(`${entry.href}/`);
  const isDesktop = () => typeof window !== 'undefined' && window.matchMedia('(min-width: 64rem)').matches;

  useCloseOnNavigation(listRef, pathname);

  useEffect(() => {
    const list = listRef.current;
    const button = buttonRef.current;
    if (!list || !button) return undefined;
    const place = () => {
      if (!isShowing(list)) return;
      const box = button.getBoundingClientRect();
      list.style.top = `${box.bottom}px`;
      list.style.left = `${Math.max(0, Math.min(box.left, window.innerWidth - list.offsetWidth))}px`;
      list.style.right = 'auto';
    };
    list.addEventListener('toggle', place);
    return () => list.removeEventListener('toggle', place);
  }, []);

  const close = () => {
    setShowing(listRef.current, false);
    onNavigate();
  };

  return (
    <DropdownItem
      onMouseEnter={() => {
        if (!isDesktop() || (listRef.current && isShowing(listRef.current))) return;
        openedByHover.current = true;
        setShowing(listRef.current, true);
      }}
      onMouseLeave={() => {
        if (!isDesktop()) return;
        openedByHover.current = false;
        setShowing(listRef.current, false);
      }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setShowing(listRef.current, false);
      }}
    >
      <DropdownButton
        ref={buttonRef}
        type="button"
        popoverTarget={listId}
        aria-expanded={open}
        aria-controls={listId}
        data-active={active}
        onClick={(event) => {
          if (openedByHover.current) {
            // Cancelling the click cancels the popovertarget toggle: the hovered-open menu stays open.
            openedByHover.current = false;
            event.preventDefault();
          }
        }}
      >
        {entry.name}
        <Chevron aria-hidden="true">▾</Chevron>
      </DropdownButton>
      <Dropdown id={listId} ref={listRef} popover="auto">
        <li>
          <NavItemLink to={entry.href} onClick={close}>
            All Services
          </NavItemLink>
        </li>
        {entry.dropdown?.map((item) => (
          <li key={item.href}>
            <NavItemLink to={item.href} onClick={close}>
              {item.name}
            </NavItemLink>
          </li>
        ))}
      </Dropdown>
    </DropdownItem>
  );
}

export function Header() {
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
              entry.dropdown ? (
                <ServicesDropdown key={entry.href} entry={entry} onNavigate={close} />
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
