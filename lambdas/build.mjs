/**
 * Bundles the Lambdas and the tools with esbuild (Node 24, CommonJS, source maps):
 *   src/handlers/*.ts   → dist/handlers/<name>.js   (one self-contained file per function)
 *   src/smoke.ts        → dist/smoke.js            (`npm run smoke`)
 *   src/mailbox.ts      → dist/mailbox.js          (`npm run mail`)
 * The local API runtime (src/local/) is bundled by the local-server workspace, which mounts it.
 * dynalite and mailparser stay out of the handlers: a handler bundle that pulls in local-only code
 * fails the build, because it would not run in Lambda.
 */
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
// The one set of esbuild options for the handlers; infra/lib/lambda-bundling.ts deploys with the same.
import handlerBundling from './bundling.json' with { type: 'json' };

const root = path.dirname(fileURLToPath(import.meta.url));
const src = path.join(root, 'src');
const dist = path.join(root, 'dist');

const handlers = readdirSync(path.join(src, 'handlers'))
  .filter((file) => file.endsWith('.ts'))
  .map((file) => path.join(src, 'handlers', file));
const tools = [path.join(src, 'smoke.ts'), path.join(src, 'mailbox.ts')];

const common = {
  bundle: true,
  platform: handlerBundling.platform,
  target: handlerBundling.target,
  format: handlerBundling.format,
  sourcemap: true,
  outbase: src,
  outdir: dist,
  external: ['dynalite'],
  // Font files travel beside the bundles (the invoice reads them when it draws one).
  loader: handlerBundling.loader,
  logLevel: 'warning',
  metafile: true,
};

rmSync(dist, { recursive: true, force: true });

const started = Date.now();
const [handlerBuild] = await Promise.all([
  // Handlers get the whole deployed set (minified for cold starts, names kept for the logs); the tools
  // only its runtime (platform, target, format).
  build({ ...common, ...handlerBundling, entryPoints: handlers }),
  build({ ...common, entryPoints: tools }),
]);

const leaks = Object.keys(handlerBuild.metafile.inputs).filter(
  (input) => input.includes('src/local/') || input.includes('node_modules/dynalite') || input.includes('node_modules/mailparser'),
);
if (leaks.length > 0) {
  console.error(`A Lambda bundle includes local-only code: ${leaks.join(', ')}`);
  process.exit(1);
}

const outputs = Object.entries(handlerBuild.metafile.outputs)
  .filter(([file]) => file.endsWith('.js'))
  .map(([file, output]) => `  ${path.relative(root, path.resolve(root, file))}  ${(output.bytes / 1024).toFixed(0)} KB`);
console.log(`Built ${handlers.length} Lambda handlers and ${tools.length} tools in ${Date.now() - started} ms`);
console.log(outputs.join('\n'));
