/**
 * Releases into dist/site, one app at a time, the way a team ships alone:
 *   node scripts/release.mjs publish <shell|marketing|commerce|legal>   build it and put it live
 *   node scripts/release.mjs rollback <app> [buildId]                   back to a kept build (default: the one before)
 *   node scripts/release.mjs list [app]                                  releases and known builds, newest first
 * (`npm run release -- <command> …`). A release prerenders and verifies its pages in staging and
 * swaps the pointer document last; on any failure the live site is left as it was.
 */
import { buildRemote, buildShell, cleanStaging } from './lib/publish.mjs';
import { apps, knownBuilds, publishRemote, publishShell, readHistory, ReleaseError, rollback } from './lib/release.mjs';

const usage = `Usage:
  node scripts/release.mjs publish <${apps.join('|')}>
  node scripts/release.mjs rollback <${apps.join('|')}> [buildId]
  node scripts/release.mjs list [${apps.join('|')}]`;

function describe(result) {
  const changes = result.entries.map((entry) => `${entry.app} ${entry.previous ?? '(none)'} → ${entry.buildId}`);
  return `${changes.length ? changes.join(', ') : 'nothing changed (that build was already live)'}; pages rendered: ${result.pages.join(' ')}`;
}

/** @param {(string | undefined)[]} argv the command line after `release.mjs` */
export async function main([command, app, buildId]) {
  process.env.NODE_ENV = 'production';
  if (command === 'list') {
    if (app && !apps.includes(app)) throw new ReleaseError(usage);
    const history = await readHistory();
    const releases = history.releases.filter((entry) => !app || entry.app === app).reverse();
    console.log('Releases, newest first:');
    for (const entry of releases) {
      console.log(`  ${entry.at}  ${entry.action.padEnd(8)} ${entry.app.padEnd(9)} ${entry.buildId}  (was ${entry.previous ?? 'none'})  by ${entry.by}, source ${entry.source}`);
    }
    if (!releases.length) console.log('  none recorded');
    for (const name of app ? [app] : apps) {
      console.log(`Builds of ${name}, newest first:`);
      for (const build of await knownBuilds(name)) console.log(`  ${build.live ? '*' : ' '} ${build.buildId}  built ${build.builtAt}  source ${build.source}${build.live ? '  (live)' : ''}`);
    }
    return;
  }
  if (!app || !apps.includes(app) || (command !== 'publish' && command !== 'rollback')) throw new ReleaseError(usage);
  if (command === 'rollback') {
    console.log(`${app} rolled back: ${describe(await rollback(app, buildId))}`);
    return;
  }
  await cleanStaging();
  try {
    const result = app === 'shell' ? await publishShell({ build: buildShell }) : await publishRemote(app, { build: buildRemote });
    console.log(`${app} released: ${describe(result)}`);
  } finally {
    await cleanStaging();
  }
}

if (import.meta.main) {
  try {
    await main(process.argv.slice(2));
  } catch (error) {
    console.error(error instanceof ReleaseError ? error.message : `Release failed; the live site is unchanged.\n${error instanceof Error ? error.stack : String(error)}`);
    process.exit(1);
  }
}
