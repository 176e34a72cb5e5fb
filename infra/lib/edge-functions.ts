/**
 * The code of the distribution's two CloudFront Functions (cloudfront-js-2.0), made at synth:
 *
 *   viewer request:  functions/route-rewrite.js (the site's rule from path to page) and then the
 *                    build choice (functions/build-choice/edge.ts over @kesho/common/build-choice):
 *                    a page or the pointer document from the browser's variant folder, if any;
 *   viewer response: the build choice's cookies and headers on a page or the pointer document.
 *
 * The build choice is bundled by esbuild from the very module the local server runs, for the
 * language a CloudFront Function has (the bundle fails on for-of, destructuring or classes; nothing
 * that needs Symbol); both functions read the distribution's KeyValueStore (`cf.kvs()`). A function's
 * code must stay under 10 KB: the synth fails past that.
 */
import fs from 'node:fs';
import path from 'node:path';
import { buildSync, transformSync } from 'esbuild';
import { INFRA_ROOT } from './paths';

export const ROUTE_REWRITE_FUNCTION_FILE = path.join(INFRA_ROOT, 'functions', 'route-rewrite.js');
const CANONICAL_HOST_LINE = "var CANONICAL_HOST = '';";

/** The route-rewrite function's code, redirecting every other host to canonicalHost when one is given. */
export function routeRewriteCode(canonicalHost?: string): string {
  const code = fs.readFileSync(ROUTE_REWRITE_FUNCTION_FILE, 'utf8');
  if (!code.includes(CANONICAL_HOST_LINE)) throw new Error(`${ROUTE_REWRITE_FUNCTION_FILE} lost its line ${CANONICAL_HOST_LINE}`);
  if (canonicalHost === undefined) return code;
  if (!/^[a-z0-9.-]+$/.test(canonicalHost)) throw new Error(`${canonicalHost} is not a host name`);
  return code.replace(CANONICAL_HOST_LINE, `var CANONICAL_HOST = '${canonicalHost}';`);
}

/** CloudFront's limit on a function's code. */
export const FUNCTION_CODE_LIMIT_BYTES = 10 * 1024;
export const BUILD_CHOICE_EDGE_FILE = path.join(INFRA_ROOT, 'functions', 'build-choice', 'edge.ts');
const ROUTE_REWRITE_HANDLER = 'function handler(event) {';

let bundled: string | undefined;
/** functions/build-choice/edge.ts and what it imports, as one script defining `keshoEdge`. */
function buildChoiceBundle(): string {
  bundled ??= (() => {
    const result = buildSync({
      entryPoints: [BUILD_CHOICE_EDGE_FILE],
      bundle: true,
      write: false,
      format: 'iife',
      globalName: 'keshoEdge',
      minify: true,
      target: 'es2017',
      // Not in cloudfront-js-2.0: lowered where esbuild can, a failed synth where it cannot.
      supported: {
        destructuring: false,
        'for-of': false,
        'object-rest-spread': false,
        'optional-chain': false,
        'nullish-coalescing': false,
        'optional-catch-binding': false,
        class: false,
        generator: false,
        'async-generator': false,
      },
      logLevel: 'silent',
    });
    const code = result.outputFiles[0]?.text ?? '';
    if (/\bSymbol\b/.test(code)) throw new Error(`${BUILD_CHOICE_EDGE_FILE} bundles code that needs Symbol, which a CloudFront Function lacks`);
    return code;
  })();
  return bundled;
}

function checkedSize(name: string, code: string): string {
  const bytes = Buffer.byteLength(code);
  if (bytes > FUNCTION_CODE_LIMIT_BYTES) throw new Error(`The ${name} function's code is ${bytes} bytes; CloudFront takes at most ${FUNCTION_CODE_LIMIT_BYTES}`);
  return code;
}

const PRELUDE = "import cf from 'cloudfront';\nvar crypto = require('crypto');\n";

/** The viewer-request function: the route rewrite, then the build choice (the canonical-host redirect with a domain). */
export function viewerRequestCode(canonicalHost?: string): string {
  const rewrite = routeRewriteCode(canonicalHost);
  if (!rewrite.includes(ROUTE_REWRITE_HANDLER)) throw new Error(`functions/route-rewrite.js lost its "${ROUTE_REWRITE_HANDLER}"`);
  const route = transformSync(rewrite.replace(ROUTE_REWRITE_HANDLER, 'function rewriteRoute(event) {'), { minify: true }).code;
  return checkedSize(
    'viewer-request',
    `${PRELUDE}${route}\n${buildChoiceBundle()}\nasync function handler(event) {\n  return keshoEdge.onViewerRequest(rewriteRoute(event), cf.kvs(), crypto);\n}\n`,
  );
}

/** The viewer-response function: the build choice's cookies, Cache-Control, X-Robots-Tag and Vary. */
export function viewerResponseCode(): string {
  return checkedSize('viewer-response', `${PRELUDE}${buildChoiceBundle()}\nasync function handler(event) {\n  return keshoEdge.onViewerResponse(event, cf.kvs(), crypto);\n}\n`);
}
