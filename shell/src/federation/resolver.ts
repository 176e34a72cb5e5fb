import type { PageResolver, Resolution } from '../app/resolution';
import { fetchPointers, type LoadedPage } from './loader';
import type { PointerDocument, RemotePointer } from './pointer';
import { matchRoute } from './routeTable';

export interface PageLoader {
  loadPage(remote: RemotePointer, path: string): Promise<LoadedPage>;
}

/**
 * How old the pointer document may get before a navigation reads it again (long-open tabs): a release,
 * rollback or abort reaches an open tab's next navigation within this.
 */
export const POINTER_MAX_AGE_MS = 60_000;
/**
 * While the tab is shown, the document is read again in the background this often (`keepPointersFresh`),
 * so an ordinary navigation finds it younger than POINTER_MAX_AGE_MS and never waits for a read.
 */
export const POINTER_REFRESH_MS = 50_000;
/** How long a navigation waits for that read before it goes on with the document it has. */
export const STALE_POINTER_WAIT_MS = 1_500;

export interface ResolverOptions {
  readonly maxAgeMs?: number;
  readonly staleWaitMs?: number;
  readonly now?: () => number;
  /** Reads the pointer document; `quick` reads once, without the retries (a navigation is waiting). */
  readonly readPointers?: (quick: boolean) => Promise<PointerDocument>;
  /** Told what each resolution turned out to be, with the remote that serves the path (client events). */
  readonly observe?: (outcome: ResolutionOutcome) => void;
}

export type ResolutionOutcome =
  | { readonly kind: 'page'; readonly path: string; readonly remote: RemotePointer; readonly route: string }
  | { readonly kind: 'not-found'; readonly path: string }
  | { readonly kind: 'unavailable'; readonly path: string; readonly remote: RemotePointer | null; readonly error: unknown };

/**
 * Resolves a path to a page through the router's route table built from the current pointer document
 * (routeTable.ts): the remote that claims the path serves it, no claim means not found, a remote that cannot be loaded means unavailable.
 *
 * A tab can stay open for days, and releases and rollbacks only change the pointer document: once
 * the document is older than a few minutes, the next navigation reads it again (waiting briefly for
 * it, then going on with the known one while the read finishes for the navigations after).
 *
 * The document embedded in a page is the page's own (a page of another team shows the live builds of
 * the others, whatever this browser gets): the page itself is resolved with it, but a navigation
 * first reads /mfe/remotes.json once (the read the shell starts when idle, usually long done), which
 * the server answers for this browser, so a browser in a canary or a preview navigates on its own
 * builds (@kesho/release-model/build-choice).
 */
export class FederatedResolver implements PageResolver {
  private pointers: Promise<PointerDocument>;
  private readAt: number;
  private reading: Promise<PointerDocument> | null = null;
  /** The embedded document has not been confirmed by a read of this browser's own yet. */
  private unconfirmed: boolean;
  private resolvedBefore = false;
  private readonly maxAgeMs: number;
  private readonly staleWaitMs: number;
  private readonly now: () => number;
  private readonly readPointers: (quick: boolean) => Promise<PointerDocument>;
  private readonly observe: (outcome: ResolutionOutcome) => void;
  private readonly pointerListeners = new Set<(pointers: PointerDocument) => void>();

  constructor(
    private readonly loader: PageLoader,
    initialPointers?: PointerDocument,
    options: ResolverOptions = {},
  ) {
    this.maxAgeMs = options.maxAgeMs ?? POINTER_MAX_AGE_MS;
    this.staleWaitMs = options.staleWaitMs ?? STALE_POINTER_WAIT_MS;
    this.now = options.now ?? Date.now;
    this.observe = options.observe ?? (() => undefined);
    this.readPointers = options.readPointers ?? ((quick) => fetchPointers(quick ? { retries: 0 } : {}));
    this.readAt = this.now();
    this.unconfirmed = Boolean(initialPointers);
    this.pointers = initialPointers ? Promise.resolve(initialPointers) : this.fetchFresh();
  }

  private fetchFresh(): Promise<PointerDocument> {
    const pending = this.readPointers(false);
    pending.then((fresh) => this.received(fresh)).catch(() => undefined);
    return pending;
  }

  private received(fresh: PointerDocument) {
    this.readAt = this.now();
    for (const listener of this.pointerListeners) listener(fresh);
  }

  /** Reads the document again; until the read succeeds (or if it fails) the known one stays. */
  private reread(quick: boolean): Promise<PointerDocument> {
    if (this.reading) return this.reading;
    const known = this.pointers;
    const reading = this.readPointers(quick).then(
      (fresh) => {
        this.unconfirmed = false;
        this.pointers = Promise.resolve(fresh);
        this.received(fresh);
        return fresh;
      },
      () => known,
    );
    this.reading = reading;
    void reading.finally(() => {
      if (this.reading === reading) this.reading = null;
    });
    return reading;
  }

  watchPointers(listener: (pointers: PointerDocument) => void): () => void {
    this.pointerListeners.add(listener);
    return () => this.pointerListeners.delete(listener);
  }

  /** Picks up remotes released since the page was rendered; keeps the known document if that fails. */
  refresh(): void {
    void this.reread(false);
  }

  /** Reads the document again when it is older than `ageMs` (a tab shown again after a while). */
  refreshIfOlderThan(ageMs: number): void {
    if (this.now() - this.readAt > ageMs) this.refresh();
  }

  private async currentPointers(navigation: boolean): Promise<PointerDocument> {
    if (this.now() - this.readAt <= this.maxAgeMs && !(navigation && this.unconfirmed)) return this.pointers;
    const known = this.pointers;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const waited = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), this.staleWaitMs);
    });
    const outcome = await Promise.race([this.reread(true), waited]);
    clearTimeout(timer);
    return outcome === 'late' ? known : outcome;
  }

  async resolve(path: string): Promise<Resolution> {
    const navigation = this.resolvedBefore;
    this.resolvedBefore = true;
    let pointers: PointerDocument;
    try {
      pointers = await this.currentPointers(navigation);
    } catch (error) {
      this.pointers = this.fetchFresh();
      this.observe({ kind: 'unavailable', path, remote: null, error });
      return { kind: 'unavailable', path, remoteName: 'site' };
    }
    const match = matchRoute(pointers, path);
    if (!match) {
      this.observe({ kind: 'not-found', path });
      return { kind: 'not-found', path };
    }
    try {
      const { route, Component } = await this.loader.loadPage(match.remote, path);
      this.observe({ kind: 'page', path, remote: match.remote, route: match.route.path });
      return { kind: 'page', path, route, Component };
    } catch (error) {
      console.error(error);
      this.observe({ kind: 'unavailable', path, remote: match.remote, error });
      return { kind: 'unavailable', path, remoteName: match.remote.name };
    }
  }
}

/**
 * Keeps an open tab's pointer document fresh without slowing its navigations: every POINTER_REFRESH_MS
 * while the tab is shown, and at once when it is shown again with a document older than that, the
 * document is read in the background. Returns the stop.
 */
export function keepPointersFresh(
  resolver: Pick<FederatedResolver, 'refresh' | 'refreshIfOlderThan'>,
  page: {
    readonly visibilityState: string;
    addEventListener(type: 'visibilitychange', listener: () => void): void;
    removeEventListener(type: 'visibilitychange', listener: () => void): void;
  },
  timers: { setInterval: (callback: () => void, ms: number) => unknown; clearInterval: (handle: never) => void } = {
    setInterval: (callback, ms) => setInterval(callback, ms),
    clearInterval: (handle) => clearInterval(handle),
  },
): () => void {
  const shown = () => page.visibilityState === 'visible';
  const handle = timers.setInterval(() => {
    if (shown()) resolver.refresh();
  }, POINTER_REFRESH_MS);
  const onVisibility = () => {
    if (shown()) resolver.refreshIfOlderThan(POINTER_REFRESH_MS);
  };
  page.addEventListener('visibilitychange', onVisibility);
  return () => {
    timers.clearInterval(handle as never);
    page.removeEventListener('visibilitychange', onVisibility);
  };
}
