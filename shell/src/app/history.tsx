import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';

/**
 * The shell's whole "router": where we are, and a way to go elsewhere. Routing itself is a lookup in
 * the pointer document (federation/resolver.ts), so a router library would only add weight (~13 KB
 * gzip measured for react-router-dom on every page).
 */
export interface AppLocation {
  readonly pathname: string;
  readonly search: string;
  readonly hash: string;
}

export interface AppHistory {
  /** The same object until the location changes (useSyncExternalStore compares by identity). */
  readonly location: () => AppLocation;
  readonly subscribe: (listener: () => void) => () => void;
  readonly push: (to: string) => void;
  readonly replace: (to: string) => void;
}

/** `href` resolved against `base` (an origin is needed only to parse; it is dropped). */
function parse(href: string, base = 'http://site.invalid'): AppLocation {
  const url = new URL(href, base);
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}

const hrefOf = (location: AppLocation) => `${location.pathname}${location.search}${location.hash}`;

/** The browser's session history: links push entries, Back and Forward come as popstate. */
export function createBrowserHistory(win: Window = window): AppHistory {
  const listeners = new Set<() => void>();
  let current = parse(win.location.href);
  const sync = () => {
    const next = parse(win.location.href);
    if (hrefOf(next) === hrefOf(current)) return;
    current = next;
    for (const listener of listeners) listener();
  };
  const go = (to: string, replace: boolean) => {
    const target = hrefOf(parse(to, win.location.href));
    // Like a plain link to the page you are on: no second history entry for the same address.
    if (replace || target === hrefOf(current)) win.history.replaceState(null, '', target);
    else win.history.pushState(null, '', target);
    sync();
  };
  win.addEventListener('popstate', sync);
  return {
    location: () => current,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    push: (to) => go(to, false),
    replace: (to) => go(to, true),
  };
}

/** A history kept in memory: the prerenderer (one fixed location) and tests. */
export function createMemoryHistory(initial: string): AppHistory & { readonly entries: () => readonly string[] } {
  const listeners = new Set<() => void>();
  const entries = [parse(initial)];
  let index = 0;
  const go = (to: string, replace: boolean) => {
    const next = parse(to, `http://site.invalid${hrefOf(entries[index]!)}`);
    if (replace) entries[index] = next;
    else entries.splice(++index, entries.length, next);
    for (const listener of listeners) listener();
  };
  return {
    location: () => entries[index]!,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    push: (to) => go(to, false),
    replace: (to) => go(to, true),
    entries: () => entries.map(hrefOf),
  };
}

const HistoryContext = createContext<AppHistory | null>(null);

export function HistoryProvider({ history, children }: { history: AppHistory; children: ReactNode }) {
  return <HistoryContext.Provider value={history}>{children}</HistoryContext.Provider>;
}

export function useHistory(): AppHistory {
  const history = useContext(HistoryContext);
  if (!history) throw new Error('useHistory must be used inside <HistoryProvider>');
  return history;
}

export function useLocation(): AppLocation {
  const history = useHistory();
  return useSyncExternalStore(history.subscribe, history.location, history.location);
}
