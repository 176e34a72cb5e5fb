/**
 * The distribution's two CloudFront Functions: the site's rule from request path to object
 * (@kesho/release-model/page-routes) and the build choice (@kesho/release-model/build-choice), the very modules the
 * local server follows. lib/edge-functions.ts bundles this file (and those modules) into the
 * functions' code, in the JavaScript a CloudFront Function runs (cloudfront-js-2.0: the bundle fails
 * on for-of or destructuring).
 *
 *   viewer request:  with a custom domain, any other host is redirected to the canonical one; the
 *                    path is resolved by the site's one rule (a page, a feed, a file, the API, a
 *                    trailing-slash redirect, not found, a bad request), the viewer's address CloudFront
 *                    saw is written over whatever the viewer sent (VIEWER_ADDRESS_HEADER, for the
 *                    API's per-client limits); then a page (/pages/…) or the pointer document
 *                    (/mfe/remotes.json) is fetched from the browser's variant folder, if any;
 *                    a client-events request carries the edge state's canary and preview builds
 *                    (EDGE_BUILDS_HEADER), which the client-events endpoint accepts besides the live ones;
 *   viewer response: the same decision, for the answer's cookies, Cache-Control, X-Robots-Tag and
 *                    Vary (a CloudFront Function cannot hand data from the request to the response).
 *
 * Both read the edge state (key `state`) and the preview links' HMAC key (`preview-key`) from the
 * distribution's KeyValueStore, which the release publisher writes; nothing else is read per request.
 */
import {
  BUILD_CHOICE_VARY,
  chooseBuild,
  EDGE_BUILDS_HEADER,
  edgeBuildsOf,
  EMPTY_EDGE_STATE,
  parseEdgeStateText,
  PREVIEW_COOKIE,
  PREVIEW_PARAMETER,
  variantObjectKey,
  type BuildChoice,
  type BuildRequest,
  type EdgeState,
} from '@kesho/release-model/build-choice';
import { resolveSiteRequest, TRAILING_SLASH_REDIRECT_STATUS } from '@kesho/release-model/page-routes';
import { EDGE_STATE_KEY, POINTER_DOCUMENT_URL, PREVIEW_LINK_SECRET_KEY } from '@kesho/release-model/site-keys';
import { VIEWER_ADDRESS_HEADER } from '@kesho/operations/viewer-address';

/** The KeyValueStore keys the release publisher writes (@kesho/release-model/site-keys). */
export { EDGE_STATE_KEY, PREVIEW_LINK_SECRET_KEY };

interface Field {
  value: string;
  attributes?: string;
  multiValue?: { value: string }[];
}
interface EdgeRequest {
  uri: string;
  method?: string;
  querystring: Record<string, Field>;
  headers: Record<string, Field>;
  cookies?: Record<string, Field>;
}
interface EdgeResponse {
  statusCode: number;
  headers: Record<string, Field>;
  cookies?: Record<string, Field>;
}
interface EdgeEvent {
  request: EdgeRequest;
  response?: EdgeResponse;
}
/** `cf.kvs()`: get rejects when the key is missing. */
interface KeyValueStore {
  get(key: string): Promise<string>;
}
/** The runtime's crypto module (HMAC only). */
interface Crypto {
  createHmac(algorithm: string, key: string): { update(text: string): { digest(encoding: string): string } };
}

/** @kesho/operations/client-events' CLIENT_EVENTS_PATH (that module's scrubbing has no place in a CloudFront Function). */
export const CLIENT_EVENTS_URI = '/api/client-events';
const PAGES_URI = '/pages/';

async function readOrNull(kvs: KeyValueStore, key: string): Promise<string | null> {
  try {
    return await kvs.get(key);
  } catch {
    return null;
  }
}

/** The decision for this request, by the one rule; an edge that cannot read its state serves the live site. */
async function decide(request: EdgeRequest, kind: 'page' | 'pointer', kvs: KeyValueStore, crypto: Crypto): Promise<BuildChoice> {
  const stateText = await readOrNull(kvs, EDGE_STATE_KEY);
  const state: EdgeState = stateText ? parseEdgeStateText(stateText) : EMPTY_EDGE_STATE;
  const cookies: Record<string, string> = {};
  const sent = request.cookies || {};
  const names = Object.keys(sent);
  for (let index = 0; index < names.length; index++) cookies[names[index] as string] = (sent[names[index] as string] as Field).value;
  const parameter = request.querystring[PREVIEW_PARAMETER];
  let previewParameter: string | undefined;
  if (parameter) {
    try {
      previewParameter = decodeURIComponent(parameter.value);
    } catch {
      previewParameter = parameter.value;
    }
  }
  const userAgent = request.headers['user-agent'];
  const fetchSite = request.headers['sec-fetch-site'];
  const buildRequest: BuildRequest = {
    kind,
    cookies,
    previewParameter,
    userAgent: userAgent ? userAgent.value : '',
    fetchSite: fetchSite ? fetchSite.value : undefined,
    now: Date.now(),
    secure: true,
  };
  // The key is read only when a preview link or cookie asks for it.
  const wantsKey = Boolean(parameter) || Boolean(cookies[PREVIEW_COOKIE]);
  const key = wantsKey ? await readOrNull(kvs, PREVIEW_LINK_SECRET_KEY) : null;
  return chooseBuild(buildRequest, state, key, {
    hmacHex: (secret, text) => crypto.createHmac('sha256', secret).update(text).digest('hex'),
    random: Math.random,
  });
}

/** A viewer's request as CloudFront hands it to the viewer-request function. */
interface ViewerRequestEvent {
  request: EdgeRequest;
  viewer: { ip: string };
}
interface EdgeAnswer {
  statusCode: number;
  statusDescription: string;
  headers?: Record<string, Field>;
}

/** No object of the site is ever written here (pages end in .html): S3 answers 403 and the distribution its 404 page. */
export const NOT_FOUND_URI = '/pages/.not-found';

/** The query string as the viewer sent it (values still encoded, repeated keys and flags kept), without the "?". */
function queryStringOf(querystring: Record<string, Field>): string {
  const parts: string[] = [];
  const keys = Object.keys(querystring);
  for (let index = 0; index < keys.length; index++) {
    const key = keys[index] as string;
    const entry = querystring[key] as Field;
    const values = entry.multiValue ? entry.multiValue : [entry];
    for (let each = 0; each < values.length; each++) {
      const value = (values[each] as { value: string }).value;
      parts.push(value === '' ? key : `${key}=${value}`);
    }
  }
  return parts.join('&');
}

/** An object key as the URI CloudFront hands S3 (which decodes it into the key): each segment encoded. */
function uriOfKey(key: string): string {
  const segments = key.split('/');
  for (let index = 0; index < segments.length; index++) segments[index] = encodeURIComponent(segments[index] as string);
  return `/${segments.join('/')}`;
}

/**
 * The viewer-request function: the canonical-host redirect (canonicalHost '' for none), the site's
 * rule for the path, the viewer's address, then the build choice.
 */
export async function onViewerRequestEvent(event: ViewerRequestEvent, kvs: KeyValueStore, crypto: Crypto, canonicalHost: string): Promise<EdgeRequest | EdgeAnswer> {
  const request = event.request;
  const query = queryStringOf(request.querystring);
  const host = request.headers.host ? request.headers.host.value.toLowerCase() : '';
  if (canonicalHost !== '' && host !== canonicalHost) {
    // 308 keeps the method and body of a POST (a form or a webhook sent to the apex); pages get 301.
    const status = request.method === 'GET' || request.method === 'HEAD' ? 301 : 308;
    return {
      statusCode: status,
      statusDescription: status === 301 ? 'Moved Permanently' : 'Permanent Redirect',
      headers: { location: { value: `https://${canonicalHost}${request.uri}${query ? `?${query}` : ''}` } },
    };
  }
  const answer = resolveSiteRequest(request.uri, query);
  switch (answer.kind) {
    case 'bad-request':
      return { statusCode: 400, statusDescription: 'Bad Request' };
    case 'redirect':
      return { statusCode: TRAILING_SLASH_REDIRECT_STATUS, statusDescription: 'Permanent Redirect', headers: { location: { value: answer.location } } };
    case 'api':
      break;
    case 'not-found':
      request.uri = NOT_FOUND_URI;
      break;
    default:
      request.uri = uriOfKey(answer.key);
  }
  request.headers[VIEWER_ADDRESS_HEADER] = { value: event.viewer.ip };
  return onViewerRequest(request, kvs, crypto);
}

/** What the viewer-request function hands on: the rewritten request, pointed at the browser's variant folder when it has one. */
async function onViewerRequest(rewritten: EdgeRequest, kvs: KeyValueStore, crypto: Crypto): Promise<EdgeRequest> {
  const uri = rewritten.uri;
  // Never passed on as the browser sent it (whatever path the API would route it by), so a browser cannot name builds of its own.
  delete rewritten.headers[EDGE_BUILDS_HEADER];
  if (uri === CLIENT_EVENTS_URI) {
    const stateText = await readOrNull(kvs, EDGE_STATE_KEY);
    rewritten.headers[EDGE_BUILDS_HEADER] = { value: edgeBuildsOf(stateText ? parseEdgeStateText(stateText) : EMPTY_EDGE_STATE) };
    return rewritten;
  }
  const kind = uri === POINTER_DOCUMENT_URL ? 'pointer' : uri.indexOf(PAGES_URI) === 0 && /\.html$/.test(uri) ? 'page' : null;
  if (!kind) return rewritten;
  const choice = await decide(rewritten, kind, kvs, crypto);
  if (choice.folder) rewritten.uri = `/${variantObjectKey(choice.folder, uri.slice(1))}`;
  return rewritten;
}

/** What the viewer-response function answers: the decision's cookies and headers on a page or the pointer document. */
export async function onViewerResponse(event: EdgeEvent, kvs: KeyValueStore, crypto: Crypto): Promise<EdgeResponse | undefined> {
  const response = event.response;
  if (!response) return response;
  const type = response.headers['content-type'];
  const kind = /remotes\.json$/.test(event.request.uri) ? 'pointer' : type && type.value.indexOf('text/html') === 0 ? 'page' : null;
  if (!kind) return response;
  const choice = await decide(event.request, kind, kvs, crypto);
  response.headers['vary'] = { value: `Accept-Encoding, ${BUILD_CHOICE_VARY}` };
  if (choice.cacheControl) response.headers['cache-control'] = { value: choice.cacheControl };
  if (choice.noindex) response.headers['x-robots-tag'] = { value: 'noindex' };
  if (choice.cookies.length) {
    const cookies = response.cookies || {};
    for (let index = 0; index < choice.cookies.length; index++) {
      const cookie = choice.cookies[index] as BuildChoice['cookies'][number];
      cookies[cookie.name] = { value: cookie.value, attributes: cookie.attributes };
    }
    response.cookies = cookies;
  }
  return response;
}
