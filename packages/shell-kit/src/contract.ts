import type { ComponentType } from 'react';

/** A page a remote serves. Routes have no parameters (SPEC §2). */
export interface PageRoute {
  /** Absolute path, e.g. "/faq". */
  readonly path: string;
  /** Document title, unique per route. */
  readonly title: string;
  /** Meta description, unique per route. */
  readonly description: string;
  /** Structured data (JSON-LD objects) for the prerendered <head>. */
  readonly jsonLd?: readonly object[];
  /** Whether search engines should index the page (flow pages such as /payment are not indexed). */
  readonly indexable?: boolean;
  /** Loads the page component: each route is its own chunk. */
  readonly load: () => Promise<{ default: ComponentType }>;
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

/** What the shell gives every page. */
export interface ShellApi {
  readonly pathname: string;
  /** Client-side navigation to an in-site path. */
  navigate(to: string, options?: { replace?: boolean }): void;
  /** Raises a toast through the shell's single notification region. */
  toast(message: string, options?: ToastOptions): void;
}
