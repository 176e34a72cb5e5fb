/**
 * The layout of the site bucket that the deploy stacks write and the release publisher reads.
 *
 *   mfe/<name>/<buildId>/...                 a remote's build (immutable, never pruned)
 *   releases/<name>/<buildId>/pointer.json   that build's entry of the pointer document (immutable)
 *   releases/<name>/<buildId>/pages/...      that build's prerendered pages (immutable snapshot)
 *   mfe/pointers/<name>.json                 the CURRENT release of one remote: a copy of a pointer.json above
 *   mfe/remotes.json                         the pointer document the shell reads, assembled from the pointers
 *   pages/...                                the live prerendered pages, copied from the current releases
 *
 * Each remote team writes only keys that carry its own name, so no deploy can clobber another's; the
 * publisher is the only writer of mfe/remotes.json and of the pages of remotes.
 */
import { pageKeyForRoute } from '@kesho/common/page-routes';

export const POINTER_DOCUMENT_KEY = 'mfe/remotes.json';
export const POINTERS_PREFIX = 'mfe/pointers/';
export const RELEASES_PREFIX = 'releases/';
export const LIVE_PAGES_PREFIX = 'pages/';
export const RELEASE_POINTER_FILE = 'pointer.json';

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

export interface RoutePointer {
  readonly path: string;
  readonly [field: string]: JsonValue;
}

/** One entry of the shell's pointer document (shell/src/federation/pointer.ts), passed through verbatim. */
export interface RemotePointer {
  readonly name: string;
  readonly buildId: string;
  readonly manifest: string;
  readonly routes: readonly RoutePointer[];
  readonly [field: string]: JsonValue | readonly RoutePointer[];
}

const REMOTE_NAME = /^[a-z][a-z0-9_]*$/;
const BUILD_ID = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
const ROUTE_PATH = /^\/(?:[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*)?$/;

export function isRemoteName(value: string): boolean {
  return REMOTE_NAME.test(value);
}

export function pointerKey(remoteName: string): string {
  return `${POINTERS_PREFIX}${remoteName}.json`;
}

export function releasePrefix(remoteName: string, buildId: string): string {
  return `${RELEASES_PREFIX}${remoteName}/${buildId}/`;
}

/** Where a route's live page lives: the site's one route → page rule ("/" is pages/index.html, "/a/b" is pages/a/b.html). */
export { pageKeyForRoute };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Validates one remote's entry of a pointer document; `where` names its source in the error. */
export function parseRemotePointer(value: unknown, where: string): RemotePointer {
  const fail = (why: string): never => {
    throw new Error(`Invalid remote pointer in ${where}: ${why}`);
  };
  if (!isRecord(value)) return fail('not an object');
  const { name, buildId, manifest, routes } = value;
  if (typeof name !== 'string' || !isRemoteName(name)) return fail('"name" must be a lower-case identifier');
  if (typeof buildId !== 'string' || !BUILD_ID.test(buildId)) return fail(`remote ${name} has no valid "buildId"`);
  if (typeof manifest !== 'string' || !manifest.startsWith(`/mfe/${name}/${buildId}/`)) {
    return fail(`remote ${name}: "manifest" must lie under /mfe/${name}/${buildId}/`);
  }
  if (!Array.isArray(routes)) return fail(`remote ${name} has no "routes" list`);
  for (const route of routes) {
    if (!isRecord(route) || typeof route.path !== 'string' || !ROUTE_PATH.test(route.path)) {
      return fail(`remote ${name} has a route without a valid "path"`);
    }
  }
  return value as unknown as RemotePointer;
}

/** Bucket keys of the live pages a release serves, e.g. ["pages/index.html", "pages/faq.html"]. */
export function pageKeysOf(pointer: RemotePointer): string[] {
  return pointer.routes.map((route) => pageKeyForRoute(route.path));
}

export function parseRemotePointerText(text: string, where: string): RemotePointer {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error(`Invalid remote pointer in ${where}: not JSON`);
  }
  return parseRemotePointer(value, where);
}
