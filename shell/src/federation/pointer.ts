/**
 * The pointer document (/mfe/remotes.json) as the shell uses it. Its schema and validation are the
 * one module the release scripts write it with (@kesho/release-model/pointer-document); the router's route
 * table is built from it in routeTable.ts.
 */
import type { PointerDocument, RemotePointer, RoutePointer } from '@kesho/release-model/pointer-document';

export { parsePointerDocument, POINTER_URL } from '@kesho/release-model/pointer-document';
export type { PointerDocument, RemotePointer, RoutePointer };

/** Paths compare without a trailing slash ("/faq/" is "/faq"), as the shell-kit contract names them. */
export { normalisePath } from '@kesho/shell-kit/router-shell';
