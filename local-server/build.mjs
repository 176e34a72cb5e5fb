/**
 * Bundles the local server with esbuild (Node 24, CommonJS, source maps): src/serve.ts →
 * dist/serve.js, the lambdas' local API runtime and the handlers it runs included. dynalite (LevelDB,
 * a native binding) stays external and is loaded from node_modules; so does the release engine
 * (src/release-engine.ts imports ../../scripts/lib/server-release-engine.mjs, the same path from dist/),
 * which stays in scripts/ with the release command and loads the release model's TypeScript through tsx.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import handlerBundling from '../lambdas/bundling.json' with { type: 'json' };

const root = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(root, 'dist');

rmSync(dist, { recursive: true, force: true });
const started = Date.now();
await build({
  entryPoints: [path.join(root, 'src', 'serve.ts')],
  outfile: path.join(dist, 'serve.js'),
  bundle: true,
  platform: 'node',
  target: 'node24',
  format: 'cjs',
  sourcemap: true,
  external: ['dynalite', '../../scripts/lib/server-release-engine.mjs'],
  // The lambdas' loaders (the invoice's font files, copied beside dist/serve.js).
  loader: handlerBundling.loader,
  logLevel: 'warning',
});
console.log(`Built the local server (dist/serve.js) in ${Date.now() - started} ms`);
