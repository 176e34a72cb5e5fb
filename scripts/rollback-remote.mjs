/**
 * Points the site back at a kept build of one remote: `node scripts/release.mjs rollback <name> [buildId]`
 * (without a build id: the build that was live before the current one).
 *   node scripts/rollback-remote.mjs <marketing|commerce|legal> [buildId]
 */
import { main } from './release.mjs';
import { ReleaseError } from './lib/release.mjs';
import { remoteNames } from './webpack.config.mjs';

const [name, buildId] = process.argv.slice(2);
if (!name || !remoteNames.includes(name)) {
  console.error(`Usage: node scripts/rollback-remote.mjs <${remoteNames.join('|')}> [buildId]`);
  process.exit(2);
}
try {
  await main(['rollback', name, buildId]);
} catch (error) {
  console.error(error instanceof ReleaseError ? error.message : `Rollback failed; the live site is unchanged.\n${error instanceof Error ? error.stack : String(error)}`);
  process.exit(1);
}
