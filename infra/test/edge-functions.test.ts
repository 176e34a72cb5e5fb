/**
 * The distribution's two CloudFront Functions, as the stack deploys them (lib/edge-functions.ts),
 * evaluated in an empty context with the runtime's two modules played here: `cloudfront` (the
 * KeyValueStore, `cf.kvs()`) and `crypto` (HMAC). They run the table of build choices the rule's
 * own test and the local server's test run (@kesho/release-model/build-choice-cases); edge-route-rule.test.ts
 * runs the site's table of request paths against the same viewer-request code.
 */
import { createHmac } from 'node:crypto';
import vm from 'node:vm';
import { setCookieHeader, type EdgeState } from '@kesho/release-model/build-choice';
import { buildChoiceCases, FOLDERS, PREVIEW_KEY, RANDOM, type BuildChoiceCase } from '@kesho/release-model/build-choice-cases';
import { FUNCTION_CODE_LIMIT_BYTES, viewerRequestCode, viewerResponseCode } from '../lib/edge-functions';

const NOW = Date.parse('2025-06-01T12:00:00.250Z');

interface Field {
  value: string;
  attributes?: string;
  multiValue?: { value: string }[];
}
interface Request {
  uri: string;
  method: string;
  querystring: Record<string, Field>;
  headers: Record<string, Field>;
  cookies: Record<string, Field>;
}
type Handler = (event: object) => Promise<Record<string, unknown>>;

/** The deployed code, with the runtime's modules, its clock and its random numbers played here. */
function load(code: string, store: Record<string, string>): Handler {
  const kvs = {
    get: async (key: string) => {
      if (!(key in store)) throw new Error(`KeyValueStore: no key ${key}`);
      return store[key];
    },
  };
  const random = Object.create(Math) as Math;
  random.random = () => RANDOM;
  const context = vm.createContext({
    cf: { kvs: () => kvs },
    require: (name: string) => {
      if (name !== 'crypto') throw new Error(`a CloudFront Function has no module ${name}`);
      return { createHmac: (algorithm: string, key: string) => createHmac(algorithm, key) };
    },
    Date: { now: () => NOW },
    Math: random,
  });
  const [prelude, ...rest] = code.split('\n');
  expect(prelude).toBe("import cf from 'cloudfront';");
  vm.runInContext(rest.join('\n'), context);
  return context.handler as Handler;
}

const storeOf = (state: EdgeState, previewKey: string | null | undefined): Record<string, string> => ({
  state: JSON.stringify(state),
  ...(previewKey === null ? {} : { 'preview-key': previewKey ?? PREVIEW_KEY }),
});

function viewerRequest(c: BuildChoiceCase): Request {
  const uri = c.request.kind === 'page' ? '/faq' : '/mfe/remotes.json';
  const cookies: Record<string, Field> = {};
  for (const [name, value] of Object.entries(c.request.cookies)) if (value !== undefined) cookies[name] = { value };
  return {
    uri,
    method: 'GET',
    querystring: c.request.previewParameter === undefined ? {} : { 'kesho-preview': { value: encodeURIComponent(c.request.previewParameter) } },
    headers: {
      host: { value: 'www.keshoglobal.co.ke' },
      'user-agent': { value: c.request.userAgent },
      ...(c.request.fetchSite ? { 'sec-fetch-site': { value: c.request.fetchSite } } : {}),
    },
    cookies,
  };
}

describe('the CloudFront functions, on the table of build choices (the local server and the rule run it too)', () => {
  test.each(buildChoiceCases(NOW).map((c) => [c.why, c] as [string, BuildChoiceCase]))('%s', async (_why, c) => {
    const store = storeOf(c.state, c.previewKey);
    const request = viewerRequest(c);
    const fetched = (await load(viewerRequestCode(), store)(structuredClone({ request, viewer: { ip: '41.90.5.6' } }))) as unknown as Request;
    const live = c.request.kind === 'page' ? '/pages/faq.html' : '/mfe/remotes.json';
    const expectedUri = c.expected.folder === null ? live : c.request.kind === 'page' ? `/variants/${c.expected.folder}/pages/faq.html` : `/variants/${c.expected.folder}/remotes.json`;
    expect(fetched.uri).toBe(expectedUri);

    const contentType = c.request.kind === 'page' ? 'text/html; charset=utf-8' : 'application/json';
    const response = (await load(
      viewerResponseCode(),
      store,
    )({
      request: { ...structuredClone(request), uri: fetched.uri },
      response: { statusCode: 200, headers: { 'content-type': { value: contentType }, 'cache-control': { value: 'no-cache' } }, cookies: {} },
    })) as { headers: Record<string, Field>; cookies: Record<string, Field> };
    // Over HTTPS only: every cookie is Secure.
    const secure = (attributes: string) => (attributes.endsWith('; Secure') ? attributes : `${attributes}; Secure`);
    expect(Object.entries(response.cookies).map(([name, cookie]) => setCookieHeader({ name, value: cookie.value, attributes: cookie.attributes ?? '' }))).toEqual(
      c.expected.cookies.map((cookie) => setCookieHeader({ ...cookie, attributes: secure(cookie.attributes) })),
    );
    expect(response.headers['cache-control']).toEqual({ value: c.expected.cacheControl ?? 'no-cache' });
    expect(response.headers['x-robots-tag']).toEqual(c.expected.noindex ? { value: 'noindex' } : undefined);
    expect(response.headers.vary).toEqual({ value: 'Accept-Encoding, Cookie' });
  });
});

describe('the viewer-request function', () => {
  const querystringOf = (query = ''): Record<string, Field> =>
    Object.fromEntries(
      query
        .split('&')
        .filter(Boolean)
        .map((pair) => [pair.split('=')[0] ?? '', { value: pair.split('=')[1] ?? '' }]),
    );
  const requestOf = (path: string, query?: string) => ({
    request: { uri: path, method: 'GET', querystring: querystringOf(query), headers: { host: { value: 'www.keshoglobal.co.ke' } }, cookies: {} },
    viewer: { ip: '41.90.5.6' },
  });

  test("writes the edge state's canary and preview builds on a client-events request, over what the browser sent, and on no other request", async () => {
    const state = {
      canaries: [{ app: 'marketing', build: 'bbbbbbbbbbbb', percent: 10 }],
      variants: { marketing: FOLDERS.marketingCanary },
      previews: { 'legal/dddddddddddd': 'f1' },
      notices: {},
    };
    const forged = (path: string) => {
      const event = requestOf(path);
      event.request.method = 'POST';
      (event.request.headers as Record<string, Field>)['x-kesho-edge-builds'] = { value: 'marketing:eeeeeeeeeeee' };
      return event;
    };
    const handler = load(viewerRequestCode(), { state: JSON.stringify(state) });
    expect(((await handler(forged('/api/client-events'))) as unknown as Request).headers['x-kesho-edge-builds']).toEqual({ value: 'marketing:bbbbbbbbbbbb,legal:dddddddddddd' });
    expect(((await handler(forged('/api/enquiries'))) as unknown as Request).headers['x-kesho-edge-builds']).toBeUndefined();
    // Nothing running, or a state the edge cannot read: no builds but the live ones.
    expect(((await load(viewerRequestCode(), {})(forged('/api/client-events'))) as unknown as Request).headers['x-kesho-edge-builds']).toEqual({ value: '' });
  });

  test('an edge that cannot read its state serves the live site', async () => {
    const request = () => ({ ...requestOf('/faq'), request: { ...requestOf('/faq').request, cookies: { 'kesho-bucket': { value: '100' } } } });
    expect(await load(viewerRequestCode(), {})(request())).toMatchObject({ uri: '/pages/faq.html' });
    expect(await load(viewerRequestCode(), { state: '{not json' })(request())).toMatchObject({ uri: '/pages/faq.html' });
  });

  test('a canary visitor on the apex is still redirected to the canonical host first', async () => {
    const handler = load(viewerRequestCode('www.keshoglobal.co.ke'), {
      state: JSON.stringify({ canaries: [{ app: 'marketing', build: 'bbbbbbbbbbbb', percent: 50 }], variants: { marketing: FOLDERS.marketingCanary }, previews: {}, notices: {} }),
    });
    const request = requestOf('/faq');
    request.request.headers.host = { value: 'keshoglobal.co.ke' };
    expect(await handler(request)).toMatchObject({ statusCode: 301, headers: { location: { value: 'https://www.keshoglobal.co.ke/faq' } } });
  });

  test.each([
    ['viewer-request', viewerRequestCode('www.keshoglobal.co.ke')],
    ['viewer-response', viewerResponseCode()],
  ])("the %s function's code fits CloudFront's 10 KB", (_name, code) => {
    expect(Buffer.byteLength(code)).toBeLessThanOrEqual(FUNCTION_CODE_LIMIT_BYTES);
  });
});

describe('the viewer-response function', () => {
  test('leaves anything but a page or the pointer document alone (scripts, robots.txt)', async () => {
    const handler = load(viewerResponseCode(), storeOf({ canaries: [{ app: 'marketing', build: 'bbbbbbbbbbbb', percent: 50 }], variants: {}, previews: {}, notices: {} }, undefined));
    const response = { statusCode: 200, headers: { 'content-type': { value: 'text/plain' } }, cookies: {} };
    expect(await handler({ request: { uri: '/robots.txt', querystring: {}, headers: {}, cookies: {} }, response: structuredClone(response) })).toEqual(response);
  });
});
