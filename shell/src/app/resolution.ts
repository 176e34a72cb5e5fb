import type { ComponentType } from 'react';
import type { PageRoute } from '@kesho/shell-kit';
import type { PointerDocument } from '../federation/pointer';

/** What the page area shows for a path. */
export type Resolution =
  | { readonly kind: 'page'; readonly path: string; readonly route: PageRoute; readonly Component: ComponentType }
  | { readonly kind: 'not-found'; readonly path: string }
  | { readonly kind: 'unavailable'; readonly path: string; readonly remoteName: string };

export interface PageResolver {
  resolve(path: string): Promise<Resolution>;
  /** Tells `listener` of each pointer document read after the first (a long-open tab meets releases); returns the unsubscribe. */
  watchPointers?(listener: (pointers: PointerDocument) => void): () => void;
}

/**
 * The first page of a direct load while its code is still on its way: the shell hydrates at once and
 * the page area keeps the server's HTML until `resolution` settles.
 */
export interface PendingResolution {
  readonly kind: 'pending';
  readonly path: string;
  readonly resolution: Promise<Resolution>;
}
