import { CACHE_NO_CACHE } from '@kesho/common/security-headers';
import { publishReleases } from '../functions/release-publisher/publisher';
import {
  pageKeyForRoute,
  parseRemotePointer,
  pointerKey,
  POINTER_DOCUMENT_KEY,
  releasePrefix,
  RELEASE_POINTER_FILE,
  type RemotePointer,
} from '../functions/release-publisher/release-record';
import { MemoryStore } from './support/memory-store';

const noPause = async () => undefined;

function pointer(name: string, buildId: string, routes: string[]): RemotePointer {
  return {
    name,
    buildId,
    manifest: `/mfe/${name}/${buildId}/mf-manifest.json`,
    routes: routes.map((path) => ({ path, title: `${path} | Kesho Global Education`, description: `Page ${path}` })),
  };
}

/** What a remote stack's deploy leaves in the bucket: the release snapshot, then the pointer. */
function deployRelease(store: MemoryStore, release: RemotePointer): void {
  const snapshot = releasePrefix(release.name, release.buildId);
  store.write(`${snapshot}${RELEASE_POINTER_FILE}`, JSON.stringify(release));
  for (const route of release.routes) {
    store.write(`${snapshot}${pageKeyForRoute(route.path)}`, `<html>${release.name} ${release.buildId} ${route.path}</html>`);
  }
  store.write(pointerKey(release.name), JSON.stringify(release));
}

/** The documented rollback: copy an older release's pointer.json over the remote's pointer. */
function rollBack(store: MemoryStore, name: string, buildId: string): void {
  const recorded = store.text(`${releasePrefix(name, buildId)}${RELEASE_POINTER_FILE}`);
  if (recorded === undefined) throw new Error(`no release ${name}/${buildId}`);
  store.write(pointerKey(name), recorded);
}

function publishedDocument(store: MemoryStore): { remotes: RemotePointer[] } {
  const text = store.text(POINTER_DOCUMENT_KEY);
  if (text === undefined) throw new Error('mfe/remotes.json was never written');
  return JSON.parse(text) as { remotes: RemotePointer[] };
}

const marketingV1 = pointer('marketing', 'm1', ['/', '/faq', '/services/visa']);
const marketingV2 = pointer('marketing', 'm2', ['/', '/faq', '/services/visa', '/blog']);
const legalV1 = pointer('legal', 'l1', ['/terms', '/privacy']);

describe('release publisher', () => {
  test('publishes a first release: its pages go live with no-cache and the pointer document lists it', async () => {
    const store = new MemoryStore();
    deployRelease(store, marketingV1);

    const result = await publishReleases(store, { pause: noPause });

    expect(result).toEqual({ attempts: 1, remotes: [{ name: 'marketing', buildId: 'm1' }], removedPages: [] });
    expect(publishedDocument(store)).toEqual({ remotes: [marketingV1] });
    expect(store.objects.get(POINTER_DOCUMENT_KEY)).toMatchObject({ contentType: 'application/json', cacheControl: CACHE_NO_CACHE });
    expect(store.objects.get('pages/services/visa.html')).toMatchObject({
      body: '<html>marketing m1 /services/visa</html>',
      contentType: 'text/html; charset=utf-8',
      cacheControl: CACHE_NO_CACHE,
    });
    expect(store.text('pages/index.html')).toBe('<html>marketing m1 /</html>');
    expect(store.puts).toEqual([{ key: POINTER_DOCUMENT_KEY, condition: { ifNoneMatch: '*' } }]);
  });

  test("one team's release leaves the other teams' entries and pages as they were", async () => {
    const store = new MemoryStore();
    deployRelease(store, marketingV1);
    deployRelease(store, legalV1);
    await publishReleases(store, { pause: noPause });

    deployRelease(store, marketingV2);
    await publishReleases(store, { pause: noPause });

    expect(publishedDocument(store).remotes).toEqual([legalV1, marketingV2]);
    expect(store.text('pages/terms.html')).toBe('<html>legal l1 /terms</html>');
    expect(store.text('pages/blog.html')).toBe('<html>marketing m2 /blog</html>');
    expect(store.puts.at(-1)?.condition.ifMatch).toMatch(/^"[0-9a-f]{32}"$/);
  });

  test('rolling back is one pointer change: the older build, its pages, and no page for routes it never had', async () => {
    const store = new MemoryStore();
    deployRelease(store, marketingV1);
    await publishReleases(store, { pause: noPause });
    deployRelease(store, marketingV2);
    await publishReleases(store, { pause: noPause });

    rollBack(store, 'marketing', 'm1');
    const result = await publishReleases(store, { pause: noPause });

    expect(publishedDocument(store).remotes).toEqual([marketingV1]);
    expect(publishedDocument(store).remotes[0]?.manifest).toBe('/mfe/marketing/m1/mf-manifest.json');
    expect(store.text('pages/faq.html')).toBe('<html>marketing m1 /faq</html>');
    expect(result.removedPages).toEqual(['pages/blog.html']);
    expect(store.text('pages/blog.html')).toBeUndefined();
  });

  test('a remote whose pointer is deleted disappears from the document, and so do its pages', async () => {
    const store = new MemoryStore();
    deployRelease(store, marketingV1);
    deployRelease(store, legalV1);
    await publishReleases(store, { pause: noPause });

    await store.delete(pointerKey('legal'));
    await publishReleases(store, { pause: noPause });

    expect(publishedDocument(store).remotes).toEqual([marketingV1]);
    expect(store.text('pages/terms.html')).toBeUndefined();
    expect(store.text('pages/faq.html')).toBe('<html>marketing m1 /faq</html>');
  });

  test('two teams publishing at once both end up in the document: the run that loses the race starts over', async () => {
    const store = new MemoryStore();
    deployRelease(store, marketingV1);
    await publishReleases(store, { pause: noPause });

    deployRelease(store, marketingV2);
    let raced = false;
    store.beforePut = async () => {
      if (raced) return;
      raced = true;
      // The legal team's deploy and its publisher run complete while marketing's run is mid-way.
      deployRelease(store, legalV1);
      await publishReleases(store, { pause: noPause });
    };
    const result = await publishReleases(store, { pause: noPause });

    expect(result.attempts).toBe(2);
    expect(publishedDocument(store).remotes).toEqual([legalV1, marketingV2]);
    expect(store.text('pages/blog.html')).toBe('<html>marketing m2 /blog</html>');
    expect(store.text('pages/privacy.html')).toBe('<html>legal l1 /privacy</html>');
  });

  test('gives up with an error when the document keeps changing under it', async () => {
    const store = new MemoryStore();
    deployRelease(store, marketingV1);
    store.write(POINTER_DOCUMENT_KEY, JSON.stringify({ remotes: [] }));
    let generation = 0;
    store.beforePut = async () => {
      generation += 1;
      store.write(POINTER_DOCUMENT_KEY, JSON.stringify({ remotes: [], generation }));
    };

    await expect(publishReleases(store, { maxAttempts: 3, pause: noPause })).rejects.toThrow(
      'Could not publish mfe/remotes.json: it kept changing during 3 attempts',
    );
    expect(store.puts).toHaveLength(3);
  });

  test('refuses an invalid pointer and leaves the published document untouched', async () => {
    const store = new MemoryStore();
    deployRelease(store, marketingV1);
    await publishReleases(store, { pause: noPause });
    const before = store.text(POINTER_DOCUMENT_KEY);

    store.write(pointerKey('legal'), JSON.stringify({ name: 'legal', buildId: 'l1', manifest: '/elsewhere/mf-manifest.json', routes: [] }));

    await expect(publishReleases(store, { pause: noPause })).rejects.toThrow(
      'Invalid remote pointer in mfe/pointers/legal.json: remote legal: "manifest" must lie under /mfe/legal/l1/',
    );
    expect(store.text(POINTER_DOCUMENT_KEY)).toBe(before);
  });

  test('refuses a pointer stored under another remote\'s name', async () => {
    const store = new MemoryStore();
    store.write(pointerKey('commerce'), JSON.stringify(legalV1));
    await expect(publishReleases(store, { pause: noPause })).rejects.toThrow(
      'Pointer mfe/pointers/commerce.json names remote "legal"',
    );
  });

  test('refuses two remotes claiming the same route', async () => {
    const store = new MemoryStore();
    deployRelease(store, marketingV1);
    deployRelease(store, pointer('legal', 'l9', ['/faq']));
    await expect(publishReleases(store, { pause: noPause })).rejects.toThrow('Route /faq is claimed by both legal and marketing');
  });

  test('fails when a release snapshot lacks one of its pages, before touching the document', async () => {
    const store = new MemoryStore();
    deployRelease(store, marketingV1);
    await store.delete(`${releasePrefix('marketing', 'm1')}pages/faq.html`);
    await expect(publishReleases(store, { pause: noPause })).rejects.toThrow('NoSuchKey: releases/marketing/m1/pages/faq.html');
    expect(store.text(POINTER_DOCUMENT_KEY)).toBeUndefined();
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

  test('keeps fields it does not know, so the shell gets the pointer entry exactly as the build wrote it', () => {
    const entry = { ...marketingV1, routes: [{ path: '/', title: 'Home', listed: true }], integrity: 'sha384-abc' };
    expect(parseRemotePointer(entry, 'test')).toEqual(entry);
  });

  test.each([
    [{ ...marketingV1, name: 'Marketing' }, '"name" must be a lower-case identifier'],
    [{ ...marketingV1, buildId: '../m1' }, 'has no valid "buildId"'],
    [{ ...marketingV1, routes: [{ title: 'no path' }] }, 'has a route without a valid "path"'],
    [{ ...marketingV1, routes: undefined }, 'has no "routes" list'],
  ])('rejects a malformed pointer entry (%#)', (entry, message) => {
    expect(() => parseRemotePointer(entry, 'test')).toThrow(message);
  });
});
