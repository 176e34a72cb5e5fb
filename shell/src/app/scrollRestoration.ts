import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';

const STORAGE_KEY = 'kesho-scroll-positions';
/** Enough for any real session; the oldest entries go first. */
const MAX_ENTRIES = 200;

type Positions = Record<string, number>;

function load(): Positions {
  try {
    const stored: unknown = JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? '{}');
    return stored && typeof stored === 'object' && !Array.isArray(stored) ? (stored as Positions) : {};
  } catch {
    return {};
  }
}

function store(positions: Positions) {
  const keys = Object.keys(positions);
  for (const key of keys.slice(0, Math.max(0, keys.length - MAX_ENTRIES))) delete positions[key];
  try {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions));
  } catch {
    // Storage refused (private mode, quota): Back still works, it just starts at the top.
  }
}

/**
 * Back and Forward return to where the visitor was on that page, like a browser does between
 * documents. The browser cannot do it for the router's own history entries (the page changes only
 * once its code has arrived, after the browser would have scrolled), so the app takes scrolling over
 * while it runs: each history entry's position (by the router's location key) is kept in session
 * storage when the visitor leaves it, and `restore` puts it back once that entry's page is shown.
 * When the document itself is left, the browser gets scrolling back (for reloads and other sites).
 */
export function useScrollRestoration(locationKey: string): (key: string) => boolean {
  const positions = useRef<Positions | null>(null);
  const currentKey = useRef(locationKey);
  currentKey.current = locationKey;
  const read = useCallback(() => (positions.current ??= load()), []);
  const remember = useCallback(
    (key: string) => {
      const all = read();
      delete all[key];
      all[key] = window.scrollY;
      store(all);
    },
    [read],
  );

  // Runs when the location changes, before the next page is shown: the position is still the old page's.
  useLayoutEffect(() => () => remember(locationKey), [locationKey, remember]);

  useEffect(() => {
    const { history } = window;
    if (!('scrollRestoration' in history)) return undefined;
    const takeOver = () => {
      history.scrollRestoration = 'manual';
    };
    const handBack = () => {
      remember(currentKey.current);
      history.scrollRestoration = 'auto';
    };
    takeOver();
    window.addEventListener('pagehide', handBack);
    window.addEventListener('pageshow', takeOver);
    return () => {
      window.removeEventListener('pagehide', handBack);
      window.removeEventListener('pageshow', takeOver);
      history.scrollRestoration = 'auto';
    };
  }, [remember]);

  return useCallback(
    (key: string) => {
      const top = read()[key];
      if (typeof top !== 'number') return false;
      window.scrollTo(0, top);
      return true;
    },
    [read],
  );
}
