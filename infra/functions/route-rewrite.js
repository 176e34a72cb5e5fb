// CloudFront Function (cloudfront-js-2.0, viewer request) of the distribution's default behaviour.
// It maps a site route to the page the prerenderer wrote for it: "/" -> "/pages/index.html",
// "/faq" -> "/pages/faq.html", "/services/visa/" -> "/pages/services/visa.html".
// No route list lives here on purpose: an unknown route maps to a page that does not exist, S3
// answers 403, and the distribution's error response serves /pages/404.html with status 404. So a
// team publishes a new route by publishing its page, without redeploying this function.

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
function handler(event) {
  var request = event.request;
  request.uri = pageUriFor(request.uri);
  return request;
}
