/**
 * Modules a deployed handler loads on first use, shipped as their own file beside its index.js
 * rather than inside it, so the cold start does not parse them. bundling.json marks each import
 * path external (the handler keeps `import('./invoicePdf.js')`), and this builds the file it names
 * into the folder of every handler whose bundle imports it (read from esbuild's metafile), with the
 * same options (the invoice's fonts travel beside it).
 *   lambdas/build.mjs           builds each once and copies it beside every handler of dist/handlers/ that imports it
 *   infra (CDK afterBundling)   node lambdas/lazy-modules.mjs <asset folder>  (reads and removes index.meta.json)
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import handlerBundling from './bundling.json' with { type: 'json' };

const root = path.dirname(fileURLToPath(import.meta.url));

/** Import path (as written in the source, and as the file beside the bundle) → its source. */
export const LAZY_MODULES = {
  // The invoice PDF: pdf-lib, fontkit and DejaVu Sans, about three times the rest of a receipt handler.
  './invoicePdf.js': 'src/receipts/invoicePdf.ts',
  // Powertools Tracer and the X-Ray SDK (about 125 KB): loaded with the first traced invocation, inside Lambda only.
  './xrayTracing.js': 'src/clients/xrayTracing.ts',
};

for (const external of handlerBundling.external) {
  if (!(external in LAZY_MODULES)) throw new Error(`lambdas/bundling.json marks ${external} external, but lazy-modules.mjs does not say what builds it`);
}

/** The lazy modules a bundle imports, from its esbuild metafile. */
export function lazyImportsOf(metafile) {
  const imports = Object.values(metafile.outputs).flatMap((output) => (output.entryPoint ? output.imports : []));
  return [...new Set(imports.filter((entry) => entry.external && entry.path in LAZY_MODULES).map((entry) => entry.path))];
}

/** Builds the given lazy modules into `outdir` (with the fonts they load); returns esbuild's metafile. */
export async function buildLazyModules(outdir, imports) {
  const result = await build({
    ...handlerBundling,
    bundle: true,
    entryPoints: Object.fromEntries(imports.map((importPath) => [path.basename(importPath, '.js'), path.join(root, LAZY_MODULES[importPath])])),
    outdir,
    // Output paths in the metafile relative to lambdas/, wherever the build runs from.
    absWorkingDir: root,
    metafile: true,
    logLevel: 'warning',
  });
  return result.metafile;
}

/** Builds each lazy module the bundle in `outdir` imports beside it; returns their esbuild metafile (null: none). */
export async function addLazyModules(outdir, metafile) {
  const imports = lazyImportsOf(metafile);
  return imports.length === 0 ? null : buildLazyModules(outdir, imports);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outdir = process.argv[2];
  if (!outdir) throw new Error('Usage: node lazy-modules.mjs <folder holding index.js and index.meta.json>');
  const metafilePath = path.join(outdir, 'index.meta.json');
  await addLazyModules(outdir, JSON.parse(fs.readFileSync(metafilePath, 'utf8')));
  // The metafile names build paths; it is not part of the function.
  fs.rmSync(metafilePath);
}
