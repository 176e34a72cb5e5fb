/**
 * Where the API learns a visitor's address for its per-client limits. Behind CloudFront, the
 * connection comes from an edge server every visitor of that location shares, and X-Forwarded-For is
 * whatever the visitor wrote followed by what CloudFront appended: nothing in it can be trusted as is.
 * So the distribution's viewer-request function (infra/functions/build-choice/viewer-functions.ts, bundled with
 * this module) overwrites this header with the address CloudFront saw, and the API (reachable only
 * through the distribution: origin-verify) reads it when its configuration (CLIENT_ADDRESS_HEADER)
 * names it. Locally the socket's address is the visitor's.
 */
export const VIEWER_ADDRESS_HEADER = 'x-kesho-viewer-address';
