/**
 * Releases into dist/site, one app at a time, the way a team ships alone:
 *   node scripts/release.mjs publish <shell|marketing|commerce|legal>   build it and put it live
 *   node scripts/release.mjs rollback <app> [buildId] [--why "…"]       back to a kept build (default: the one before), with the reason
 *   node scripts/release.mjs list [app]                                  releases and known builds, newest first
 *   node scripts/release.mjs status [app]                                what visitors' browsers saw of each build in the last hour
 * (`npm run release -- <command> …`). A release prerenders and verifies its pages in staging and
 * swaps the pointer document last; on any failure the live site is left as it was.
 */
import { buildRemote, buildShell, cleanStaging } from './lib/publish.mjs';
import { readLocalSettings } from './lib/local-config.mjs';
import { apps, knownBuilds, livePointers, liveShell, publishRemote, publishShell, readHistory, ReleaseError, rollback } from './lib/release.mjs';
import { readClientEvents, STATUS_WINDOW_MS, statusLines } from './lib/status.mjs';

const usage = `Usage:
  node scripts/release.mjs publish <${apps.join('|')}>
  node scripts/release.mjs rollback <${apps.join('|')}> [buildId] [--why "reason"]
  node scripts/release.mjs list [${apps.join('|')}]
  node scripts/release.mjs status [${apps.join('|')}]`;

function describe(result) {
  const changes = result.entries.map((entry) => `${entry.app} ${entry.previous ?? '(none)'} → ${entry.buildId}`);
  return `${changes.length ? changes.join(', ') : 'nothing changed (that build was already live)'}; pages rendered: ${result.pages.join(' ')}`;
}

/**
 * Where a build came from: its commit, and whether the work tree held uncommitted changes.
 * @param {{ source: string, commit?: string, clean?: boolean }} revision
 */
function origin({ source, commit, clean }) {
  if (!commit) return `source ${source}`;
  return `commit ${commit}${clean ? '' : ' with uncommitted changes'}`;
}

/**
 * Splits `--why "reason"` (or `--why=reason`) from the positional arguments.
 * @param {(string | undefined)[]} argv
 */
function parseArguments(argv) {
  const positional = [];
  let why;
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index];
    if (argument === '--why') {
      why = argv[++index];
      if (!why?.trim()) throw new ReleaseError('--why needs a reason, e.g. --why "checkout errors after the release"');
    } else if (argument?.startsWith('--why=')) {
      why = argument.slice('--why='.length);
    } else if (argument?.startsWith('--')) {
      throw new ReleaseError(`Unknown option ${argument}\n${usage}`);
    } else {
      positional.push(argument);
    }
  }
  return { positional, why: why?.trim() || undefined };
}

/** @param {(string | undefined)[]} argv the command line after `release.mjs` */
export async function main(argv) {
  const {
    positional: [command, app, buildId],
    why,
  } = parseArguments(argv);
  process.env.NODE_ENV = 'production';
  if (command === 'status') {
    if (app && !apps.includes(app)) throw new ReleaseError(usage);
    const { dataDir } = await readLocalSettings('readSiteServerConfig');
    const now = new Date();
    /** @type {Record<string, string | undefined>} */
    const live = Object.fromEntries((await livePointers()).remotes.map((remote) => [remote.name, remote.buildId]));
    live.shell = (await liveShell())?.buildId;
    const events = await readClientEvents(dataDir, new Date(now.getTime() - STATUS_WINDOW_MS));
    for (const line of await statusLines({ apps: app ? [app] : apps, live, events, now })) console.log(line);
    return;
  }
  if (command === 'list') {
    if (app && !apps.includes(app)) throw new ReleaseError(usage);
    const history = await readHistory();
    const releases = history.releases.filter((entry) => !app || entry.app === app).reverse();
    console.log('Releases, newest first:');
    for (const entry of releases) {
      console.log(
        `  ${entry.at}  ${entry.action.padEnd(8)} ${entry.app.padEnd(9)} ${entry.buildId}  (was ${entry.previous ?? 'none'})  by ${entry.by}, ${origin(entry)}${entry.why ? `, why: ${entry.why}` : ''}`,
      );
    }
    if (!releases.length) console.log('  none recorded');
    for (const name of app ? [app] : apps) {
      console.log(`Builds of ${name}, newest first:`);
      for (const build of await knownBuilds(name)) {
        const state = build.live
          ? '  (live)'
          : build.refused
            ? `  REFUSED on ${build.refused.at}, not a rollback target: ${build.refused.reason.split('\n').slice(0, 2).join(' ').trim()}`
            : '';
        console.log(`  ${build.live ? '*' : build.refused ? 'x' : ' '} ${build.buildId}  built ${build.builtAt}  ${origin(build)}${state}`);
      }
    }
    return;
  }
  if (!app || !apps.includes(app) || (command !== 'publish' && command !== 'rollback')) throw new ReleaseError(usage);
  if (command === 'rollback') {
    console.log(`${app} rolled back: ${describe(await rollback(app, buildId, { why }))}`);
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
