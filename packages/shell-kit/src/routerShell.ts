/**
 * The shell-kit contract backed by a router: what a host (the shell, or a remote's standalone host)
 * gives its pages from react-router's `useLocation` and `useNavigate`. An entry of its own
 * (`@kesho/shell-kit/router-shell`), bundled into the hosts that use it, never into a page: the kit
 * itself does not import the router, it is handed the router's location and navigate function.
 */
import { useLayoutEffect, useMemo, useRef } from 'react';
import type { NavigateOptions, ShellApi } from './contract';

/** The part of a router's location the contract reads (react-router's `Location` has it). */
export interface RouterLocation {
  readonly pathname: string;
  readonly search: string;
  readonly hash: string;
  readonly state: unknown;
}

/** A router's navigate function (react-router's `useNavigate()` is one). */
export type RouterNavigate = (to: string | Pick<RouterLocation, 'pathname' | 'search' | 'hash'>, options: { replace?: boolean; state?: unknown }) => unknown;

/** "/faq/" → "/faq", "" → "/": the path as routes name it. */
export function normalisePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

export function useRouterShell(location: RouterLocation, navigate: RouterNavigate, toast: ShellApi['toast']): ShellApi {
  /*
   * The location as this host last left it. The router shows a navigation in a later render, so a
   * state written by one call (a payment's attempt key) is read back from here by the next, even
   * before that render: two taps in a row see the same key.
   */
  const latest = useRef<RouterLocation>(location);
  useLayoutEffect(() => {
    latest.current = location;
  }, [location]);

  const { pathname, search } = location;
  return useMemo<ShellApi>(
    () => ({
      pathname: normalisePath(pathname),
      search,
      navigate(to: string, options?: NavigateOptions) {
        const state = options?.state ?? null;
        const { pathname: path, search: query, hash } = new URL(to, `http://site${latest.current.pathname}`);
        latest.current = { pathname: path, search: query, hash, state };
        void navigate(to, { replace: options?.replace ?? false, state });
      },
      historyState: () => latest.current.state,
      setHistoryState(state: unknown) {
        const { pathname: path, search: query, hash } = latest.current;
        latest.current = { pathname: path, search: query, hash, state };
        void navigate({ pathname: path, search: query, hash }, { replace: true, state });
      },
      toast,
    }),
    [pathname, search, navigate, toast],
  );
}
