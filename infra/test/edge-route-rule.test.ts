/**
 * The viewer-request CloudFront Function on the site's one table of request paths: its rule is
 * @kesho/release-model/page-routes itself, bundled into the function (lib/edge-functions.ts), and this test
 * evaluates the code the stack deploys in an empty context (the runtime's `cloudfront` and `crypto`
 * modules played here, nothing from Node), with nothing but the live site in its KeyValueStore.
 */
import { createHmac } from 'node:crypto';
import vm from 'node:vm';
import { pageKeyForRoute } from '@kesho/release-model/engine/release-record';
import { viewerRequestCode } from '../lib/edge-functions';
import { pageRouteCases, servedKeysOf } from '@kesho/release-model/page-route-cases';
import { VIEWER_ADDRESS_HEADER } from '@kesho/operations/viewer-address';

interface ViewerRequest {
  uri: string;
  method: string;
  querystring: Record<string, { value: string; multiValue?: { value: string }[] }>;
  headers: Record<string, { value: string }>;
}

interface ViewerResponse {
  statusCode: number;
  statusDescription: string;
  headers: Record<string, { value: string }>;
}

interface ViewerEvent {
  request: ViewerRequest;
  viewer?: { ip: string };
}

type Handler = (event: ViewerEvent) => Promise<ViewerRequest>;

const LIVE_ONLY = JSON.stringify({ canaries: [], variants: {}, previews: {}, notices: {} });

/** The code the stack deploys: without a domain, or with the canonical host filled in. */
function loadHandler(canonicalHost?: string): Handler {
  const kvs = { get: async (key: string) => (key === 'state' ? LIVE_ONLY : Promise.reject(new Error(`KeyValueStore: no key ${key}`))) };
  const context = vm.createContext({
    cf: { kvs: () => kvs },
    require: (name: string) => {
      if (name !== 'crypto') throw new Error(`a CloudFront Function has no module ${name}`);
      return { createHmac: (algorithm: string, key: string) => createHmac(algorithm, key) };
    },
  });
  const [prelude, ...rest] = viewerRequestCode(canonicalHost).split('\n');
  expect(prelude).toBe("import cf from 'cloudfront';");
  vm.runInContext(rest.join('\n'), context);
  const handler: unknown = context.handler;
  if (typeof handler !== 'function') throw new Error('the viewer-request code defines no handler function');
  // CloudFront hands every function the viewer's address beside the request; the request is the function's to change.
  return (event) => (handler as Handler)(structuredClone({ viewer: { ip: VIEWER_IP }, ...event }));
}

const VIEWER_IP = '41.90.5.6';

const handler = loadHandler();

function viewerRequest(uri: string, querystring: ViewerRequest['querystring'] = {}): ViewerRequest {
  return { uri, method: 'GET', querystring, headers: { host: { value: 'www.keshoglobal.co.ke' } } };
}

type Answer = ViewerRequest | ViewerResponse;
const answer = (uri: string, querystring: ViewerRequest['querystring'] = {}) =>
  (handler as unknown as (event: { request: ViewerRequest }) => Promise<Answer>)({ request: viewerRequest(uri, querystring) });
const isResponse = (value: Answer): value is ViewerResponse => 'statusCode' in value;

/** "a=1&b=2" as CloudFront hands a query string to a function. */
function querystringOf(query = ''): ViewerRequest['querystring'] {
  const fields: ViewerRequest['querystring'] = {};
  for (const pair of query.split('&').filter(Boolean)) {
    const [key = '', value = ''] = pair.split('=');
    fields[key] = { value };
  }
  return fields;
}

const servedKeys = new Set(servedKeysOf(pageRouteCases));

describe("the viewer-request CloudFront Function, on the site's one table of request paths", () => {
  test.each(pageRouteCases.map((c) => [c.path + (c.query ? `?${c.query}` : ''), c.why, c]))('%s (%s)', async (_request, _why, { path, query, expected }) => {
    const result = await answer(path, querystringOf(query));
    switch (expected.kind) {
      case 'page':
      case 'file':
      case 'feed':
        // S3 decodes the URI into the object key.
        if (isResponse(result)) throw new Error(`answered ${result.statusCode} instead of fetching ${expected.key}`);
        expect(decodeURIComponent(result.uri)).toBe(`/${expected.key}`);
        break;
      case 'api':
        if (isResponse(result)) throw new Error(`answered ${result.statusCode} instead of passing the request to the API`);
        expect(result.uri).toBe(path);
        break;
      case 'redirect':
        expect(result).toEqual({ statusCode: 308, statusDescription: 'Permanent Redirect', headers: { location: { value: expected.location } } });
        break;
      case 'not-found':
        // A key no build writes: S3 answers 403, which the distribution serves as its 404 page.
        if (isResponse(result)) throw new Error(`answered ${result.statusCode} instead of the 404 page`);
        expect(result.uri).toMatch(/^\/pages\/[^/]+$/);
        expect(result.uri).not.toMatch(/\.html$/);
        expect(servedKeys.has(result.uri.slice(1))).toBe(false);
        break;
      case 'bad-request':
        expect(result).toMatchObject({ statusCode: 400 });
        break;
    }
  });

  test('keeps the query string, e.g. the Checkout session id on the success page', async () => {
    const request = await handler({ request: viewerRequest('/payment-success', { session_id: { value: 'cs_test_123' } }) });
    expect(request.uri).toBe('/pages/payment-success.html');
    expect(request.querystring).toEqual({ session_id: { value: 'cs_test_123' } });
    expect(request.headers.host).toEqual({ value: 'www.keshoglobal.co.ke' });
  });

  test("writes the viewer's address CloudFront saw over whatever the viewer sent, for the API's per-client limits", async () => {
    const forged = { ...viewerRequest('/api/enquiries'), method: 'POST' };
    forged.headers[VIEWER_ADDRESS_HEADER] = { value: '198.51.100.7' };
    forged.headers['x-forwarded-for'] = { value: '203.0.113.9' };
    const request = await handler({ request: forged, viewer: { ip: '2c0f:fe38:2000::1' } });
    expect(request.uri).toBe('/api/enquiries');
    expect(request.headers[VIEWER_ADDRESS_HEADER]).toEqual({ value: '2c0f:fe38:2000::1' });
    expect((await handler({ request: viewerRequest('/faq') })).headers[VIEWER_ADDRESS_HEADER]).toEqual({ value: VIEWER_IP });
  });

  test('keeps repeated keys and flags of the query on a trailing-slash redirect', async () => {
    const querystring = { tag: { value: 'a', multiValue: [{ value: 'a' }, { value: 'b' }] }, debug: { value: '' } };
    expect(await answer('/faq/', querystring)).toMatchObject({ statusCode: 308, headers: { location: { value: '/faq?tag=a&tag=b&debug' } } });
  });

  test.each(['/', '/faq', '/services/visa'])('agrees with the publisher on where the page of %s lives', async (route) => {
    expect(await answer(route)).toMatchObject({ uri: `/${pageKeyForRoute(route)}` });
  });
});

describe('the viewer-request function with a custom domain (apex → www)', () => {
  const redirecting = loadHandler('www.keshoglobal.co.ke') as unknown as (event: { request: ViewerRequest }) => Promise<ViewerRequest | ViewerResponse>;
  const onHost = (host: string, uri: string, method = 'GET', querystring: ViewerRequest['querystring'] = {}) =>
    redirecting({ request: { uri, method, querystring, headers: { host: { value: host } } } });

  test('answers the apex with a 301 to the same path on www', async () => {
    expect(await onHost('keshoglobal.co.ke', '/services/visa')).toEqual({
      statusCode: 301,
      statusDescription: 'Moved Permanently',
      headers: { location: { value: 'https://www.keshoglobal.co.ke/services/visa' } },
    });
    expect(await onHost('KeshoGlobal.co.ke', '/')).toMatchObject({ statusCode: 301, headers: { location: { value: 'https://www.keshoglobal.co.ke/' } } });
  });

  test('keeps the query string, repeated keys and flags included, as the viewer sent it', async () => {
    const querystring = {
      session_id: { value: 'cs_test_1%2B2' },
      tag: { value: 'a', multiValue: [{ value: 'a' }, { value: 'b' }] },
      debug: { value: '' },
    };
    expect(await onHost('keshoglobal.co.ke', '/payment-success', 'GET', querystring)).toMatchObject({
      headers: { location: { value: 'https://www.keshoglobal.co.ke/payment-success?session_id=cs_test_1%2B2&tag=a&tag=b&debug' } },
    });
  });

  test('redirects build and API paths too, a POST with 308 so its method and body survive', async () => {
    expect(await onHost('keshoglobal.co.ke', '/mfe/remotes.json')).toMatchObject({ statusCode: 301 });
    expect(await onHost('keshoglobal.co.ke', '/api/stripe-webhook', 'POST')).toEqual({
      statusCode: 308,
      statusDescription: 'Permanent Redirect',
      headers: { location: { value: 'https://www.keshoglobal.co.ke/api/stripe-webhook' } },
    });
  });

  test('serves the canonical host as before', async () => {
    expect(await onHost('www.keshoglobal.co.ke', '/faq')).toMatchObject({ uri: '/pages/faq.html' });
    expect(await onHost('www.keshoglobal.co.ke', '/api/create-payment', 'POST')).toMatchObject({ uri: '/api/create-payment' });
  });

  test('without a domain nothing redirects, whatever the host (the *.cloudfront.net name)', async () => {
    expect((await handler({ request: { uri: '/faq', method: 'GET', querystring: {}, headers: { host: { value: 'd111111abcdef8.cloudfront.net' } } } })).uri).toBe('/pages/faq.html');
  });

  test('refuses a canonical host that is not a host name', () => {
    expect(() => viewerRequestCode("x'; evil();'")).toThrow('is not a host name');
  });
});
