/**
 * Builds the whole composed site into dist/site: the shell, every remote (each under its build id,
 * named by the pointer document), the prerendered HTML of every route and the discovery files.
 */
import { cleanStaging, buildRemote, buildShell, pointRemote } from './lib/publish.mjs';
import { prerender } from './lib/prerender.mjs';
import { writeDiscoveryFiles } from './lib/discovery-files.mjs';
import { remoteNames } from './webpack.config.mjs';

const started = Date.now();
process.env.NODE_ENV = 'production';
await cleanStaging();
const shell = await buildShell();
console.log(`shell ${shell.buildId}`);
for (const name of remoteNames) {
  const { pointer } = await buildRemote(name);
  await pointRemote(pointer);
  console.log(`${name} ${pointer.buildId}: ${pointer.routes.map((route) => route.path).join(' ')}`);
}
const pages = await prerender();
await writeDiscoveryFiles();
await cleanStaging();
console.log(`Built ${pages.length} pages in ${((Date.now() - started) / 1000).toFixed(1)} s`);
