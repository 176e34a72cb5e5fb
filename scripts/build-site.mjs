/**
 * Builds the whole composed site into dist/site: the shell and every remote (each under its build
 * id), then one release (lib/release-engine.mjs) that puts live what changed, renders every route again and
 * writes the discovery files. An app whose sources are unchanged since its last build keeps the build
 * that is live, so a rebuild never undoes a team's release or a rollback.
 */
import { buildRemote, buildShell, cleanStaging } from './lib/build-apps.mjs';
import { buildSite, ReleaseError } from './lib/release-engine.mjs';

const started = Date.now();
process.env.NODE_ENV = 'production';
await cleanStaging();
try {
  const result = await buildSite({ buildShell, buildRemote, log: (line) => console.log(line) });
  console.log(`Built ${result.pages.length} pages in ${((Date.now() - started) / 1000).toFixed(1)} s`);
} catch (error) {
  console.error(error instanceof ReleaseError ? error.message : `Build failed; the live site is unchanged.\n${error instanceof Error ? error.stack : String(error)}`);
  process.exit(1);
} finally {
  await cleanStaging();
}
