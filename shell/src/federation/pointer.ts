/**
 * The pointer document: where each remote's current build is and which routes it serves. The shell
 * reads it at run time, so releasing or rolling back a remote changes this file, never the shell.
 */
export interface RoutePointer {
  readonly path: string;
  readonly title: string;
  readonly description: string;
}

export interface RemotePointer {
  /** Federation name of the remote, e.g. "legal". */
  readonly name: string;
  /** Build id: the remote's assets live under /mfe/<name>/<buildId>/. */
  readonly buildId: string;
  /** URL of the remote's mf-manifest.json. */
  readonly manifest: string;
  readonly routes: readonly RoutePointer[];
}

export interface PointerDocument {
  readonly remotes: readonly RemotePointer[];
}

export const POINTER_URL = '/mfe/remotes.json';

export function parsePointerDocument(value: unknown): PointerDocument {
  const fail = (why: string): never => {
    throw new Error(`Invalid remote pointer document: ${why}`);
  };
  if (!value || typeof value !== 'object' || !Array.isArray((value as PointerDocument).remotes)) fail('no remotes list');
  const remotes = (value as { remotes: unknown[] }).remotes.map((remote, index) => {
    const r = remote as Partial<RemotePointer>;
    if (typeof r.name !== 'string' || !/^[a-z][a-z0-9_]*$/.test(r.name)) fail(`remote ${index} has no valid name`);
    if (typeof r.manifest !== 'string' || !r.manifest.startsWith('/')) fail(`remote ${r.name} has no manifest path`);
    if (typeof r.buildId !== 'string') fail(`remote ${r.name} has no build id`);
    if (!Array.isArray(r.routes)) fail(`remote ${r.name} has no routes`);
    return r as RemotePointer;
  });
  return { remotes };
}

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
