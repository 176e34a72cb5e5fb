/**
 * The canary's automatic abort as ops deploy it, end to end on the AWS side: the release publisher
 * starts a canary (edge state in its KeyValueStore), visitors' beacons pass the distribution's
 * viewer-request function (the code the stack deploys, on that KeyValueStore) and reach the
 * client-events handler bundled as the stack bundles it and configured with the environment the
 * synthesized stack gives it; CloudWatch is played by a stand-in that reads the handler's EMF lines;
 * the publisher's scheduled check reads its figures from that stand-in and must abort the canary
 * whose build errors in browsers.
 *
 * Nothing here is told which builds are canaries but the edge state: the handler reads the live
 * pointer document from the site (a local HTTP server answering from the bucket) as in AWS, and
 * counts each visitor in the orders table (dynalite on loopback, reached through the SDK's endpoint
 * variable, with the table name the stack gives the function).
 *
 * Issue 40's sequences, on this path: forged errors from one or two addresses abort nothing; forged
 * page views from a few addresses do not keep a failing canary running; real failures from enough
 * distinct visitors still abort it.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import nodeProcess from 'node:process';
import vm from 'node:vm';
import { createHmac } from 'node:crypto';
import { Template } from 'aws-cdk-lib/assertions';
import { buildSync } from 'esbuild';
import { CreateTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { CLIENT_EVENTS_METRICS_NAMESPACE, CLIENT_EVENTS_PATH } from '@kesho/operations/client-events';
import { canaryCommandKey, EDGE_RECORD_KEY, publishSite, watchCanaries, type EdgeRecord, type EdgeServices } from '@kesho/release-model/engine/edge-pass';
import { cloudWatchFigures, type GetMetricData } from '../functions/release-publisher/figures';
import { pointerKey, POINTER_DOCUMENT_KEY, type RemoteRelease } from '@kesho/release-model/engine/release-record';
import { viewerRequestCode } from '../lib/edge-functions';
import { HANDLER_BUNDLING_FILE } from '../lib/lambda-bundling';
import { REPO_ROOT } from '../lib/paths';
import { MemoryKeyValueStore, MemoryStore } from './support/memory-store';
import { deployRemote, pointer } from './support/releases';
import { buildTestApp } from './support/test-app';

const LIVE = 'aaaaaaaaaaaa';
const CANDIDATE = 'bbbbbbbbbbbb';
// Real time: the handler stamps its EMF lines with the clock of the process.
const START = new Date(Date.now() - 60_000);

interface Field {
  value: string;
}
interface EdgeRequest {
  uri: string;
  method: string;
  querystring: Record<string, Field>;
  headers: Record<string, Field>;
  cookies: Record<string, Field>;
}

/** The viewer-request function the stack deploys, with `cf.kvs()` on the publisher's KeyValueStore. */
function viewerRequestFunction(kvs: MemoryKeyValueStore): (event: object) => Promise<EdgeRequest> {
  const context = vm.createContext({
    cf: {
      kvs: () => ({
        get: async (key: string) => {
          const value = await kvs.get(key);
          if (value === null) throw new Error(`KeyValueStore: no key ${key}`);
          return value;
        },
      }),
    },
    require: (name: string) => {
      if (name !== 'crypto') throw new Error(`a CloudFront Function has no module ${name}`);
      return { createHmac: (algorithm: string, key: string) => createHmac(algorithm, key) };
    },
  });
  const [prelude, ...rest] = viewerRequestCode().split('\n');
  expect(prelude).toBe("import cf from 'cloudfront';");
  vm.runInContext(rest.join('\n'), context);
  return context.handler as (event: object) => Promise<EdgeRequest>;
}

/** The client-events function's environment in the synthesized payments stack (references resolved to placeholders). */
function clientEventsEnvironment(): Record<string, string> {
  const { stacks } = buildTestApp();
  const functions = Template.fromStack(stacks.payments).findResources('AWS::Lambda::Function', { Properties: { Description: 'Kesho payments: client-events' } });
  const [resource] = Object.values(functions) as { Properties: { Environment: { Variables: Record<string, unknown> } } }[];
  if (!resource) throw new Error('The payments stack has no client-events function');
  return Object.fromEntries(Object.entries(resource.Properties.Environment.Variables).map(([name, value]) => [name, typeof value === 'string' ? value : `resolved-${name}`]));
}

type ApiHandler = (event: object) => Promise<{ statusCode: number }>;

/** lambdas/src/handlers/client-events.ts bundled with the options the stack bundles it with (lambdas/bundling.json). */
function bundledClientEventsHandler(): ApiHandler {
  const options = JSON.parse(fs.readFileSync(HANDLER_BUNDLING_FILE, 'utf8')) as {
    target: string;
    mainFields: string[];
    external: string[];
    loader: Record<string, 'file'>;
    alias: Record<string, string>;
  };
  const outfile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'kesho-client-events-')), 'index.js');
  buildSync({
    entryPoints: [path.join(REPO_ROOT, 'lambdas', 'src', 'handlers', 'client-events.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: options.target,
    mainFields: options.mainFields,
    external: options.external,
    loader: options.loader,
    alias: Object.fromEntries(Object.entries(options.alias).map(([module, replacement]) => [module, path.join(REPO_ROOT, 'lambdas', replacement)])),
    logLevel: 'silent',
  });
  // Node's own require: the bundle runs as in Lambda, on the process's stdout and fetch.
  return (createRequire(outfile)(outfile) as { handler: ApiHandler }).handler;
}

/** CloudWatch as far as the check uses it: the EMF lines the handler printed, read back by GetMetricData. */
function cloudWatchStandIn(lines: readonly string[]): GetMetricData {
  interface Datum {
    at: number;
    app: string;
    build: string;
    name: string;
    values: number[];
  }
  const data: Datum[] = [];
  for (const line of lines) {
    let document: Record<string, unknown>;
    try {
      document = JSON.parse(line) as Record<string, unknown>;
    } catch {
      continue;
    }
    const aws = document._aws as { Timestamp: number; CloudWatchMetrics: { Namespace: string; Dimensions: string[][]; Metrics: { Name: string }[] }[] } | undefined;
    for (const directive of aws?.CloudWatchMetrics ?? []) {
      if (directive.Namespace !== CLIENT_EVENTS_METRICS_NAMESPACE || !directive.Dimensions.some((set) => set.join() === 'App,Build')) continue;
      for (const metric of directive.Metrics) {
        const value = document[metric.Name];
        data.push({
          at: aws!.Timestamp,
          app: String(document.App),
          build: String(document.Build),
          name: metric.Name,
          values: Array.isArray(value) ? (value as number[]) : [value as number],
        });
      }
    }
  }
  return async ({ StartTime, EndTime, MetricDataQueries }) => ({
    MetricDataResults: MetricDataQueries.map((query) => {
      const { Metric, Stat } = query.MetricStat;
      const dimension = (name: string) => Metric.Dimensions.find((entry) => entry.Name === name)?.Value;
      const values = data
        .filter((datum) => datum.name === Metric.MetricName && datum.app === dimension('App') && datum.build === dimension('Build'))
        .filter((datum) => datum.at >= StartTime.getTime() && datum.at < EndTime.getTime())
        .flatMap((datum) => datum.values);
      if (!values.length) return { Id: query.Id, Values: [] };
      const sorted = [...values].sort((a, b) => a - b);
      const statistic = Stat === 'Sum' ? values.reduce((sum, value) => sum + value, 0) : Stat === 'SampleCount' ? values.length : sorted[Math.ceil(0.75 * sorted.length) - 1]!;
      return { Id: query.Id, Values: [statistic] };
    }),
  });
}

/** dynalite (the local runtime's DynamoDB) on a loopback port: untyped here, lambdas/ types it. */
async function startDynalite(): Promise<{ endpoint: string; close: () => Promise<void> }> {
  const dynalite = createRequire(__filename)('dynalite') as (options: object) => http.Server;
  const server = dynalite({ createTableMs: 0 });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const pageView = { type: 'pageview' };
const renderError = { type: 'error', kind: 'render', name: 'TypeError', message: 'x is undefined', frames: [] };
const forgedError = { type: 'error', kind: 'error', name: 'Error', message: 'forged', frames: [] };

describe('a canary in AWS is judged by the scheduled check on what the client-events function emitted, by client', () => {
  const saved = { ...nodeProcess.env };
  let server: http.Server;
  let dynamo: { endpoint: string; close: () => Promise<void> };
  /** The bucket the site answers from: each test's own. */
  let store = new MemoryStore();
  let handler: ApiHandler;

  beforeAll(async () => {
    // The site as visitors reach it: the live pointer document from the bucket.
    server = http.createServer((request, response) => {
      const key = (request.url ?? '/').slice(1);
      const body = key === POINTER_DOCUMENT_KEY ? store.text(key) : undefined;
      response.writeHead(body === undefined ? 404 : 200, { 'content-type': 'application/json' });
      response.end(body ?? '');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    dynamo = await startDynalite();
    // The client-events function, as deployed, its table on dynalite.
    const environment = clientEventsEnvironment();
    const table = environment.ORDERS_TABLE;
    if (!table) throw new Error('The client-events function is not told the orders table');
    const region = 'eu-west-1';
    const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
    const admin = new DynamoDBClient({ region, credentials, endpoint: dynamo.endpoint });
    await admin.send(
      new CreateTableCommand({
        TableName: table,
        KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
        AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
        BillingMode: 'PAY_PER_REQUEST',
      }),
    );
    admin.destroy();
    nodeProcess.env = {
      ...saved,
      ...environment,
      PUBLIC_SITE_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      AWS_LAMBDA_FUNCTION_NAME: 'KeshoPayments-ClientEvents',
      LOG_LEVEL: 'error',
      AWS_REGION: region,
      AWS_ACCESS_KEY_ID: credentials.accessKeyId,
      AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      AWS_ENDPOINT_URL_DYNAMODB: dynamo.endpoint,
    };
    delete nodeProcess.env.AWS_EXECUTION_ENV;
    delete nodeProcess.env.AWS_SESSION_TOKEN;
    handler = bundledClientEventsHandler();
  }, 120_000);

  afterAll(async () => {
    nodeProcess.env = saved;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await dynamo.close();
  });

  /**
   * A site whose marketing canary runs (edge state in its KeyValueStore), the beacons of visitors
   * through the viewer-request function to the handler, and the scheduled check on what it emitted.
   */
  async function canaryScenario() {
    store = new MemoryStore();
    const kvs = new MemoryKeyValueStore();
    let now = START;
    const services: EdgeServices = { kvs, previewSecret: async () => 'the-preview-link-secret-of-the-tests-0123456789', now: () => now, log: () => undefined };
    deployRemote(store, pointer('marketing', LIVE, ['/', '/faq']));
    deployRemote(store, pointer('legal', 'cccccccccccc', ['/terms']));
    await publishSite(store, services);
    // The team's canary: its release uploaded, its current record left at the live one, a start command.
    const current = store.text(pointerKey('marketing'));
    const candidate: RemoteRelease = deployRemote(store, pointer('marketing', CANDIDATE, ['/', '/faq']));
    store.write(pointerKey('marketing'), current ?? '');
    store.write(canaryCommandKey('marketing'), JSON.stringify({ action: 'start', release: candidate.release, percent: 10, by: 'team-marketing' }));
    await publishSite(store, services);
    expect((JSON.parse(store.text(EDGE_RECORD_KEY) ?? '{}') as EdgeRecord).canaries.map((canary) => canary.buildId)).toEqual([CANDIDATE]);

    const viewerRequest = viewerRequestFunction(kvs);
    const emitted: string[] = [];
    const beacon = async (ip: string, build: string, events: object[]) => {
      const request: EdgeRequest = {
        uri: CLIENT_EVENTS_PATH,
        method: 'POST',
        querystring: {},
        headers: { host: { value: 'www.keshoglobal.co.ke' }, 'content-type': { value: 'application/json' } },
        cookies: {},
      };
      const passed = await viewerRequest({ request, viewer: { ip } });
      const headers = Object.fromEntries(Object.entries(passed.headers).map(([name, field]) => [name, field.value]));
      const body = JSON.stringify({ events: events.map((event) => ({ app: 'marketing', build, route: '/faq', ...event })) });
      const write = nodeProcess.stdout.write.bind(nodeProcess.stdout);
      const capture = jest.spyOn(nodeProcess.stdout, 'write').mockImplementation((chunk: string | Uint8Array, ...rest: unknown[]) => {
        const text = String(chunk);
        if (text.includes(CLIENT_EVENTS_METRICS_NAMESPACE)) {
          emitted.push(...text.split('\n').filter(Boolean));
          return true;
        }
        return (write as (chunk: string | Uint8Array, ...rest: unknown[]) => boolean)(chunk, ...rest);
      });
      try {
        const response = await handler({
          version: '2.0',
          routeKey: `POST ${CLIENT_EVENTS_PATH}`,
          rawPath: passed.uri,
          rawQueryString: '',
          headers,
          requestContext: { http: { method: 'POST', path: passed.uri, sourceIp: '130.176.0.1', protocol: 'HTTP/1.1', userAgent: 'test' }, requestId: `r-${ip}`, timeEpoch: Date.now() },
          body,
          isBase64Encoded: false,
        });
        expect(response.statusCode).toBe(204);
      } finally {
        capture.mockRestore();
      }
    };
    /** The live build's visitors: 40 clean page views from 20 addresses of `net`. */
    const calmLive = async (net: string) => {
      for (let visitor = 1; visitor <= 20; visitor += 1) await beacon(`${net}.${visitor}`, LIVE, [pageView, pageView]);
    };
    /** The scheduled check, a watch cycle later each time. */
    const check = async () => {
      now = new Date(Date.now() + 60_000);
      return watchCanaries(store, { ...services, figures: cloudWatchFigures(cloudWatchStandIn(emitted)) });
    };
    const canariesLeft = () => (JSON.parse(store.text(EDGE_RECORD_KEY) ?? '{}') as EdgeRecord).canaries;
    return { beacon, calmLive, check, emitted, kvs, canariesLeft };
  }

  test('real failures from six visitors reach CloudWatch by client and the check aborts the canary; the live build keeps everyone', async () => {
    const { beacon, calmLive, check, emitted, kvs, canariesLeft } = await canaryScenario();
    // The canary's share: six visitors, each two page views that meet a render error.
    for (let visitor = 1; visitor <= 6; visitor += 1) await beacon(`41.90.5.${visitor}`, CANDIDATE, [pageView, pageView, renderError, renderError]);
    await calmLive('41.90.6');
    // The live build's figures reached CloudWatch (the function is configured and running).
    expect(emitted.filter((line) => line.includes(`"Build":"${LIVE}"`))).toHaveLength(20);
    const checked = await check();
    expect(checked.aborted).toEqual([
      {
        app: 'marketing',
        buildId: CANDIDATE,
        reason: expect.stringContaining("error rate 100.0 % (12 page views with errors in 12; 6 of 6 clients) against live's 0.0 % (0 in 40; 0 of 20 clients)"),
      },
    ]);
    expect(canariesLeft()).toEqual([]);
    const record = JSON.parse(store.text(EDGE_RECORD_KEY) ?? '{}') as EdgeRecord;
    expect(record.history.at(-1)).toMatchObject({ action: 'abort', app: 'marketing', buildId: CANDIDATE, by: 'auto' });
    expect(JSON.parse(kvs.values.get('state') ?? '{}')).toMatchObject({ canaries: [], variants: {} });
  }, 180_000);

  test('2 posts of 20 forged errors, from one address or from two, abort nothing through two watch cycles', async () => {
    const { beacon, calmLive, check, canariesLeft } = await canaryScenario();
    await calmLive('41.90.7');
    await beacon('198.51.100.77', CANDIDATE, Array(20).fill(forgedError));
    await beacon('198.51.100.77', CANDIDATE, Array(20).fill(forgedError));
    expect((await check()).aborted).toEqual([]);
    await beacon('198.51.100.78', CANDIDATE, Array(20).fill(forgedError));
    await beacon('198.51.100.79', CANDIDATE, Array(20).fill(forgedError));
    expect((await check()).aborted).toEqual([]);
    expect(canariesLeft().map((canary) => canary.buildId)).toEqual([CANDIDATE]);
  }, 180_000);

  test('30 posts of forged page views from one address do not keep a canary failing for its five visitors running', async () => {
    const { beacon, calmLive, check, canariesLeft } = await canaryScenario();
    await calmLive('41.90.8');
    for (let visitor = 1; visitor <= 5; visitor += 1) await beacon(`41.90.9.${visitor}`, CANDIDATE, [pageView, renderError]);
    for (let post = 0; post < 30; post += 1) await beacon('198.51.100.80', CANDIDATE, Array(20).fill(pageView));
    const checked = await check();
    // 600 forged page views weigh one visitor's 10: 5 page views with errors in 15.
    expect(checked.aborted).toEqual([{ app: 'marketing', buildId: CANDIDATE, reason: expect.stringContaining('error rate 33.3 % (5 page views with errors in 15; 5 of 6 clients)') }]);
    expect(canariesLeft()).toEqual([]);
  }, 180_000);
});
