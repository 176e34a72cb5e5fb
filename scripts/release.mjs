/**
 * Releases into dist/site, one app at a time, the way a team ships alone:
 *   node scripts/release.mjs publish <shell|marketing|commerce|legal>   build it and put it live
 *   node scripts/release.mjs preview <remote> [--hours N]                stage it, print a signed link that shows it to whoever opens it
 *   node scripts/release.mjs publish <remote> --canary <percent>         build it and put it before that share of visitors
 *   node scripts/release.mjs promote <remote> [--why "…"]                the running canary goes live for everyone
 *   node scripts/release.mjs abort <remote> [--why "…"]                  the running canary ends; everyone is on the live build
 *   node scripts/release.mjs rollback <app> [buildId] [--why "…"]       back to a kept build (default: the one before), with the reason
 *   node scripts/release.mjs check <preview link>                        load a staged preview (a deployed site's too) in Chromium, as a publish is checked
 *   node scripts/release.mjs list [app]                                  releases and known builds, newest first (also: history [app])
 *   node scripts/release.mjs status [app]                                what visitors' browsers saw of each build in the last hour
 *   node scripts/release.mjs prune                                       the engine's pass by hand: old builds and release snapshots go (KEPT_BUILDS)
 * (`npm run release -- <command> …`). A release prerenders and verifies its pages in staging and
 * swaps the pointer document last; on any failure the live site is left as it was. The local
 * server's watch aborts a canary on its own through the engine's check (lib/release-engine.mjs
 * watchCanariesThroughEngine, as a module: recorded by "auto" with its figures), not through this command.
 */
import { buildRemote, buildShell, cleanStaging } from './lib/build-apps.mjs';
import { readLocalSettings } from './lib/local-config.mjs';
import {
  abort,
  appNames,
  knownBuilds,
  livePointers,
  liveShell,
  promote,
  publishCanary,
  publishRemote,
  publishShell,
  prune,
  withdrawRefusedUploads,
  readHistory,
  ReleaseError,
  rollback,
  stagePreview,
} from './lib/release-engine.mjs';
import { readEdgeState } from './lib/release/canaries-previews.mjs';
import { previewLink } from './lib/release/preview-link.mjs';
import { previewLinkProblems } from './lib/release/browser-check.mjs';
import { changesFile, readBuildFailures, recordedBuild } from './lib/release/build-records.mjs';
import { describeMark, markOf } from './lib/release/marks.mjs';
import { exists } from './lib/compile.mjs';
import { readClientEvents, STATUS_WINDOW_MS, statusLines } from './lib/status.mjs';
import { MAX_PREVIEW_LINK_HOURS } from '@kesho/release-model/build-choice';

const remotes = appNames.filter((app) => app !== 'shell');
const usage = `Usage:
  node scripts/release.mjs publish <${appNames.join('|')}>
  node scripts/release.mjs publish <${remotes.join('|')}> --canary <percent> [--why "reason"]
  node scripts/release.mjs preview <${remotes.join('|')}> [--hours <hours>]
  node scripts/release.mjs promote <${remotes.join('|')}> [--why "reason"]
  node scripts/release.mjs abort <${remotes.join('|')}> [--why "reason"]
  node scripts/release.mjs rollback <${appNames.join('|')}> [buildId] [--why "reason"]
  node scripts/release.mjs check <preview link>
  node scripts/release.mjs list [${appNames.join('|')}]     (or: history)
  node scripts/release.mjs status [${appNames.join('|')}]
  node scripts/release.mjs prune`;

function describe(result) {
  const changes = result.entries.map((entry) => `${entry.app} ${entry.previous ?? '(none)'} → ${entry.buildId}`);
  return `${changes.length ? changes.join(', ') : 'nothing changed (that build was already live)'}; pages rendered: ${result.pages.join(' ')}`;
}

/**
 * Where a build came from: its commit, and whether the work tree held uncommitted changes.
 * @param {{ source?: string, commit?: string, clean?: boolean }} revision
 */
function origin({ source, commit, clean }) {
  if (!commit) return `source ${source ?? 'unknown'}`;
  return `commit ${commit}${clean ? '' : ' with uncommitted changes'}`;
}

/**
 * What a history row adds after the build: a preview is labelled as one (its build never went live;
 * the live build stays), a canary with its share, a change with the build live before it.
 * @param {{ action: string, previous?: string | null, percent?: number, expiresAt?: string }} entry
 */
function entryDetail(entry) {
  if (entry.action === 'preview') return ` PREVIEW until ${entry.expiresAt ?? '?'}, not live (the live build stays ${entry.previous ?? 'none'})`;
  return `${entry.percent !== undefined ? ` for ${entry.percent} % of visitors` : ''}  (was ${entry.previous ?? 'none'})`;
}

/** The release command's remote build: a failure recorded, a dirty tree's diff kept (lib/release/build-records.mjs). @param {string} name */
const recordedRemote = (name) => recordedBuild(name, () => buildRemote(name));

/** The options that take a value, and what a missing value should have been. */
const OPTIONS = {
  why: 'a reason, e.g. --why "checkout errors after the release"',
  canary: 'a share of visitors in percent, e.g. --canary 10',
  hours: 'a number of hours up to 720, e.g. --hours 4',
};

/**
 * Splits the options (`--why "reason"` or `--why=reason`, `--canary`, `--hours`) from the
 * positional arguments.
 * @param {(string | undefined)[]} argv
 */
function parseArguments(argv) {
  const positional = [];
  /** @type {Partial<Record<keyof typeof OPTIONS, string>>} */
  const options = {};
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index];
    const option = argument?.match(/^--([a-z]+)(?:=(.*))?$/s);
    if (option) {
      const name = /** @type {keyof typeof OPTIONS} */ (option[1]);
      if (!(name in OPTIONS)) throw new ReleaseError(`Unknown option ${argument}\n${usage}`);
      const value = (option[2] ?? argv[++index])?.trim();
      if (!value) throw new ReleaseError(`--${name} needs ${OPTIONS[name]}`);
      options[name] = value;
    } else {
      positional.push(argument);
    }
  }
  return { positional, options };
}

/** A number an option gave, or a clear error. */
function numberOption(name, text) {
  const value = Number(text);
  if (!/^\d+(\.\d+)?$/.test(text) || !Number.isFinite(value)) throw new ReleaseError(`--${name} needs ${OPTIONS[name]}, not "${text}"`);
  return value;
}

/** @param {(string | undefined)[]} argv the command line after `release.mjs` */
export async function main(argv) {
  const {
    positional: [command, app, buildId],
    options,
  } = parseArguments(argv);
  process.env.NODE_ENV = 'production';
  if (command === 'status') {
    if (app && !appNames.includes(app)) throw new ReleaseError(usage);
    const { dataDir, canaryThresholds } = await readLocalSettings('readReleaseConfig');
    const now = new Date();
    /** @type {Record<string, string | undefined>} */
    const live = Object.fromEntries((await livePointers()).remotes.map((remote) => [remote.name, remote.buildId]));
    live.shell = (await liveShell())?.buildId;
    const events = await readClientEvents(dataDir, new Date(now.getTime() - STATUS_WINDOW_MS));
    const { canaries, previews } = await readEdgeState();
    for (const line of await statusLines({ apps: app ? [app] : appNames, live, events, now, canaries: [...canaries], previews: [...previews], thresholds: canaryThresholds }))
      console.log(line);
    return;
  }
  if (command === 'list' || command === 'history') {
    if (app && !appNames.includes(app)) throw new ReleaseError(usage);
    const history = await readHistory();
    const releases = history.releases.filter((entry) => !app || entry.app === app).reverse();
    console.log('Releases, newest first:');
    for (const entry of releases) {
      console.log(
        `  ${entry.at}  ${entry.action.padEnd(8)} ${entry.app.padEnd(9)} ${entry.buildId}${entryDetail(entry)}  by ${entry.by}, ${origin(entry)}${entry.why ? `, why: ${entry.why}` : ''}${entry.browserCheck ? `, browser check: ${entry.browserCheck}` : ''}`,
      );
    }
    if (!releases.length) console.log('  none recorded');
    const { canaries, previews } = await readEdgeState();
    for (const name of app ? [app] : appNames) {
      console.log(`Builds of ${name}, newest first:`);
      const canary = canaries.find((entry) => entry.app === name);
      for (const build of await knownBuilds(name)) {
        const preview = previews.find((entry) => entry.app === name && entry.buildId === build.buildId);
        const mark = build.live ? null : markOf(history, name, build.buildId);
        const state = build.live
          ? '  (live)'
          : canary?.buildId === build.buildId
            ? `  (canary for ${canary.percent} % of visitors since ${canary.since})`
            : preview
              ? `  (PREVIEW, not live: shown through its signed link until ${preview.expiresAt})`
              : mark
                ? `  ${describeMark(mark)}: a rollback to it needs --why`
                : build.refused
                  ? `  REFUSED on ${build.refused.at}, not a rollback target: ${build.refused.reason.split('\n').slice(0, 2).join(' ').trim()}`
                  : build.withdrawn
                    ? `  WITHDRAWN by a rollback to ${build.withdrawn.rolledBackTo} on ${build.withdrawn.at} by ${build.withdrawn.by}${build.withdrawn.why ? ` (why: ${build.withdrawn.why})` : ''}: not published again`
                    : '';
        const diff = (await exists(changesFile(name, build.buildId))) ? ` (its changes: ${changesFile(name, build.buildId)})` : '';
        console.log(`  ${build.live ? '*' : build.refused ? 'x' : canary?.buildId === build.buildId ? '~' : ' '} ${build.buildId}  built ${build.builtAt}  ${origin(build)}${diff}${state}`);
      }
      const failed = (await readBuildFailures()).filter((failure) => failure.app === name).reverse();
      if (failed.length) console.log(`Failed builds of ${name}, newest first:`);
      for (const failure of failed) console.log(`  ! ${failure.at}  by ${failure.by}, ${origin(failure)}: ${failure.error.split('\n').slice(0, 3).join(' ').trim()}`);
    }
    return;
  }
  if (command === 'check') {
    // The browser check through a deployed site's preview link (AWS: a -c preview=<hours> deploy's PreviewLink).
    if (!app) throw new ReleaseError(usage);
    const { timeoutMs } = await readLocalSettings('readBrowserCheckConfig');
    const checked = await previewLinkProblems(app, { timeoutMs });
    const what = `${checked.app} ${checked.build} through its preview link: ${checked.routes.length} routes, ${checked.pageViews} page views in Chromium, ${(checked.ms / 1000).toFixed(1)} s`;
    if (checked.problems.length) throw new ReleaseError(`The preview of ${what}, failed in a browser; do not put it live:\n  ${checked.problems.join('\n  ')}`);
    console.log(`Browser check of ${what}: no errors`);
    return;
  }
  if (command === 'prune') {
    // The engine's pass by hand: what the pass after every release and every watch prunes, now.
    if (app) throw new ReleaseError(usage);
    const { keptBuilds } = await readLocalSettings('readPruneConfig');
    const { prunedBuilds, prunedReleases } = await prune({ keep: keptBuilds });
    const builds = prunedBuilds.map((entry) => `${entry.app} ${entry.buildId} (${entry.removed})`);
    const releases = prunedReleases.map((entry) => `${entry.app} release ${entry.release}`);
    console.log(
      builds.length || releases.length
        ? `Pruned: ${[...builds, ...releases].join(', ')}`
        : `Nothing to prune: beyond the live, canary, preview and rollback-target builds, ${keptBuilds} per app are kept (KEPT_BUILDS), and none within 24 h of being seen or served`,
    );
    return;
  }
  if (!app || !appNames.includes(app) || !['publish', 'rollback', 'preview', 'promote', 'abort'].includes(command ?? '')) throw new ReleaseError(usage);
  try {
    // Every change ends with the engine's edge pass, which prunes (KEPT_BUILDS, 24 h grace).
    await change(command ?? '', app, buildId, options);
  } finally {
    // Whatever the command's outcome: a refused build stops being served at once (a team pipeline never uploads it).
    const withdrawn = await withdrawRefusedUploads();
    if (withdrawn.length) console.log(`Refused, no longer served: ${withdrawn.map((entry) => `${entry.app} ${entry.buildId}`).join(', ')}`);
  }
}

/**
 * The commands that change the site.
 * @param {string} command @param {string} app @param {string | undefined} buildId
 * @param {Partial<Record<keyof typeof OPTIONS, string>>} options
 */
async function change(command, app, buildId, options) {
  const why = options.why;
  if (command === 'rollback') {
    console.log(`${app} rolled back: ${describe(await rollback(app, buildId, { why }))}`);
    return;
  }
  if (command === 'promote') {
    console.log(`${app} promoted: ${describe(await promote(app, { why }))}`);
    return;
  }
  if (command === 'abort') {
    const result = await abort(app, { why });
    const ended = result.entries.find((entry) => entry.action === 'abort');
    console.log(`${app} canary aborted: ${ended?.buildId} ended, every visitor is on ${ended?.previous ?? 'the live build'}`);
    return;
  }
  await cleanStaging();
  try {
    if (command === 'preview') {
      const settings = await readLocalSettings('readReleaseConfig');
      const hours = options.hours ? numberOption('hours', options.hours) : settings.previewLinkHours;
      // The edge refuses a link valid for longer, so none is signed.
      if (hours <= 0 || hours > MAX_PREVIEW_LINK_HOURS) throw new ReleaseError(`--hours must be more than 0 and at most ${MAX_PREVIEW_LINK_HOURS} (30 days), not ${hours}`);
      const expiresAt = new Date(Date.now() + hours * 3_600_000);
      const { pointer } = await stagePreview(app, { build: recordedRemote, expiresAt });
      console.log(`${app} ${pointer.buildId} staged for preview; visitors still get the live build.`);
      console.log(`Preview link (valid until ${expiresAt.toISOString()}): ${await previewLink({ pointer, expiresAt, settings })}`);
      return;
    }
    if (options.canary) {
      const percent = numberOption('canary', options.canary);
      const result = await publishCanary(app, percent, { build: recordedRemote, why });
      const started = result.entries.find((entry) => entry.action === 'canary');
      console.log(`${app} canary: ${started?.buildId} for ${percent} % of visitors, ${started?.previous ?? 'none'} stays live for the others (npm run release -- promote|abort ${app})`);
      return;
    }
    const result = app === 'shell' ? await publishShell({ build: () => recordedBuild('shell', () => buildShell()) }) : await publishRemote(app, { build: recordedRemote });
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
