/**
 * Releases and rollbacks of the shell and of each remote into dist/site, all through one
 * transaction (`release`):
 *
 *   1. the next pointer document is computed and validated (@kesho/common/pointer-document);
 *   2. the affected pages are prerendered into a staging folder, with the discovery files;
 *   3. the staged pages are verified (every route rendered, each one embedding the next pointer
 *      document, every script, preload and manifest it names present);
 *   4. only then pages, discovery files, the shell record, the history and, LAST, the pointer
 *      document are moved into place, each old file kept aside; a failure in this step puts every
 *      file back.
 *
 * So on any failure the live site (pointer and pages) is what it was. Build directories
 * (/mfe/<name>/<buildId>/, /shell/<buildId>/) are content-addressed and immutable: a build that
 * is never released leaves only an unreferenced directory behind.
 *
 * The history (dist/releases.json) records each release (who, what: app, build and source commit,
 * when, and the build it replaced) and every build made: `npm run build` releases only builds it has
 * not seen before, so it never moves a remote that did not change.
 *
 * Its parts, each a module of release/: `lock.mjs` (one release at a time), `verify.mjs` (step 3),
 * `commit.mjs` (step 4 and its undo), `history.mjs` (the history, who released, the source commit,
 * refused builds), `errors.mjs`.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { exists, readJson } from './compile.mjs';
import { writeDiscoveryFiles } from './discovery-files.mjs';
import { loadTsModule } from './load-ts.mjs';
import { distDir, historyFile, pageFileFor, pagesDir, pointerFile, shellCurrentFile, siteDir, siteFileOf, ssrDir } from './paths.mjs';
import { renderPages } from './prerender.mjs';
import { requirementsOf, versionSkewProblems } from './version-skew.mjs';
import { shellRecordFile } from './publish.mjs';
import { commitFiles } from './release/commit.mjs';
import { RefusedError, ReleaseError } from './release/errors.mjs';
import { clearRefusal, readHistory, recordRefusal, refusalOf, releasedBy, sourceRevision } from './release/history.mjs';
import { lock } from './release/lock.mjs';
import { verifyStage } from './release/verify.mjs';
import { remoteNames, repoRoot } from '../webpack.config.mjs';

export { RefusedError, ReleaseError } from './release/errors.mjs';
export { readHistory, refusalOf } from './release/history.mjs';

export const apps = ['shell', ...remoteNames];

/** @typedef {import('../../packages/common/src/pointer-document').PointerDocument} PointerDocument */
/** @typedef {import('../../packages/common/src/pointer-document').RemotePointer} RemotePointer */
/** @typedef {{ buildId: string, server: string, kit?: string, scripts: string[], shared?: Record<string, string> }} ShellRecord */
/**
 * @typedef {import('./release/history.mjs').ReleaseEntry} ReleaseEntry
 * @typedef {import('./release/commit.mjs').BeforeWrite} BeforeWrite
 * @typedef {{ remotes?: RemotePointer[], shell?: ShellRecord | null, renderAll?: boolean,
 *   action: ReleaseEntry['action'], built?: Record<string, string>, beforeWrite?: BeforeWrite, why?: string }} ReleaseRequest
 * @typedef {(name: string) => Promise<{ pointer: RemotePointer }>} BuildRemote
 */

let schemaModule;
/** The pointer document's schema: the module the shell validates it with. */
function schema() {
  schemaModule ??= loadTsModule('packages/common/src/pointer-document.ts');
  return schemaModule;
}
/** @returns {Promise<PointerDocument>} the live pointer document (empty before the first build). */
export async function livePointers() {
  const { parsePointerDocument } = await schema();
  return parsePointerDocument(await readJson(pointerFile, { remotes: [] }));
}

/** @returns {Promise<ShellRecord | null>} */
export async function liveShell() {
  return readJson(shellCurrentFile, null);
}

/**
 * Releases a build, remembering a refusal with the build: it is then listed as refused, with the
 * reason, and is no rollback target. A later release of the same build that passes clears it (the
 * live shell it renders with may have changed).
 * @param {string} app @param {string} buildId @param {() => Promise<any>} attempt
 */
async function releaseBuild(app, buildId, attempt) {
  try {
    const result = await attempt();
    await clearRefusal(app, buildId);
    return result;
  } catch (error) {
    if (error instanceof RefusedError) await recordRefusal(app, buildId, error.message);
    throw error;
  }
}

/**
 * One release: puts the given remote builds and/or shell build live, re-rendering the pages they
 * serve (every page when the shell changes or `renderAll`), and records it in the history.
 * @param {ReleaseRequest} request
 * @returns {Promise<{ pointers: PointerDocument, shell: ShellRecord, pages: string[], entries: ReleaseEntry[] }>}
 */
export async function release(request) {
  const unlock = await lock();
  try {
    return await releaseLocked(request);
  } finally {
    await unlock();
  }
}

/** @param {ReleaseRequest} request */
async function releaseLocked({ remotes = [], shell = null, renderAll = false, action, built = {}, beforeWrite, why }) {
  const { parseRemotePointer, withRemote } = await schema();
  const live = await livePointers();
  const currentShell = await liveShell();
  const nextShell = shell ?? currentShell;
  if (!nextShell) throw new ReleaseError('No shell build is live yet: run `npm run build` first.');
  let next = live;
  for (const pointer of remotes) next = withRemote(next, parseRemotePointer(pointer));
  const changed = remotes.map((pointer) => pointer.name);
  const everything = renderAll || Boolean(shell);
  const rendering = everything ? next.remotes.map((remote) => remote.name) : changed;

  // Whose versions change: every live remote meets a new shell; only the released remotes otherwise.
  const checked = await Promise.all(
    next.remotes
      .filter((remote) => shell || changed.includes(remote.name))
      .map(async (remote) => ({ name: remote.name, buildId: remote.buildId, requires: requirementsOf(await readJson(path.join(siteDir, remote.manifest))) })),
  );
  const skew = versionSkewProblems({ shell: nextShell, remotes: checked, releasing: shell ? 'shell' : changed });
  if (skew.length) throw new RefusedError(`Version skew: the release would put together builds that do not fit:\n  ${skew.join('\n  ')}`);

  const stageDir = await fs.mkdtemp(path.join(distDir, '.release-'));
  try {
    const pages = await renderPages({ shell: nextShell, pointers: next, remotes: rendering, outDir: path.join(stageDir, 'pages'), notFound: everything }).catch((error) => {
      throw new RefusedError(`A page failed to prerender: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    });
    const expectedRoutes = next.remotes.filter((remote) => rendering.includes(remote.name)).flatMap((remote) => remote.routes.map((route) => route.path));
    await verifyStage({ stageDir: path.join(stageDir, 'pages'), pages, expectedRoutes: everything ? [...expectedRoutes, '/404'] : expectedRoutes, pointers: next, shell: nextShell });
    const discovery = await writeDiscoveryFiles({ pointers: next, outDir: path.join(stageDir, 'discovery') });

    // Pages of routes that no remote serves any more after this release.
    const served = new Set(next.remotes.flatMap((remote) => remote.routes.map((route) => route.path)));
    const gone = live.remotes
      .flatMap((remote) => remote.routes.map((route) => route.path))
      .filter((route) => !served.has(route))
      .map((route) => pageFileFor(route));

    const history = await readHistory();
    const by = releasedBy();
    const at = new Date().toISOString();
    const revision = sourceRevision();
    for (const [app, buildId] of Object.entries(built)) {
      const known = (history.builds[app] ??= []);
      if (!known.some((build) => build.buildId === buildId)) known.push({ buildId, builtAt: at, ...revision });
    }
    const entries = [];
    const record = (app, buildId, previous) => {
      if (buildId === previous) return;
      // A rollback's build was made earlier, from whatever sources were checked out then.
      const recorded = history.builds[app]?.find((build) => build.buildId === buildId);
      const origin = recorded ? { source: recorded.source, commit: recorded.commit, clean: recorded.clean } : action === 'rollback' ? { source: 'unknown' } : revision;
      /** @type {ReleaseEntry} */
      const entry = { app, buildId, previous, action, by, at, ...origin, ...(why ? { why } : {}) };
      entries.push(entry);
      history.releases.push(entry);
    };
    if (shell) record('shell', shell.buildId, currentShell?.buildId ?? null);
    for (const pointer of remotes) record(pointer.name, pointer.buildId, live.remotes.find((remote) => remote.name === pointer.name)?.buildId ?? null);

    await commitFiles({
      stageDir,
      beforeWrite,
      writes: [
        ...pages.map((page) => ({ from: path.join(stageDir, 'pages', page.file), target: path.join(pagesDir, page.file) })),
        ...gone.map((target) => ({ target })),
        ...discovery.map((file) => ({ from: path.join(stageDir, 'discovery', file), target: path.join(siteDir, file) })),
        ...(shell ? [{ json: shell, target: shellCurrentFile }] : []),
        { json: history, target: historyFile },
        // Last: from here on, browsers that read the pointer get the new builds, whose pages are in place.
        { json: next, target: pointerFile },
      ],
    });
    return { pointers: next, shell: nextShell, pages: pages.map((page) => page.route), entries };
  } finally {
    await fs.rm(stageDir, { recursive: true, force: true });
  }
}

/**
 * Builds one remote and releases it. `build` makes the build (lib/publish.mjs buildRemote).
 * @param {string} name
 * @param {{ build: BuildRemote, beforeWrite?: BeforeWrite }} options
 */
export async function publishRemote(name, { build, beforeWrite }) {
  const { pointer } = await build(name);
  return releaseBuild(name, pointer.buildId, () => release({ remotes: [pointer], action: 'publish', built: { [name]: pointer.buildId }, beforeWrite }));
}

/**
 * Builds the shell and releases it: every page is rendered again with it, from the live remotes.
 * @param {{ build: () => Promise<ShellRecord>, beforeWrite?: BeforeWrite }} options
 */
export async function publishShell({ build, beforeWrite }) {
  const shell = await build();
  return releaseBuild('shell', shell.buildId, () => release({ shell, action: 'publish', built: { shell: shell.buildId }, beforeWrite }));
}

/** Every build of an app kept in dist/, newest first: { buildId, builtAt, source, commit, clean, live, refused }. */
export async function knownBuilds(app) {
  const history = await readHistory();
  const recorded = new Map((history.builds[app] ?? []).map((build) => [build.buildId, build]));
  const dir = path.join(ssrDir, app);
  const entries = (await exists(dir)) ? await fs.readdir(dir, { withFileTypes: true }) : [];
  const builds = [];
  for (const entry of entries) {
    if (!entry.isDirectory()) continue;
    const recordFile = path.join(dir, entry.name, 'publish.json');
    if (!(await exists(recordFile))) continue;
    const known = recorded.get(entry.name);
    const builtAt = known?.builtAt ?? (await fs.stat(recordFile)).mtime.toISOString();
    const refused = await refusalOf(app, entry.name);
    const origin = known ?? refused;
    builds.push({ buildId: entry.name, builtAt, source: origin?.source ?? 'unknown', commit: origin?.commit, clean: origin?.clean, refused });
  }
  const liveId = app === 'shell' ? (await liveShell())?.buildId : (await livePointers()).remotes.find((remote) => remote.name === app)?.buildId;
  return builds.sort((a, b) => (a.builtAt < b.builtAt ? 1 : a.builtAt > b.builtAt ? -1 : a.buildId.localeCompare(b.buildId))).map((build) => ({ ...build, live: build.buildId === liveId }));
}

/**
 * Points an app back at a kept build: the given one, or else the build that was live before the
 * current one (from the history; rolling back twice returns to where it was). Its record is kept
 * with the build, so no saved copy of remotes.json is needed.
 * A build a release refused is no target: it never went live, and its pages would be refused again.
 * @param {string} app
 * @param {string} [buildId]
 * @param {{ beforeWrite?: BeforeWrite, why?: string }} [options] `why`: the reason, recorded in the history
 */
export async function rollback(app, buildId, { beforeWrite, why } = {}) {
  if (!apps.includes(app)) throw new ReleaseError(`Unknown app "${app}": one of ${apps.join(', ')}`);
  let target = buildId;
  if (!target) {
    const history = await readHistory();
    const last = history.releases.filter((entry) => entry.app === app).at(-1);
    if (!last?.previous) throw new ReleaseError(`No earlier release of ${app} in ${path.relative(repoRoot, historyFile)}: name a build (see \`npm run release -- list ${app}\`).`);
    target = last.previous;
  }
  const { isBuildId } = await schema();
  const recordFile = app === 'shell' ? shellRecordFile(target) : path.join(ssrDir, app, target, 'publish.json');
  if (!isBuildId(target) || !(await exists(recordFile))) {
    const known = (await knownBuilds(app)).map((build) => build.buildId);
    throw new ReleaseError(`No build ${target} of ${app}. Known builds, newest first: ${known.join(', ') || 'none'}`);
  }
  const refused = await refusalOf(app, target);
  if (refused) throw new ReleaseError(`Build ${target} of ${app} was refused on ${refused.at} and never went live, so it is no rollback target:\n${refused.reason}`);
  const record = await readJson(recordFile);
  if (app === 'shell') return release({ shell: record, action: 'rollback', beforeWrite, why });
  return release({ remotes: [record.pointer], action: 'rollback', beforeWrite, why });
}

/**
 * `npm run build`: builds the shell and every remote, and releases only what changed. A build this
 * dist/ has seen before (released, rolled back from, or built and left alone) is no change: the
 * live build stays, so a rebuild never undoes a team's release or a rollback, whatever sources this
 * checkout holds. A new build is released; an app with nothing live yet gets its build. Every page is
 * then rendered again from the result.
 * @param {{ buildShell: () => Promise<ShellRecord>, buildRemote: BuildRemote, beforeWrite?: BeforeWrite, log?: (line: string) => void }} builders
 */
export async function buildSite({ buildShell, buildRemote, beforeWrite, log = () => undefined }) {
  const live = await livePointers();
  const currentShell = await liveShell();
  /** @type {Record<string, Set<string>>} */
  const knownBefore = {};
  for (const app of apps) knownBefore[app] = new Set((await knownBuilds(app)).map((build) => build.buildId));
  /** @type {Record<string, string>} */
  const built = {};
  const keeps = async (app, buildId, liveId, liveFiles) =>
    Boolean(liveId) && (liveId === buildId || knownBefore[app]?.has(buildId)) && (await Promise.all(liveFiles.map((file) => exists(siteFileOf(file))))).every(Boolean);
  const note = (app, buildId, liveId) =>
    liveId === buildId ? `${app} ${buildId}` : `${app} ${buildId}: built before, not a change; ${liveId} stays live (npm run release -- publish ${app} to put it live)`;

  const shell = await buildShell();
  built.shell = shell.buildId;
  const keepShell = await keeps('shell', shell.buildId, currentShell?.buildId, currentShell?.scripts ?? []);
  log(keepShell ? note('shell', shell.buildId, currentShell?.buildId) : `shell ${shell.buildId}`);

  const remotes = [];
  for (const name of remoteNames) {
    const { pointer } = await buildRemote(name);
    built[name] = pointer.buildId;
    const current = live.remotes.find((remote) => remote.name === name);
    if (await keeps(name, pointer.buildId, current?.buildId, current ? [current.manifest] : [])) {
      log(note(name, pointer.buildId, current?.buildId));
    } else {
      remotes.push(pointer);
      log(`${name} ${pointer.buildId}: ${pointer.routes.map((route) => route.path).join(' ')}`);
    }
  }
  return release({ remotes, shell: keepShell ? null : shell, renderAll: true, action: 'build', built, beforeWrite });
}
