import { useEffect, useRef, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { media, mediaQuery, tokens, type ToastOptions } from '@kesho/shell-kit';

type Toaster = typeof import('./Toaster');

const Region = styled.section`
  position: fixed;
  right: ${tokens.space(3)};
  bottom: ${tokens.space(3)};
  left: ${tokens.space(3)};
  z-index: 70;
  display: flex;
  flex-direction: column;
  align-items: flex-end;
  pointer-events: none;
  &:focus-visible {
    outline: none;
  }
  > * {
    pointer-events: auto;
  }
  @media print {
    display: none;
  }
`;

/**
 * Toasts raised before the toaster chunk arrives wait here; `mount` is set by the mounted
 * Notifications component and renders the toast host.
 */
const waiting: { message: string; options?: ToastOptions }[] = [];
let loaded: Toaster | null = null;
let loading: Promise<Toaster> | null = null;
let mount: ((toaster: Toaster) => void) | null = null;
/** True while a toast host is on screen and takes toasts directly. */
let hostReady = false;

function loadToaster(): Promise<Toaster> {
  loading ??= import('./Toaster').then((toaster) => {
    loaded = toaster;
    mount?.(toaster);
    return toaster;
  });
  return loading;
}

/** Raises a toast: a title with an optional description line, through notistack. */
export function showToast(message: string, options?: ToastOptions): void {
  if (loaded && hostReady) {
    loaded.raiseToast(message, options);
    return;
  }
  waiting.push(options ? { message, options } : { message });
  void loadToaster();
}

/**
 * The toast region: a landmark labelled "Notifications" that Alt+T focuses and in which Escape
 * dismisses the toast on show. notistack itself loads with the first toast.
 */
export function Notifications({ children }: { children: ReactNode }) {
  const regionRef = useRef<HTMLElement>(null);
  const [root, setRoot] = useState<HTMLElement | null>(null);
  const [toaster, setToaster] = useState<Toaster | null>(null);
  // Toasts sit at the top on phones, where the quote builder's checkout bar and the cookie banner
  // hold the bottom of the screen; bottom right on larger screens.
  const [wide, setWide] = useState(true);

  useEffect(() => {
    setRoot(regionRef.current);
    mount = (next) => setToaster(() => next);
    if (loaded) setToaster(() => loaded);
    const query = window.matchMedia?.(mediaQuery(media.md));
    const onWidth = () => setWide(query?.matches ?? true);
    onWidth();
    query?.addEventListener?.('change', onWidth);
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.altKey && (event.code === 'KeyT' || event.key.toLowerCase() === 't')) {
        event.preventDefault();
        regionRef.current?.focus();
      } else if (event.key === 'Escape' && regionRef.current?.contains(document.activeElement)) {
        loaded?.dismissToasts();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      mount = null;
      hostReady = false;
      document.removeEventListener('keydown', onKeyDown);
      query?.removeEventListener?.('change', onWidth);
    };
  }, []);

  // Once the host is on screen (its effects ran before this one), waiting toasts go out in order.
  useEffect(() => {
    if (!toaster || !root) return;
    hostReady = true;
    for (const toast of waiting.splice(0)) toaster.raiseToast(toast.message, toast.options);
  }, [toaster, root]);

  return (
    <>
      {children}
      <Region ref={regionRef} aria-label="Notifications" tabIndex={-1} />
      {toaster && root ? <toaster.ToastHost root={root} wide={wide} /> : null}
    </>
  );
}
