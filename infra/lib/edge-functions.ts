/**
 * The code of the distribution's two CloudFront Functions (cloudfront-js-2.0), made at synth:
 *
 *   viewer request:  the site's rule from path to object (@kesho/release-model/page-routes), the viewer's
 *                    address, and then the build choice (@kesho/release-model/build-choice): a page or the
 *                    pointer document from the browser's variant folder, if any;
 *   viewer response: the build choice's cookies and headers on a page or the pointer document.
 *
 * Both are functions/build-choice/viewer-functions.ts bundled by esbuild with the very modules the local server runs, for the
 * language a CloudFront Function has (the bundle fails on for-of, destructuring or classes; nothing
 * that needs Symbol); both functions read the distribution's KeyValueStore (`cf.kvs()`). A function's
 * code must stay under 10 KB: the synth fails past that.
 */
import path from 'node:path';
import { buildSync } from 'esbuild';
import { INFRA_ROOT } from './paths';

/** CloudFront's limit on a function's code. */
export const FUNCTION_CODE_LIMIT_BYTES = 10 * 1024;
export const VIEWER_FUNCTIONS_FILE = path.join(INFRA_ROOT, 'functions', 'build-choice', 'viewer-functions.ts');

const bundled = new Map<string, string>();
/** One entry of functions/build-choice/viewer-functions.ts and what it uses, as one script defining `keshoEdge.<entry>`. */
function edgeBundle(entry: 'onViewerRequestEvent' | 'onViewerResponse'): string {
  const cached = bundled.get(entry);
  if (cached) return cached;
  const code = (() => {
    const result = buildSync({
      // Only what this function runs: the viewer-response function has no use for the route rule.
      stdin: { contents: `export { ${entry} } from './${path.basename(VIEWER_FUNCTIONS_FILE, '.ts')}';`, resolveDir: path.dirname(VIEWER_FUNCTIONS_FILE), loader: 'ts' },
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
        // The runtime lists rest parameters among ES 6's function features, not spread or default arguments.
        'array-spread': false,
        'default-argument': false,
      },
      logLevel: 'silent',
    });
    const code = result.outputFiles[0]?.text ?? '';
    if (/\bSymbol\b/.test(code)) throw new Error(`${VIEWER_FUNCTIONS_FILE} bundles code that needs Symbol, which a CloudFront Function lacks`);
    return code;
  })();
  bundled.set(entry, code);
  return code;
}

function checkedSize(name: string, code: string): string {
  const bytes = Buffer.byteLength(code);
  if (bytes > FUNCTION_CODE_LIMIT_BYTES) throw new Error(`The ${name} function's code is ${bytes} bytes; CloudFront takes at most ${FUNCTION_CODE_LIMIT_BYTES}`);
  return code;
}

const PRELUDE = "import cf from 'cloudfront';\nvar crypto = require('crypto');\n";

/** The viewer-request function: the site's rule for the path, then the build choice (the canonical-host redirect with a domain). */
export function viewerRequestCode(canonicalHost?: string): string {
  if (canonicalHost !== undefined && !/^[a-z0-9.-]+$/.test(canonicalHost)) throw new Error(`${canonicalHost} is not a host name`);
  return checkedSize(
    'viewer-request',
    `${PRELUDE}${edgeBundle('onViewerRequestEvent')}\nvar CANONICAL_HOST="${canonicalHost ?? ''}";\nasync function handler(event) {\n  return keshoEdge.onViewerRequestEvent(event, cf.kvs(), crypto, CANONICAL_HOST);\n}\n`,
  );
}

/** The viewer-response function: the build choice's cookies, Cache-Control, X-Robots-Tag and Vary. */
export function viewerResponseCode(): string {
  return checkedSize('viewer-response', `${PRELUDE}${edgeBundle('onViewerResponse')}\nasync function handler(event) {\n  return keshoEdge.onViewerResponse(event, cf.kvs(), crypto);\n}\n`);
}
