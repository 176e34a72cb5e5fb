/**
 * The release publisher's canaries and previews (packages/release-model/src/engine/edge-pass.ts) on an in-memory
 * bucket and KeyValueStore: a team's command starts, promotes or aborts its canary; the variant
 * folders and the edge state follow; a preview deploy returns its signed link; the scheduled check
 * aborts a canary the client events condemn (by "auto", ops told); a failed step leaves what
 * visitors get as it was, and the next pass completes it.
 */
import { createHmac } from 'node:crypto';
import { checkPreviewToken, type EdgeState } from '@kesho/release-model/build-choice';
import { discoveryFiles } from '@kesho/release-model/discovery-files';
import { CACHE_NO_CACHE } from '@kesho/release-model/security-headers';
import { NO_FIGURES, type BuildFigures } from '@kesho/release-model/canary-health';
import { canaryCommandKey, EDGE_RECORD_KEY, publishSite, watchCanaries, type EdgeRecord, type EdgeServices } from '@kesho/release-model/engine/edge-pass';
import { deployEdge } from '../functions/release-publisher/deploy';
import { pointerKey, releasePrefix, RELEASE_RECORD_FILE, type RemoteRelease } from '@kesho/release-model/engine/release-record';
import { MemoryKeyValueStore, MemoryStore } from './support/memory-store';
import { deployRemote, pointer, publishedDocument } from './support/releases';

const LIVE = 'aaaaaaaaaaaa';
const CANDIDATE = 'bbbbbbbbbbbb';
const marketingLive = pointer('marketing', LIVE, ['/', '/faq']);
const marketingCandidate = pointer('marketing', CANDIDATE, ['/', '/faq']);
const legal = pointer('legal', 'cccccccccccc', ['/terms']);
const SECRET = 'the-preview-link-secret-of-the-tests-0123456789';
const NOW = new Date('2025-06-01T12:00:00Z');

function setUp() {
  const store = new MemoryStore();
  const kvs = new MemoryKeyValueStore();
  const notices: string[] = [];
  const logged: Record<string, unknown>[] = [];
  const figures = new Map<string, BuildFigures>();
  const services: EdgeServices = {
    kvs,
    previewSecret: async () => SECRET,
    figures: async (_app, build) => figures.get(build) ?? NO_FIGURES,
    notify: async (subject, message) => void notices.push(`${subject}: ${message}`),
    siteOrigin: 'https://www.keshoglobal.co.ke',
    now: () => NOW,
    log: (line) => void logged.push(line),
  };
  deployRemote(store, marketingLive);
  deployRemote(store, legal);
  return { store, kvs, services, notices, logged, figures };
}

/** A team's candidate: its release snapshot in the bucket, its current record left as it was. */
function uploadCandidate(store: MemoryStore, entry = marketingCandidate): RemoteRelease {
  const current = store.text(pointerKey(entry.name));
  const record = deployRemote(store, entry);
  if (current !== undefined) store.write(pointerKey(entry.name), current);
  return record;
}

const command = (store: MemoryStore, app: string, body: object) => store.write(canaryCommandKey(app), JSON.stringify(body));
const edgeRecord = (store: MemoryStore) => JSON.parse(store.text(EDGE_RECORD_KEY) ?? '{}') as EdgeRecord;
const kvsState = (kvs: MemoryKeyValueStore) => JSON.parse(kvs.values.get('state') ?? '{}') as EdgeState;
const variantPage = (store: MemoryStore, folder: string | undefined, page: string) => store.text(`variants/${folder}/${page}`);
const metadataOf = (store: MemoryStore, key: string) => {
  const object = store.objects.get(key);
  return object && { contentType: object.contentType, cacheControl: object.cacheControl };
};
const PAGE_METADATA = { contentType: 'text/html; charset=utf-8', cacheControl: CACHE_NO_CACHE };
const JSON_METADATA = { contentType: 'application/json; charset=utf-8', cacheControl: CACHE_NO_CACHE };

describe('canaries in AWS: the team writes a command, the publisher owns the state', () => {
  test("a start command puts the candidate's pages in a folder the edge serves to the share; the live site stays", async () => {
    const { store, kvs, services } = setUp();
    await publishSite(store, services);
    const livePage = store.text('pages/faq.html');
    const candidate = uploadCandidate(store);
    command(store, 'marketing', { action: 'start', release: candidate.release, percent: 10, by: 'team-marketing', why: 'new hero' });
    const result = await publishSite(store, services);

    expect(result.rejected).toEqual([]);
    expect(store.text('pages/faq.html')).toBe(livePage);
    expect(publishedDocument(store).remotes.find((remote) => remote.name === 'marketing')?.buildId).toBe(LIVE);
    const edge = kvsState(kvs);
    expect(edge.canaries).toEqual([{ app: 'marketing', build: CANDIDATE, percent: 10 }]);
    const folder = edge.variants.marketing;
    expect(variantPage(store, folder, 'pages/faq.html')).toContain(`marketing ${CANDIDATE} /faq`);
    expect(variantPage(store, folder, 'pages/terms.html')).toBe(store.text('pages/terms.html'));
    expect(JSON.parse(variantPage(store, folder, 'remotes.json') ?? '{}')).toEqual({ remotes: [legal, marketingCandidate] });
    expect(edgeRecord(store).history.at(-1)).toMatchObject({ action: 'canary', app: 'marketing', buildId: CANDIDATE, previous: LIVE, percent: 10, by: 'team-marketing', why: 'new hero' });
    // Notices: the live pages, saying why a preview link is not shown.
    expect(variantPage(store, edge.notices.expired, 'pages/faq.html')).toContain('This preview link has expired');
    expect(metadataOf(store, `variants/${folder}/pages/faq.html`)).toEqual(PAGE_METADATA);
    expect(metadataOf(store, `variants/${edge.notices.expired}/pages/faq.html`)).toEqual(PAGE_METADATA);
    expect(metadataOf(store, `variants/${folder}/remotes.json`)).toEqual(JSON_METADATA);
    expect(metadataOf(store, EDGE_RECORD_KEY)).toEqual(JSON_METADATA);
  });

  test('one canary per app: a second start is refused for that app, the first keeps running', async () => {
    const { store, services } = setUp();
    const first = uploadCandidate(store);
    command(store, 'marketing', { action: 'start', release: first.release, percent: 10 });
    await publishSite(store, services);
    const second = uploadCandidate(store, pointer('marketing', 'dddddddddddd', ['/', '/faq']));
    command(store, 'marketing', { action: 'start', release: second.release, percent: 20 });
    const result = await publishSite(store, services);
    expect(result.rejected).toEqual([{ app: 'marketing', reason: expect.stringContaining('A canary of marketing is already running') }]);
    expect(edgeRecord(store).canaries.map((canary) => canary.buildId)).toEqual([CANDIDATE]);
  });

  test('promote puts the canary live for everyone (its record becomes the current one); abort ends it; both recorded', async () => {
    const { store, kvs, services } = setUp();
    const candidate = uploadCandidate(store);
    command(store, 'marketing', { action: 'start', release: candidate.release, percent: 10 });
    await publishSite(store, services);
    command(store, 'marketing', { action: 'promote', by: 'team-marketing', why: 'figures fine' });
    await publishSite(store, services);
    expect(publishedDocument(store).remotes.find((remote) => remote.name === 'marketing')?.buildId).toBe(CANDIDATE);
    expect(store.text('pages/faq.html')).toContain(`marketing ${CANDIDATE} /faq`);
    expect(JSON.parse(store.text(pointerKey('marketing')) ?? '{}')).toMatchObject({ release: candidate.release });
    expect(metadataOf(store, pointerKey('marketing'))).toEqual(JSON_METADATA);
    expect(kvsState(kvs).canaries).toEqual([]);
    expect(edgeRecord(store).history.at(-1)).toMatchObject({ action: 'promote', buildId: CANDIDATE, previous: LIVE, by: 'team-marketing', why: 'figures fine' });
    // The command stays in the bucket: reading it again changes nothing.
    await publishSite(store, services);
    expect(edgeRecord(store).history.filter((entry) => entry.action === 'promote')).toHaveLength(1);

    const next = uploadCandidate(store, pointer('marketing', 'dddddddddddd', ['/', '/faq']));
    command(store, 'marketing', { action: 'start', release: next.release, percent: 50 });
    await publishSite(store, services);
    command(store, 'marketing', { action: 'abort', by: 'team-marketing' });
    await publishSite(store, services);
    expect(publishedDocument(store).remotes.find((remote) => remote.name === 'marketing')?.buildId).toBe(CANDIDATE);
    expect(kvsState(kvs).canaries).toEqual([]);
    expect(edgeRecord(store).history.at(-1)).toMatchObject({ action: 'abort', buildId: 'dddddddddddd', previous: CANDIDATE });
  });

  test('a command that names where its build came from (source, commit, clean, browser check) has it recorded with its history entry; fields of the wrong type are left out', async () => {
    const { store, services } = setUp();
    const candidate = uploadCandidate(store);
    const origin = { source: '0123456789ab+changes', commit: '0123456789ab', clean: false, browserCheck: '38 page views in 17.0 s, no errors' };
    command(store, 'marketing', { action: 'start', release: candidate.release, percent: 10, by: 'team-marketing', ...origin });
    await publishSite(store, services);
    expect(edgeRecord(store).history.at(-1)).toEqual({
      action: 'canary',
      app: 'marketing',
      buildId: CANDIDATE,
      previous: LIVE,
      by: 'team-marketing',
      at: NOW.toISOString(),
      percent: 10,
      release: candidate.release,
      ...origin,
    });
    command(store, 'marketing', { action: 'abort', by: 'team-marketing', source: 'fedcba987654', clean: 'yes', commit: 7 });
    await publishSite(store, services);
    const aborted = edgeRecord(store).history.at(-1);
    expect(aborted).toMatchObject({ action: 'abort', buildId: CANDIDATE, source: 'fedcba987654' });
    expect(aborted).not.toHaveProperty('clean');
    expect(aborted).not.toHaveProperty('commit');
  });

  test('a candidate whose pages would reach visitors empty is refused before any visitor gets it', async () => {
    const { store, kvs, services } = setUp();
    const candidate = uploadCandidate(store);
    store.write(`${releasePrefix('marketing', candidate.release)}pages/faq.html`, '<html><head><title>x</title></head><body><main></main></body></html>');
    command(store, 'marketing', { action: 'start', release: candidate.release, percent: 10 });
    const result = await publishSite(store, services);
    expect(result.rejected).toEqual([{ app: 'marketing', reason: expect.stringContaining('canary of marketing not started') }]);
    expect(kvsState(kvs).canaries).toEqual([]);
  });

  test('a KeyValueStore that fails leaves visitors on what they had; the next pass completes the change', async () => {
    const { store, kvs, services } = setUp();
    await publishSite(store, services);
    const before = kvs.values.get('state');
    const candidate = uploadCandidate(store);
    command(store, 'marketing', { action: 'start', release: candidate.release, percent: 10 });
    kvs.failNextPut = true;
    await expect(publishSite(store, services)).rejects.toThrow('KeyValueStore unavailable');
    expect(kvs.values.get('state')).toBe(before);
    await publishSite(store, services);
    expect(kvsState(kvs).canaries).toEqual([{ app: 'marketing', build: CANDIDATE, percent: 10 }]);
  });

  test('a concurrent pass makes this one start over from the record it wrote', async () => {
    const { store, services } = setUp();
    await publishSite(store, services);
    const candidate = uploadCandidate(store);
    command(store, 'marketing', { action: 'start', release: candidate.release, percent: 10 });
    let raced = false;
    store.beforePut = async (key) => {
      if (key !== EDGE_RECORD_KEY || raced) return;
      raced = true;
      store.write(
        EDGE_RECORD_KEY,
        JSON.stringify({ ...edgeRecord(store), history: [{ action: 'preview', app: 'legal', buildId: 'x', release: 'x', previous: null, by: 'other', at: 'then' }] }),
      );
    };
    await publishSite(store, services);
    expect(edgeRecord(store).history.map((entry) => entry.action)).toEqual(['preview', 'canary']);
  });

  test("a state too large for the edge's KeyValueStore value (1 KB) is refused before anything changes", async () => {
    const { store, kvs, services } = setUp();
    await publishSite(store, services);
    let error = '';
    for (let index = 0; index < 30 && !error; index += 1) {
      const release = uploadCandidate(store, pointer('marketing', `${String(index).padStart(2, '0')}bbbbbbbbbb`, ['/', '/faq']));
      const before = kvs.values.get('state');
      const outcome = await deployEdge(store, services, { RequestType: 'Create', ResourceProperties: { App: 'marketing', Release: release.release, Mode: 'preview', Hours: '4' } });
      if (outcome.status === 'FAILED') {
        error = outcome.reason;
        expect(kvs.values.get('state')).toBe(before);
      }
    }
    expect(error).toContain("over the KeyValueStore's 1024: end a canary or let previews expire first");
    expect(Buffer.byteLength(kvs.values.get('state') ?? '')).toBeLessThanOrEqual(1024);
  });

  test('a malformed command is refused for that app only', async () => {
    const { store, services } = setUp();
    store.write(canaryCommandKey('marketing'), '{"action":"start","percent":300}');
    const result = await publishSite(store, services);
    expect(result.rejected).toEqual([{ app: 'marketing', reason: expect.stringContaining('a canary command is') }]);
  });
});

describe('the scheduled check', () => {
  test('aborts a canary whose build errors in browsers, by "auto" with the figures, and tells ops', async () => {
    const { store, kvs, services, notices, logged, figures } = setUp();
    const candidate = uploadCandidate(store);
    command(store, 'marketing', { action: 'start', release: candidate.release, percent: 50 });
    await publishSite(store, services);
    figures.set(CANDIDATE, { ...NO_FIGURES, clients: 8, clientsWithErrors: 6, pageViews: 10, pageViewsWithErrors: 6 });
    figures.set(LIVE, { clients: 50, clientsWithErrors: 0, pageViews: 100, pageViewsWithErrors: 0, inpP75: 120, inpSamples: 30, clientsWithInp: 30 });

    const checked = await watchCanaries(store, services);
    expect(checked.aborted).toEqual([{ app: 'marketing', buildId: CANDIDATE, reason: expect.stringContaining('error rate 60.0 % (6 page views with errors in 10; 6 of 8 clients)') }]);
    expect(kvsState(kvs).canaries).toEqual([]);
    expect(edgeRecord(store).history.at(-1)).toMatchObject({ action: 'abort', buildId: CANDIDATE, by: 'auto', why: expect.stringContaining('error rate 60.0 %') });
    expect(notices).toEqual([expect.stringContaining('Kesho: canary of marketing aborted: The canary of marketing (build bbbbbbbbbbbb) was aborted automatically: error rate 60.0 %')]);
    expect(logged).toContainEqual(expect.objectContaining({ message: 'release.canary_aborted', app: 'marketing' }));
    // The team's start command is still in the bucket: it does not start the canary again.
    await publishSite(store, services);
    expect(kvsState(kvs).canaries).toEqual([]);
  });

  test('a notice ops cannot get (SNS down) is logged, never thrown: the run succeeds, its aborts stand and its next notice is still sent', async () => {
    const { store, services, notices, logged, figures } = setUp();
    const legalCandidate = pointer('legal', 'dddddddddddd', ['/terms']);
    for (const entry of [marketingCandidate, legalCandidate]) {
      command(store, entry.name, { action: 'start', release: uploadCandidate(store, entry).release, percent: 50 });
    }
    await publishSite(store, services);
    const failing = { ...NO_FIGURES, clients: 8, clientsWithErrors: 6, pageViews: 10, pageViewsWithErrors: 6 };
    figures.set(CANDIDATE, failing);
    figures.set('dddddddddddd', failing);
    let calls = 0;
    const notify = async (subject: string, message: string) => {
      calls += 1;
      if (calls === 1) throw new Error('SNS unavailable');
      notices.push(`${subject}: ${message}`);
    };

    const checked = await watchCanaries(store, { ...services, notify });
    expect(checked.aborted.map((entry) => entry.app).sort()).toEqual(['legal', 'marketing']);
    expect(edgeRecord(store).canaries).toEqual([]);
    expect(notices).toHaveLength(1);
    expect(logged).toContainEqual({
      level: 'error',
      message: 'release.ops_notice_failed',
      subject: expect.stringMatching(/^Kesho: canary of (legal|marketing) aborted$/),
      error: 'Error: SNS unavailable',
    });
  });

  test('judges by client with thresholds set before clients were counted (CANARY_THRESHOLDS without minClients): errors of four clients abort nothing', async () => {
    const { store, services, figures } = setUp();
    const candidate = uploadCandidate(store);
    command(store, 'marketing', { action: 'start', release: candidate.release, percent: 50 });
    await publishSite(store, services);
    const older = { ...services, thresholds: { minErrors: 5, errorRate: 0.02, liveRatio: 2, inpP75Ms: 500, minInpSamples: 5 } };
    figures.set(CANDIDATE, { ...NO_FIGURES, clients: 4, clientsWithErrors: 4, pageViews: 0, pageViewsWithErrors: 4 });
    expect((await watchCanaries(store, older)).aborted).toEqual([]);
    figures.set(CANDIDATE, { ...NO_FIGURES, clients: 5, clientsWithErrors: 5, pageViews: 5, pageViewsWithErrors: 5 });
    expect((await watchCanaries(store, older)).aborted).toHaveLength(1);
  });

  test('leaves a canary that behaves running', async () => {
    const { store, services, figures } = setUp();
    const candidate = uploadCandidate(store);
    command(store, 'marketing', { action: 'start', release: candidate.release, percent: 50 });
    await publishSite(store, services);
    figures.set(CANDIDATE, { clients: 60, clientsWithErrors: 1, pageViews: 100, pageViewsWithErrors: 1, inpP75: 150, inpSamples: 30, clientsWithInp: 30 });
    expect((await watchCanaries(store, services)).aborted).toEqual([]);
    expect(edgeRecord(store).canaries).toHaveLength(1);
  });
});

describe('the discovery files in a canary or a preview', () => {
  const DISCOVERY_KEYS = ['sitemap.xml', 'robots.txt', 'llms.txt'];
  const liveDiscovery = (store: MemoryStore) => Object.fromEntries(DISCOVERY_KEYS.map((key) => [key, store.text(key)]));
  // The candidate adds a route with a feed: the live files would name it if it were published.
  const withBlog = pointer('marketing', CANDIDATE, ['/', '/faq', '/blog']);
  const candidateWithBlog = { ...withBlog, routes: withBlog.routes.map((route) => (route.path === '/blog' ? { ...route, feed: true as const } : route)) };

  test('stay those of the live document while a canary runs or a preview is staged; a promotion changes them', async () => {
    const { store, kvs, services } = setUp();
    await publishSite(store, services);
    const live = liveDiscovery(store);
    expect(live).toEqual(discoveryFiles({ remotes: [legal, marketingLive] }));

    const candidate = uploadCandidate(store, candidateWithBlog);
    command(store, 'marketing', { action: 'start', release: candidate.release, percent: 10 });
    await publishSite(store, services);
    expect(kvsState(kvs).canaries).toHaveLength(1);
    expect(liveDiscovery(store)).toEqual(live);

    const preview = uploadCandidate(store, { ...candidateWithBlog, buildId: 'dddddddddddd', manifest: '/mfe/marketing/dddddddddddd/mf-manifest.json' });
    expect(await deployEdge(store, services, { RequestType: 'Create', ResourceProperties: { App: 'marketing', Release: preview.release, Mode: 'preview', Hours: '4' } })).toMatchObject({
      status: 'SUCCESS',
    });
    expect(liveDiscovery(store)).toEqual(live);

    command(store, 'marketing', { action: 'promote', by: 'team-marketing' });
    await publishSite(store, services);
    expect(liveDiscovery(store)).toEqual(discoveryFiles({ remotes: [legal, candidateWithBlog] }));
    expect(store.text('llms.txt')).toContain('/blog/rss.xml');
  });
});

describe('a preview deploy', () => {
  test('stages the release, changes nothing for visitors, and answers with its signed link', async () => {
    const { store, kvs, services } = setUp();
    await publishSite(store, services);
    const livePage = store.text('pages/faq.html');
    const candidate = uploadCandidate(store);
    const outcome = await deployEdge(store, services, {
      RequestType: 'Create',
      ResourceProperties: { App: 'marketing', Release: candidate.release, Mode: 'preview', Hours: '4', By: 'team-marketing' },
    });
    expect(outcome).toMatchObject({
      status: 'SUCCESS',
      data: { PreviewLink: expect.stringMatching(/^https:\/\/www\.keshoglobal\.co\.ke\/\?kesho-preview=marketing\.bbbbbbbbbbbb\.\d+\.[0-9a-f]{64}$/) },
    });
    expect(store.text('pages/faq.html')).toBe(livePage);
    const token = new URL(outcome.data?.PreviewLink ?? '').searchParams.get('kesho-preview') ?? '';
    const hmacHex = (key: string, text: string) => createHmac('sha256', key).update(text).digest('hex');
    expect(checkPreviewToken(token, kvs.values.get('preview-key') ?? null, NOW.getTime(), hmacHex)).toEqual({
      ok: true,
      app: 'marketing',
      build: CANDIDATE,
      expiresAt: NOW.getTime() + 4 * 3_600_000,
    });
    const folder = kvsState(kvs).previews[`marketing/${CANDIDATE}`];
    expect(variantPage(store, folder, 'pages/terms.html')).toContain('Preview: marketing bbbbbbbbbbbb');
    expect(variantPage(store, folder, 'pages/faq.html')).toContain(`marketing ${CANDIDATE} /faq`);
  });

  test("a preview until a given time, unsigned (the local release's: it signs its own link), is staged and recorded with its origin; no link is made", async () => {
    const { store, kvs, services } = setUp();
    const candidate = uploadCandidate(store);
    const expiresAt = new Date(NOW.getTime() + 90 * 60_000 + 123).toISOString();
    const result = await publishSite(store, services, {
      preview: { app: 'marketing', release: candidate.release, expiresAt, by: 'team-marketing', signLink: false, source: '0123456789ab', clean: true },
    });
    expect(result.preview).toBeUndefined();
    expect(edgeRecord(store).previews).toMatchObject([{ app: 'marketing', buildId: CANDIDATE, expiresAt, release: candidate.release }]);
    expect(edgeRecord(store).history.at(-1)).toMatchObject({ action: 'preview', buildId: CANDIDATE, expiresAt, source: '0123456789ab', clean: true });
    expect(kvsState(kvs).previews[`marketing/${CANDIDATE}`]).toBeDefined();
  });

  test('a canary deploy succeeds only once the edge runs its release', async () => {
    const { store, services } = setUp();
    const candidate = uploadCandidate(store);
    command(store, 'marketing', { action: 'start', release: candidate.release, percent: 10 });
    expect(await deployEdge(store, services, { RequestType: 'Create', ResourceProperties: { App: 'marketing', Release: candidate.release, Mode: 'canary' } })).toMatchObject({
      status: 'SUCCESS',
    });
    expect(await deployEdge(store, services, { RequestType: 'Update', ResourceProperties: { App: 'marketing', Release: `${CANDIDATE}-000000000000`, Mode: 'canary' } })).toMatchObject({
      status: 'FAILED',
      reason: expect.stringContaining(`the edge runs release ${candidate.release} of marketing`),
    });
  });

  test('the shell is released whole: no canary or preview of it', async () => {
    const { store, services } = setUp();
    const outcome = await deployEdge(store, services, { RequestType: 'Create', ResourceProperties: { App: 'shell', Release: `${LIVE}-000000000000`, Mode: 'preview', Hours: '4' } });
    expect(outcome).toMatchObject({ status: 'FAILED', reason: expect.stringContaining('The shell renders every page of the site, so it is released whole') });
    expect(store.text(`${releasePrefix('shell', 'x')}${RELEASE_RECORD_FILE}`)).toBeUndefined();
  });
});
