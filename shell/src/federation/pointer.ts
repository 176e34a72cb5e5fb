/**
 * The pointer document (/mfe/remotes.json) as the shell uses it. Its schema and validation are the
 * one module the release scripts write it with (@kesho/common/pointer-document); this file only
 * matches paths against it.
 */
import type { PointerDocument, RemotePointer, RoutePointer } from '@kesho/common/pointer-document';

export { parsePointerDocument, POINTER_URL } from '@kesho/common/pointer-document';
export type { PointerDocument, RemotePointer, RoutePointer };

export interface RouteMatch {
  readonly remote: RemotePointer;
  readonly route: RoutePointer;
}

/** Paths compare without a trailing slash ("/faq/" is "/faq"). */
export function normalisePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

export function matchRoute(pointers: PointerDocument, pathname: string): RouteMatch | null {
  const path = normalisePath(pathname);
  for (const remote of pointers.remotes) {
    const route = remote.routes.find((candidate) => candidate.path === path);
    if (route) return { remote, route };
  }
  return null;
}
