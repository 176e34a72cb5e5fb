// CloudFront Function (cloudfront-js-2.0, viewer request) of the distribution's default behaviour and
// of /api/* (where it only passes the path on and writes the viewer's address).
// It follows the site's one rule for request paths (packages/common/src/page-routes.ts, which the local
// server uses): a CloudFront Function cannot import modules, so this is a hand-kept copy, and its test
// runs the same table of cases as the rule's own test and the local server's test.
//   "/" -> "/pages/index.html", "/services/visa" -> "/pages/services/visa.html", "/robots.txt" as is;
//   "/blog/rss.xml" (a route's feed) -> "/pages/blog/rss.xml", published with the route's pages;
//   "/mfe/...", "/shell/...", "/api/..." as asked; "/faq/" -> 308 to "/faq" (query kept);
//   "/pages/...", "/variants/..." and paths with an empty or ".." segment, a backslash or a control character -> a key
//   that never exists (not found); malformed percent-encoding -> 400.
// No route list lives here on purpose: an unknown route maps to a page that does not exist, S3
// answers 403, and the distribution's error response serves /pages/404.html with status 404. So a
// team publishes a new route by publishing its page, without redeploying this function. (CloudFront
// does not run viewer-request functions when it fetches that error page.)

// With a custom domain the stack replaces '' by the canonical host name (www.<domain>) and associates
// this function with every behaviour, so a request to any other name of the distribution (the apex)
// gets a 301 to the same path and query on the canonical host. Empty: no redirect.
var CANONICAL_HOST = '';

// Every request that reaches an origin carries the address CloudFront saw, written over whatever the
// viewer sent: the API's per-client limits read it (CLIENT_ADDRESS_HEADER), never X-Forwarded-For,
// whose first entries the client writes. Hand-kept copy of @kesho/common/viewer-address (tested equal).
var VIEWER_ADDRESS_HEADER = 'x-kesho-viewer-address';

var PAGES_SEGMENT = 'pages';
// Variant folders (a canary's or a preview's pages) are reached only through the build choice.
var VARIANTS_SEGMENT = 'variants';
var API_SEGMENT = 'api';
var BUILD_OUTPUT_SEGMENTS = ['mfe', 'shell'];
// No object of the site is ever written here (pages end in .html), so S3 answers 403 and the
// distribution its 404 page: how this function says "not found".
var NOT_FOUND_URI = '/pages/.not-found';

// A route's feed: "<route>/rss.xml", kept beside the route's page (FEED_FILE_NAME of page-routes).
var FEED_FILE_NAME = 'rss.xml';
// "/" or segments of letters, digits, "-" and "_": the shape of a route.
var ROUTE_SHAPE = /^\/(?:[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*)?$/;

// "robots.txt", "main.3f2a1b9c.js", "favicon.svg": the last path segment ends in an extension.
var FILE_EXTENSION = /\.[A-Za-z0-9]+$/;
var TRAILING_SLASHES = /\/+$/;
// "%2f", "%2F", "%5c", "%5C": a slash or backslash inside a segment, which no route or file has.
var ENCODED_SEPARATOR = /%(?:2f|5c)/i;

function hasControlCharacter(text) {
  for (var i = 0; i < text.length; i++) {
    var code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

// { uri } to fetch, { redirect } to send the viewer elsewhere, or { badRequest: true }.
function resolveSitePath(rawPath, query) {
  // The API answers every path of its own, however it is encoded.
  if (rawPath === '/' + API_SEGMENT || rawPath.indexOf('/' + API_SEGMENT + '/') === 0) return { uri: rawPath };
  var path;
  try {
    path = decodeURIComponent(rawPath);
  } catch (e) {
    return { badRequest: true };
  }
  if (ENCODED_SEPARATOR.test(rawPath)) return { uri: NOT_FOUND_URI };
  if (path.charAt(0) !== '/' || path.indexOf('\\') !== -1 || hasControlCharacter(path)) return { uri: NOT_FOUND_URI };
  var withoutTrailingSlash = path.replace(/\/+$/, '');
  var segments = withoutTrailingSlash.split('/').slice(1);
  for (var i = 0; i < segments.length; i++) {
    if (segments[i] === '' || segments[i] === '.' || segments[i] === '..') return { uri: NOT_FOUND_URI };
  }
  var first = segments.length ? segments[0] : '';
  if (first === API_SEGMENT) return { uri: rawPath };
  if (withoutTrailingSlash !== path && path !== '/') {
    // From the path as sent (still encoded): every decoded segment is a real one, so the target
    // starts with one "/" and stays on this host.
    return { redirect: (rawPath.replace(TRAILING_SLASHES, '') || '/') + query };
  }
  if (first === PAGES_SEGMENT || first === VARIANTS_SEGMENT) return { uri: NOT_FOUND_URI };
  var lastSegment = segments.length ? segments[segments.length - 1] : '';
  var isBuildOutput = BUILD_OUTPUT_SEGMENTS.indexOf(first) !== -1;
  if (!isBuildOutput && lastSegment === FEED_FILE_NAME && ROUTE_SHAPE.test('/' + segments.slice(0, -1).join('/'))) return { uri: '/' + PAGES_SEGMENT + rawPath };
  if (BUILD_OUTPUT_SEGMENTS.indexOf(first) !== -1 || FILE_EXTENSION.test(lastSegment)) return { uri: rawPath };
  // Still encoded, like every URI CloudFront hands to S3 (which decodes it into the key).
  return { uri: path === '/' ? '/pages/index.html' : '/pages' + rawPath + '.html' };
}

// The query string (e.g. ?session_id=... on /payment-success) is a separate field of the request
// and stays as the viewer sent it.
// Values are passed on as the viewer sent them (already encoded), keys in the order received.
function queryStringOf(querystring) {
  var parts = [];
  for (var key in querystring) {
    var entry = querystring[key];
    var values = entry.multiValue ? entry.multiValue : [entry];
    for (var i = 0; i < values.length; i++) {
      parts.push(values[i].value === '' ? key : key + '=' + values[i].value);
    }
  }
  return parts.length ? '?' + parts.join('&') : '';
}

function handler(event) {
  var request = event.request;
  var host = request.headers.host ? request.headers.host.value.toLowerCase() : '';
  if (CANONICAL_HOST !== '' && host !== CANONICAL_HOST) {
    // 308 keeps the method and body of a POST (a form or a webhook sent to the apex); pages get 301.
    var status = request.method === 'GET' || request.method === 'HEAD' ? 301 : 308;
    return {
      statusCode: status,
      statusDescription: status === 301 ? 'Moved Permanently' : 'Permanent Redirect',
      headers: { location: { value: 'https://' + CANONICAL_HOST + request.uri + queryStringOf(request.querystring) } },
    };
  }
  var resolved = resolveSitePath(request.uri, queryStringOf(request.querystring));
  if (resolved.badRequest) {
    return { statusCode: 400, statusDescription: 'Bad Request' };
  }
  if (resolved.redirect !== undefined) {
    // 308, as the local server answers: permanent, and a form's method and body survive.
    return { statusCode: 308, statusDescription: 'Permanent Redirect', headers: { location: { value: resolved.redirect } } };
  }
  request.uri = resolved.uri;
  request.headers[VIEWER_ADDRESS_HEADER] = { value: event.viewer.ip };
  return request;
}
