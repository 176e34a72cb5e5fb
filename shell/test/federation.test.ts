import { normalisePath, parsePointerDocument } from '../src/federation/pointer';
import { backoffDelay, withRetry } from '../src/federation/retry';
import { RemoteLoader, RemoteUnavailableError, type FederationContainer, type FederationHost } from '../src/federation/loader';
import { FederatedResolver, keepPointersFresh, POINTER_MAX_AGE_MS, POINTER_REFRESH_MS, STALE_POINTER_WAIT_MS } from '../src/federation/resolver';

const pointers = parsePointerDocument({
  remotes: [
    { name: 'legal', buildId: 'abc', manifest: '/mfe/legal/abc/mf-manifest.json', routes: [{ path: '/terms', title: 'Terms', description: 'd' }] },
    { name: 'marketing', buildId: 'def', manifest: '/mfe/marketing/def/mf-manifest.json', routes: [{ path: '/', title: 'Home', description: 'd' }] },
  ],
});

describe('the pointer document', () => {
  it('normalises paths', () => {
    expect(normalisePath('/')).toBe('/');
    expect(normalisePath('/faq///')).toBe('/faq');
  });

  it('refuses a malformed document with the reason', () => {
    expect(() => parsePointerDocument({})).toThrow('no remotes list');
    expect(() => parsePointerDocument({ remotes: [{ name: 'legal', buildId: 'x', manifest: 'http://evil.example/m.json', routes: [] }] })).toThrow('remote legal has no manifest path');
  });
});

describe('retries (3, backing off from 1 s, capped at 30 s)', () => {
  it('back off exponentially from 1 s and cap at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((attempt) => backoffDelay(attempt))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it('try three more times, then give up with the last error', async () => {
    const waits: number[] = [];
    let calls = 0;
    await expect(
      withRetry(
        async () => {
          calls += 1;
          throw new Error(`failure ${calls}`);
        },
        { sleep: async (ms) => void waits.push(ms) },
      ),
    ).rejects.toThrow('failure 4');
    expect(calls).toBe(4);
    expect(waits).toEqual([1000, 2000, 4000]);
  });

  it('stop retrying once an attempt succeeds', async () => {
    let calls = 0;
    const value = await withRetry(
      async () => {
        calls += 1;
        if (calls < 3) throw new Error('not yet');
        return 'loaded';
      },
      { sleep: async () => undefined },
    );
    expect(value).toBe('loaded');
    expect(calls).toBe(3);
  });
});

describe('the federated resolver', () => {
  const Page = () => null;
  const route = { path: '/terms', title: 'Terms', description: 'd', load: async () => ({ default: Page }) };

  it('resolves a claimed path to its page', async () => {
    const resolver = new FederatedResolver({ loadPage: async () => ({ route, Component: Page }) }, pointers);
    await expect(resolver.resolve('/terms')).resolves.toMatchObject({ kind: 'page', path: '/terms', Component: Page });
  });

  it('says not found for a path no remote claims', async () => {
    const resolver = new FederatedResolver({ loadPage: async () => ({ route, Component: Page }) }, pointers);
    await expect(resolver.resolve('/nowhere')).resolves.toEqual({ kind: 'not-found', path: '/nowhere' });
  });

  it('says unavailable, naming the remote, when the remote cannot be loaded', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const resolver = new FederatedResolver({ loadPage: async () => Promise.reject(new Error('offline')) }, pointers);
    await expect(resolver.resolve('/terms')).resolves.toEqual({ kind: 'unavailable', path: '/terms', remoteName: 'legal' });
  });
});

describe('a long-open tab', () => {
  const Page = () => null;
  const route = { path: '/terms', title: 'Terms', description: 'd', load: async () => ({ default: Page }) };
  const legalAt = (buildId: string) =>
    parsePointerDocument({
      remotes: [{ name: 'legal', buildId, manifest: `/mfe/legal/${buildId}/mf-manifest.json`, routes: [{ path: '/terms', title: 'Terms', description: 'd' }] }],
    });

  function setUp(reads: Array<() => Promise<ReturnType<typeof legalAt>>>) {
    let clock = 1_000_000;
    const loaded: string[] = [];
    const quickReads: boolean[] = [];
    const resolver = new FederatedResolver(
      {
        loadPage: async (remote) => {
          loaded.push(remote.buildId);
          return { route, Component: Page };
        },
      },
      legalAt('v1'),
      {
        now: () => clock,
        readPointers: (quick) => {
          quickReads.push(quick);
          const next = reads.shift();
          if (!next) throw new Error('unexpected pointer read');
          return next();
        },
      },
    );
    return { resolver, loaded, quickReads, advance: (ms: number) => (clock += ms) };
  }

  it('keeps the document it has while it is fresh', async () => {
    const tab = setUp([async () => legalAt('v1')]);
    tab.resolver.refresh();
    await Promise.resolve();
    tab.advance(POINTER_MAX_AGE_MS - 1_000);
    await tab.resolver.resolve('/terms');
    await tab.resolver.resolve('/terms');
    expect(tab.loaded).toEqual(['v1', 'v1']);
    expect(tab.quickReads).toEqual([false]);
  });

  it("resolves the page with its embedded document, but navigates on this browser's own (a canary's, a preview's)", async () => {
    const tab = setUp([async () => legalAt('v2')]);
    await tab.resolver.resolve('/terms');
    expect(tab.loaded).toEqual(['v1']);
    // No background read has landed yet: the first navigation reads the document once.
    await tab.resolver.resolve('/terms');
    expect(tab.loaded).toEqual(['v1', 'v2']);
    expect(tab.quickReads).toEqual([true]);
    await tab.resolver.resolve('/terms');
    expect(tab.quickReads).toEqual([true]);
  });

  it('reads the pointer again on a navigation once it is older than a minute, and picks up a release', async () => {
    const tab = setUp([async () => legalAt('v2')]);
    tab.advance(POINTER_MAX_AGE_MS + 1);
    await expect(tab.resolver.resolve('/terms')).resolves.toMatchObject({ kind: 'page' });
    expect(tab.loaded).toEqual(['v2']);
    expect(tab.quickReads).toEqual([true]);
    // Fresh again: the next navigation reads nothing.
    tab.advance(60_000);
    await tab.resolver.resolve('/terms');
    expect(tab.loaded).toEqual(['v2', 'v2']);
    expect(tab.quickReads).toEqual([true]);
  });

  it('tells its watchers of each document it reads (the header lists the menus of the latest), not of a failed read', async () => {
    const tab = setUp([async () => legalAt('v2'), async () => Promise.reject(new Error('offline'))]);
    const seen: string[] = [];
    const stop = tab.resolver.watchPointers((document) => seen.push(document.remotes[0]?.buildId ?? ''));
    tab.advance(POINTER_MAX_AGE_MS + 1);
    await tab.resolver.resolve('/terms');
    tab.advance(POINTER_MAX_AGE_MS + 1);
    await tab.resolver.resolve('/terms');
    expect(seen).toEqual(['v2']);
    stop();
  });

  it('a rollback reaches an open tab within 60 s; the background reads keep its navigations from waiting (issue 39, item 6)', async () => {
    expect(POINTER_MAX_AGE_MS).toBeLessThanOrEqual(60_000);
    expect(POINTER_REFRESH_MS).toBeLessThan(POINTER_MAX_AGE_MS);
    const tab = setUp([async () => legalAt('v2'), async () => legalAt('v1'), async () => legalAt('v1')]);
    let tick: () => void = () => undefined;
    const listeners: (() => void)[] = [];
    const page = { visibilityState: 'visible', addEventListener: (_type: string, listener: () => void) => listeners.push(listener), removeEventListener: () => undefined };
    const stop = keepPointersFresh(tab.resolver, page, { setInterval: (callback) => (tick = callback), clearInterval: () => undefined });
    // The background read every POINTER_REFRESH_MS picks up the release (v2), then the rollback (v1): navigations read nothing themselves.
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
    tab.advance(POINTER_REFRESH_MS);
    tick();
    await settle();
    await tab.resolver.resolve('/terms');
    tab.advance(POINTER_REFRESH_MS);
    tick();
    await settle();
    await tab.resolver.resolve('/terms');
    expect(tab.loaded).toEqual(['v2', 'v1']);
    // Background reads only (not quick): no navigation waited for one.
    expect(tab.quickReads).toEqual([false, false]);
    // A hidden tab reads nothing; shown again after a while, it reads at once.
    page.visibilityState = 'hidden';
    tick();
    expect(tab.quickReads).toHaveLength(2);
    tab.advance(POINTER_REFRESH_MS + 1);
    page.visibilityState = 'visible';
    for (const listener of listeners) listener();
    expect(tab.quickReads).toEqual([false, false, false]);
    stop();
  });

  it('picks up a rollback the same way', async () => {
    const tab = setUp([async () => legalAt('v2'), async () => legalAt('v1')]);
    tab.advance(POINTER_MAX_AGE_MS + 1);
    await tab.resolver.resolve('/terms');
    tab.advance(POINTER_MAX_AGE_MS + 1);
    await tab.resolver.resolve('/terms');
    expect(tab.loaded).toEqual(['v2', 'v1']);
  });

  it('goes on with the known document when the read fails', async () => {
    const tab = setUp([async () => Promise.reject(new Error('offline'))]);
    tab.advance(POINTER_MAX_AGE_MS + 1);
    await expect(tab.resolver.resolve('/terms')).resolves.toMatchObject({ kind: 'page' });
    expect(tab.loaded).toEqual(['v1']);
  });

  it('does not keep a navigation waiting on a slow read: the read lands for the next one', async () => {
    jest.useFakeTimers();
    try {
      let answer: (document: ReturnType<typeof legalAt>) => void = () => undefined;
      const tab = setUp([() => new Promise((resolve) => (answer = resolve))]);
      tab.advance(POINTER_MAX_AGE_MS + 1);
      const navigation = tab.resolver.resolve('/terms');
      await jest.advanceTimersByTimeAsync(STALE_POINTER_WAIT_MS);
      await expect(navigation).resolves.toMatchObject({ kind: 'page' });
      expect(tab.loaded).toEqual(['v1']);
      answer(legalAt('v2'));
      await jest.advanceTimersByTimeAsync(0);
      await tab.resolver.resolve('/terms');
      expect(tab.loaded).toEqual(['v1', 'v2']);
      expect(tab.quickReads).toEqual([true]);
    } finally {
      jest.useRealTimers();
    }
  });
});

describe("the remote loader (webpack containers, the shell's share scope)", () => {
  const Page = () => null;
  const shareScope = { react: { '19.3.1': {} } };
  const legal = (buildId: string) => ({
    name: 'legal',
    buildId,
    manifest: `/mfe/legal/${buildId}/mf-manifest.json`,
    routes: [{ path: '/terms', title: 'Terms', description: 'd', listed: true }],
  });
  const manifestOf = (buildId: string) => ({ metaData: { globalName: `kesho_legal_${buildId}`, remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' } } });

  function setUp({ failScripts = 0, failGets = 0 } = {}) {
    const globals: Record<string, FederationContainer> = {};
    const scripts: string[] = [];
    const inits: unknown[] = [];
    const gets: string[] = [];
    let scriptFailures = failScripts;
    let getFailures = failGets;
    const host: FederationHost = {
      async loadScript(src) {
        scripts.push(src);
        if (scriptFailures-- > 0) throw new Error(`${src} could not be loaded`);
        const buildId = /\/mfe\/legal\/([^/]+)\//.exec(src)?.[1] ?? '';
        globals[`kesho_legal_${buildId}`] = {
          init: async (scope) => void inits.push(scope),
          get: async (module) => {
            gets.push(`${buildId}:${module}`);
            if (getFailures-- > 0) throw new Error('ChunkLoadError');
            return () => ({ routes: [{ path: '/terms', title: 'Terms', description: 'd', load: async () => ({ default: Page }) }] });
          },
        };
      },
      containerOf: (globalName) => globals[globalName],
      shareScope: async () => shareScope,
    };
    const fetched: string[] = [];
    global.fetch = jest.fn(async (url: string) => {
      fetched.push(url);
      const buildId = /\/mfe\/legal\/([^/]+)\//.exec(url)?.[1] ?? '';
      return { ok: true, json: async () => manifestOf(buildId) };
    }) as unknown as typeof fetch;
    const loader = new RemoteLoader({ sleep: async () => undefined }, host);
    return { loader, scripts, inits, gets, fetched };
  }

  it("loads the entry the manifest names, joins it to the shell's share scope and takes its routes module", async () => {
    const { loader, scripts, inits, gets } = setUp();
    await expect(loader.loadPage(legal('v1'), '/terms')).resolves.toMatchObject({ route: { path: '/terms' }, Component: Page });
    expect(scripts).toEqual(['/mfe/legal/v1/remoteEntry.js']);
    expect(inits).toEqual([shareScope]);
    expect(gets).toEqual(['v1:./routes']);
  });

  it('loads each build once, and a new build beside it', async () => {
    const { loader, scripts, fetched } = setUp();
    await loader.loadPage(legal('v1'), '/terms');
    await loader.loadPage(legal('v1'), '/terms');
    await loader.loadPage(legal('v2'), '/terms');
    expect(scripts).toEqual(['/mfe/legal/v1/remoteEntry.js', '/mfe/legal/v2/remoteEntry.js']);
    expect(fetched).toEqual(['/mfe/legal/v1/mf-manifest.json', '/mfe/legal/v2/mf-manifest.json']);
  });

  it('fetches the entry again after a failed attempt, and the exposed module again after a failed chunk', async () => {
    const { loader, scripts, gets } = setUp({ failScripts: 2, failGets: 1 });
    await expect(loader.loadPage(legal('v1'), '/terms')).resolves.toMatchObject({ Component: Page });
    expect(scripts).toEqual(['/mfe/legal/v1/remoteEntry.js', '/mfe/legal/v1/remoteEntry.js', '/mfe/legal/v1/remoteEntry.js']);
    expect(gets).toEqual(['v1:./routes', 'v1:./routes']);
  });

  it('gives up after the retries with the remote named', async () => {
    const { loader, scripts } = setUp({ failScripts: 10 });
    await expect(loader.loadPage(legal('v1'), '/terms')).rejects.toThrow(RemoteUnavailableError);
    expect(scripts).toHaveLength(4);
  });
});
