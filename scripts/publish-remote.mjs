/**
 * Releases one remote into dist/site, the way its team ships alone: builds it, stores it under a new
 * build id next to the previous ones (which stay, for rollback), swaps its entry in the pointer
 * document, and prerenders ITS routes again from the current shell. Nothing else is rebuilt.
 *   node scripts/publish-remote.mjs <marketing|commerce|legal>
 */
import { buildRemote, cleanStaging, pointRemote } from './lib/publish.mjs';
import { prerender } from './lib/prerender.mjs';
import { writeDiscoveryFiles } from './lib/discovery-files.mjs';
import { remoteNames } from './webpack.config.mjs';

const name = process.argv[2];
if (!remoteNames.includes(name)) {
  console.error(`Usage: node scripts/publish-remote.mjs <${remoteNames.join('|')}>`);
  process.exit(2);
}
process.env.NODE_ENV = 'production';
await cleanStaging();
const { pointer } = await buildRemote(name);
await pointRemote(pointer);
const pages = await prerender({ remotes: [name] });
await writeDiscoveryFiles();
await cleanStaging();
console.log(`${name} ${pointer.buildId} is live: ${pages.join(' ')}`);
