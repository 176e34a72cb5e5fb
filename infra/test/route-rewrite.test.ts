/**
 * The CloudFront Function is plain JavaScript for the cloudfront-js-2.0 runtime: a script with a
 * top-level `handler`, no modules. The test evaluates the very file the stack deploys in an empty
 * context, so it also proves the file needs nothing from Node.
 */
import vm from 'node:vm';
import { pageKeyForRoute } from '../functions/release-publisher/release-record';
import { routeRewriteCode } from '../lib/site-stack';

interface ViewerRequest {
  uri: string;
  method: string;
  querystring: Record<string, { value: string }>;
  headers: Record<string, { value: string }>;
}

interface ViewerResponse {
  statusCode: number;
  statusDescription: string;
  headers: Record<string, { value: string }>;
}

type Handler = (event: { request: ViewerRequest }) => ViewerRequest;

/** The code the stack deploys: as written without a domain, with the canonical host filled in with one. */
function loadHandler(canonicalHost?: string): Handler {
  const context = vm.createContext({});
  vm.runInContext(routeRewriteCode(canonicalHost), context);
  const handler: unknown = context.handler;
  if (typeof handler !== 'function') throw new Error('route-rewrite.js defines no handler function');
  return handler as Handler;
}

const handler = loadHandler();

function viewerRequest(uri: string, querystring: ViewerRequest['querystring'] = {}): ViewerRequest {
  return { uri, method: 'GET', querystring, headers: { host: { value: 'www.keshoglobal.co.ke' } } };
}

const rewrite = (uri: string) => handler({ request: viewerRequest(uri) }).uri;

describe('route-rewrite CloudFront Function', () => {
  test.each([
    ['/', '/pages/index.html'],
    ['/faq', '/pages/faq.html'],
    ['/services/visa', '/pages/services/visa.html'],
    ['/payment-success', '/pages/payment-success.html'],
  ])('serves the route %s from its prerendered page %s', (uri, page) => {
    expect(rewrite(uri)).toBe(page);
  });

  test.each([
    ['/faq/', '/pages/faq.html'],
    ['/services/visa/', '/pages/services/visa.html'],
    ['/services//', '/pages/services.html'],
    ['//', '/pages/index.html'],
  ])('treats %s like the same route without the trailing slash', (uri, page) => {
    expect(rewrite(uri)).toBe(page);
  });

  test.each(['/robots.txt', '/sitemap.xml', '/llms.txt', '/favicon.svg', '/pages/404.html', '/.well-known/security.txt'])(
    'passes the file %s through untouched',
    (uri) => {
      expect(rewrite(uri)).toBe(uri);
    },
  );

  test.each([
    '/mfe/marketing/0c90b16c3258/remoteEntry.js',
    '/mfe/remotes.json',
    '/mfe/legal/0c90b16c3258/LICENSE',
    '/shell/4f2a9c1e/main.3f2a1b9c.js',
    '/shell/4f2a9c1e/assets',
    '/api/create-payment',
  ])('never turns the build or API path %s into a page', (uri) => {
    expect(rewrite(uri)).toBe(uri);
  });

  test('maps an unknown route to a page that does not exist, which the distribution answers with the 404 page', () => {
    expect(rewrite('/no-such-page')).toBe('/pages/no-such-page.html');
  });

  test('keeps the query string, e.g. the Checkout session id on the success page', () => {
    const request = handler({ request: viewerRequest('/payment-success', { session_id: { value: 'cs_test_123' } }) });
    expect(request.uri).toBe('/pages/payment-success.html');
    expect(request.querystring).toEqual({ session_id: { value: 'cs_test_123' } });
    expect(request.headers.host).toEqual({ value: 'www.keshoglobal.co.ke' });
  });

  test.each(['/', '/faq', '/services/visa'])('agrees with the publisher on where the page of %s lives', (route) => {
    expect(rewrite(route)).toBe(`/${pageKeyForRoute(route)}`);
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
