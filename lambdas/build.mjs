/**
 * Bundles the Lambdas and the tools with esbuild (Node 24, CommonJS, source maps):
 *   src/handlers/<name>.ts → dist/handlers/<name>/index.js   (one per function of @kesho/operations/functions, self-contained, and
 *                            beside it the modules it loads on first use: lazy-modules.mjs; the folder is
 *                            what the CDK app deploys for that function)
 *   src/smoke.ts           → dist/smoke.js                    (`npm run smoke`)
 *   src/mailTool.ts        → dist/mailTool.js                 (`npm run mail`)
 *   src/ordersTool.ts      → dist/ordersTool.js               (`npm run orders -- show INV-…`)
 *   src/logsTool.ts        → dist/logsTool.js                 (`npm run logs`: the local log, readable; `-- --metrics`)
 * The local API runtime (src/local/) is bundled by the local-server workspace, which mounts it.
 * dynalite and mailparser stay out of the handlers: a handler bundle that pulls in local-only code
 * fails the build, because it would not run in Lambda. dist/handlers/meta.json is esbuild's metafile
 * of the handlers (what each bundle holds), for `npm run bench`.
 */
import { cpSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
// The one set of esbuild options for the handlers; infra/lib/lambda-bundling.ts deploys with the same.
import handlerBundling from './bundling.json' with { type: 'json' };
import { buildLazyModules, LAZY_MODULES, lazyImportsOf } from './lazy-modules.mjs';

const root = path.dirname(fileURLToPath(import.meta.url));
const src = path.join(root, 'src');
const dist = path.join(root, 'dist');
const handlersDist = path.join(dist, 'handlers');

/** The functions of @kesho/operations/functions (TypeScript: esbuild reads it, Node runs the result). */
async function backendFunctions() {
  const registry = fileURLToPath(import.meta.resolve('@kesho/operations/functions'));
  const { outputFiles } = await build({ entryPoints: [registry], bundle: true, format: 'esm', platform: 'node', write: false, logLevel: 'warning' });
  const { BACKEND_FUNCTIONS } = await import(`data:text/javascript;base64,${Buffer.from(outputFiles[0].text).toString('base64')}`);
  return BACKEND_FUNCTIONS;
}

// Exactly the table's functions, each from src/handlers/<name>.ts; a handler file the table does not name is a mistake.
const functionNames = await backendFunctions();
const strayHandlers = readdirSync(path.join(src, 'handlers')).filter((file) => !functionNames.includes(path.basename(file, '.ts')));
if (strayHandlers.length > 0) {
  console.error(`src/handlers/ holds handlers that @kesho/operations/functions does not name: ${strayHandlers.join(', ')}`);
  process.exit(1);
}
const handlers = Object.fromEntries(functionNames.map((name) => [name, path.join(src, 'handlers', `${name}.ts`)]));
const tools = [path.join(src, 'smoke.ts'), path.join(src, 'mailTool.ts'), path.join(src, 'ordersTool.ts'), path.join(src, 'logsTool.ts')];

const common = {
  bundle: true,
  platform: handlerBundling.platform,
  target: handlerBundling.target,
  format: handlerBundling.format,
  sourcemap: true,
  external: ['dynalite'],
  logLevel: 'warning',
  metafile: true,
  // bundling.json's paths (its aliases) are relative to lambdas/, wherever the build runs from.
  absWorkingDir: root,
};

rmSync(dist, { recursive: true, force: true });

const started = Date.now();
// The lazy modules (lazy-modules.mjs) are built once each, then copied beside each handler that imports them.
const lazyDir = path.join(dist, '.lazy');
const lazyBuilds = Object.fromEntries(Object.keys(LAZY_MODULES).map((importPath) => [importPath, buildLazyModules(path.join(lazyDir, path.basename(importPath, '.js')), [importPath])]));
const [handlerBuilds] = await Promise.all([
  // Each handler alone, as the CDK app bundles it: the whole deployed set of options (minified for cold
  // starts, names kept for the logs), its own folder, its lazy modules beside it.
  Promise.all(
    Object.entries(handlers).map(async ([name, entry]) => {
      const outdir = path.join(handlersDist, name);
      const { metafile } = await build({ ...common, ...handlerBundling, external: [...handlerBundling.external, ...common.external], entryPoints: { index: entry }, outdir });
      // Each lazy module it imports, with every output of that module (its code, map, and the invoice's fonts).
      const lazy = Object.fromEntries(await Promise.all(lazyImportsOf(metafile).map(async (importPath) => [importPath, await lazyBuilds[importPath]])));
      for (const lazyMetafile of Object.values(lazy)) for (const file of Object.keys(lazyMetafile.outputs)) cpSync(path.resolve(root, file), path.join(outdir, path.basename(file)));
      return { name, metafile, lazy };
    }),
  ),
  // The tools only get the handlers' runtime (platform, target, format) and loaders.
  build({ ...common, loader: handlerBundling.loader, outbase: src, outdir: dist, entryPoints: tools }),
]);
rmSync(lazyDir, { recursive: true, force: true });

const leaks = handlerBuilds.flatMap(({ name, metafile }) =>
  Object.keys(metafile.inputs)
    .filter((input) => input.includes('src/local/') || input.includes('node_modules/dynalite') || input.includes('node_modules/mailparser'))
    .map((input) => `${name}: ${input}`),
);
if (leaks.length > 0) {
  console.error(`A Lambda bundle includes local-only code: ${leaks.join(', ')}`);
  process.exit(1);
}
writeFileSync(path.join(handlersDist, 'meta.json'), JSON.stringify(Object.fromEntries(handlerBuilds.map(({ name, metafile, lazy }) => [name, { bundle: metafile, lazy }]))));

const kb = (metafile) =>
  Object.entries(metafile.outputs)
    .filter(([file]) => file.endsWith('.js'))
    .map(([, output]) => `${(output.bytes / 1024).toFixed(0)} KB`)
    .join(' + ');
console.log(`Built ${handlerBuilds.length} Lambda handlers and ${tools.length} tools in ${Date.now() - started} ms`);
const lazyNote = (lazy) => {
  const entries = Object.entries(lazy);
  return entries.length > 0 ? `  (loaded on first use: ${entries.map(([importPath, lazyMetafile]) => `${path.basename(importPath)} ${kb(lazyMetafile)}`).join(', ')})` : '';
};
for (const { name, metafile, lazy } of handlerBuilds) console.log(`  dist/handlers/${name}/index.js  ${kb(metafile)}${lazyNote(lazy)}`);
