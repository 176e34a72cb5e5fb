import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import type { PageRoute, RemoteRoutesModule } from '@kesho/shell-kit';
import { parsePointerDocument, POINTER_URL, type PointerDocument, type RemotePointer } from './pointer';
import { withRetry } from './retry';

/** Raised when a remote (or one of its chunks) cannot be fetched: the page area shows a fallback. */
export class RemoteUnavailableError extends Error {
  constructor(
    readonly remoteName: string,
    cause: unknown,
  ) {
    super(`The ${remoteName} part of the site could not be loaded${cause instanceof Error ? `: ${cause.message}` : ''}`);
    this.name = 'RemoteUnavailableError';
  }
}

export interface LoadedPage {
  readonly route: PageRoute;
  readonly Component: ComponentType;
}

type RetryOptions = Parameters<typeof withRetry>[1];

/** The part of a remote's mf-manifest.json the shell needs to load it. */
export interface RemoteEntryInfo {
  readonly entry: string;
  readonly globalName: string;
  readonly type: string;
}

export function entryFromManifest(manifestUrl: string, manifest: unknown): RemoteEntryInfo {
  const meta = (manifest as { metaData?: { globalName?: unknown; remoteEntry?: { name?: unknown; path?: unknown; type?: unknown } } })?.metaData;
  const name = meta?.remoteEntry?.name;
  if (typeof name !== 'string' || typeof meta?.globalName !== 'string') throw new Error(`${manifestUrl} is not a federation manifest`);
  const dir = typeof meta.remoteEntry?.path === 'string' && meta.remoteEntry.path ? `${meta.remoteEntry.path.replace(/\/$/, '')}/` : '';
  return {
    entry: new URL(`${dir}${name}`, new URL(manifestUrl, 'http://manifest.invalid')).pathname,
    globalName: meta.globalName,
    type: typeof meta.remoteEntry?.type === 'string' ? meta.remoteEntry.type : 'global',
  };
}

async function fetchJson(url: string): Promise<unknown> {
  const response = await fetch(url, { cache: 'no-cache', headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.json();
}

/**
 * Loads pages from remotes registered at run time. One instance per browser session; caches what it
 * loaded so going back to a page is instant.
 */
export class RemoteLoader {
  private readonly registered = new Map<string, string>();
  private readonly modules = new Map<string, Promise<RemoteRoutesModule>>();
  private readonly pages = new Map<string, Promise<LoadedPage>>();

  constructor(private readonly retry: RetryOptions = {}) {}

  private async register(remote: RemotePointer, force = false) {
    if (!force && this.registered.get(remote.name) === remote.buildId) return;
    const info = entryFromManifest(remote.manifest, await fetchJson(remote.manifest));
    registerRemotes([{ name: remote.name, entry: info.entry, entryGlobalName: info.globalName, type: info.type as 'global' }], {
      force: force || this.registered.has(remote.name),
    });
    this.registered.set(remote.name, remote.buildId);
  }

  private routesOf(remote: RemotePointer): Promise<RemoteRoutesModule> {
    const key = `${remote.name}@${remote.buildId}`;
    let pending = this.modules.get(key);
    if (!pending) {
      pending = withRetry(async (attempt) => {
        await this.register(remote, attempt > 0);
        const module = await loadRemote<RemoteRoutesModule>(`${remote.name}/routes`);
        if (!module || !Array.isArray(module.routes)) throw new Error(`${remote.name}/routes is not a routes module`);
        return module;
      }, this.retry);
      pending.catch(() => this.modules.delete(key));
      this.modules.set(key, pending);
    }
    return pending;
  }

  /** Resolves with the page, or rejects with RemoteUnavailableError after the retries. */
  loadPage(remote: RemotePointer, path: string): Promise<LoadedPage> {
    const key = `${remote.name}@${remote.buildId}${path}`;
    let pending = this.pages.get(key);
    if (!pending) {
      pending = (async () => {
        try {
          const module = await this.routesOf(remote);
          const route = module.routes.find((candidate) => candidate.path === path);
          if (!route) throw new Error(`${remote.name} does not serve ${path}`);
          const loaded = await withRetry(() => route.load(), this.retry);
          return { route, Component: loaded.default };
        } catch (error) {
          throw new RemoteUnavailableError(remote.name, error);
        }
      })();
      pending.catch(() => this.pages.delete(key));
      this.pages.set(key, pending);
    }
    return pending;
  }
}

/** Reads the pointer document, retrying as `retry.ts` says (3 times, backing off from 1 s). */
export async function fetchPointers(retry: RetryOptions = {}): Promise<PointerDocument> {
  return withRetry(async () => parsePointerDocument(await fetchJson(POINTER_URL)), retry);
}
