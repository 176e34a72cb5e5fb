import type { ComponentType } from 'react';
import type { PageRoute, RemoteRoutesModule } from '@kesho/shell-kit';
import { yieldToMain } from '../scheduling/yieldToMain';
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

/** A remote's entry, as webpack's container plugin builds it: `init` joins the share scope, `get` returns a module factory. */
export interface FederationContainer {
  init(shareScope: unknown): void | Promise<void>;
  get(module: string): Promise<() => unknown>;
}

/** What the loader needs from the page and from webpack's federation host runtime (replaced in tests). */
export interface FederationHost {
  /** Runs a remote's entry script; rejects when it cannot be fetched. */
  loadScript(src: string): Promise<void>;
  /** The container the entry script defined under its global name, if it did. */
  containerOf(globalName: string): FederationContainer | undefined;
  /** The shell's share scope, with the shell's singletons (React, the router…) in it. */
  shareScope(): Promise<unknown>;
}

// Provided by webpack in the shell's build (its ModuleFederationPlugin with `shared`).
declare const __webpack_init_sharing__: (scope: string) => Promise<void>;
declare const __webpack_share_scopes__: Record<string, unknown>;

export const browserFederationHost: FederationHost = {
  loadScript: (src) =>
    new Promise((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => {
        script.remove();
        reject(new Error(`${src} could not be loaded`));
      };
      document.head.append(script);
    }),
  containerOf: (globalName) => (window as unknown as Record<string, FederationContainer | undefined>)[globalName],
  shareScope: async () => {
    await __webpack_init_sharing__('default');
    return __webpack_share_scopes__.default;
  },
};

/**
 * Loads pages from remotes registered at run time, with webpack's own federation host API (the
 * shell's share scope, each remote's container `init` + `get`): the pointer document names each
 * remote's manifest, the manifest its entry script and global name. One instance per browser
 * session; caches what it loaded so going back to a page is instant. Each build of a remote has its
 * own entry and global name, so a release met in an open tab loads beside the build already there.
 * Every step yields to the browser first, so loading a remote is a few short tasks, never one long one.
 */
export class RemoteLoader {
  private readonly containers = new Map<string, Promise<FederationContainer>>();
  private readonly modules = new Map<string, Promise<RemoteRoutesModule>>();
  private readonly pages = new Map<string, Promise<LoadedPage>>();

  constructor(
    private readonly retry: RetryOptions = {},
    private readonly host: FederationHost = browserFederationHost,
  ) {}

  /** The remote's container, joined to the shell's share scope; a failed attempt is forgotten, so a retry fetches again. */
  private containerOf(remote: RemotePointer): Promise<FederationContainer> {
    const key = `${remote.name}@${remote.buildId}`;
    let pending = this.containers.get(key);
    if (!pending) {
      pending = (async () => {
        const info = entryFromManifest(remote.manifest, await fetchJson(remote.manifest));
        if (info.type !== 'global') throw new Error(`${remote.manifest}: a remote entry of type ${info.type} cannot be loaded`);
        await yieldToMain();
        if (!this.host.containerOf(info.globalName)) await this.host.loadScript(info.entry);
        const container = this.host.containerOf(info.globalName);
        if (!container) throw new Error(`${info.entry} did not define ${info.globalName}`);
        await yieldToMain();
        const shareScope = await this.host.shareScope();
        await yieldToMain();
        await container.init(shareScope);
        return container;
      })();
      pending.catch(() => this.containers.delete(key));
      this.containers.set(key, pending);
    }
    return pending;
  }

  private routesOf(remote: RemotePointer): Promise<RemoteRoutesModule> {
    const key = `${remote.name}@${remote.buildId}`;
    let pending = this.modules.get(key);
    if (!pending) {
      pending = withRetry(async () => {
        const container = await this.containerOf(remote);
        await yieldToMain();
        const factory = await container.get('./routes');
        await yieldToMain();
        const module = factory() as RemoteRoutesModule | undefined;
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
