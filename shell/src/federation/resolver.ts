import type { PageResolver, Resolution } from '../app/resolution';
import { fetchPointers, type LoadedPage } from './loader';
import { matchRoute, type PointerDocument, type RemotePointer } from './pointer';

export interface PageLoader {
  loadPage(remote: RemotePointer, path: string): Promise<LoadedPage>;
}

/**
 * Resolves a path to a page from the current pointer document: the remote that claims the path
 * serves it, no claim means not found, a remote that cannot be loaded means unavailable.
 */
export class FederatedResolver implements PageResolver {
  private pointers: Promise<PointerDocument>;

  constructor(
    private readonly loader: PageLoader,
    initialPointers?: PointerDocument,
  ) {
    this.pointers = initialPointers ? Promise.resolve(initialPointers) : this.fetchFresh();
  }

  private fetchFresh(): Promise<PointerDocument> {
    const pending = fetchPointers();
    pending.catch(() => undefined);
    return pending;
  }

  /** Picks up remotes released since the page was rendered; keeps the known document if that fails. */
  refresh(): void {
    const known = this.pointers;
    this.pointers = fetchPointers().catch(() => known);
  }

  async resolve(path: string, preservedHtml?: string): Promise<Resolution> {
    let pointers: PointerDocument;
    try {
      pointers = await this.pointers;
    } catch {
      this.pointers = this.fetchFresh();
      return { kind: 'unavailable', path, remoteName: 'site', ...(preservedHtml ? { preservedHtml } : {}) };
    }
    const match = matchRoute(pointers, path);
    if (!match) return { kind: 'not-found', path };
    try {
      const { route, Component } = await this.loader.loadPage(match.remote, path);
      return { kind: 'page', path, route, Component };
    } catch (error) {
      console.error(error);
      return { kind: 'unavailable', path, remoteName: match.remote.name, ...(preservedHtml ? { preservedHtml } : {}) };
    }
  }
}
