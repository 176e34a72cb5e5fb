import { useId, useRef } from 'react';
import styled from 'styled-components';
import { media, mediaQuery, tokens, usePathname } from '@kesho/shell-kit';
import type { SiteMenu } from '@kesho/release-model/pointer-document';
import { ItemButton, NavItemLink } from './navItem';
import { setShowing, useCloseOnNavigation, useHoverOpen, usePlaceUnder, usePopoverOpen } from './popover';

const Item = styled.li`
  position: relative;
`;

/*
 * A native popover too, so in the top layer. Before the app starts it sits under the header at the
 * content's right edge (full width on a phone); once hydrated it is placed under its button on opening.
 */
const List = styled.ul`
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
  /*
   * Hover from the first paint: until the header's app code runs (its button has no aria-expanded yet),
   * a mouse over the item shows the list right under its button, by CSS alone; the app then opens it as
   * the popover on hover (useHoverOpen), and this rule steps aside. Only where scripts run: content shown
   * on hover must close with Escape (WCAG 1.4.13), which only the popover does, so with JavaScript off
   * the menu opens by click alone; before the app starts, Escape waits for it (a moment on a desktop).
   */
  ${media.lg} and (hover: hover) and (scripting: enabled) {
    ${Item}:hover:not(:has(> button[aria-expanded])) > &[popover]:not(:popover-open) {
      display: block;
      position: absolute;
      inset: 100% auto auto 0;
      z-index: 1;
    }
  }
`;

const Chevron = styled.span`
  display: inline-block;
  transition: transform 0.15s ease;
  ${ItemButton}[aria-expanded='true'] & {
    transform: rotate(180deg);
  }
`;

/**
 * A header entry with a menu (Services): a button opening its own page and the pages the pointer
 * document lists in its menu (on hover too, on a wide screen).
 */
export function MenuDropdown({ name, href, allLabel, pages, onNavigate }: { name: string; href: string; allLabel: string; pages: SiteMenu; onNavigate: () => void }) {
  const pathname = usePathname();
  const listId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const open = usePopoverOpen(listRef);
  // Before useHoverOpen: its mount check may open the list in its effect, which must find it placed.
  usePlaceUnder(listRef, buttonRef);
  const hover = useHoverOpen(listRef, mediaQuery(media.lg));
  const active = pathname === href || pathname.startsWith(`${href}/`);
  useCloseOnNavigation(listRef, pathname);

  const close = () => {
    setShowing(listRef.current, false);
    onNavigate();
  };

  return (
    <Item
      {...hover.item}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setShowing(listRef.current, false);
      }}
    >
      <ItemButton ref={buttonRef} type="button" popoverTarget={listId} aria-expanded={open} aria-controls={listId} data-active={active} {...hover.button}>
        {name}
        <Chevron aria-hidden="true">▾</Chevron>
      </ItemButton>
      <List id={listId} ref={listRef} popover="auto">
        <li>
          <NavItemLink to={href} onClick={close}>
            {allLabel}
          </NavItemLink>
        </li>
        {pages.map((page) => (
          <li key={page.path}>
            <NavItemLink to={page.path} onClick={close}>
              {page.label}
            </NavItemLink>
          </li>
        ))}
      </List>
    </Item>
  );
}
