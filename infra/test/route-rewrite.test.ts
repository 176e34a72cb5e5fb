/**
 * The CloudFront Function is plain JavaScript for the cloudfront-js-2.0 runtime: a script with a
 * top-level `handler`, no modules. The test evaluates the very file the stack deploys in an empty
 * context, so it also proves the file needs nothing from Node.
 */
import vm from 'node:vm';
import { pageKeyForRoute } from '../functions/release-publisher/release-record';
import { routeRewriteCode } from '../lib/edge-functions';
import { pageRouteCases, servedKeysOf } from '@kesho/common/page-route-cases';
import { VIEWER_ADDRESS_HEADER } from '@kesho/common/viewer-address';

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

type Handler = (event: ViewerEvent) => ViewerRequest;

/** The code the stack deploys: as written without a domain, with the canonical host filled in with one. */
function loadHandler(canonicalHost?: string): Handler {
  const context = vm.createContext({});
  vm.runInContext(routeRewriteCode(canonicalHost), context);
  const handler: unknown = context.handler;
  if (typeof handler !== 'function') throw new Error('route-rewrite.js defines no handler function');
  // CloudFront hands every function the viewer's address beside the request.
  return (event) => (handler as (event: ViewerEvent) => ViewerRequest)({ viewer: { ip: VIEWER_IP }, ...event });
}

const VIEWER_IP = '41.90.5.6';

const handler = loadHandler();

function viewerRequest(uri: string, querystring: ViewerRequest['querystring'] = {}): ViewerRequest {
  return { uri, method: 'GET', querystring, headers: { host: { value: 'www.keshoglobal.co.ke' } } };
}

type Answer = ViewerRequest | ViewerResponse;
const answer = (uri: string, querystring: ViewerRequest['querystring'] = {}) =>
  (handler as unknown as (event: { request: ViewerRequest }) => Answer)({ request: viewerRequest(uri, querystring) });
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

describe("route-rewrite CloudFront Function, on the site's one table of request paths", () => {
  test.each(pageRouteCases.map((c) => [c.path + (c.query ? `?${c.query}` : ''), c.why, c]))('%s (%s)', (_request, _why, { path, query, expected }) => {
    const result = answer(path, querystringOf(query));
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

  test('keeps the query string, e.g. the Checkout session id on the success page', () => {
    const request = handler({ request: viewerRequest('/payment-success', { session_id: { value: 'cs_test_123' } }) });
    expect(request.uri).toBe('/pages/payment-success.html');
    expect(request.querystring).toEqual({ session_id: { value: 'cs_test_123' } });
    expect(request.headers.host).toEqual({ value: 'www.keshoglobal.co.ke' });
  });

  test("writes the viewer's address CloudFront saw over whatever the viewer sent, for the API's per-client limits", () => {
    const forged = { ...viewerRequest('/api/enquiries'), method: 'POST' };
    forged.headers[VIEWER_ADDRESS_HEADER] = { value: '198.51.100.7' };
    forged.headers['x-forwarded-for'] = { value: '203.0.113.9' };
    const request = handler({ request: forged, viewer: { ip: '2c0f:fe38:2000::1' } });
    expect(request.uri).toBe('/api/enquiries');
    expect(request.headers[VIEWER_ADDRESS_HEADER]).toEqual({ value: '2c0f:fe38:2000::1' });
    expect(handler({ request: viewerRequest('/faq') }).headers[VIEWER_ADDRESS_HEADER]).toEqual({ value: VIEWER_IP });
  });

  test('keeps repeated keys and flags of the query on a trailing-slash redirect', () => {
    const querystring = { tag: { value: 'a', multiValue: [{ value: 'a' }, { value: 'b' }] }, debug: { value: '' } };
    expect(answer('/faq/', querystring)).toMatchObject({ statusCode: 308, headers: { location: { value: '/faq?tag=a&tag=b&debug' } } });
  });

  test.each(['/', '/faq', '/services/visa'])('agrees with the publisher on where the page of %s lives', (route) => {
    expect(answer(route)).toMatchObject({ uri: `/${pageKeyForRoute(route)}` });
  });
});

describe('route-rewrite with a custom domain (apex → www)', () => {
  const redirecting = loadHandler('www.keshoglobal.co.ke') as unknown as (event: { request: ViewerRequest }) => ViewerRequest | ViewerResponse;
  const onHost = (host: string, uri: string, method = 'GET', querystring: ViewerRequest['querystring'] = {}) =>
    redirecting({ request: { uri, method, querystring, headers: { host: { value: host } } } });

  test('answers the apex with a 301 to the same path on www', () => {
    expect(onHost('keshoglobal.co.ke', '/services/visa')).toEqual({
      statusCode: 301,
      statusDescription: 'Moved Permanently',
      headers: { location: { value: 'https://www.keshoglobal.co.ke/services/visa' } },
    });
    expect(onHost('KeshoGlobal.co.ke', '/')).toMatchObject({ statusCode: 301, headers: { location: { value: 'https://www.keshoglobal.co.ke/' } } });
  });

  test('keeps the query string, repeated keys and flags included, as the viewer sent it', () => {
    const querystring = {
      session_id: { value: 'cs_test_1%2B2' },
      tag: { value: 'a', multiValue: [{ value: 'a' }, { value: 'b' }] },
      debug: { value: '' },
    };
    expect(onHost('keshoglobal.co.ke', '/payment-success', 'GET', querystring)).toMatchObject({
      headers: { location: { value: 'https://www.keshoglobal.co.ke/payment-success?session_id=cs_test_1%2B2&tag=a&tag=b&debug' } },
    });
  });

  test('redirects build and API paths too, a POST with 308 so its method and body survive', () => {
    expect(onHost('keshoglobal.co.ke', '/mfe/remotes.json')).toMatchObject({ statusCode: 301 });
    expect(onHost('keshoglobal.co.ke', '/api/stripe-webhook', 'POST')).toEqual({
      statusCode: 308,
      statusDescription: 'Permanent Redirect',
      headers: { location: { value: 'https://www.keshoglobal.co.ke/api/stripe-webhook' } },
    });
  });

  test('serves the canonical host as before', () => {
    expect(onHost('www.keshoglobal.co.ke', '/faq')).toMatchObject({ uri: '/pages/faq.html' });
    expect(onHost('www.keshoglobal.co.ke', '/api/create-payment', 'POST')).toMatchObject({ uri: '/api/create-payment' });
  });

  test('without a domain nothing redirects, whatever the host (the *.cloudfront.net name)', () => {
    expect(handler({ request: { uri: '/faq', method: 'GET', querystring: {}, headers: { host: { value: 'd111111abcdef8.cloudfront.net' } } } }).uri).toBe('/pages/faq.html');
  });

  test('refuses a canonical host that is not a host name', () => {
    expect(() => routeRewriteCode("x'; evil();'")).toThrow('is not a host name');
  });
});
