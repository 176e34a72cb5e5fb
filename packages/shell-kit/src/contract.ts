import type { ComponentType } from 'react';

/** A page a remote serves. Routes have no parameters: every page is prerendered at its own fixed path. */
export interface PageRoute {
  /** Absolute path, e.g. "/faq". */
  readonly path: string;
  /** Document title, unique per route. */
  readonly title: string;
  /** Meta description, unique per route. */
  readonly description: string;
  /**
   * Whether the page is listed in sitemap.xml and llms.txt. Flow pages (/checkout, /payment, ...) are
   * not: they are reachable and crawlable, but only make sense in the middle of an order.
   */
  readonly listed?: boolean;
  /**
   * Where the shell's header lists the page, if it does: the Services menu shows every page of group
   * "services", by `order`, with its `label`. Published with the route in the pointer document, so a
   * remote renames, adds or reorders its menu entries with a release of its own.
   */
  readonly menu?: { readonly group: string; readonly label: string; readonly order: number };
  /** Loads the page module: each route is its own chunk. */
  readonly load: () => Promise<PageModule>;
  /**
   * What the page's share card (its Open Graph image, drawn by the remote's build) shows besides the
   * page's name: a line above it (an article's category) and one below (its date).
   */
  readonly shareCard?: { readonly eyebrow?: string; readonly detail?: string };
  /**
   * The route's RSS 2.0 feed (the blog's articles), made at release and published with the route's
   * pages at "<path>/rss.xml"; the shell links it from the route's page and every page below it.
   * A chunk of its own that browsers never load.
   */
  readonly feed?: () => Promise<string>;
}

/**
 * What a route's chunk exports: the page and, for the prerendered <head> only, its structured data
 * (kept here, not in the routes module, so the browser never evaluates it up front).
 */
export interface PageModule {
  readonly default: ComponentType;
  readonly jsonLd?: readonly object[];
}

/** What every remote exposes as `./routes`. */
export interface RemoteRoutesModule {
  readonly routes: readonly PageRoute[];
}

export type ToastVariant = 'default' | 'success' | 'error' | 'info' | 'warning';

export interface ToastOptions {
  readonly description?: string;
  readonly variant?: ToastVariant;
}

/** How a navigation is made: a new history entry (the default) or the current one replaced, and the state the entry carries. */
export interface NavigateOptions {
  readonly replace?: boolean;
  /** Kept with the history entry (it survives a reload of that entry, and is gone with the tab): see `historyState`. */
  readonly state?: unknown;
}

/**
 * What the shell gives every page. In the composed site the location, the history and navigation are
 * the shell's router (react-router), so pages navigate and read the address through it without
 * creating or importing a router, and never touch `window.history` or `window.location.search` (lint
 * forbids it in remotes: the router would not see the change).
 */
export interface ShellApi {
  /** The current path without a trailing slash ("/" for the home page), as routes name it. */
  readonly pathname: string;
  /**
   * The current query string ("" or "?…"). A page is prerendered without one, so read it in an effect
   * or an event handler, never into the first render's markup (hydration would not match).
   */
  readonly search: string;
  /** Client-side navigation to an in-site path (it may carry a query string). */
  navigate(to: string, options?: NavigateOptions): void;
  /** The state of the current history entry, as it is when called (a write is seen at once, before the page renders again). */
  historyState(): unknown;
  /** Replaces the state of the current history entry; the address stays as it is. */
  setHistoryState(state: unknown): void;
  /** Raises a toast through the shell's single notification region. */
  toast(message: string, options?: ToastOptions): void;
}
