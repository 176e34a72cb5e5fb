/**
 * How a request path of the site becomes an object of the site (dist/site locally, the site bucket
 * in AWS): the one rule the local server, the prerenderer, the release publisher and the CloudFront
 * viewer-request function follow (infra/functions/build-choice/viewer-functions.ts, bundled with this module).
 *
 *   "/"                      → the page pages/index.html
 *   "/services/visa"         → the page pages/services/visa.html (a route: its last segment has no extension)
 *   "/robots.txt"            → the file robots.txt
 *   "/blog/rss.xml"          → the feed of the route /blog, published with its pages: pages/blog/rss.xml
 *   "/mfe/…", "/shell/…"     → build output, served exactly as asked, never a page
 *   "/api/…"                 → the payment API, not an object of the site
 *   "/faq/", "/faq//"        → a permanent redirect to "/faq" (one URL per page), query kept
 *   "/pages/…", "/variants/…" → not found: a page is reachable only through its route (a variant
 *                              folder only through the build choice, @kesho/release-model/build-choice)
 *   "//x", "/a/../b", "/a\b" → not found: no route or file has an empty or ".." segment, a backslash
 *                              or a control character, and such a path must never reach a Location header
 *   "/services%2fvisa"       → not found: an encoded "/" or "\" (%2f, %5c, either case) is never a
 *                              separator, and no route or file has one in a segment
 *   "/%zz"                   → a bad request: the percent-encoding is malformed
 *
 * There is no list of routes here on purpose: an unknown route maps to a page that does not exist,
 * which the server (or the distribution) answers with the 404 page, so a team publishes a new route by
 * publishing its page. The CloudFront viewer-request function runs this very module (bundled by
 * infra/lib/edge-functions.ts); the cases in test/page-route-cases.ts run against it, the local
 * server and this module alike.
 */
import { VARIANTS_PREFIX } from './build-choice';

export { VARIANTS_PREFIX };

/** Where the prerendered pages live, beside the build output. */
export const PAGES_PREFIX = 'pages/';
/** The page every "not found" answer shows, with status 404. */
export const NOT_FOUND_PAGE_KEY = `${PAGES_PREFIX}404.html`;
/** The first path segments that hold build output: never pages, and a missing file there is a plain-text 404. */
export const BUILD_OUTPUT_SEGMENTS: readonly string[] = ['mfe', 'shell'];
/** The first path segment of the payment API. */
export const API_SEGMENT = 'api';

/**
 * A route's RSS feed is "<route>/rss.xml" ("/blog/rss.xml" for /blog), published by the remote that
 * serves the route beside its page (pages/blog/rss.xml), so it goes live, and rolls back, with the
 * remote's release. Served as RSS, revalidated on every request like a page.
 */
export const FEED_FILE_NAME = 'rss.xml';
export const FEED_CONTENT_TYPE = 'application/rss+xml; charset=utf-8';

/** The status of the redirect from a path with a trailing slash: permanent, and method and body are kept. */
export const TRAILING_SLASH_REDIRECT_STATUS = 308;

/** What the site does with one request path. Keys are object keys: no leading slash. */
export type SiteRequest =
  | { readonly kind: 'page'; readonly key: string }
  | { readonly kind: 'file'; readonly key: string; readonly buildOutput: boolean }
  | { readonly kind: 'feed'; readonly key: string }
  | { readonly kind: 'api' }
  | { readonly kind: 'redirect'; readonly location: string }
  | { readonly kind: 'not-found'; readonly buildOutput: boolean }
  | { readonly kind: 'bad-request' };

/** The shape of a route the remotes may declare: "/" or segments of letters, digits, "-" and "_". */
const ROUTE_SHAPE = /^\/(?:[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*)?$/;
/** "robots.txt", "main.js", "favicon.svg": a last segment ending in an extension names a file. */
const FILE_EXTENSION = /\.[A-Za-z0-9]+$/;
/** Trailing slashes as sent (an encoded one never gets this far). */
const TRAILING_SLASHES = /\/+$/;
/** "%2f", "%2F", "%5c", "%5C": a slash or backslash inside a segment, which no route or file has. */
const ENCODED_SEPARATOR = /%(?:2f|5c)/i;

/** NUL, line breaks and the other control characters have no place in a path of the site. */
function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

// concat, not spread: the CloudFront viewer-request function runs this module, and its runtime has no spread.
const RESERVED_FIRST_SEGMENTS: readonly string[] = [PAGES_PREFIX.slice(0, -1), VARIANTS_PREFIX.slice(0, -1), API_SEGMENT].concat(BUILD_OUTPUT_SEGMENTS);

function firstSegmentOf(path: string): string {
  return path.split('/')[1] ?? '';
}

/** "/" → pages/index.html, "/services/visa" → pages/services/visa.html, for any path without a trailing slash. */
function pageKeyOf(route: string): string {
  return route === '/' ? `${PAGES_PREFIX}index.html` : `${PAGES_PREFIX}${route.slice(1)}.html`;
}

/** Whether a remote may declare this route: its shape, and not under the pages, the build output or the API. */
export function isRoutePath(path: string): boolean {
  return ROUTE_SHAPE.test(path) && !RESERVED_FIRST_SEGMENTS.includes(firstSegmentOf(path));
}

/** The address of a route's feed: "/blog" → "/blog/rss.xml". */
export function feedPathForRoute(route: string): string {
  if (!isRoutePath(route)) throw new Error(`Route "${route}" is not a site path like /faq or /services/visa`);
  return route === '/' ? `/${FEED_FILE_NAME}` : `${route}/${FEED_FILE_NAME}`;
}

/** Where a route's feed is written and served from: "/blog" → pages/blog/rss.xml. */
export function feedKeyForRoute(route: string): string {
  return `${PAGES_PREFIX}${feedPathForRoute(route).slice(1)}`;
}

/** Where the prerendered page of a declared route is written and served from. */
export function pageKeyForRoute(route: string): string {
  if (!isRoutePath(route)) throw new Error(`Route "${route}" is not a site path like /faq or /services/visa`);
  return pageKeyOf(route);
}

/**
 * What to answer for a request path exactly as it was sent (still percent-encoded), and its query
 * string without the "?" (kept on a redirect).
 */
export function resolveSiteRequest(rawPath: string, rawQuery?: string): SiteRequest {
  // The API answers every path of its own, however it is encoded.
  if (rawPath === `/${API_SEGMENT}` || rawPath.startsWith(`/${API_SEGMENT}/`)) return { kind: 'api' };
  let path: string;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    return { kind: 'bad-request' };
  }
  const buildOutput = BUILD_OUTPUT_SEGMENTS.includes(firstSegmentOf(path));
  // Served decoded, "/services%2fvisa" would be the page /services/visa under a second name, and
  // "/mfe%2fremotes.json" the pointer document: the README's rule is that such a path is not found.
  if (ENCODED_SEPARATOR.test(rawPath)) return { kind: 'not-found', buildOutput };
  if (!path.startsWith('/') || path.includes('\\') || hasControlCharacter(path)) return { kind: 'not-found', buildOutput };
  const withoutTrailingSlash = path.replace(/\/+$/, '');
  const segments = withoutTrailingSlash.split('/').slice(1);
  if (segments.some((segment) => segment === '' || segment === '.' || segment === '..')) return { kind: 'not-found', buildOutput };

  const first = segments[0] ?? '';
  if (first === API_SEGMENT) return { kind: 'api' };
  if (withoutTrailingSlash !== path && path !== '/') {
    // From the path as it was sent (still encoded): every decoded segment is a real one, so the
    // target starts with one "/" and stays on this origin.
    const location = rawPath.replace(TRAILING_SLASHES, '') || '/';
    return { kind: 'redirect', location: rawQuery ? `${location}?${rawQuery}` : location };
  }
  if (first === PAGES_PREFIX.slice(0, -1) || first === VARIANTS_PREFIX.slice(0, -1)) return { kind: 'not-found', buildOutput: false };
  // A feed sits under its route's page: no route list here either, a route without one has no such object.
  if (!buildOutput && segments[segments.length - 1] === FEED_FILE_NAME && isRoutePath(`/${segments.slice(0, -1).join('/')}`)) return { kind: 'feed', key: `${PAGES_PREFIX}${path.slice(1)}` };
  if (buildOutput || FILE_EXTENSION.test(segments[segments.length - 1] ?? '')) return { kind: 'file', key: path.slice(1), buildOutput };
  return { kind: 'page', key: pageKeyOf(path) };
}
