/**
 * One team's release of its remote: `node scripts/release.mjs publish <name>` (kept under this name
 * for the remotes' `publish:local` scripts).
 *   node scripts/publish-remote.mjs <marketing|commerce|legal>
 */
import { main } from './release.mjs';
import { ReleaseError } from './lib/release-engine.mjs';
import { remoteNames } from './webpack.config.mjs';

const name = process.argv[2];
if (!name || !remoteNames.includes(name)) {
  console.error(`Usage: node scripts/publish-remote.mjs <${remoteNames.join('|')}>`);
  process.exit(2);
}
try {
  await main(['publish', name]);
} catch (error) {
  console.error(error instanceof ReleaseError ? error.message : `Release failed; the live site is unchanged.\n${error instanceof Error ? error.stack : String(error)}`);
  process.exit(1);
}
