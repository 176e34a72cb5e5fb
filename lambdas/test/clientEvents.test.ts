/**
 * POST /api/client-events through the local runtime over real HTTP: what a browser's report stores
 * (a JSON line per event under DATA_DIR/client-events, nothing personal), what a hostile or broken
 * request gets (a 4xx or a 204, never a 5xx, nothing stored), the per-client brake, and the EMF
 * lines the same events become in AWS.
 */
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EDGE_BUILDS_HEADER } from '@kesho/release-model/build-choice';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { CLIENT_WEIGHT } from '@kesho/release-model/canary-health';
import { CANARY_VERDICT_METRICS, CLIENT_EVENTS_PATH, NOT_FOUND_ROUTE, OTHER_ROUTE, type ClientEvent } from '@kesho/operations/client-events';
import { VIEWER_ADDRESS_HEADER } from '@kesho/operations/viewer-address';
import { CLIENT_EVENTS_RATE, createReceiveClientEvents } from '../src/clientEvents/service';
import { createLogger } from '../src/log';
import { clientOfAddress, createDynamoTally } from '../src/clientEvents/clients';
import { clientEventsDirectoryOf, createEmfSink, emfDocuments } from '../src/clientEvents/sinks';
import { ensureOrdersTable, LOCAL_AWS_CLIENT, startEmbeddedDynamo, type EmbeddedDynamo } from '../src/local/embeddedDynamo';
import { createPointerDocumentBuilds } from '../src/clientEvents/knownBuilds';
import { postJson, startTestServer, type TestServer } from './support/testServer';

const MARKETING = 'aaaaaaaaaaa1';
const SHELL = 'bbbbbbbbbbb2';

let server: TestServer;
let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'kesho-client-events-'));
  // The edge record names the shell's release in its history, the builds-made file the marketing build.
  const recordFile = path.join(scratch, 'site', 'edge', 'state.json');
  const builtFile = path.join(scratch, 'builds-made.json');
  await mkdir(path.dirname(recordFile), { recursive: true });
  await writeFile(recordFile, JSON.stringify({ history: [{ app: 'shell', buildId: SHELL }] }));
  await writeFile(builtFile, JSON.stringify({ built: { marketing: [{ buildId: MARKETING }] } }));
  // The site beside the history (dist/site): its pointer documents declare the routes events may name.
  const pointer = (paths: string[]) => JSON.stringify({ remotes: [{ name: 'marketing', buildId: MARKETING, manifest: 'x', routes: paths.map((routePath) => ({ path: routePath })) }] });
  await mkdir(path.join(scratch, 'site', 'mfe'), { recursive: true });
  await writeFile(path.join(scratch, 'site', 'mfe', 'remotes.json'), pointer(['/', '/about', '/contact', '/faq', '/blog', '/blog/choosing-a-university']));
  await mkdir(path.join(scratch, 'site', 'variants', 'f00000000001'), { recursive: true });
  await writeFile(path.join(scratch, 'site', 'variants', 'f00000000001', 'remotes.json'), pointer(['/', '/about', '/scholarships']));
  // As in AWS, a trusted hop names each visitor's address (CLIENT_ADDRESS_HEADER): two visitors from one machine.
  server = await startTestServer({ siteDir: path.join(scratch, 'site'), env: { CLIENT_ADDRESS_HEADER: VIEWER_ADDRESS_HEADER } });
});
afterAll(async () => {
  await server.close();
  await rm(scratch, { recursive: true, force: true });
});

let clientCounter = 0;
/** Each request is its own visitor (the server trusts the viewer-address header, as in AWS). */
const send = (body: unknown, headers: Record<string, string> = {}) =>
  postJson(`${server.origin}${CLIENT_EVENTS_PATH}`, body, { [VIEWER_ADDRESS_HEADER]: `203.0.113.${(clientCounter += 1)}`, ...headers });

async function stored(): Promise<Record<string, unknown>[]> {
  const dir = clientEventsDirectoryOf(server.dataDir);
  let files: string[] = [];
  try {
    files = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const lines = (await Promise.all(files.map((file) => readFile(path.join(dir, file), 'utf8')))).join('').split('\n').filter(Boolean);
  return lines.map((line) => JSON.parse(line) as Record<string, unknown>);
}

const pageView = { type: 'pageview', app: 'marketing', build: MARKETING, route: '/about' };

describe('POST /api/client-events', () => {
  test('stores page views, errors and vitals of known builds, scrubbed, and answers 204', async () => {
    const before = (await stored()).length;
    const response = await send({
      events: [
        pageView,
        {
          type: 'error',
          kind: 'render',
          app: 'marketing',
          build: MARKETING,
          route: '/contact?email=amina@example.com#form',
          name: 'TypeError',
          message: 'Cannot read "Amina Wanjiru" of amina@example.com, call +254 712 345 678',
          frames: ['at ContactForm (https://keshoglobal.co.ke/mfe/marketing/aaaaaaaaaaa1/150.js?x=amina@example.com:1:2045)'],
        },
        { type: 'vital', app: 'shell', build: SHELL, route: '/about', name: 'LCP', value: 1234.5 },
      ],
    });
    expect(response.status).toBe(204);
    const events = (await stored()).slice(before);
    expect(events).toHaveLength(3);
    const error = events.find((event) => event.type === 'error');
    expect(error).toMatchObject({ app: 'marketing', build: MARKETING, route: '/contact', name: 'TypeError', kind: 'render' });
    const text = JSON.stringify(events);
    expect(text).not.toMatch(/amina|Wanjiru|712 345|example\.com/i);
    expect(error?.message).toBe('Cannot read "…" of [email], call [number]');
    expect(error?.frames).toEqual(['at ContactForm (/mfe/marketing/aaaaaaaaaaa1/150.js:1:2045)']);
    expect(events.find((event) => event.type === 'vital')).toMatchObject({ app: 'shell', name: 'LCP', value: 1235 });
  });

  test.each([
    ['not JSON', 'not json at all', {}, 400],
    ['the wrong media type', JSON.stringify({ events: [pageView] }), { 'Content-Type': 'text/plain' }, 415],
    ['no events array', { event: pageView }, {}, 400],
    ['an empty batch', { events: [] }, {}, 400],
    ['more than 20 events', { events: Array.from({ length: 21 }, () => pageView) }, {}, 400],
    ['a body over the size limit', { events: [{ ...pageView, route: `/${'a'.repeat(20_000)}` }] }, {}, 413],
    ['a JSON array', [pageView], {}, 400],
    ['null', 'null', {}, 400],
  ])('refuses %s with a 4xx and stores nothing', async (_what, body, headers, status) => {
    const before = (await stored()).length;
    const response = await send(body, headers);
    expect(response.status).toBe(status);
    expect((await stored()).length).toBe(before);
  });

  test.each([
    ['an unknown app', { ...pageView, app: 'payments' }],
    ['an unknown build', { ...pageView, build: 'cccccccccccc' }],
    ['a malformed build id', { ...pageView, build: '../../etc' }],
    ['a vital out of range', { type: 'vital', app: 'marketing', build: MARKETING, route: '/', name: 'LCP', value: -1 }],
    ['an unknown vital', { type: 'vital', app: 'marketing', build: MARKETING, route: '/', name: 'FID', value: 10 }],
    ['an unknown type', { ...pageView, type: 'click' }],
    ['prototype pollution', JSON.parse('{"__proto__": {"polluted": true}, "type": "pageview"}')],
  ])('drops %s (204, nothing stored), keeping nothing else of it', async (_what, event) => {
    const before = (await stored()).length;
    const response = await send({ events: [event] });
    expect(response.status).toBe(204);
    expect((await stored()).length).toBe(before);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  test("counts the builds the edge names on the request (a canary's, a preview's) besides the known ones, and nothing else", async () => {
    const canary = 'ccccccccccc3';
    const before = (await stored()).length;
    const withCanary = await send({ events: [{ ...pageView, build: canary }] }, { [EDGE_BUILDS_HEADER]: `marketing:${canary},legal:ddddddddddd4` });
    expect(withCanary.status).toBe(204);
    expect((await stored()).slice(before)).toMatchObject([{ type: 'pageview', app: 'marketing', build: canary }]);
    // Without the edge's word, or for another app, the same build is dropped.
    await send({ events: [{ ...pageView, build: canary }] });
    await send({ events: [{ ...pageView, app: 'commerce', build: canary }] }, { [EDGE_BUILDS_HEADER]: `marketing:${canary}` });
    expect((await stored()).slice(before)).toHaveLength(1);
  });

  describe('issue 40: nothing personal is kept, however it is spelt', () => {
    const errorWith = (fields: Record<string, unknown>) => ({
      type: 'error',
      kind: 'error',
      app: 'marketing',
      build: MARKETING,
      route: '/about',
      name: 'Error',
      message: '',
      frames: [],
      ...fields,
    });

    test.each([
      ['an address without a dotted domain', 'amina@localhost', /amina|localhost/],
      ['a full-width address', 'Ａｍｉｎａ＠ｅｘａｍｐｌｅ．ｃｏｍ', /amina|example|ａｍｉｎａ/i],
      ['an address spelt with (at) and (dot)', 'amina(at)example(dot)com', /amina|example/],
      ['an address spelt with [at] and [dot]', 'amina [at] example [dot] com', /amina|example/],
      ['an address split by zero-width spaces', 'am\u200bina@exa\u200bmple\u200b.com', /am.?ina|exa.?mple/],
      ['an M-Pesa receipt number', 'Payment QKJ4ABC123 confirmed', /QKJ4ABC123/],
      ['an invoice number', 'Order INV-12345678 not found', /12345678/],
      ['a phone number in Devanagari digits', 'Call ०७१२३४५६७८', /०७१२/],
    ])('scrubs %s from messages, names and frames', async (_what, text, leak) => {
      const before = (await stored()).length;
      expect((await send({ events: [errorWith({ name: text, message: `Failed for ${text}`, frames: [`at x (${text})`] })] })).status).toBe(204);
      const [event] = (await stored()).slice(before);
      expect(event).toBeDefined();
      expect(JSON.stringify(event)).not.toMatch(leak);
    });

    test.each([
      ['/blog/0712345678', OTHER_ROUTE],
      ['/u/amina.otienoexample.com', OTHER_ROUTE],
      ['/about/amina@example.com', OTHER_ROUTE],
      ['/no-such-page', OTHER_ROUTE],
      ['/about', '/about'],
      ['/blog/choosing-a-university?ref=amina', '/blog/choosing-a-university'],
      ['/scholarships', '/scholarships'],
      [NOT_FOUND_ROUTE, NOT_FOUND_ROUTE],
    ])('stores the route %s as %s: only the site’s own routes (a variant folder’s included) are kept', async (route, expected) => {
      const before = (await stored()).length;
      expect((await send({ events: [{ ...pageView, route }] })).status).toBe(204);
      expect((await stored()).slice(before).map((event) => event.route)).toEqual([expected]);
    });

    test('keeps the script paths of frames intact, digit runs of build ids and columns included (issue 39)', async () => {
      const before = (await stored()).length;
      const frames = [
        'at Y (https://keshoglobal.co.ke/shell/f1234a129/470.js:1:2045)',
        'at Z (https://keshoglobal.co.ke/shell/a1234567bcde/main.js:1:1234567)',
        'Render@https://keshoglobal.co.ke/mfe/marketing/9876543210ab/150.js:2:10103',
      ];
      expect((await send({ events: [errorWith({ message: 'Loading chunk 470 failed. (error: https://keshoglobal.co.ke/mfe/marketing/9876543210ab/470.js)', frames })] })).status).toBe(204);
      const [event] = (await stored()).slice(before);
      expect(event?.frames).toEqual(['at Y (/shell/f1234a129/470.js:1:2045)', 'at Z (/shell/a1234567bcde/main.js:1:1234567)', 'Render@/mfe/marketing/9876543210ab/150.js:2:10103']);
      expect(event?.message).toContain('/mfe/marketing/9876543210ab/470.js');
    });
  });

  test('stores who sent each event as a hash of its address for the day: one address one client, never the address itself', async () => {
    const before = (await stored()).length;
    await send({ events: [pageView, pageView] }, { [VIEWER_ADDRESS_HEADER]: '198.51.100.200' });
    await send({ events: [pageView] }, { [VIEWER_ADDRESS_HEADER]: '198.51.100.200' });
    // Another address within the same IPv6 /64 is the same client; another /64 is another.
    await send({ events: [pageView] }, { [VIEWER_ADDRESS_HEADER]: '2001:db8:1:2::1' });
    await send({ events: [pageView] }, { [VIEWER_ADDRESS_HEADER]: '2001:db8:1:2:ffff:eeee:dddd:cccc' });
    await send({ events: [pageView] }, { [VIEWER_ADDRESS_HEADER]: '2001:db8:1:3::1' });
    const clients = (await stored()).slice(before).map((event) => event.client as string);
    expect(clients).toHaveLength(6);
    expect(clients.every((client) => /^[0-9a-f]{20}$/.test(client))).toBe(true);
    expect(new Set(clients.slice(0, 3)).size).toBe(1);
    expect(clients[3]).toBe(clients[4]);
    expect(new Set([clients[0], clients[3], clients[5]]).size).toBe(3);
    expect(JSON.stringify(await stored())).not.toMatch(/198\.51\.100|2001:db8/);
  });

  test('answers GET with 405', async () => {
    const response = await fetch(`${server.origin}${CLIENT_EVENTS_PATH}`);
    expect(response.status).toBe(405);
  });

  test('brakes one client after its share of requests with a 429, others unaffected', async () => {
    const address = '198.51.100.7';
    const statuses: number[] = [];
    for (let index = 0; index <= CLIENT_EVENTS_RATE.requests; index += 1) statuses.push((await send({ events: [pageView] }, { [VIEWER_ADDRESS_HEADER]: address })).status);
    expect(statuses.slice(0, CLIENT_EVENTS_RATE.requests).every((status) => status === 204)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect((await send({ events: [pageView] })).status).toBe(204);
  });
});

describe('in AWS', () => {
  test('the same events become CloudWatch EMF documents by app (the build and the route fields, never dimensions: issue 41 item 9)', () => {
    const at = new Date('2026-11-24T10:00:00Z');
    const [document] = emfDocuments(
      [
        { type: 'pageview', app: 'marketing', build: MARKETING, route: '/about' },
        { type: 'pageview', app: 'marketing', build: MARKETING, route: '/faq' },
        { type: 'error', kind: 'render', app: 'marketing', build: MARKETING, route: '/about', name: 'TypeError', message: 'x is undefined', frames: [] },
        { type: 'vital', app: 'marketing', build: MARKETING, route: '/about', name: 'INP', value: 120 },
      ],
      at,
    ) as Record<string, unknown>[];
    expect(document).toMatchObject({
      _aws: { Timestamp: at.getTime(), CloudWatchMetrics: [{ Namespace: 'Kesho/ClientEvents', Dimensions: [['App']] }] },
      App: 'marketing',
      Build: MARKETING,
      PageViews: 2,
      Errors: 1,
      PageViewsWithErrors: 1,
      INP: 120,
      routes: ['/about', '/faq'],
    });
    const metrics = (document?._aws as { CloudWatchMetrics: { Metrics: { Name: string }[] }[] }).CloudWatchMetrics[0]?.Metrics.map((metric) => metric.Name);
    expect(metrics).toEqual(['PageViews', 'Errors', 'PageViewsWithErrors', 'INP']);
  });

  test("a page that throws in a loop counts as one page view with errors: each beacon's errors are capped at its page views", () => {
    const at = new Date('2026-11-24T10:00:00Z');
    const error = { type: 'error', kind: 'error', app: 'commerce', build: MARKETING, route: '/payment', name: 'TypeError', message: 'x is undefined', frames: [] } as const;
    const pageView = { type: 'pageview', app: 'commerce', build: MARKETING, route: '/payment' } as const;
    const one = (events: Parameters<typeof emfDocuments>[0]) => emfDocuments(events, at)[0] as Record<string, unknown>;
    expect(one([pageView, ...Array.from({ length: 30 }, () => error)])).toMatchObject({ PageViews: 1, Errors: 30, PageViewsWithErrors: 1 });
    expect(one([pageView, pageView, pageView, error, error])).toMatchObject({ PageViews: 3, Errors: 2, PageViewsWithErrors: 2 });
    // An error reported without its page view (sampled or sent apart) is still one page that met it.
    expect(one([error, error])).toMatchObject({ Errors: 2, PageViewsWithErrors: 1 });
    expect(one([pageView])).not.toHaveProperty('PageViewsWithErrors');
  });

  test('known builds come from the published pointer document, the shell from its release name, and stay known after a release', async () => {
    let document: unknown = { remotes: [{ name: 'marketing', buildId: MARKETING }], releases: { shell: `${SHELL}-0123456789ab` } };
    let now = 0;
    const builds = createPointerDocumentBuilds('https://example.test/mfe/remotes.json', { fetchJson: async () => document, now: () => now });
    await builds.refresh?.();
    expect(builds.has('marketing', MARKETING)).toBe(true);
    expect(builds.has('shell', SHELL)).toBe(true);
    document = { remotes: [{ name: 'marketing', buildId: 'ddddddddddd4' }] };
    now = 61_000;
    await builds.refresh?.();
    expect(builds.has('marketing', 'ddddddddddd4')).toBe(true);
    expect(builds.has('marketing', MARKETING)).toBe(true);
    expect(builds.has('legal', MARKETING)).toBe(false);
    // Only the latest document's builds are live (a verdict's baseline); the earlier one is an old tab's.
    expect([builds.isLive?.('marketing', 'ddddddddddd4'), builds.isLive?.('marketing', MARKETING), builds.isLive?.('shell', SHELL)]).toEqual([true, false, false]);
  });

  test("the Build dimension only where a verdict reads it: the edge's canary and preview builds and each app's live build; an old tab's build by App only, not counted by client", async () => {
    const OLD = 'ccccccccccc3';
    const CANARY = 'eeeeeeeeeee5';
    const lines: string[] = [];
    const tallied: string[] = [];
    const sink = createEmfSink({
      tally: { add: async (key) => (tallied.push(`${key.app} ${key.build}`), { pageViews: 0, pageViewsWithErrors: 0, inpSamples: 0 }) },
      logger: { warn: () => undefined },
      writeLine: (line) => void lines.push(line),
    });
    const receive = createReceiveClientEvents({
      sink,
      knownBuilds: { has: (_app, build) => build === MARKETING || build === OLD, isLive: (_app, build) => build === MARKETING, hasRoute: () => true },
      logger: createLogger('silent'),
      clock: () => new Date('2026-11-24T10:00:00Z'),
    });
    const pageViewOf = (build: string) => ({ type: 'pageview', app: 'marketing', build, route: '/about' });
    const result = await receive({ events: [pageViewOf(MARKETING), pageViewOf(OLD), pageViewOf(CANARY)] }, { ip: '41.90.7.9', edgeBuilds: `marketing:${CANARY}` });
    expect(result).toMatchObject({ kind: 'accepted', stored: 3 });
    expect(tallied.sort()).toEqual([`marketing ${MARKETING}`, `marketing ${CANARY}`].sort());
    const byBuild = Object.fromEntries(
      lines.map((line) => {
        const document = JSON.parse(line) as { Build: string; _aws: { CloudWatchMetrics: { Dimensions: string[][] }[] } };
        return [document.Build, document._aws.CloudWatchMetrics.map((directive) => directive.Dimensions)];
      }),
    );
    expect(byBuild).toEqual({
      [MARKETING]: [[['App']], [['App', 'Build']]],
      [CANARY]: [[['App']], [['App', 'Build']]],
      [OLD]: [[['App']]],
    });
  });

  test('known routes come from the published pointer document too, and stay known after a release', async () => {
    let document: unknown = { remotes: [{ name: 'marketing', buildId: MARKETING, routes: [{ path: '/about' }, { path: '/blog/a-post' }, { path: '/x?y=1' }, { path: 7 }] }] };
    let now = 0;
    const builds = createPointerDocumentBuilds('https://example.test/mfe/remotes.json', { fetchJson: async () => document, now: () => now });
    await builds.refresh?.();
    expect(['/about', '/blog/a-post', '/x?y=1', '/blog/0712345678'].map((route) => builds.hasRoute(route))).toEqual([true, true, false, false]);
    document = { remotes: [{ name: 'marketing', buildId: MARKETING, routes: [{ path: '/faq' }] }] };
    now = 61_000;
    await builds.refresh?.();
    expect(['/about', '/faq'].map((route) => builds.hasRoute(route))).toEqual([true, true]);
  });
});

describe('who a client is', () => {
  test.each([
    ['41.90.5.6', '41.90.5.6'],
    ['::ffff:41.90.5.6', '41.90.5.6'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:ffff:eeee:dddd:cccc', '2001:db8:1:2::/64'],
    ['2001:db8::7', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
  ])('%s is the client %s', (address, client) => {
    expect(clientOfAddress(address)).toBe(client);
  });
});

describe("in AWS, the canary verdict's figures are counted by client on the orders table (issue 40)", () => {
  let dynamo: EmbeddedDynamo;
  let documents: DynamoDBDocumentClient;
  beforeAll(async () => {
    dynamo = await startEmbeddedDynamo(undefined);
    const client = new DynamoDBClient({ ...LOCAL_AWS_CLIENT, endpoint: dynamo.endpoint });
    await ensureOrdersTable(client, 'orders');
    documents = DynamoDBDocumentClient.from(client);
  });
  afterAll(async () => {
    documents.destroy();
    await dynamo.close();
  });

  const at = new Date('2026-11-27T10:00:00Z');
  const view: ClientEvent = { type: 'pageview', app: 'marketing', build: MARKETING, route: '/about' };
  const error: ClientEvent = { type: 'error', kind: 'error', app: 'marketing', build: MARKETING, route: '/about', name: 'Error', message: 'forged', frames: [] };
  const inp = (value: number): ClientEvent => ({ type: 'vital', app: 'marketing', build: MARKETING, route: '/about', name: 'INP', value });

  /** An EMF sink on the table; the sums of what it emitted, by metric, for App × Build. */
  function emfOnTable() {
    const lines: string[] = [];
    const sink = createEmfSink({ tally: createDynamoTally(documents, 'orders'), logger: { warn: () => undefined }, writeLine: (line) => void lines.push(line) });
    const sums = () => {
      const total: Record<string, number> = {};
      for (const line of lines) {
        const document = JSON.parse(line) as Record<string, unknown> & { _aws: { CloudWatchMetrics: { Dimensions: string[][]; Metrics: { Name: string }[] }[] } };
        for (const directive of document._aws.CloudWatchMetrics)
          for (const metric of directive.Metrics) {
            const value = document[metric.Name];
            const values = Array.isArray(value) ? (value as number[]) : [value as number];
            total[metric.Name] = (total[metric.Name] ?? 0) + (metric.Name === CANARY_VERDICT_METRICS.inp ? values.length : values.reduce((sum, one) => sum + one, 0));
          }
      }
      return total;
    };
    return { sink, lines, sums };
  }

  test("30 posts of 20 forged page views from one address, sent at once, count as one client's 10 page views", async () => {
    const { sink, sums, lines } = emfOnTable();
    await Promise.all(
      Array.from({ length: 30 }, () =>
        sink.write(
          Array.from({ length: 20 }, () => view),
          at,
          '203.0.113.50',
        ),
      ),
    );
    expect(sums()).toMatchObject({ PageViews: 600, [CANARY_VERDICT_METRICS.clients]: 1, [CANARY_VERDICT_METRICS.pageViews]: CLIENT_WEIGHT.pageViews });
    // The verdict's figures by App × Build only; the others by App only (issue 41 item 9: no series per build for them).
    const directives = lines.map((line) =>
      (JSON.parse(line) as { _aws: { CloudWatchMetrics: { Dimensions: string[][] }[] } })._aws.CloudWatchMetrics.map((directive) => directive.Dimensions),
    );
    expect(directives[0]).toEqual([[['App']], [['App', 'Build']]]);
  });

  test('2 posts of 20 forged errors from one address are one client with one page view with errors', async () => {
    const { sink, sums } = emfOnTable();
    for (let post = 0; post < 2; post += 1)
      await sink.write(
        Array.from({ length: 20 }, () => error),
        at,
        '203.0.113.51',
      );
    expect(sums()).toMatchObject({ Errors: 40, [CANARY_VERDICT_METRICS.clients]: 1, [CANARY_VERDICT_METRICS.clientsWithErrors]: 1, [CANARY_VERDICT_METRICS.pageViewsWithErrors]: 1 });
  });

  test('an address rotating within its IPv6 /64 stays one client; five visitors are five, each weighing what it reported', async () => {
    const { sink, sums } = emfOnTable();
    for (let index = 1; index <= 12; index += 1) await sink.write([view, error, inp(900)], at, clientOfAddress(`2001:db8:5:6::${index.toString(16)}`));
    expect(sums()).toMatchObject({
      [CANARY_VERDICT_METRICS.clients]: 1,
      [CANARY_VERDICT_METRICS.pageViews]: 10,
      [CANARY_VERDICT_METRICS.pageViewsWithErrors]: 10,
      [CANARY_VERDICT_METRICS.inp]: 10,
    });
    const visitors = emfOnTable();
    for (const index of [1, 2, 3, 4, 5]) await visitors.sink.write([view, view, error], at, `41.90.7.${index}`);
    expect(visitors.sums()).toMatchObject({
      [CANARY_VERDICT_METRICS.clients]: 5,
      [CANARY_VERDICT_METRICS.clientsWithErrors]: 5,
      [CANARY_VERDICT_METRICS.pageViews]: 10,
      [CANARY_VERDICT_METRICS.pageViewsWithErrors]: 5,
    });
  });

  test('a batch the table cannot count still reaches the alarms and the dashboard, said in the log; the verdict goes without it', async () => {
    const warnings: string[] = [];
    const lines: string[] = [];
    const sink = createEmfSink({
      tally: createDynamoTally(documents, 'no-such-table'),
      logger: { warn: (event) => void warnings.push(event) },
      writeLine: (line) => void lines.push(line),
    });
    await sink.write([view, error], at, '203.0.113.53');
    expect(warnings).toEqual(['client_events.not_counted']);
    expect(lines.map((line) => JSON.parse(line) as Record<string, unknown>)).toEqual([expect.objectContaining({ PageViews: 1, Errors: 1, PageViewsWithErrors: 1 })]);
    expect(lines.join()).not.toContain(CANARY_VERDICT_METRICS.clients);
  });

  test('the same address the next day is counted again, and the tally keys hold no address', async () => {
    const { sink, sums } = emfOnTable();
    await sink.write([view], at, '203.0.113.52');
    await sink.write([view], new Date(at.getTime() + 86_400_000), '203.0.113.52');
    expect(sums()).toMatchObject({ [CANARY_VERDICT_METRICS.clients]: 2 });
    const { Items = [] } = await documents.send(new ScanCommand({ TableName: 'orders' }));
    expect(Items.length).toBeGreaterThan(0);
    for (const item of Items) {
      expect(item.pk).toMatch(/^clientevents#[0-9a-f]{32}$/);
      expect(item.kind).toBe('clientevents');
      expect(typeof item.expiresAt).toBe('number');
    }
    expect(JSON.stringify(Items)).not.toMatch(/203\.0\.113|2001:db8|41\.90/);
  });
});
