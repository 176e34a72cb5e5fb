import type { SiteRequest } from '../src/page-routes';

/**
 * One table of request paths and what the site does with each: the rule's own test, the local
 * server's test and the CloudFront viewer-request function's test (which bundles the rule) all run it. Paths are written as a client sends them (percent-encoding kept).
 */
export interface PageRouteCase {
  /** What a visitor (or an attacker) sends, and why the answer matters. */
  readonly why: string;
  readonly path: string;
  /** The query string without "?". */
  readonly query?: string;
  readonly expected: SiteRequest;
}

const page = (key: string): SiteRequest => ({ kind: 'page', key });
const file = (key: string, buildOutput = false): SiteRequest => ({ kind: 'file', key, buildOutput });
const redirect = (location: string): SiteRequest => ({ kind: 'redirect', location });
const notFound = (buildOutput = false): SiteRequest => ({ kind: 'not-found', buildOutput });

export const pageRouteCases: readonly PageRouteCase[] = [
  { why: 'the home page', path: '/', expected: page('pages/index.html') },
  { why: 'a route', path: '/faq', expected: page('pages/faq.html') },
  { why: 'a nested route', path: '/services/visa', expected: page('pages/services/visa.html') },
  { why: 'a route with a query (the Checkout session id)', path: '/payment-success', query: 'session_id=cs_test_123', expected: page('pages/payment-success.html') },
  { why: 'an unknown route: a page that does not exist, answered with the 404 page', path: '/no-such-page', expected: page('pages/no-such-page.html') },
  { why: 'a dotted first segment without an extension is a route', path: '/.well-known', expected: page('pages/.well-known.html') },

  { why: 'a file at the top', path: '/robots.txt', expected: file('robots.txt') },
  { why: 'the sitemap', path: '/sitemap.xml', expected: file('sitemap.xml') },
  { why: "the blog's feed, published with the blog's pages", path: '/blog/rss.xml', expected: { kind: 'feed', key: 'pages/blog/rss.xml' } },
  { why: 'a feed of the home page (none is published: the 404 page answers)', path: '/rss.xml', expected: { kind: 'feed', key: 'pages/rss.xml' } },
  { why: 'a feed of a nested route', path: '/services/visa/rss.xml', expected: { kind: 'feed', key: 'pages/services/visa/rss.xml' } },
  { why: 'a feed with a trailing slash is redirected like a page', path: '/blog/rss.xml/', expected: redirect('/blog/rss.xml') },
  { why: 'a feed under the pages folder is still not reachable', path: '/pages/blog/rss.xml', expected: notFound() },
  { why: 'a feed name under build output is a plain file', path: '/mfe/marketing/0c90b16c3258/rss.xml', expected: file('mfe/marketing/0c90b16c3258/rss.xml', true) },
  { why: 'a feed under a folder no route could have is a plain file', path: '/.well-known/rss.xml', expected: file('.well-known/rss.xml') },
  { why: 'a feed under the API is the API', path: '/api/rss.xml', expected: { kind: 'api' } },
  { why: 'a file under a dotted folder', path: '/.well-known/security.txt', expected: file('.well-known/security.txt') },
  { why: 'a file with an encoded space', path: '/brand%20kit.svg', expected: file('brand kit.svg') },

  { why: "a remote's entry", path: '/mfe/marketing/0c90b16c3258/remoteEntry.js', expected: file('mfe/marketing/0c90b16c3258/remoteEntry.js', true) },
  { why: 'the pointer document', path: '/mfe/remotes.json', expected: file('mfe/remotes.json', true) },
  { why: 'a build file without an extension is still a file', path: '/mfe/legal/0c90b16c3258/LICENSE', expected: file('mfe/legal/0c90b16c3258/LICENSE', true) },
  { why: "the shell's script", path: '/shell/4f2a9c1e/main.js', expected: file('shell/4f2a9c1e/main.js', true) },
  { why: 'a build folder is never a page', path: '/shell/4f2a9c1e/assets', expected: file('shell/4f2a9c1e/assets', true) },

  { why: 'the payment API', path: '/api/create-payment', expected: { kind: 'api' } },
  { why: 'the API with a trailing slash is still the API (it answers for itself)', path: '/api/enquiries/', expected: { kind: 'api' } },
  { why: 'the API answers even a path it cannot decode', path: '/api/mpesa/callback/%zz', expected: { kind: 'api' } },

  { why: 'a trailing slash: one URL per page', path: '/faq/', expected: redirect('/faq') },
  { why: 'a trailing slash keeps the query', path: '/faq/', query: 'a=1', expected: redirect('/faq?a=1') },
  { why: 'several trailing slashes', path: '/services//', expected: redirect('/services') },
  { why: 'a nested route with a trailing slash', path: '/services/visa/', expected: redirect('/services/visa') },
  { why: 'the home page written with two slashes', path: '//', expected: redirect('/') },
  { why: 'a build folder with a trailing slash', path: '/mfe/legal/', expected: redirect('/mfe/legal') },

  { why: 'a page is reachable only through its route', path: '/pages/faq.html', expected: notFound() },
  { why: 'the 404 page is never served with 200', path: '/pages/404.html', expected: notFound() },
  { why: 'the pages folder', path: '/pages', expected: notFound() },
  { why: "a variant folder's page is reachable only through the build choice", path: '/variants/f00000000001/pages/faq.html', expected: notFound() },
  { why: "a variant folder's pointer document neither", path: '/variants/f00000000001/remotes.json', expected: notFound() },
  { why: 'an encoded slash hiding the pages folder', path: '/%2fpages/faq.html', expected: notFound() },
  { why: 'an encoded backslash hiding the pages folder', path: '/%5cpages/faq.html', expected: notFound() },
  { why: 'an encoded ".." climbing into the pages folder', path: '/x/%2e%2e/pages/faq.html', expected: notFound() },

  { why: 'an encoded slash that would read as another host in a Location header', path: '/%2fevil.example/', expected: notFound() },
  { why: 'the same with an upper-case escape', path: '/%2Fevil.example/', expected: notFound() },
  { why: 'an encoded backslash that a browser reads as a slash', path: '/%5cevil.example/', expected: notFound() },
  { why: 'two encoded slashes', path: '/%2f%2fevil.example/', expected: notFound() },
  { why: 'an empty segment inside the path', path: '/a//b', expected: notFound() },

  // Issue 40 item 7: an encoded "/" inside a path was decoded and served (both answered 200).
  { why: 'an encoded slash inside a route is no second name of /services/visa', path: '/services%2fvisa', expected: notFound() },
  { why: 'the same with an upper-case escape', path: '/services%2Fvisa', expected: notFound() },
  { why: 'an encoded slash is no second name of the pointer document', path: '/mfe%2fremotes.json', expected: notFound(true) },
  { why: 'the same with an upper-case escape', path: '/mfe%2Fremotes.json', expected: notFound(true) },
  { why: 'an encoded slash inside build output', path: '/mfe/marketing%2f0c90b16c3258/remoteEntry.js', expected: notFound(true) },
  { why: 'an encoded backslash inside a route', path: '/services%5Cvisa', expected: notFound() },
  { why: 'an encoded trailing slash is not found either (it was a redirect to the page)', path: '/faq%2F', expected: notFound() },
  { why: 'an encoded trailing slash after a real one', path: '/faq/%2f', expected: notFound() },
  { why: 'a NUL character', path: '/faq%00.html', expected: notFound() },
  { why: 'a line break (header injection)', path: '/faq%0d%0aSet-Cookie:x/', expected: notFound() },
  { why: 'an empty segment in build output is a plain-text 404', path: '/mfe//legal/x.js', expected: notFound(true) },

  { why: 'malformed percent-encoding', path: '/%zz', expected: { kind: 'bad-request' } },
  { why: 'a lone half of an encoded character', path: '/faq%E2%82', expected: { kind: 'bad-request' } },
];

/** Every object key the table serves (a test site holds each, with its key as its content). */
export function servedKeysOf(cases: readonly PageRouteCase[]): string[] {
  const keys = cases.flatMap(({ expected }) => (expected.kind === 'page' || expected.kind === 'file' || expected.kind === 'feed' ? [expected.key] : []));
  return [...new Set(keys)];
}
