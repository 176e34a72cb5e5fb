// CloudFront Function (cloudfront-js-2.0, viewer request) of the distribution's default behaviour.
// It maps a site route to the page the prerenderer wrote for it: "/" -> "/pages/index.html",
// "/faq" -> "/pages/faq.html", "/services/visa/" -> "/pages/services/visa.html".
// No route list lives here on purpose: an unknown route maps to a page that does not exist, S3
// answers 403, and the distribution's error response serves /pages/404.html with status 404. So a
// team publishes a new route by publishing its page, without redeploying this function.

// With a custom domain the stack replaces '' by the canonical host name (www.<domain>) and associates
// this function with every behaviour, so a request to any other name of the distribution (the apex)
// gets a 301 to the same path and query on the canonical host. Empty: no redirect.
var CANONICAL_HOST = '';

// Build output is never HTML behind a route: these prefixes are served exactly as asked.
var UNREWRITTEN_PREFIXES = ['/mfe/', '/shell/', '/api/'];

// "robots.txt", "main.3f2a1b9c.js", "favicon.svg": the last path segment ends in an extension.
var FILE_EXTENSION = /\.[A-Za-z0-9]+$/;

function pageUriFor(uri) {
  for (var i = 0; i < UNREWRITTEN_PREFIXES.length; i++) {
    if (uri.indexOf(UNREWRITTEN_PREFIXES[i]) === 0) return uri;
  }
  var lastSegment = uri.substring(uri.lastIndexOf('/') + 1);
  if (FILE_EXTENSION.test(lastSegment)) return uri;
  var route = uri.replace(/\/+$/, '');
  if (route === '') return '/pages/index.html';
  return '/pages' + route + '.html';
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
  request.uri = pageUriFor(request.uri);
  return request;
}
