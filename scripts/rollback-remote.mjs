/**
 * Points the site back at an earlier build of one remote (builds are kept under their ids) and
 * prerenders its routes from that build: a rollback is one pointer change.
 *   node scripts/rollback-remote.mjs <marketing|commerce|legal> <buildId>
 */
import fs from 'node:fs';
import path from 'node:path';
import { readJson } from './lib/compile.mjs';
import { ssrDir } from './lib/paths.mjs';
import { pointRemote } from './lib/publish.mjs';
import { prerender } from './lib/prerender.mjs';
import { writeDiscoveryFiles } from './lib/discovery-files.mjs';
import { remoteNames } from './webpack.config.mjs';

const [name, buildId] = process.argv.slice(2);
if (!remoteNames.includes(name) || !buildId) {
  console.error(`Usage: node scripts/rollback-remote.mjs <${remoteNames.join('|')}> <buildId>`);
  process.exit(2);
}
const publishFile = path.join(ssrDir, name, buildId, 'publish.json');
if (!fs.existsSync(publishFile)) {
  const known = fs.existsSync(path.join(ssrDir, name)) ? fs.readdirSync(path.join(ssrDir, name)).join(', ') : 'none';
  console.error(`No build ${buildId} of ${name}. Known builds: ${known}`);
  process.exit(1);
}
const { pointer } = await readJson(publishFile);
await pointRemote(pointer);
const pages = await prerender({ remotes: [name] });
await writeDiscoveryFiles();
console.log(`${name} rolled back to ${buildId}: ${pages.join(' ')}`);
