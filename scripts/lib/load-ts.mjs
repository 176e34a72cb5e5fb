import path from 'node:path';
import { createRequire } from 'node:module';
import { repoRoot } from './repo-root.mjs';

/**
 * A TypeScript module of the repository (path from the repository root), bundled on the fly by
 * esbuild, so build and bench scripts read facts, prices and formats from the one module the apps use.
 */
export async function loadTsModule(relativePath) {
  const esbuild = createRequire(import.meta.url)('esbuild');
  const result = await esbuild.build({
    entryPoints: [path.join(repoRoot, relativePath)],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    logLevel: 'silent',
  });
  return import(`data:text/javascript;base64,${Buffer.from(result.outputFiles[0].text).toString('base64')}`);
}

/**
 * A module of the repository loaded on first use and kept: `const schema = lazyTsModule(…)`, then
 * `await schema()` wherever it is needed (bundling a module costs esbuild a few tens of milliseconds).
 * @param {string} relativePath
 * @returns {() => Promise<any>}
 */
export function lazyTsModule(relativePath) {
  /** @type {Promise<any> | undefined} */
  let loaded;
  return () => (loaded ??= loadTsModule(relativePath));
}
