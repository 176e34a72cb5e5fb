import { discoveryFiles } from '@kesho/release-model/discovery-files';
import { CACHE_NO_CACHE } from '@kesho/release-model/security-headers';
import { site } from '@kesho/site-rules/site';
import { publishReleases, type ObjectStore } from '@kesho/release-model/engine/publish';
import { publishForDeploy, type DeployRequest } from '../functions/release-publisher/deploy';
import { nameRelease, pageKeyForRoute, parseReleaseRecord, pointerKey, POINTER_DOCUMENT_KEY, releasePrefix, SHELL_APP, type RemotePointer } from '@kesho/release-model/engine/release-record';
import { MemoryStore } from './support/memory-store';
import { deployRemote, deployShell, feedXml, pageHtml, pointer, publishedDocument, rollBack, rollBackWithdrawing, sharedFilesOf } from './support/releases';

const noPause = async () => undefined;
/** The writes of the pointer document (the publisher's other puts are the discovery files, unconditional). */
const documentPuts = (store: MemoryStore) => store.puts.filter((put) => put.key === POINTER_DOCUMENT_KEY);

const deploy = (app: string, release: string, requestType: DeployRequest['RequestType'] = 'Update'): DeployRequest => ({
  RequestType: requestType,
  ResourceProperties: { App: app, Release: release },
});

const marketingV1 = pointer('marketing', 'm1', ['/', '/faq', '/services/visa']);
const marketingV2 = pointer('marketing', 'm2', ['/', '/faq', '/services/visa', '/blog']);
const legalV1 = pointer('legal', 'l1', ['/terms', '/privacy']);
const commerceV1 = pointer('commerce', 'c1', ['/quote']);

describe('release publisher', () => {
  test('publishes a first release: its pages go live with no-cache and the pointer document lists it', async () => {
    const store = new MemoryStore();
    const release = deployRemote(store, marketingV1);

    const result = await publishReleases(store, { pause: noPause });

    expect(result).toMatchObject({ attempts: 1, remotes: [{ name: 'marketing', buildId: 'm1', release: release.release }], rejected: [], removedPages: [] });
    expect(release.release).toMatch(/^m1-[0-9a-f]{12}$/);
    expect(publishedDocument(store)).toEqual({ remotes: [marketingV1], releases: { marketing: release.release } });
    expect(store.objects.get(POINTER_DOCUMENT_KEY)).toMatchObject({ contentType: 'application/json; charset=utf-8', cacheControl: CACHE_NO_CACHE });
    expect(store.objects.get('pages/services/visa.html')).toMatchObject({
      body: pageHtml('marketing', 'm1', '/services/visa', 's1'),
      contentType: 'text/html; charset=utf-8',
      cacheControl: CACHE_NO_CACHE,
    });
    expect(documentPuts(store)).toEqual([{ key: POINTER_DOCUMENT_KEY, condition: { ifNoneMatch: '*' } }]);
  });

  test("a route's feed goes live with the remote's release as RSS, revalidated, and goes when the route no longer has one", async () => {
    const store = new MemoryStore();
    const withFeed = { ...marketingV2, routes: marketingV2.routes.map((route) => (route.path === '/blog' ? { ...route, feed: true as const } : route)) };
    deployRemote(store, withFeed);
    await publishReleases(store, { pause: noPause });
    expect(store.objects.get('pages/blog/rss.xml')).toMatchObject({
      body: feedXml('marketing', 'm2', '/blog'),
      contentType: 'application/rss+xml; charset=utf-8',
      cacheControl: CACHE_NO_CACHE,
    });

    // A shell release shows the same build: the page comes from the shell's release, the feed stays the remote's.
    deployShell(store, 's2', [withFeed]);
    await publishReleases(store, { pause: noPause });
    expect(store.text('pages/blog.html')).toBe(pageHtml('marketing', 'm2', '/blog', 's2'));
    expect(store.text('pages/blog/rss.xml')).toBe(feedXml('marketing', 'm2', '/blog'));

    deployRemote(store, { ...withFeed, buildId: 'm3', manifest: '/mfe/marketing/m3/mf-manifest.json', routes: marketingV2.routes }, 's2');
    const result = await publishReleases(store, { pause: noPause });
    expect(result.removedPages).toEqual(['pages/blog/rss.xml']);
    expect(store.objects.has('pages/blog/rss.xml')).toBe(false);
  });

  test("one team's release leaves the other teams' entries and pages as they were", async () => {
    const store = new MemoryStore();
    deployRemote(store, marketingV1);
    deployRemote(store, legalV1);
    await publishReleases(store, { pause: noPause });

    deployRemote(store, marketingV2);
    await publishReleases(store, { pause: noPause });

    expect(publishedDocument(store).remotes).toEqual([legalV1, marketingV2]);
    expect(store.text('pages/terms.html')).toBe(pageHtml('legal', 'l1', '/terms', 's1'));
    expect(store.text('pages/blog.html')).toBe(pageHtml('marketing', 'm2', '/blog', 's1'));
    expect(documentPuts(store).at(-1)?.condition.ifMatch).toMatch(/^"[0-9a-f]{32}"$/);
  });

  test('a redeploy of the same build with pages rendered again is a new release, and its pages go live', async () => {
    const store = new MemoryStore();
    const first = deployRemote(store, marketingV1, 's1', 1);
    await publishReleases(store, { pause: noPause });

    // Same build id, new page texts: before, the snapshot was overwritten and nothing published it.
    const second = deployRemote(store, marketingV1, 's1', 2);
    const result = await publishReleases(store, { pause: noPause });

    expect(second.release).not.toBe(first.release);
    expect(second.release).toMatch(/^m1-/);
    expect(store.text(`${releasePrefix('marketing', first.release)}pages/faq.html`)).toBe(pageHtml('marketing', 'm1', '/faq', 's1', 1));
    expect(store.text('pages/faq.html')).toBe(pageHtml('marketing', 'm1', '/faq', 's1', 2));
    expect(store.text('pages/index.html')).toBe(pageHtml('marketing', 'm1', '/', 's1', 2));
    expect(result.remotes).toEqual([{ name: 'marketing', buildId: 'm1', release: second.release }]);
    expect(publishedDocument(store).releases).toEqual({ marketing: second.release });
  });

  test('identical content is the same release: a repeated deploy writes the same record', () => {
    const store = new MemoryStore();
    const first = deployRemote(store, marketingV1);
    expect(deployRemote(store, marketingV1).release).toBe(first.release);
    expect(deployRemote(store, marketingV1, 's2').release).not.toBe(first.release);
  });

  test('a shell release refreshes the page of every route whose remote build it was rendered with', async () => {
    const store = new MemoryStore();
    deployRemote(store, marketingV1, 's1');
    deployRemote(store, legalV1, 's1');
    await publishReleases(store, { pause: noPause });

    const shell = deployShell(store, 's2', [marketingV1, legalV1]);
    const result = await publishReleases(store, { pause: noPause });

    for (const route of ['/', '/faq', '/services/visa']) expect(store.text(pageKeyForRoute(route))).toBe(pageHtml('marketing', 'm1', route, 's2'));
    for (const route of ['/terms', '/privacy']) expect(store.text(pageKeyForRoute(route))).toBe(pageHtml('legal', 'l1', route, 's2'));
    expect([...result.pagesFromShell].sort()).toEqual(['pages/faq.html', 'pages/index.html', 'pages/privacy.html', 'pages/services/visa.html', 'pages/terms.html']);
    expect(result.shell).toEqual({ buildId: 's2', release: shell.release });
    expect(publishedDocument(store)).toEqual({ remotes: [legalV1, marketingV1], releases: expect.objectContaining({ shell: shell.release }) });
  });

  test("a shell release keeps a remote's own pages where it was rendered with another build of that remote, until the remote releases with the new shell", async () => {
    const store = new MemoryStore();
    deployRemote(store, marketingV2, 's1');
    deployRemote(store, legalV1, 's1');
    await publishReleases(store, { pause: noPause });

    // The shell team's checkout still had marketing m1: its marketing pages would show the wrong build.
    deployShell(store, 's2', [marketingV1, legalV1]);
    await publishReleases(store, { pause: noPause });
    expect(store.text('pages/blog.html')).toBe(pageHtml('marketing', 'm2', '/blog', 's1'));
    expect(store.text('pages/faq.html')).toBe(pageHtml('marketing', 'm2', '/faq', 's1'));
    expect(store.text('pages/terms.html')).toBe(pageHtml('legal', 'l1', '/terms', 's2'));

    deployRemote(store, marketingV2, 's2');
    const result = await publishReleases(store, { pause: noPause });
    expect(store.text('pages/blog.html')).toBe(pageHtml('marketing', 'm2', '/blog', 's2'));
    expect(result.pagesFromShell).toEqual(['pages/terms.html', 'pages/privacy.html']);
  });

  test('rolling the shell back is one record change: the pages of the older shell release come back', async () => {
    const store = new MemoryStore();
    deployRemote(store, legalV1, 's1');
    const older = deployShell(store, 's2', [legalV1]);
    await publishReleases(store, { pause: noPause });
    deployShell(store, 's3', [legalV1]);
    await publishReleases(store, { pause: noPause });
    expect(store.text('pages/terms.html')).toBe(pageHtml('legal', 'l1', '/terms', 's3'));

    rollBack(store, SHELL_APP, older.release);
    await publishReleases(store, { pause: noPause });
    expect(store.text('pages/terms.html')).toBe(pageHtml('legal', 'l1', '/terms', 's2'));
  });

  test('rolling back is one record change: the older build, its pages, and no page for routes it never had', async () => {
    const store = new MemoryStore();
    const first = deployRemote(store, marketingV1);
    await publishReleases(store, { pause: noPause });
    deployRemote(store, marketingV2);
    await publishReleases(store, { pause: noPause });

    rollBack(store, 'marketing', first.release);
    const result = await publishReleases(store, { pause: noPause });

    expect(publishedDocument(store)).toEqual({ remotes: [marketingV1], releases: { marketing: first.release } });
    expect(store.text('pages/faq.html')).toBe(pageHtml('marketing', 'm1', '/faq', 's1'));
    expect(result.removedPages).toEqual(['pages/blog.html']);
    expect(store.text('pages/blog.html')).toBeUndefined();
  });

  test('a remote whose record is deleted disappears from the document, and so do its pages', async () => {
    const store = new MemoryStore();
    deployRemote(store, marketingV1);
    deployRemote(store, legalV1);
    await publishReleases(store, { pause: noPause });

    await store.delete(pointerKey('legal'));
    await publishReleases(store, { pause: noPause });

    expect(publishedDocument(store).remotes).toEqual([marketingV1]);
    expect(store.text('pages/terms.html')).toBeUndefined();
    expect(store.text('pages/faq.html')).toBe(pageHtml('marketing', 'm1', '/faq', 's1'));
  });

  test('two teams publishing at once both end up in the document: the run that loses the race starts over', async () => {
    const store = new MemoryStore();
    deployRemote(store, marketingV1);
    await publishReleases(store, { pause: noPause });

    deployRemote(store, marketingV2);
    let raced = false;
    store.beforePut = async () => {
      if (raced) return;
      raced = true;
      // The legal team's deploy and its publisher run complete while marketing's run is mid-way.
      deployRemote(store, legalV1);
      await publishReleases(store, { pause: noPause });
    };
    const result = await publishReleases(store, { pause: noPause });

    expect(result.attempts).toBe(2);
    expect(publishedDocument(store).remotes).toEqual([legalV1, marketingV2]);
    expect(store.text('pages/blog.html')).toBe(pageHtml('marketing', 'm2', '/blog', 's1'));
    expect(store.text('pages/privacy.html')).toBe(pageHtml('legal', 'l1', '/privacy', 's1'));
  });

  test('gives up with an error when the document keeps changing under it', async () => {
    const store = new MemoryStore();
    deployRemote(store, marketingV1);
    store.write(POINTER_DOCUMENT_KEY, JSON.stringify({ remotes: [] }));
    let generation = 0;
    store.beforePut = async () => {
      generation += 1;
      store.write(POINTER_DOCUMENT_KEY, JSON.stringify({ remotes: [], generation }));
    };

    await expect(publishReleases(store, { maxAttempts: 3, pause: noPause })).rejects.toThrow('Could not publish mfe/remotes.json: it kept changing during 3 attempts');
    expect(store.puts).toHaveLength(3);
  });
});

describe("release publisher: one team's bad release blocks nobody else", () => {
  test('an invalid record is rejected for its remote only: it keeps its last release and the others publish', async () => {
    const store = new MemoryStore();
    const legal = deployRemote(store, legalV1);
    deployRemote(store, marketingV1);
    await publishReleases(store, { pause: noPause });

    store.write(pointerKey('legal'), JSON.stringify({ ...legal, pointer: { ...legalV1, manifest: '/elsewhere/mf-manifest.json' } }));
    deployRemote(store, marketingV2);
    deployRemote(store, commerceV1);
    const result = await publishReleases(store, { pause: noPause });

    expect(result.rejected).toEqual([{ app: 'legal', reason: expect.stringContaining('Invalid release record in mfe/pointers/legal.json') }]);
    expect(result.rejected[0]?.reason).toContain('remote legal has no manifest path under /mfe/legal/l1/');
    expect(publishedDocument(store).remotes).toEqual([commerceV1, legalV1, marketingV2]);
    expect(publishedDocument(store).releases.legal).toBe(legal.release);
    expect(store.text('pages/blog.html')).toBe(pageHtml('marketing', 'm2', '/blog', 's1'));
    expect(store.text('pages/terms.html')).toBe(pageHtml('legal', 'l1', '/terms', 's1'));
  });

  test('a release whose page would reach visitors empty (a component threw while prerendering) is rejected; that remote keeps its live release', async () => {
    const store = new MemoryStore();
    const legal = deployRemote(store, legalV1);
    deployRemote(store, marketingV1);
    await publishReleases(store, { pause: noPause });

    const broken = deployRemote(store, pointer('legal', 'l2', ['/terms', '/privacy']));
    const emptied = `<html><head><title>/terms | Kesho Global Education</title></head><body><main><!--$!--><template></template><!--/$--></main></body></html>`;
    store.write(`${releasePrefix('legal', broken.release)}${pageKeyForRoute('/terms')}`, emptied);
    const result = await publishReleases(store, { pause: noPause });

    expect(result.rejected).toEqual([{ app: 'legal', reason: expect.stringContaining(`release ${broken.release} of legal has pages that would reach visitors empty`) }]);
    expect(result.rejected[0]?.reason).toContain('/terms: a component threw while rendering');
    expect(result.rejected[0]?.reason).toContain('/terms: its <main> is empty');
    expect(publishedDocument(store).releases.legal).toBe(legal.release);
    expect(store.text('pages/terms.html')).toBe(pageHtml('legal', 'l1', '/terms', 's1'));
  });

  test('a route claimed by two remotes is rejected for the remote that claims it, while the others publish', async () => {
    const store = new MemoryStore();
    deployRemote(store, marketingV1);
    const legal = deployRemote(store, legalV1);
    await publishReleases(store, { pause: noPause });

    const greedyLegal = pointer('legal', 'l2', ['/terms', '/privacy', '/faq']);
    const rejectedRelease = deployRemote(store, greedyLegal);
    deployRemote(store, commerceV1);
    deployRemote(store, marketingV2);
    const result = await publishReleases(store, { pause: noPause });

    expect(result.rejected).toEqual([{ app: 'legal', reason: `release ${rejectedRelease.release} of legal was not published: route /faq is also claimed by marketing` }]);
    expect(publishedDocument(store)).toEqual({
      remotes: [commerceV1, legalV1, marketingV2],
      releases: { commerce: expect.stringMatching(/^c1-/), legal: legal.release, marketing: expect.stringMatching(/^m2-/) },
    });
    expect(store.text('pages/faq.html')).toBe(pageHtml('marketing', 'm2', '/faq', 's1'));
    expect(store.text('pages/quote.html')).toBe(pageHtml('commerce', 'c1', '/quote', 's1'));

    // Later publishes keep working, and keep refusing only legal until it releases without /faq.
    deployRemote(store, pointer('commerce', 'c2', ['/quote']));
    expect((await publishReleases(store, { pause: noPause })).rejected.map((rejection) => rejection.app)).toEqual(['legal']);
    expect(publishedDocument(store).remotes.map((entry) => entry.buildId)).toEqual(['c2', 'l1', 'm2']);
    deployRemote(store, pointer('legal', 'l3', ['/terms', '/privacy', '/cookies']));
    expect((await publishReleases(store, { pause: noPause })).rejected).toEqual([]);
    expect(store.text('pages/cookies.html')).toBe(pageHtml('legal', 'l3', '/cookies', 's1'));
  });

  test('a route already served by a remote stays with it when a newcomer claims it too', async () => {
    const store = new MemoryStore();
    deployRemote(store, marketingV1);
    await publishReleases(store, { pause: noPause });

    deployRemote(store, pointer('legal', 'l9', ['/faq', '/terms']));
    const result = await publishReleases(store, { pause: noPause });

    expect(result.rejected).toEqual([{ app: 'legal', reason: expect.stringContaining('route /faq is served by marketing') }]);
    expect(publishedDocument(store).remotes).toEqual([marketingV1]);
    expect(store.text('pages/terms.html')).toBeUndefined();
  });

  test('two remotes may swap routes in one publish', async () => {
    const store = new MemoryStore();
    deployRemote(store, pointer('legal', 'l1', ['/terms']));
    deployRemote(store, pointer('commerce', 'c1', ['/quote']));
    await publishReleases(store, { pause: noPause });

    deployRemote(store, pointer('legal', 'l2', ['/quote']));
    deployRemote(store, pointer('commerce', 'c2', ['/terms']));
    const result = await publishReleases(store, { pause: noPause });

    expect(result.rejected).toEqual([]);
    expect(store.text('pages/terms.html')).toBe(pageHtml('commerce', 'c2', '/terms', 's1'));
  });

  test("refuses a record stored under another remote's name, for that key only", async () => {
    const store = new MemoryStore();
    const legal = deployRemote(store, legalV1);
    store.write(pointerKey('commerce'), JSON.stringify(legal));
    const result = await publishReleases(store, { pause: noPause });
    expect(result.rejected).toEqual([{ app: 'commerce', reason: 'mfe/pointers/commerce.json is a release of legal, not of commerce' }]);
    expect(publishedDocument(store).remotes).toEqual([legalV1]);
  });

  test('refuses a release whose snapshot lacks one of its pages, before touching its live pages', async () => {
    const store = new MemoryStore();
    deployRemote(store, legalV1);
    const marketing = deployRemote(store, marketingV1);
    await store.delete(`${releasePrefix('marketing', marketing.release)}pages/faq.html`);

    const result = await publishReleases(store, { pause: noPause });

    expect(result.rejected).toEqual([{ app: 'marketing', reason: `release ${marketing.release} of marketing lacks releases/marketing/${marketing.release}/pages/faq.html` }]);
    expect(publishedDocument(store).remotes).toEqual([legalV1]);
    expect(store.text('pages/index.html')).toBeUndefined();
  });
});

describe("a deploy's publish (the custom resource of each shell and remote stack)", () => {
  test('succeeds once mfe/remotes.json shows the release the stack deployed', async () => {
    const store = new MemoryStore();
    const release = deployRemote(store, marketingV1);
    await expect(publishForDeploy(store, deploy('marketing', release.release, 'Create'), { pause: noPause })).resolves.toEqual({
      status: 'SUCCESS',
      reason: `mfe/remotes.json shows release ${release.release} of marketing`,
      physicalResourceId: 'release-publish-marketing',
    });
    expect(publishedDocument(store).remotes).toEqual([marketingV1]);
  });

  test('publishes on every deploy, so a redeploy with new pages is live before the stack succeeds', async () => {
    const store = new MemoryStore();
    deployRemote(store, marketingV1, 's1', 1);
    await publishReleases(store, { pause: noPause });
    const again = deployRemote(store, marketingV1, 's1', 2);

    const outcome = await publishForDeploy(store, deploy('marketing', again.release), { pause: noPause });

    expect(outcome.status).toBe('SUCCESS');
    expect(store.text('pages/faq.html')).toBe(pageHtml('marketing', 'm1', '/faq', 's1', 2));
  });

  test('a shell deploy succeeds once its release is the published one', async () => {
    const store = new MemoryStore();
    deployRemote(store, legalV1, 's1');
    const shell = deployShell(store, 's2', [legalV1]);
    const outcome = await publishForDeploy(store, deploy(SHELL_APP, shell.release), { pause: noPause });
    expect(outcome).toMatchObject({ status: 'SUCCESS', physicalResourceId: 'release-publish-shell' });
    expect(store.text('pages/terms.html')).toBe(pageHtml('legal', 'l1', '/terms', 's2'));
  });

  test('reports FAILED with the reason when its release collides, and the other remotes stay published', async () => {
    const store = new MemoryStore();
    deployRemote(store, marketingV1);
    await publishReleases(store, { pause: noPause });
    const greedy = deployRemote(store, pointer('legal', 'l9', ['/faq']));

    const outcome = await publishForDeploy(store, deploy('legal', greedy.release, 'Create'), { pause: noPause });

    expect(outcome).toEqual({
      status: 'FAILED',
      reason: `release ${greedy.release} of legal was not published: route /faq is served by marketing`,
      physicalResourceId: 'release-publish-legal',
    });
    expect(publishedDocument(store).remotes).toEqual([marketingV1]);
  });

  test('reports FAILED when mfe/remotes.json does not show the new build afterwards', async () => {
    const store = new MemoryStore();
    const live = deployRemote(store, marketingV1);
    await publishReleases(store, { pause: noPause });
    // The stack deployed release m2, but the record in the bucket still names m1 (its upload never
    // landed, or a rollback replaced it meanwhile): the site does not show what was deployed.
    const deployed = nameRelease({ app: 'marketing', shellBuildId: 's1', pointer: marketingV2 }, []);

    const outcome = await publishForDeploy(store, deploy('marketing', deployed.release), { pause: noPause });

    expect(outcome).toEqual({
      status: 'FAILED',
      reason: `mfe/remotes.json shows release ${live.release} of marketing, not ${deployed.release} (changed by another release since?)`,
      physicalResourceId: 'release-publish-marketing',
    });
  });

  test('reports FAILED, never throws, when publishing itself fails', async () => {
    const store = new MemoryStore();
    const release = deployRemote(store, marketingV1);
    store.write(POINTER_DOCUMENT_KEY, 'not json');
    const outcome = await publishForDeploy(store, deploy('marketing', release.release), { pause: noPause });
    expect(outcome).toEqual({ status: 'FAILED', reason: 'Publishing failed: mfe/remotes.json is not JSON', physicalResourceId: 'release-publish-marketing' });
  });

  test('deleting a stack leaves its release published', async () => {
    const store = new MemoryStore();
    const release = deployRemote(store, marketingV1);
    await publishReleases(store, { pause: noPause });
    const outcome = await publishForDeploy(store, deploy('marketing', release.release, 'Delete'), { pause: noPause });
    expect(outcome.status).toBe('SUCCESS');
    expect(publishedDocument(store).remotes).toEqual([marketingV1]);
    expect(documentPuts(store)).toHaveLength(1);
  });
});

/**
 * A store whose writes (put, copy, delete) first let `interrupt` run once, at the `at`-th of them: a
 * concurrent publisher run slipped in between this run's reads and its writes.
 */
function interleaved(store: MemoryStore, at: number, interrupt: () => Promise<void>): ObjectStore {
  let writes = 0;
  const before = async () => {
    writes += 1;
    if (writes === at) await interrupt();
  };
  return {
    get: (key) => store.get(key),
    head: (key) => store.head(key),
    listKeys: (prefix) => store.listKeys(prefix),
    put: async (key, body, metadata, condition) => (await before(), store.put(key, body, metadata, condition)),
    copy: async (source, target, metadata) => (await before(), store.copy(source, target, metadata)),
    delete: async (key) => (await before(), store.delete(key)),
  };
}

describe('releases that stay as released: pages only from the run whose document is live', () => {
  const olderPage = (body: string | undefined) => body?.includes('marketing m1 ') ?? false;

  /**
   * Runs a publish that, at its `at`-th write, lets marketing m2 be deployed and a newer run publish
   * whole; returns its result and every change made after the newer run ended.
   */
  async function overtakenAt(store: MemoryStore, at: number) {
    let newerPublished = -1;
    const older = interleaved(store, at, async () => {
      deployRemote(store, marketingV2);
      await publishReleases(store, { pause: noPause });
      newerPublished = store.changes.length;
    });
    const result = await publishReleases(older, { pause: noPause });
    expect(newerPublished).toBeGreaterThan(0);
    expect(publishedDocument(store).remotes).toEqual([legalV1, marketingV2]);
    for (const route of marketingV2.routes) expect(store.text(pageKeyForRoute(route.path))).toBe(pageHtml('marketing', 'm2', route.path, 's1'));
    return { result, afterNewer: store.changes.slice(newerPublished) };
  }

  test('a run from older records that loses the race writes no page: it starts over from the newer state', async () => {
    const store = new MemoryStore();
    deployRemote(store, marketingV1);
    deployRemote(store, legalV1);
    await publishReleases(store, { pause: noPause });

    // An older run (started by legal's event) has read marketing m1's record; marketing m2 is deployed
    // and published whole before that run writes anything.
    const { result, afterNewer } = await overtakenAt(store, 1);
    expect(afterNewer.filter((change) => olderPage(change.body))).toEqual([]);
    expect(result.attempts).toBe(2);
  });

  test('a run overtaken while its pages go live stops at once and puts the newer pages back before it ends', async () => {
    const store = new MemoryStore();
    deployRemote(store, marketingV1);
    await publishReleases(store, { pause: noPause });
    deployRemote(store, legalV1);

    // The older run wins its write (legal l1, marketing m1) and is copying pages (legal's first, by
    // name) when marketing m2 is deployed and a newer run publishes whole.
    const { result, afterNewer } = await overtakenAt(store, 4);
    // At most the copy in flight lands late, and this same run puts it right before it answers.
    expect(afterNewer.filter((change) => olderPage(change.body)).length).toBeLessThanOrEqual(1);
    expect(result.attempts).toBe(2);
    expect(store.text('pages/terms.html')).toBe(pageHtml('legal', 'l1', '/terms', 's1'));
  });

  test('the document is written before any page: a run that fails its write has changed nothing visitors get', async () => {
    const store = new MemoryStore();
    deployRemote(store, marketingV1);
    await publishReleases(store, { pause: noPause });
    deployRemote(store, marketingV2);
    const before = store.changes.length;
    store.beforePut = async () => {
      throw new Error('S3 is down');
    };
    await expect(publishReleases(store, { pause: noPause })).rejects.toThrow('S3 is down');
    expect(store.changes.slice(before)).toEqual([]);
  });
});

describe('a publish copies only what changed', () => {
  /** The keys a run wrote or deleted, in order, after `from` changes. */
  const writtenSince = (store: MemoryStore, from: number) => store.changes.slice(from).map((change) => change.key);

  async function published() {
    const store = new MemoryStore();
    deployRemote(store, marketingV1);
    deployRemote(store, legalV1);
    await publishReleases(store, { pause: noPause });
    return store;
  }

  test('a run over records already live writes the document alone: every page, feed and discovery file holds its bytes already', async () => {
    const store = await published();
    const before = store.changes.length;
    await publishReleases(store, { pause: noPause });
    expect(writtenSince(store, before)).toEqual([POINTER_DOCUMENT_KEY]);
  });

  test('a live page whose bytes differ is copied again, and one with the right bytes but other metadata; one identical is not', async () => {
    const store = await published();
    store.write('pages/faq.html', '<html>stale</html>', { contentType: 'text/html; charset=utf-8', cacheControl: CACHE_NO_CACHE });
    // The right bytes, cached for a year: a visitor would keep it after the next release.
    store.write('pages/terms.html', store.text('pages/terms.html') as string, { contentType: 'text/html; charset=utf-8', cacheControl: 'public, max-age=31536000' });
    const before = store.changes.length;
    await publishReleases(store, { pause: noPause });
    expect(writtenSince(store, before).sort()).toEqual([POINTER_DOCUMENT_KEY, 'pages/faq.html', 'pages/terms.html'].sort());
    expect(store.text('pages/faq.html')).toBe(pageHtml('marketing', 'm1', '/faq', 's1'));
    expect(store.objects.get('pages/terms.html')).toMatchObject({ body: pageHtml('legal', 'l1', '/terms', 's1'), contentType: 'text/html; charset=utf-8', cacheControl: CACHE_NO_CACHE });
  });

  test("one team's release copies its own pages and the discovery files it changes, nothing of the others'", async () => {
    const store = await published();
    deployRemote(store, marketingV2);
    const deployed = store.changes.length;
    await publishReleases(store, { pause: noPause });
    const written = writtenSince(store, deployed);
    expect(written.filter((key) => key.startsWith('pages/')).sort()).toEqual(['pages/blog.html', 'pages/faq.html', 'pages/index.html', 'pages/services/visa.html']);
    expect(written).toEqual(expect.arrayContaining(['sitemap.xml', 'llms.txt']));
    expect(written).not.toContain('robots.txt');
    for (const route of marketingV2.routes) expect(store.text(pageKeyForRoute(route.path))).toBe(pageHtml('marketing', 'm2', route.path, 's1'));
  });

  test('a run that dies half-way through the live pages is completed by the next, which copies only the pages not live yet', async () => {
    const store = await published();
    deployRemote(store, marketingV2);
    let copies = 0;
    const dying: ObjectStore = {
      get: (key) => store.get(key),
      head: (key) => store.head(key),
      listKeys: (prefix) => store.listKeys(prefix),
      put: (key, body, metadata, condition) => store.put(key, body, metadata, condition),
      copy: async (source, target, metadata) => {
        copies += 1;
        if (copies === 3) throw new Error('the Lambda timed out');
        return store.copy(source, target, metadata);
      },
      delete: (key) => store.delete(key),
    };
    await expect(publishReleases(dying, { pause: noPause })).rejects.toThrow('the Lambda timed out');
    const newPages = marketingV2.routes.map((route) => pageKeyForRoute(route.path));
    // Copies 1 and 2 landed; the third failed.
    const liveAfterCrash = newPages.filter((key, index) => store.text(key) === pageHtml('marketing', 'm2', marketingV2.routes[index]?.path ?? '', 's1'));
    expect(liveAfterCrash).toHaveLength(2);

    const before = store.changes.length;
    await publishReleases(store, { pause: noPause });
    const written = writtenSince(store, before);
    // The document again (the same bytes), the two pages the dead run did not copy, the discovery files it did not write.
    expect(written.filter((key) => key.startsWith('pages/')).sort()).toEqual(newPages.filter((key) => !liveAfterCrash.includes(key)).sort());
    for (const route of marketingV2.routes) expect(store.text(pageKeyForRoute(route.path))).toBe(pageHtml('marketing', 'm2', route.path, 's1'));
    expect(written).not.toContain('pages/terms.html');
    expect(written).not.toContain('pages/privacy.html');
    expect(store.text('sitemap.xml')).toBe(discoveryFiles(publishedDocument(store))['sitemap.xml']);
  });
});

describe("releases that stay as released: the shell's root files and not-found page", () => {
  const ROOT_KEYS = ['favicon.svg', 'pages/404.html'];

  test('go live with the shell release that holds them, never before its publication, each with its type and no-cache', async () => {
    const store = new MemoryStore();
    deployRemote(store, legalV1, 's1');
    deployShell(store, 's1', [legalV1]);
    // The deploy's uploads alone change nothing visitors get.
    for (const key of ROOT_KEYS) expect(store.objects.has(key)).toBe(false);

    await publishReleases(store, { pause: noPause });

    const shared = sharedFilesOf('s1');
    for (const key of ROOT_KEYS) expect(store.text(key)).toBe(shared[key]);
    expect(Object.fromEntries(ROOT_KEYS.map((key) => [key, store.objects.get(key)?.contentType]))).toEqual({
      'favicon.svg': 'image/svg+xml',
      'pages/404.html': 'text/html; charset=utf-8',
    });
    for (const key of ROOT_KEYS) expect(store.objects.get(key)?.cacheControl).toBe(CACHE_NO_CACHE);
    // Written after the document, with the pages.
    const documentAt = store.changes.findIndex((change) => change.key === POINTER_DOCUMENT_KEY);
    for (const key of ROOT_KEYS) expect(store.changes.findIndex((change) => change.key === key)).toBeGreaterThan(documentAt);
  });

  test("a shell rollback brings back the older release's root files and not-found page", async () => {
    const store = new MemoryStore();
    deployRemote(store, legalV1, 's1');
    const older = deployShell(store, 's2', [legalV1]);
    await publishReleases(store, { pause: noPause });
    deployShell(store, 's3', [legalV1]);
    await publishReleases(store, { pause: noPause });
    expect(store.text('favicon.svg')).toBe(sharedFilesOf('s3')['favicon.svg']);

    rollBack(store, SHELL_APP, older.release);
    await publishReleases(store, { pause: noPause });

    const shared = sharedFilesOf('s2');
    for (const key of ROOT_KEYS) expect(store.text(key)).toBe(shared[key]);
    expect(store.text('pages/terms.html')).toBe(pageHtml('legal', 'l1', '/terms', 's2'));
  });

  test('a shell release made before they travelled with it leaves the live ones as they are', async () => {
    const store = new MemoryStore();
    deployRemote(store, legalV1, 's1');
    const older = deployShell(store, 's2', [legalV1], null);
    await publishReleases(store, { pause: noPause });
    expect(store.objects.has('favicon.svg')).toBe(false);
    deployShell(store, 's3', [legalV1]);
    await publishReleases(store, { pause: noPause });

    rollBack(store, SHELL_APP, older.release);
    await publishReleases(store, { pause: noPause });

    expect(store.text('favicon.svg')).toBe(sharedFilesOf('s3')['favicon.svg']);
    expect(store.text('pages/terms.html')).toBe(pageHtml('legal', 'l1', '/terms', 's2'));
  });

  test('a shell record that names any other key as a shared file is refused, and the live shell stays', () => {
    const renderedWith = { remotes: [legalV1] };
    // The discovery files among them: the publisher makes those from the document it writes.
    for (const key of ['mfe/remotes.json', 'pages/terms.html', 'index.html', '../favicon.svg', 'robots.txt', 'sitemap.xml', 'llms.txt']) {
      expect(() => parseReleaseRecord({ app: 'shell', release: 's2-0123456789ab', shellBuildId: 's2', renderedWith, sharedFiles: [key] }, 'the test')).toThrow(
        /"sharedFiles" may name only favicon\.svg, pages\/404\.html/,
      );
    }
    expect(() => parseReleaseRecord({ app: 'shell', release: 's2-0123456789ab', shellBuildId: 's2', renderedWith, sharedFiles: ['favicon.svg', 'favicon.svg'] }, 'the test')).toThrow(
      'names a file twice',
    );
  });
});

describe('the discovery files follow every publication, whichever app it publishes', () => {
  const DISCOVERY_KEYS = ['sitemap.xml', 'robots.txt', 'llms.txt'];
  const withFeed = (entry: RemotePointer): RemotePointer => ({ ...entry, routes: entry.routes.map((route) => (route.path === '/blog' ? { ...route, feed: true as const } : route)) });

  test('a marketing release that adds a route with a feed changes the live sitemap.xml and llms.txt, with no shell release, each with its type and no-cache, after the document', async () => {
    const store = new MemoryStore();
    deployRemote(store, marketingV1, 's1');
    deployRemote(store, legalV1, 's1');
    deployShell(store, 's1', [legalV1, marketingV1]);
    await publishReleases(store, { pause: noPause });
    const before = Object.fromEntries(DISCOVERY_KEYS.map((key) => [key, store.text(key)]));
    expect(before).toEqual(discoveryFiles(publishedDocument(store)));
    const shellRelease = publishedDocument(store).releases.shell;
    expect(before['sitemap.xml']).not.toContain('/blog');

    const changesBefore = store.changes.length;
    deployRemote(store, withFeed(marketingV2), 's1');
    await publishReleases(store, { pause: noPause });

    expect(publishedDocument(store).releases.shell).toBe(shellRelease);
    const after = Object.fromEntries(DISCOVERY_KEYS.map((key) => [key, store.text(key)]));
    expect(after).toEqual(discoveryFiles({ remotes: [legalV1, withFeed(marketingV2)] }));
    expect(after['sitemap.xml']).toContain(`<loc>${site.origin}/blog</loc>`);
    expect(after['llms.txt']).toContain(`(${site.origin}/blog/rss.xml)`);
    expect(after['robots.txt']).toBe(before['robots.txt']);
    expect(Object.fromEntries(DISCOVERY_KEYS.map((key) => [key, store.objects.get(key)?.contentType]))).toEqual({
      'sitemap.xml': 'application/xml; charset=utf-8',
      'robots.txt': 'text/plain; charset=utf-8',
      'llms.txt': 'text/plain; charset=utf-8',
    });
    for (const key of DISCOVERY_KEYS) expect(store.objects.get(key)?.cacheControl).toBe(CACHE_NO_CACHE);
    const changes = store.changes.slice(changesBefore);
    const documentAt = changes.findIndex((change) => change.key === POINTER_DOCUMENT_KEY);
    expect(documentAt).toBeGreaterThanOrEqual(0);
    for (const key of ['sitemap.xml', 'llms.txt']) expect(changes.findIndex((change) => change.key === key)).toBeGreaterThan(documentAt);
    // robots.txt holds the same bytes (and metadata) already: not written again.
    expect(changes.findIndex((change) => change.key === 'robots.txt')).toBe(-1);
  });

  test('a rollback of marketing brings back the sitemap.xml and llms.txt of the release it goes back to', async () => {
    const store = new MemoryStore();
    const older = deployRemote(store, marketingV1);
    deployRemote(store, legalV1);
    await publishReleases(store, { pause: noPause });
    const before = Object.fromEntries(DISCOVERY_KEYS.map((key) => [key, store.text(key)]));
    const newer = deployRemote(store, withFeed(marketingV2));
    await publishReleases(store, { pause: noPause });
    expect(store.text('llms.txt')).not.toBe(before['llms.txt']);

    rollBackWithdrawing(store, 'marketing', newer.release, older.release);
    await publishReleases(store, { pause: noPause });

    expect(Object.fromEntries(DISCOVERY_KEYS.map((key) => [key, store.text(key)]))).toEqual(before);
  });

  test('a run that loses the race for the document writes no discovery file', async () => {
    const store = new MemoryStore();
    deployRemote(store, marketingV1);
    await publishReleases(store, { pause: noPause });
    deployRemote(store, withFeed(marketingV2));
    const changesBefore = store.changes.length;
    let conflicts = 0;
    store.beforePut = async (key) => {
      if (key !== POINTER_DOCUMENT_KEY || conflicts++ > 0) return;
      // Another run publishes the same records first: this one's conditional write fails.
      store.write(POINTER_DOCUMENT_KEY, `${store.text(POINTER_DOCUMENT_KEY)} `);
    };
    await publishReleases(store, { pause: noPause });
    const changes = store.changes.slice(changesBefore).map((change) => change.key);
    // The only discovery writes are those after the run's own (second) write of the document.
    const ownDocumentAt = changes.lastIndexOf(POINTER_DOCUMENT_KEY);
    for (const key of ['sitemap.xml', 'llms.txt']) expect(changes.indexOf(key)).toBeGreaterThan(ownDocumentAt);
    // robots.txt names no route: the same bytes, not written at all.
    expect(changes.indexOf('robots.txt')).toBe(-1);
    expect(store.text('sitemap.xml')).toContain('/blog');
  });
});

describe('releases that stay as released: a release withdrawn by a rollback', () => {
  const rollingBack = async () => true;
  const deploying = async () => false;

  /** marketing: m1 published, m2 published, then rolled back to m1 with m2 marked withdrawn. */
  async function rolledBack() {
    const store = new MemoryStore();
    const first = deployRemote(store, marketingV1);
    await publishReleases(store, { pause: noPause });
    const bad = deployRemote(store, marketingV2);
    await publishReleases(store, { pause: noPause });
    rollBackWithdrawing(store, 'marketing', bad.release, first.release);
    await publishReleases(store, { pause: noPause });
    expect(publishedDocument(store).releases).toEqual({ marketing: first.release });
    return { store, first, bad };
  }

  test("the team's next failed deploy, rolled back by CloudFormation, re-uploads the withdrawn release: the site stays at the rollback's and the stack's rollback completes", async () => {
    const { store, first, bad } = await rolledBack();
    // The team's next deploy collides with legal's route and fails...
    deployRemote(store, legalV1);
    await publishReleases(store, { pause: noPause });
    const failing = deployRemote(store, pointer('marketing', 'm3', ['/', '/faq', '/terms']));
    expect(await publishForDeploy(store, deploy('marketing', failing.release), { pause: noPause })).toMatchObject({ status: 'FAILED' });
    // ...and CloudFormation's rollback uploads the record the stack last deployed: the withdrawn m2.
    deployRemote(store, marketingV2);

    const outcome = await publishForDeploy(store, deploy('marketing', bad.release), { pause: noPause }, undefined, rollingBack);

    expect(outcome.status).toBe('SUCCESS');
    expect(outcome.reason).toContain(`release ${bad.release} of marketing was withdrawn by a rollback`);
    expect(publishedDocument(store).releases).toEqual({ legal: expect.any(String), marketing: first.release });
    expect(store.text('pages/faq.html')).toBe(pageHtml('marketing', 'm1', '/faq', 's1'));
    expect(store.text('pages/blog.html')).toBeUndefined();
    // Later runs (another team's release) keep it so, and do not count it a failure.
    const later = await publishReleases(store, { pause: noPause });
    expect(later.rejected).toEqual([expect.objectContaining({ app: 'marketing', withdrawn: true })]);
    expect(publishedDocument(store).releases.marketing).toBe(first.release);
  });

  test('deploying the withdrawn release anew is refused with the reason, until the team deploys a new build', async () => {
    const { store, first, bad } = await rolledBack();
    deployRemote(store, marketingV2);

    const refused = await publishForDeploy(store, deploy('marketing', bad.release), { pause: noPause }, undefined, deploying);
    expect(refused).toEqual({
      status: 'FAILED',
      reason: `release ${bad.release} of marketing was withdrawn by a rollback (releases/marketing/${bad.release}/withdrawn.json): marketing stays at its last published release; build and deploy a new release instead`,
      physicalResourceId: 'release-publish-marketing',
    });
    expect(publishedDocument(store).releases.marketing).toBe(first.release);

    const fixed = deployRemote(store, { ...marketingV2, buildId: 'm4', manifest: '/mfe/marketing/m4/mf-manifest.json' });
    expect(await publishForDeploy(store, deploy('marketing', fixed.release), { pause: noPause }, undefined, deploying)).toMatchObject({ status: 'SUCCESS' });
    expect(store.text('pages/blog.html')).toBe(pageHtml('marketing', 'm4', '/blog', 's1'));
  });

  test("a withdrawn release is refused from its snapshot's listing: none of its pages is downloaded", async () => {
    const { store, bad } = await rolledBack();
    deployRemote(store, marketingV2);
    const read: string[] = [];
    const get = store.get.bind(store);
    store.get = async (key) => {
      read.push(key);
      return get(key);
    };

    const result = await publishReleases(store, { pause: noPause });

    expect(result.rejected).toEqual([expect.objectContaining({ app: 'marketing', withdrawn: true })]);
    expect(read.filter((key) => key.startsWith(releasePrefix('marketing', bad.release)))).toEqual([]);
  });

  test('a withdrawn shell release is refused the same way: the rolled-back-to shell keeps its pages and root files', async () => {
    const store = new MemoryStore();
    deployRemote(store, legalV1, 's1');
    const good = deployShell(store, 's2', [legalV1]);
    await publishReleases(store, { pause: noPause });
    const bad = deployShell(store, 's3', [legalV1]);
    await publishReleases(store, { pause: noPause });
    rollBackWithdrawing(store, SHELL_APP, bad.release, good.release);
    await publishReleases(store, { pause: noPause });

    deployShell(store, 's3', [legalV1]);
    expect(await publishForDeploy(store, deploy(SHELL_APP, bad.release), { pause: noPause }, undefined, rollingBack)).toMatchObject({ status: 'SUCCESS' });
    expect(publishedDocument(store).releases.shell).toBe(good.release);
    expect(store.text('pages/terms.html')).toBe(pageHtml('legal', 'l1', '/terms', 's2'));
    expect(store.text('pages/404.html')).toBe(sharedFilesOf('s2')['pages/404.html']);
  });
});

describe('release record', () => {
  test.each([
    ['/', 'pages/index.html'],
    ['/faq', 'pages/faq.html'],
    ['/services/visa', 'pages/services/visa.html'],
  ])('keeps the page of route %s at %s', (route, key) => {
    expect(pageKeyForRoute(route)).toBe(key);
  });

  test.each(['faq', '/faq/', '/../secrets', '/faq.html', '/a//b', ''])('rejects %j as a route path', (route) => {
    expect(() => pageKeyForRoute(route)).toThrow('is not a site path');
  });

  test("validates a remote's pointer with the pointer document's own schema, keeping only its fields", () => {
    const record = nameRelease({ app: 'marketing', shellBuildId: 's1', pointer: marketingV1 }, []);
    const withExtras = { ...record, pointer: { ...marketingV1, integrity: 'sha384-abc', routes: [{ path: '/', title: 'Home', description: 'Home page' }] } };
    expect(parseReleaseRecord(withExtras, 'test')).toEqual({
      ...record,
      pointer: { ...marketingV1, routes: [{ path: '/', title: 'Home', description: 'Home page', listed: true }] },
    });
  });

  const valid = nameRelease({ app: 'marketing', shellBuildId: 's1', pointer: marketingV1 }, []);
  test.each([
    [{ ...valid, app: 'Marketing' }, '"app" must be "shell" or a remote name'],
    [{ ...valid, release: 'm1' }, 'marketing has no valid "release"'],
    [{ ...valid, release: 'm2-0123456789ab' }, 'release m2-0123456789ab is not of marketing build m1'],
    [{ ...valid, shellBuildId: '../s1' }, 'has no valid "shellBuildId"'],
    [{ ...valid, pointer: { ...marketingV1, buildId: '../m1' } }, 'remote marketing has no build id'],
    [{ ...valid, pointer: { ...marketingV1, routes: [{ title: 'no path' }] } }, 'remote marketing has a route without a valid path'],
    [{ ...valid, pointer: legalV1 }, 'its pointer is for legal, not marketing'],
    [{ app: SHELL_APP, release: 's1-0123456789ab', shellBuildId: 's1', renderedWith: { remotes: [legalV1, pointer('shell', 'x', [])] } }, 'cannot be called "shell"'],
    [
      { app: SHELL_APP, release: 's1-0123456789ab', shellBuildId: 's1', renderedWith: { remotes: [legalV1, pointer('commerce', 'c1', ['/terms'])] } },
      'route /terms is claimed by both legal and commerce',
    ],
  ])('rejects a malformed record (%#)', (record, message) => {
    expect(() => parseReleaseRecord(record, 'test')).toThrow(message);
  });
});
