import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
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
  @media print { display: none; }
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
  ${media.md} { padding: 0 ${tokens.space(6)}; }
`;

const Brand = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: ${tokens.space(2)};
  font-weight: 800;
  font-size: 1.125rem;
  color: ${tokens.color.primary};
  text-decoration: none;
  &:hover { color: ${tokens.color.primaryHover}; }
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
  min-height: 2.75rem;
  padding: ${tokens.space(2)} ${tokens.space(3)};
  border: 1px solid ${tokens.color.border};
  border-radius: ${tokens.radius.md};
  background: ${tokens.color.background};
  font-weight: 600;
  cursor: pointer;
  ${media.lg} { display: none; }
`;

const Nav = styled.nav<{ $open: boolean }>`
  display: ${({ $open }) => ($open ? 'block' : 'none')};
  position: absolute;
  top: 100%;
  left: 0;
  right: 0;
  background: ${tokens.color.background};
  border-bottom: 1px solid ${tokens.color.border};
  box-shadow: ${tokens.shadow.raised};
  padding: ${tokens.space(2)} ${tokens.space(4)} ${tokens.space(4)};
  max-height: calc(100vh - ${tokens.headerHeight});
  overflow-y: auto;
  ${media.lg} {
    display: block;
    position: static;
    border: 0;
    box-shadow: none;
    padding: 0;
    max-height: none;
    overflow: visible;
  }
`;

const NavList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  ${media.lg} { flex-direction: row; align-items: center; gap: ${tokens.space(1)}; }
`;

const itemLook = css`
  display: flex;
  align-items: center;
  gap: ${tokens.space(1)};
  width: 100%;
  min-height: 2.75rem;
  padding: ${tokens.space(2)} ${tokens.space(3)};
  border: 0;
  border-radius: ${tokens.radius.sm};
  background: none;
  color: ${tokens.color.text};
  font-weight: 500;
  text-decoration: none;
  cursor: pointer;
  &:hover { background: ${tokens.color.primarySoft}; color: ${tokens.color.primary}; }
  &[aria-current='page'], &[data-active='true'] { color: ${tokens.color.primary}; font-weight: 700; background: ${tokens.color.primarySoft}; }
  ${media.lg} { width: auto; }
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

const Dropdown = styled.ul<{ $open: boolean }>`
  list-style: none;
  margin: 0;
  padding: 0 0 0 ${tokens.space(4)};
  display: ${({ $open }) => ($open ? 'block' : 'none')};
  ${media.lg} {
    position: absolute;
    top: 100%;
    left: 0;
    min-width: 16rem;
    padding: ${tokens.space(2)};
    background: ${tokens.color.background};
    border: 1px solid ${tokens.color.border};
    border-radius: ${tokens.radius.md};
    box-shadow: ${tokens.shadow.raised};
  }
`;

const Chevron = styled.span<{ $open: boolean }>`
  display: inline-block;
  transition: transform 0.15s ease;
  transform: rotate(${({ $open }) => ($open ? '180deg' : '0deg')});
`;

function ServicesDropdown({ entry, onNavigate }: { entry: NavEntry; onNavigate: () => void }) {
  const [open, setOpen] = useState(false);
  const pathname = usePathname();
  const listId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  // A click right after the pointer opened the menu by hovering must not close it again.
  const openedByHover = useRef(false);
  const active = pathname === entry.href || pathname.startsWith(`${entry.href}/`);
  const isDesktop = () => typeof window !== 'undefined' && window.matchMedia('(min-width: 64rem)').matches;

  useEffect(() => setOpen(false), [pathname]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      setOpen(false);
      buttonRef.current?.focus();
    }
  };

  return (
    <DropdownItem
      onMouseEnter={() => {
        if (!isDesktop()) return;
        openedByHover.current = true;
        setOpen(true);
      }}
      onMouseLeave={() => {
        if (!isDesktop()) return;
        openedByHover.current = false;
        setOpen(false);
      }}
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <DropdownButton
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        data-active={active}
        onClick={() => {
          if (openedByHover.current) {
            openedByHover.current = false;
            setOpen(true);
          } else {
            setOpen((value) => !value);
          }
        }}
      >
        {entry.name}
        <Chevron aria-hidden="true" $open={open}>
          ▾
        </Chevron>
      </DropdownButton>
      <Dropdown id={listId} $open={open}>
        <li>
          <NavItemLink to={entry.href} onClick={onNavigate}>
            All Services
          </NavItemLink>
        </li>
        {entry.dropdown?.map((item) => (
          <li key={item.href}>
            <NavItemLink to={item.href} onClick={onNavigate}>
              {item.name}
            </NavItemLink>
          </li>
        ))}
      </Dropdown>
    </DropdownItem>
  );
}

export function Header() {
  const [menuOpen, setMenuOpen] = useState(false);
  const pathname = usePathname();
  const navId = useId();
  useEffect(() => setMenuOpen(false), [pathname]);
  const close = () => setMenuOpen(false);

  return (
    <Bar>
      <Inner>
        <Brand to="/">
          <Mark aria-hidden="true">K</Mark>
          <span>{site.brand}</span>
        </Brand>
        <MenuToggle type="button" aria-expanded={menuOpen} aria-controls={navId} onClick={() => setMenuOpen((open) => !open)}>
          <span aria-hidden="true">{menuOpen ? '✕' : '☰'}</span>
          Menu
        </MenuToggle>
        <Nav id={navId} aria-label="Main" $open={menuOpen}>
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
