/**
 * The header's two menus are native popovers (`popover="auto"`, opened by their button's
 * `popovertarget`), so they open from the first paint and with JavaScript off, and Escape and a click
 * outside close them without code. These hooks add what only the app can: the buttons' expanded state,
 * closing on navigation, placing the Services list under its button, and opening it on hover.
 */
import { useEffect, useRef, useState, type RefObject } from 'react';

type PopoverElement = HTMLElement & { showPopover?: () => void; hidePopover?: () => void };

export function isShowing(element: HTMLElement): boolean {
  try {
    return element.matches(':popover-open');
  } catch {
    // A DOM without popover support (jsdom) does not know the pseudo-class: nothing is open there.
    return false;
  }
}

export function setShowing(element: PopoverElement | null, show: boolean) {
  if (!element || isShowing(element) === show) return;
  if (show) element.showPopover?.();
  else element.hidePopover?.();
}

/**
 * Whether a popover is open, for aria-expanded and the icons. Undefined until the app has started, so the
 * server markup carries no state to mismatch and, before hydration, the browser's own expanded state of a
 * popovertarget button is what assistive technology hears.
 */
export function usePopoverOpen(ref: RefObject<HTMLElement | null>): boolean | undefined {
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
export function useCloseOnNavigation(ref: RefObject<HTMLElement | null>, pathname: string) {
  const shownFor = useRef(pathname);
  useEffect(() => {
    if (shownFor.current === pathname) return;
    shownFor.current = pathname;
    setShowing(ref.current, false);
  }, [ref, pathname]);
}

/**
 * Places a popover under its button each time it opens. Until the app runs, its CSS puts it under the
 * header at the content's right edge (CSS anchor positioning would do this without code, but the Nu
 * HTML Checker rejects it). It is placed in the task that opens it (a microtask after `beforetoggle`,
 * once it is shown and measurable), not at the `toggle` event a task later: shown for a frame at the
 * right edge, the list would leave a pointer that opened it by hover, and the hover would close it.
 */
export function usePlaceUnder(listRef: RefObject<HTMLElement | null>, buttonRef: RefObject<HTMLElement | null>) {
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
    const placeOnOpening = (event: ToggleEvent) => {
      if (event.newState === 'open') queueMicrotask(place);
    };
    list.addEventListener('beforetoggle', placeOnOpening);
    return () => list.removeEventListener('beforetoggle', placeOnOpening);
  }, [listRef, buttonRef]);
}

/**
 * Opens a popover while the pointer is over its item, where `query` matches (a wide screen with a
 * mouse): the item's ref and handlers, and the button's. Until the app starts, CSS shows the list on
 * hover (MenuDropdown's List); a pointer already over the item when the app starts gets it opened as
 * the popover at once, so the menu never waits for the pointer to move again. A click right after
 * hovering opened it must not close it again, so that click is cancelled (which cancels the
 * popovertarget toggle).
 */
export function useHoverOpen(listRef: RefObject<HTMLElement | null>, query: string) {
  const itemRef = useRef<HTMLLIElement>(null);
  const openedByHover = useRef(false);
  const applies = () => typeof window !== 'undefined' && window.matchMedia(query).matches;
  useEffect(() => {
    const item = itemRef.current;
    const list = listRef.current;
    if (!item || !list || !applies() || isShowing(list) || !item.matches(':hover')) return;
    openedByHover.current = true;
    setShowing(list, true);
    // Runs once, at mount: the pointer's place then is what matters, the query is read at that moment.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [listRef]);
  return {
    item: {
      ref: itemRef,
      onMouseEnter() {
        if (!applies() || (listRef.current && isShowing(listRef.current))) return;
        openedByHover.current = true;
        setShowing(listRef.current, true);
      },
      onMouseLeave() {
        if (!applies()) return;
        openedByHover.current = false;
        setShowing(listRef.current, false);
      },
    },
    button: {
      onClick(event: { preventDefault(): void }) {
        if (!openedByHover.current) return;
        openedByHover.current = false;
        event.preventDefault();
      },
    },
  };
}
