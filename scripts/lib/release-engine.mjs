/**
 * Releases and rollbacks of the shell and of each remote into dist/site: the team pipeline's part
 * (what a team's build and deploy do in AWS) and then the one release engine's publish
 * (@kesho/release-model/engine/*, the AWS release publisher's own code), in one `release`:
 *
 *   1. the next pointer document is computed and validated (@kesho/release-model/pointer-document),
 *      and the builds checked (withdrawn, a canary running, version skew, the shell-kit contract);
 *   2. the affected pages are prerendered into a staging folder;
 *   3. the staged pages are verified (every route rendered, each one embedding the next pointer
 *      document, every script, preload and manifest it names present), and a publish loaded in a
 *      real browser (release/browser-check.mjs);
 *   4. only then the releases go live through dist/site as the engine's store (commitReleases,
 *      release/site-store.mjs): their snapshots and records put as a team's deploy uploads them (each
 *      record with the note of its change, `change`: action, who, when, why, the source, the browser
 *      check), then the engine's edge pass publishSite, the Lambda's run after a publish (mfe/remotes.json
 *      written conditionally, the pages copied, the variant folders, the edge record with the history
 *      entry of each live change made from its record's note, the edge state and the key-value state). A failure in this step puts the records back and runs
 *      the pass again from them; a process killed in it is completed by the next release's recovery.
 *
 * So on any failure the live site (pointer and pages) is what it was. Build directories
 * (/mfe/<name>/<buildId>/, /shell/<buildId>/) and release snapshots (releases/<app>/<release>/) are
 * content-addressed and immutable: one never made current leaves only an unreferenced directory behind.
 *
 * A canary's start, a preview, a promotion and an abort are a team's deploy or command as in AWS, then
 * the engine's edge pass itself (@kesho/release-model/engine/edge-pass publishSite over dist/site and the
 * local key-value state: deployCandidate, endCanaryThroughEngine, commandThroughEngine). A release above
 * leaves the running canaries and previews as their teams deployed them, as in AWS: each keeps its
 * release until its team deploys again, and the release's edge pass writes their variant folders from
 * their own snapshots (their routes' pages as they were rendered and checked) and the next live pages
 * for the other routes. Only a candidate an older dist/ staged before candidates were releases gets its
 * first release from the next release (release/canaries-previews.mjs releaseUnnamedCandidates).
 *
 * The history (in the edge record, dist/site/edge/state.json, AWS's edge/state.json, written only by the
 * engine's pass) records each release (who, what: app, build and source commit, when, and the build it
 * replaced), also one killed before its pass (the next pass records it from its record's note); the
 * builds made (dist/builds-made.json) record every build: `npm run build` releases only builds it has
 * not seen before, so it never moves a remote that did not change.
 *
 * Its parts, each a module of release/: `lock.mjs` (one release at a time), `verify.mjs` (step 3),
 * `site-store.mjs` (step 4's store, and completing a killed release), `history.mjs` (the history, who
 * released, the source commit, refused builds), `errors.mjs`.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { exists, readJson, writeJson, writeText } from './compile.mjs';
import { buildFilesDirOf, buildRecordFileOf, buildsMadeFile, distDir, EDGE_RECORD_KEY, edgeRecordFile, pointerFile, siteFileOf, ssrDir, VARIANTS_PREFIX } from './paths.mjs';
import { renderPages } from './prerender.mjs';
import { requirementsOf, versionSkewProblems } from './version-skew.mjs';
import { liveShellRecord, recoverInterruptedRelease, releasesOf, siteStore } from './release/site-store.mjs';
import { RefusedError, ReleaseError } from './release/errors.mjs';
import { kitContractProblems } from './kit-contract.mjs';
import { describeMark, markOf } from './release/marks.mjs';
import { clearRefusal, moveLegacyEdgeState, readHistory, recordRefusal, refusalOf, releasedBy, sourceRevision, withdrawalFile, withdrawalOf } from './release/history.mjs';
import { localEdgeServices, readEdgeState, releaseUnnamedCandidates, removeOutsideStore } from './release/canaries-previews.mjs';
import { browserCheckOf, checkRelease } from './release/browser-check.mjs';
import { lock } from './release/lock.mjs';
import { verifyStage } from './release/verify.mjs';
import { repoRoot } from './repo-root.mjs';
import { remoteNames } from '../webpack.config.mjs';
import * as edgePlan from '@kesho/release-model/edge-plan';
import * as schema from '@kesho/release-model/pointer-document';
import { publishReleases, putReleaseSnapshot, readPublished } from '@kesho/release-model/engine/publish';
import { buildIdOf, currentRecordBody, pointerKey, SHELL_APP, withdrawnKey } from '@kesho/release-model/engine/release-record';
import { releasePrefixesOfBuild } from '@kesho/release-model/engine/prune';
import { buildFilesPrefix, deleteRemovals } from '@kesho/release-model/build-pruning';
import { canaryCommandKey, publishSite, watchCanaries } from '@kesho/release-model/engine/edge-pass';
import { watchPublishes } from '@kesho/release-model/engine/publish-watch';
import { revalidatedMetadata } from '@kesho/release-model/object-store';

export { RefusedError, ReleaseError } from './release/errors.mjs';
export { readHistory, refusalOf, withdrawalOf } from './release/history.mjs';

/** The names of the apps a release command takes: the shell and the remotes. */
export const appNames = ['shell', ...remoteNames];

/** @typedef {import('../../packages/release-model/src/pointer-document').PointerDocument} PointerDocument */
/** @typedef {import('../../packages/release-model/src/pointer-document').RemotePointer} RemotePointer */
/** @typedef {{ buildId: string, server: string, kit?: string, scripts: string[], shared?: Record<string, string>, shareImages?: Record<string, { url: string, alt: string }>, manifest?: string, appleTouchIcon?: string }} ShellRecord */
/**
 * @typedef {import('./release/history.mjs').ReleaseEntry} ReleaseEntry
 * @typedef {import('./release/site-store.mjs').BeforeWrite} BeforeWrite
 * Who a release is recorded by, when not RELEASED_BY (an automatic rollback is "auto"); a canary and
 * a preview start and end by their team's command or deploy and the engine's edge pass (deployCandidate,
 * endCanaryThroughEngine); a release leaves them on the releases their teams deployed.
 * @typedef {{ by?: string }} EdgeChange
 * @typedef {{ remotes?: RemotePointer[], shell?: ShellRecord | null, renderAll?: boolean,
 *   action: 'publish' | 'rollback' | 'build', built?: Record<string, string>, beforeWrite?: BeforeWrite, why?: string, edge?: EdgeChange,
 *   browserCheck?: import('./release/browser-check.mjs').BrowserCheck | null }} ReleaseRequest
 * `browserCheck`: the publish's or canary's browser check (`browserCheckOf`), or null for none.
 * @typedef {(name: string) => Promise<{ pointer: RemotePointer }>} BuildRemote
 */

/** The pointer document's schema: the module the shell validates it with. */
/** Which pages a publish removes: the AWS publisher's rule too. */
/** @returns {Promise<PointerDocument>} the live pointer document (empty before the first build). */
export async function livePointers() {
  const { parsePointerDocument } = schema;
  return parsePointerDocument(await readJson(pointerFile, { remotes: [] }));
}

/** @returns {Promise<ShellRecord | null>} */
export async function liveShell() {
  return liveShellRecord();
}

/**
 * Releases a build, remembering a refusal with the build: it is then listed as refused, with the
 * reason, and is no rollback target. A later release of the same build that passes clears it (the
 * live shell it renders with may have changed). A build a rollback withdrew is not released again
 * (publish, canary, preview): the same sources built again are the same build, so the team changes
 * them, or names the build in a rollback to put it live on purpose.
 * @param {string} app @param {string} buildId @param {() => Promise<any>} attempt
 */
async function releaseBuild(app, buildId, attempt) {
  const withdrawn = await withdrawalOf(app, buildId);
  if (withdrawn) {
    throw new ReleaseError(
      `Build ${buildId} of ${app} was withdrawn by a rollback to ${withdrawn.rolledBackTo} on ${withdrawn.at} by ${withdrawn.by}${withdrawn.why ? ` (why: ${withdrawn.why})` : ''}, so it is not released again: change the sources and build anew, or put it live on purpose with \`npm run release -- rollback ${app} ${buildId}\`. The live site is unchanged.`,
    );
  }
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
 * The refused builds' served files (dist/site/mfe/<name>/<buildId>/ or shell/<buildId>/) and their source
 * maps go: the local build put them into the store before the checks, where a team pipeline that
 * refuses a build never uploads it. Their records and refusals stay (`list` shows them refused, a rollback
 * to one stays refused; publishing the same sources again builds the files anew). A refused build some
 * release in the store names went out before (live, a canary, a preview, a rollback target): the
 * engine's pruning decides about it. The release command runs this after every change, whatever its
 * outcome. Under the release lock. Returns the builds whose files went.
 * @returns {Promise<{ app: string, buildId: string, removed: 'served files' }[]>}
 */
export async function withdrawRefusedUploads() {
  const unlock = await lock();
  try {
    const store = siteStore();
    /** @type {{ app: string, buildId: string, removed: 'served files' }[]} */
    const withdrawn = [];
    for (const app of appNames) {
      for (const build of await knownBuilds(app)) {
        if (!build.refused || build.live || !(await store.listKeys(buildFilesPrefix(app, build.buildId))).length) continue;
        if ((await releasePrefixesOfBuild(store, app, build.buildId)).length) continue;
        const upload = [{ app, buildId: build.buildId, removed: /** @type {const} */ ('served files') }];
        await deleteRemovals(store, upload, () => [buildFilesPrefix(app, build.buildId)]);
        await removeOutsideStore(upload);
        withdrawn.push(...upload);
      }
    }
    return withdrawn;
  } finally {
    await unlock();
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
    // A dist/ released before the edge record lived in its store: moved there first.
    await moveLegacyEdgeState();
    // A release killed half-way left its records current and the site part-published: the publish
    // completes it (the publisher's own run again), so this one starts from one whole release.
    await recoverThroughEngine();
    return await releaseLocked(request);
  } finally {
    await unlock();
  }
}

/**
 * Completes a release a killed process left half done (lib/release/site-store.mjs recoverInterruptedRelease:
 * the publish run again over the current records), under the release lock; the local server runs it
 * when it starts, and every release before it reads the live site. Returns the publish, or null on a
 * dist/ with nothing released.
 */
export async function completeInterruptedRelease() {
  const unlock = await lock();
  try {
    await moveLegacyEdgeState();
    return await recoverThroughEngine();
  } finally {
    await unlock();
  }
}

/**
 * Completes a release a killed process left half done: the publish run again over the current records
 * (lib/release/site-store.mjs recoverInterruptedRelease), then, when the edge record's live builds
 * (what the engine's edge pass notes) are not those just published, the engine's edge pass too, which
 * a release runs after its records: the variant folders, the edge state and the key-value state of the
 * current records. Under the release lock; null on a dist/ with nothing released.
 */
async function recoverThroughEngine() {
  const published = await recoverInterruptedRelease();
  if (!published) return null;
  const record = await readEdgeState();
  const releases = [...published.remotes.map((remote) => [remote.name, remote.release]), ...(published.shell ? [[SHELL_APP, published.shell.release]] : [])];
  const behind = releases.some(([app, release]) => record.live?.[/** @type {string} */ (app)]?.release !== release);
  // A canary or preview staged before they were releases waits for the next release to name it (requireEngineRecord).
  const named = [...record.canaries, ...record.previews].every((entry) => entry.release);
  return behind && named ? publishSite(siteStore(), await localEdgeServices()) : published;
}

/**
 * A watch's run under the release lock, after completing any release a killed process left half done;
 * `skipped` while a candidate staged before candidates were releases has no release for the pass (it is
 * judged once a release names it).
 * @template T @param {T} skipped @param {() => Promise<T>} run @returns {Promise<T>}
 */
async function watchRun(skipped, run) {
  const unlock = await lock();
  try {
    await moveLegacyEdgeState();
    await recoverThroughEngine();
    const record = await readEdgeState();
    if ([...record.canaries, ...record.previews].some((entry) => !entry.release)) return skipped;
    return await run();
  } finally {
    await unlock();
  }
}

/**
 * The canary watch's run, as the AWS publisher's scheduled check runs it: the engine's watchCanaries
 * (@kesho/release-model/engine/edge-pass) over dist/site and the local edge services, with the local
 * server's figures (its stored client events behind the FiguresSource interface of infra's CloudWatch
 * one): each running canary judged by the one rule, a condemned one aborted by "auto" with the figures
 * through the edge pass, CANARY_ABORTED_EVENT given to `log`, the engine's notice to ops to `notify` (the
 * local server's mail; SNS in AWS). Under the release lock, after completing any release a killed process
 * left half done.
 * @param {{ figures: import('../../packages/release-model/src/canary-health').FiguresSource,
 *   thresholds?: Partial<import('../../packages/release-model/src/canary-health').CanaryThresholds>, log?: (line: Record<string, unknown>) => void,
 *   notify?: (subject: string, message: string) => Promise<void> }} watch
 */
export async function watchCanariesThroughEngine({ figures, thresholds, log, notify }) {
  return watchRun({ aborted: [] }, async () =>
    watchCanaries(siteStore(), { ...(await localEdgeServices()), figures, ...(thresholds ? { thresholds } : {}), ...(log ? { log } : {}), ...(notify ? { notify } : {}) }),
  );
}

/**
 * The publish watch's run, as the AWS publisher's scheduled check runs it: the engine's watchPublishes
 * (@kesho/release-model/engine/publish-watch) over dist/site and the local edge services, with the local
 * server's figures: each app's build a publish put live less than `publishWatchMinutes` ago (the edge
 * record's live builds, noted by every pass; a local `npm run build` that puts a new build live is that
 * team's publish, and is watched too) judged against the build it replaced by the one rule; a condemned
 * one rolled back by "auto" with the figures (its release withdrawn, the replaced release made current,
 * one edge pass), PUBLISH_ROLLED_BACK_EVENT given to `log`, the notice to ops to `notify`. The engine withdraws the release; this also
 * writes the build's local withdrawal mark (lib/release/history.mjs withdrawalFile), as a local rollback
 * does, from the engine's result: a local build withdrawn is not released again, and the build it went
 * back to loses any such mark. Under the release lock, after completing any release a killed process
 * left half done.
 * @param {{ figures: import('../../packages/release-model/src/canary-health').FiguresSource,
 *   thresholds?: Partial<import('../../packages/release-model/src/canary-health').CanaryThresholds>, publishWatchMinutes?: number,
 *   log?: (line: Record<string, unknown>) => void, notify?: (subject: string, message: string) => Promise<void> }} watch
 */
export async function watchPublishesThroughEngine({ figures, thresholds, publishWatchMinutes, log, notify }) {
  return watchRun({ rolledBack: [] }, async () => {
    const services = {
      ...(await localEdgeServices()),
      figures,
      ...(thresholds ? { thresholds } : {}),
      ...(publishWatchMinutes !== undefined ? { publishWatchMinutes } : {}),
      ...(log ? { log } : {}),
      ...(notify ? { notify } : {}),
    };
    const result = await watchPublishes(siteStore(), services);
    const at = new Date().toISOString();
    for (const rolled of result.rolledBack) {
      await writeJson(withdrawalFile(rolled.app, rolled.buildId), { at, by: 'auto', rolledBackTo: rolled.to.buildId, why: rolled.reason });
      await fs.rm(withdrawalFile(rolled.app, rolled.to.buildId), { force: true });
    }
    return result;
  });
}

/** @param {ReleaseRequest} request */
async function releaseLocked({ remotes = [], shell = null, renderAll = false, action, built = {}, beforeWrite, why, edge: change = {}, browserCheck = null }) {
  const { parseRemotePointer, withRemote, siteMenus } = schema;
  const live = await livePointers();
  const currentShell = await liveShell();
  const nextShell = shell ?? currentShell;
  if (!nextShell) throw new ReleaseError('No shell build is live yet: run `npm run build` first.');
  const edgeBefore = await readEdgeState();
  const now = new Date();
  const at = now.toISOString();
  const by = change.by ?? releasedBy();

  // A remote whose canary runs goes live only by its promotion: anything else would leave the canary
  // compared with a live build it no longer replaces.
  for (const pointer of remotes) {
    const running = edgeBefore.canaries.find((canary) => canary.app === pointer.name);
    if (running) {
      throw new ReleaseError(
        `A canary of ${pointer.name} is running (build ${running.buildId} for ${running.percent} % of visitors): promote or abort it first (npm run release -- promote|abort ${pointer.name}). The live site is unchanged.`,
      );
    }
  }
  const liveOf = (name) => live.remotes.find((remote) => remote.name === name)?.buildId ?? null;
  // The running candidates (an expired preview dropped, as the engine's pass drops it: @kesho/release-model/edge-plan).
  const { LIVE_ACTIONS, unexpiredPreviews } = edgePlan;
  const canaries = [...edgeBefore.canaries];
  const previews = unexpiredPreviews(edgeBefore.previews, now);

  let next = live;
  for (const pointer of remotes) next = withRemote(next, parseRemotePointer(pointer));
  const changed = remotes.map((pointer) => pointer.name);
  // Every page's header lists the menus the remotes publish (the Services menu): a change of one is on every page.
  const menusChanged = JSON.stringify(siteMenus(live)) !== JSON.stringify(siteMenus(next));
  const everything = renderAll || Boolean(shell) || menusChanged;
  const rendering = everything ? next.remotes.map((remote) => remote.name) : changed;
  const liveChange = remotes.length > 0 || everything;

  // Whose versions change: every live remote, canary and preview meets a new shell; only the released
  // or staged remotes otherwise.
  const staged = shell ? [...canaries, ...previews].map((entry) => ({ name: entry.app, buildId: entry.buildId })) : [];
  await refuseMisfits(nextShell, [...next.remotes.filter((remote) => shell || changed.includes(remote.name)), ...staged], shell ? 'shell' : changed);

  const stageDir = await fs.mkdtemp(path.join(distDir, '.release-'));
  try {
    const pages = liveChange
      ? await renderPages({ shell: nextShell, pointers: next, remotes: rendering, outDir: path.join(stageDir, 'pages'), notFound: everything }).catch((error) => {
          throw new RefusedError(`A page failed to prerender: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
        })
      : [];
    const expectedRoutes = liveChange ? next.remotes.filter((remote) => rendering.includes(remote.name)).flatMap((remote) => remote.routes.map((route) => route.path)) : [];
    await verifyStage({ stageDir: path.join(stageDir, 'pages'), pages, expectedRoutes: everything ? [...expectedRoutes, '/404'] : expectedRoutes, pointers: next, shell: nextShell });

    // The running canaries and previews keep the releases their teams deployed, as in AWS (the engine's
    // pass writes their folders from those snapshots); one an older dist/ staged before candidates were
    // releases gets its first release here, made with the next live site.
    const stagedPages = new Map(pages.filter((page) => !page.feed).map((page) => [page.route, path.join(stageDir, 'pages', page.file)]));
    const firstReleases = await releaseUnnamedCandidates({ stageDir, pointers: next, shell: nextShell, candidates: [...canaries, ...previews] }).catch((error) => {
      if (error instanceof ReleaseError) throw error;
      throw new RefusedError(`A page failed to prerender: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    });

    // A real browser before going live: the composed site of a publish (lib/release/browser-check.mjs).
    const checked = browserCheck ? await checkRelease({ check: browserCheck, stageDir, pointers: next, shell, remotes, stagedPage: (route) => stagedPages.get(route) }) : null;

    const history = await readHistory();
    const revision = sourceRevision();
    for (const [app, buildId] of Object.entries(built)) {
      const known = (history.builds[app] ??= []);
      if (!known.some((build) => build.buildId === buildId)) known.push({ buildId, builtAt: at, ...revision });
    }
    /** Where a build came from: recorded when it was built (a rollback's, a promotion's), else this checkout. */
    const originOf = (app, buildId) => originInBuildsMade(history.builds, app, buildId) ?? (action === 'rollback' ? { source: 'unknown' } : revision);
    /**
     * The note of this live change, written with each record this release makes current (release-record.ts
     * LiveChange, as a team stack writes it in AWS): the engine's edge pass records the history entry from it
     * (who, when, why, where the build came from, what the browser check saw), also when this process dies
     * before its pass and the next one completes it.
     * @param {string} app @param {string} buildId
     */
    const changeOf = (app, buildId) => ({ action, by, at, ...(why ? { why } : {}), ...originOf(app, buildId), ...(checked ? { browserCheck: checked } : {}) });
    // A rollback withdraws the build it replaces (no publish, canary or preview releases it again) and
    // clears any such mark of the build it chose, in the same commit as the rest.
    const replaced =
      action === 'rollback'
        ? [
            ...(shell ? [{ app: 'shell', from: currentShell?.buildId, to: shell.buildId }] : []),
            ...remotes.map((pointer) => ({ app: pointer.name, from: liveOf(pointer.name), to: pointer.buildId })),
          ]
        : [];
    const withdrawals = replaced.flatMap(({ app, from, to }) => [
      ...(from && from !== to ? [{ json: { at, by, rolledBackTo: to, ...(why ? { why } : {}) }, target: withdrawalFile(app, from) }] : []),
      { target: withdrawalFile(app, to) },
    ]);
    // An unnamed candidate's first release (its snapshot, releases/<app>/<release>/), named in its record
    // as a team's deploy names it in AWS.
    /** @param {{ app: string, buildId: string }} entry */
    const releaseOf = (entry) => firstReleases.find((made) => made.record.app === entry.app && 'pointer' in made.record && made.record.pointer.buildId === entry.buildId)?.record.release;
    /** @template {{ app: string, buildId: string }} T @param {T} entry @returns {T & { release?: string }} */
    const named = (entry) => {
      const release = releaseOf(entry);
      return release ? { ...entry, release } : entry;
    };
    const namedCanaries = canaries.map(named);
    const namedPreviews = previews.map(named);
    // What a team writes in AWS, its canary command (mfe/canary/<app>.json): the start of a canary named
    // by its first release here.
    const commands = namedCanaries
      .filter((canary) => canary.release && edgeBefore.canaries.find((before) => before.app === canary.app)?.release !== canary.release)
      .map((canary) => ({
        app: canary.app,
        body: { action: 'start', release: canary.release, percent: canary.percent, by: canary.by, ...(canary.why ? { why: canary.why } : {}), ...originOf(canary.app, canary.buildId) },
      }));

    /**
     * The edge record with the candidates (an unnamed one named by its first release), written only when
     * a candidate got its first release here; its history and edge state stay as the last pass wrote them:
     * the engine's edge pass records this release's entries (from the notes of the records it makes
     * current) and writes the next edge state, its variant folders and the key-value state.
     */
    const nextEdge = firstReleases.length ? { ...edgeBefore, canaries: namedCanaries, previews: namedPreviews } : null;
    // The releases this one makes, as the team stacks' synth makes them (@kesho/release-model/engine/release-record).
    const made = liveChange ? await releasesOf({ root: stageDir, document: next, remotes: rendering, shellRelease: everything }) : [];
    const passed = await commitReleases({
      made: made.map((release) => ({ ...release, change: changeOf(release.record.app, buildIdOf(release.record)) })),
      liveChange,
      beforeWrite,
      candidates: firstReleases,
      commands,
      nextEdge,
      built: history.builds,
      withdrawals,
      rolledBack: action === 'rollback' ? replaced : [],
      at,
      by,
      why,
    });
    // The entries the pass recorded for this release's live changes (a build of an app changed).
    const entries = passed.entries.filter((entry) => LIVE_ACTIONS.includes(entry.action) && made.some((release) => release.record.app === entry.app));
    return { pointers: next, shell: nextShell, pages: pages.filter((page) => !page.feed).map((page) => page.route), entries, edge: passed.record };
  } finally {
    await fs.rm(stageDir, { recursive: true, force: true });
  }
}

/**
 * Refuses builds that do not fit together: version skew, the shell-kit contract.
 * @param {ShellRecord} shell @param {{ name: string, buildId: string }[]} remotes the remotes whose versions change
 * @param {'shell' | string[]} releasing
 */
async function refuseMisfits(shell, remotes, releasing) {
  const checked = await Promise.all(
    remotes.map(async (remote) => {
      const manifest = await readJson(path.join(buildFilesDirOf(remote.name, remote.buildId), 'mf-manifest.json'));
      return { name: remote.name, buildId: remote.buildId, requires: requirementsOf(manifest), kitImports: manifest.shellKitImports };
    }),
  );
  const skew = versionSkewProblems({ shell, remotes: checked, releasing });
  if (skew.length) throw new RefusedError(`Version skew: the release would put together builds that do not fit:\n  ${skew.join('\n  ')}`);
  const contract = kitContractProblems({ shell, remotes: checked, releasing });
  if (contract.length) throw new RefusedError(`Shell-kit contract: the release would put together builds that do not fit:\n  ${contract.join('\n  ')}`);
}

/**
 * Puts a release live through the site's store (lib/release/site-store.mjs), as a team's deploy and the
 * publisher do in AWS: the releases' snapshots (immutable, unreferenced until a record names them), an
 * unnamed candidate's first one among them; then each release's record made its app's current one (a
 * rollback's replaced release marked withdrawn, as infra/RUNBOOK.md's Rollback does it), each with the
 * note of its change (`change`), which the pass records in the history; the builds'
 * withdrawal marks, the start command of a canary named by its first release, the edge
 * record's candidates (edge/state.json, only when one got its first release) and the builds made (dist/builds-made.json); then the
 * engine's edge pass (@kesho/release-model/engine/edge-pass publishSite, the Lambda's own code) over dist/site
 * and the local key-value state: mfe/remotes.json written conditionally and the pages copied live, the
 * variant folders of the next state written from the candidates' releases, the edge state in the record
 * (conditional, with the history entries), the key-value state. A failure puts every record and file
 * (the edge record too) back as it was and runs the
 * pass again from them, so the live site and what the edge serves are what they were; a process killed
 * instead leaves records that are either not current yet or current, and the next pass
 * (recoverInterruptedRelease) puts the site on them whole.
 * @param {{ made: (import('./release/site-store.mjs').MadeRelease & { change: import('../../packages/release-model/src/engine/release-record').LiveChange })[], liveChange: boolean, beforeWrite?: BeforeWrite,
 *   candidates: import('./release/site-store.mjs').MadeRelease[], commands: { app: string, body: unknown }[], nextEdge: unknown | null, built: Record<string, unknown>, withdrawals: { target: string, json?: unknown }[],
 *   rolledBack: { app: string }[], at: string, by: string, why?: string }} commit
 * @returns {Promise<import('../../packages/release-model/src/engine/edge-pass').EdgePublishResult>}
 */
async function commitReleases({ made, liveChange, beforeWrite, candidates, commands, nextEdge, built, withdrawals, rolledBack, at, by, why }) {
  const store = siteStore(beforeWrite);
  const direct = siteStore();
  /** @type {(() => Promise<unknown>)[]} what puts each change back, newest last */
  const undo = [];
  const { state: published } = await readPublished(direct);
  /** A record or mark of the store, with what puts it back. @param {string} key @param {string | null} body */
  const setObject = async (key, body) => {
    const before = await direct.get(key);
    undo.push(() => (before ? direct.put(key, before.body, revalidatedMetadata(key), {}) : direct.delete(key)));
    if (body === null) await store.delete(key);
    else await store.put(key, body, revalidatedMetadata(key), {});
  };
  /** A file of dist/ outside the store (the builds made, a build's mark), with what puts it back. @param {string} target @param {unknown} [json] */
  const setFile = async (target, json) => {
    const before = await fs.readFile(target, 'utf8').catch(() => null);
    undo.push(() => (before === null ? fs.rm(target, { force: true }) : writeText(target, before)));
    await beforeWrite?.(target);
    if (json === undefined) await fs.rm(target, { force: true });
    else await writeJson(target, json);
  };
  const services = await localEdgeServices();
  // The edge record as it was: put back on a failure, whatever the pass wrote into it (its entries, the live builds).
  const recordBefore = await direct.get(EDGE_RECORD_KEY);
  undo.push(() => (recordBefore ? direct.put(EDGE_RECORD_KEY, recordBefore.body, revalidatedMetadata(EDGE_RECORD_KEY), {}) : direct.delete(EDGE_RECORD_KEY)));
  try {
    for (const release of made) await putReleaseSnapshot(store, release.record, release.files);
    // An unnamed candidate's first release: an immutable snapshot, as its team's deploy uploads it.
    for (const release of candidates) await putReleaseSnapshot(store, release.record, release.files);
    // Each record made its app's current one with the note of this change, which the pass records in the history.
    for (const { record, change } of made) await setObject(pointerKey(record.app), currentRecordBody(record, change));
    for (const { app } of rolledBack) {
      const chosen = made.find((release) => release.record.app === app)?.record.release;
      const replaced = published.releases[app];
      if (replaced && replaced !== chosen) await setObject(withdrawnKey(app, replaced), JSON.stringify({ at, by, rolledBackTo: chosen, ...(why ? { why } : {}) }));
      // Chosen on purpose: a release withdrawn before goes live again.
      if (chosen && (await direct.get(withdrawnKey(app, chosen)))) await setObject(withdrawnKey(app, chosen), null);
    }
    for (const write of withdrawals) await setFile(write.target, write.json);
    for (const { app, body } of commands) await setObject(canaryCommandKey(app), JSON.stringify(body));
    if (nextEdge) await store.put(EDGE_RECORD_KEY, JSON.stringify(nextEdge), revalidatedMetadata(EDGE_RECORD_KEY), {});
    await setFile(buildsMadeFile, { built });
    const result = await publishSite(store, services);
    const refused = result.rejected.filter((rejection) => made.some((release) => release.record.app === rejection.app));
    if (liveChange && refused.length) throw new ReleaseError(`The publish refused ${refused.map((rejection) => rejection.reason).join('; ')}. The live site is unchanged.`);
    return result;
  } catch (error) {
    for (const step of undo.reverse()) await step();
    // The live site and the edge back on the records as they were (a pass that failed half-way copied some pages or wrote folders).
    await publishSite(direct, services);
    throw error;
  }
}

/**
 * `npm run release -- prune`: the engine's edge pass run by hand (@kesho/release-model/engine/edge-pass
 * publishSite, the pass every release and the watches run, the Lambda's own), which prunes dist/site by
 * the publisher's rule (@kesho/release-model/engine/prune: KEPT_BUILDS per app, never a build that is
 * live, a canary, a preview or the rollback target, nothing within 24 h of being seen or served) and
 * dist/ outside it with it (canaries-previews.mjs removeOutsideStore). `keep` is KEPT_BUILDS; `now` is the
 * pass's clock (tests pass a later one rather than wait out the grace). Under the release lock, after
 * completing any release a killed process left half done. Returns what the pass removed.
 * @param {{ keep: number, now?: Date }} options
 */
export async function prune({ keep, now }) {
  const skipped = { prunedBuilds: [], prunedReleases: [] };
  return watchRun(skipped, async () => {
    const services = { ...(await localEdgeServices()), keptBuilds: keep, ...(now ? { now: () => now } : {}) };
    const result = await publishSite(siteStore(), services);
    return { prunedBuilds: result.prunedBuilds, prunedReleases: result.prunedReleases };
  });
}

/**
 * Builds one remote and releases it. `build` makes the build (lib/build-apps.mjs buildRemote).
 * @param {string} name
 * @param {{ build: BuildRemote, beforeWrite?: BeforeWrite }} options
 */
export async function publishRemote(name, { build, beforeWrite }) {
  const { pointer } = await build(name);
  // The live build again: nothing to release, and nothing is written.
  const live = await livePointers();
  if (live.remotes.some((remote) => remote.name === name && remote.buildId === pointer.buildId) && !(await readEdgeState()).canaries.some((canary) => canary.app === name)) {
    return { pointers: live, shell: /** @type {ShellRecord} */ (await liveShell()), pages: [], entries: [] };
  }
  const browserCheck = await browserCheckOf();
  return releaseBuild(name, pointer.buildId, () => release({ remotes: [pointer], action: 'publish', built: { [name]: pointer.buildId }, beforeWrite, browserCheck }));
}

/** The remotes, the only apps a canary or a preview is for: the shell renders every page, so it is released whole. */
function requireRemote(app, verb) {
  if (app === 'shell') {
    throw new ReleaseError(`The shell renders every page of the site, so it is released whole (publish shell, rollback shell): ${verb} is for the remotes (${remoteNames.join(', ')}).`);
  }
  if (!remoteNames.includes(app)) throw new ReleaseError(`Unknown app "${app}": one of ${remoteNames.join(', ')}`);
}

/**
 * Builds one remote and puts it before a share of visitors (1–99 %), the live build staying for the
 * others: its pages are rendered and checked as a release's, into a variant folder the local server
 * (the CloudFront functions in AWS) serves to browsers whose bucket falls in the share.
 * @param {string} name @param {number} percent
 * @param {{ build: BuildRemote, beforeWrite?: BeforeWrite, why?: string }} options
 */
export async function publishCanary(name, percent, { build, beforeWrite, why }) {
  requireRemote(name, 'a canary');
  if (!Number.isFinite(percent) || percent < 1 || percent > 99 || Math.round(percent * 100) !== percent * 100) {
    throw new ReleaseError(`A canary's share is a percentage from 1 to 99 (at most two decimals), not "${percent}"`);
  }
  const { pointer } = await build(name);
  const browserCheck = await browserCheckOf();
  return releaseBuild(name, pointer.buildId, () => deployCandidate({ pointer, beforeWrite, canary: { percent, why, browserCheck } }));
}

/**
 * Builds one remote and stages it for preview: nothing changes for visitors; a browser that opens
 * the signed link the caller makes (until `expiresAt`) sees the site with this build.
 * @param {string} name
 * @param {{ build: BuildRemote, expiresAt: Date, beforeWrite?: BeforeWrite }} options
 */
export async function stagePreview(name, { build, expiresAt, beforeWrite }) {
  requireRemote(name, 'a preview');
  const { pointer } = await build(name);
  const result = await releaseBuild(name, pointer.buildId, () => deployCandidate({ pointer, beforeWrite, preview: { expiresAt } }));
  return { ...result, pointer };
}

/** The running canary of an app, or a clear error. */
async function runningCanary(app) {
  requireRemote(app, 'a canary');
  const canary = (await readEdgeState()).canaries.find((entry) => entry.app === app);
  if (!canary) throw new ReleaseError(`No canary of ${app} is running (npm run release -- status ${app}).`);
  return canary;
}

/**
 * Makes the running canary of an app its live build for everyone, as AWS does (the engine's rule): its
 * release, the pages it was checked with, becomes the app's current one and goes live.
 * @param {string} app @param {{ why?: string, beforeWrite?: BeforeWrite }} [options]
 */
export async function promote(app, { why, beforeWrite } = {}) {
  return endCanaryThroughEngine(app, 'promote', { why, beforeWrite });
}

/**
 * Ends the running canary of an app: every visitor is on the live build again. `by`: who, when not
 * RELEASED_BY (the local server's automatic abort is the engine's watchCanaries, watchCanariesThroughEngine).
 * @param {string} app @param {{ why?: string, by?: string, beforeWrite?: BeforeWrite }} [options]
 */
export async function abort(app, { why, by, beforeWrite } = {}) {
  return endCanaryThroughEngine(app, 'abort', { why, by, beforeWrite });
}

/**
 * Why this dist/'s edge record cannot go through the engine's edge pass yet, as a ReleaseError: a canary
 * or preview staged before they were releases (the pass makes variant folders from the candidates'
 * releases). Any release puts it right. (A history still in releases.json is moved into the record
 * before, moveLegacyEdgeState.)
 * @param {import('./release/history.mjs').EdgeRecord} record @param {string} doing
 */
async function requireEngineRecord(record, doing) {
  const unnamed = [...record.canaries, ...record.previews].find((entry) => !entry.release);
  if (unnamed) {
    throw new ReleaseError(
      `The ${'percent' in unnamed ? 'canary' : 'preview'} of ${unnamed.app} (build ${unnamed.buildId}) was staged before canaries and previews were releases: any release makes its release (npm run build), then ${doing} again. The live site is unchanged.`,
    );
  }
}

/**
 * Where a build came from, as the builds made recorded it (source, and commit and clean when known), or null.
 * @param {Record<string, import('./release/history.mjs').BuildEntry[]>} builds @param {string} app @param {string} buildId
 */
function originInBuildsMade(builds, app, buildId) {
  const built = builds[app]?.find((entry) => entry.buildId === buildId);
  return built ? { source: built.source, ...(built.commit ? { commit: built.commit } : {}), ...(typeof built.clean === 'boolean' ? { clean: built.clean } : {}) } : null;
}

/** Where a kept build came from, as the builds made recorded it, or nothing. @param {string} app @param {string} buildId */
async function recordedOrigin(app, buildId) {
  return originInBuildsMade((await readHistory()).builds, app, buildId) ?? {};
}

/**
 * A team's canary command (mfe/canary/<app>.json) written into dist/site as the team writes it in AWS
 * (or a preview deploy's change, `change`), then the engine's edge pass (@kesho/release-model/engine/edge-pass publishSite, the Lambda's own code)
 * over dist/site and the local key-value state: the commands applied (a promotion makes the canary's
 * release the app's current one), the live site published, the variant folders of the next state
 * written from the candidates' releases, the edge record (conditional), the key-value state. A failure
 * before the pass wrote the edge record puts the command, the app's record and `undo`'s files back,
 * removes the folders it wrote and publishes again from the records, so nothing changed; one after it
 * is completed by the next pass, as in AWS. Run under the release lock.
 * @param {string} app @param {Record<string, unknown> | null} command
 * @param {{ beforeWrite?: BeforeWrite, undo?: (() => Promise<unknown>)[], change?: import('../../packages/release-model/src/engine/edge-pass').EdgeChange }} options
 */
async function commandThroughEngine(app, command, { beforeWrite, undo = [], change = {} }) {
  const store = siteStore(beforeWrite);
  const direct = siteStore();
  const commandKey = canaryCommandKey(app);
  const keys = [commandKey, pointerKey(app)];
  const before = await Promise.all(keys.map((key) => direct.get(key)));
  const recordBefore = (await direct.get(EDGE_RECORD_KEY))?.etag ?? null;
  const folderOf = (key) => key.slice(VARIANTS_PREFIX.length).split('/')[0];
  const foldersBefore = new Set((await direct.listKeys(VARIANTS_PREFIX)).map(folderOf));
  try {
    if (command) await store.put(commandKey, JSON.stringify(command), revalidatedMetadata(commandKey), {});
    const result = await publishSite(store, await localEdgeServices(), change).catch((error) => {
      // A preview the edge's plan refuses: nothing was written.
      throw change.preview && !(error instanceof ReleaseError) ? new ReleaseError(`${error instanceof Error ? error.message : String(error)}. The live site is unchanged.`) : error;
    });
    const refused = result.rejected.filter((rejection) => rejection.app === app);
    if (refused.length) throw new ReleaseError(`${refused.map((rejection) => rejection.reason).join('; ')}. The live site is unchanged.`);
    return result;
  } catch (error) {
    if (((await direct.get(EDGE_RECORD_KEY))?.etag ?? null) === recordBefore) {
      for (const [index, key] of keys.entries()) {
        const object = before[index];
        if (object) await direct.put(key, object.body, revalidatedMetadata(key), {});
        else await direct.delete(key);
      }
      for (const step of undo.reverse()) await step();
      for (const key of await direct.listKeys(VARIANTS_PREFIX)) if (!foldersBefore.has(folderOf(key))) await direct.delete(key);
      await publishReleases(direct);
    }
    throw error;
  }
}

/**
 * Ends a canary as its team ends it in AWS: the team's command (promote or abort, who, why, where the
 * build came from), then the engine's edge pass (commandThroughEngine). Under the release lock.
 * @param {string} app @param {'promote' | 'abort'} action @param {{ why?: string, by?: string, beforeWrite?: BeforeWrite }} options
 */
async function endCanaryThroughEngine(app, action, { why, by, beforeWrite }) {
  const unlock = await lock();
  try {
    await moveLegacyEdgeState();
    await recoverThroughEngine();
    const canary = await runningCanary(app);
    await requireEngineRecord(await readEdgeState(), action);
    const command = { action, by: by ?? releasedBy(), ...(why ? { why } : {}), ...(await recordedOrigin(app, canary.buildId)) };
    const result = await commandThroughEngine(app, command, { beforeWrite });
    const pointers = await livePointers();
    const entry = result.record.history.findLast((recorded) => recorded.app === app && recorded.action === action);
    const routes = action === 'promote' ? (pointers.remotes.find((remote) => remote.name === app)?.routes ?? []).map((route) => route.path) : [];
    return { pointers, shell: /** @type {ShellRecord} */ (await liveShell()), pages: routes, entries: entry ? [entry] : [], edge: result.record };
  } finally {
    await unlock();
  }
}

/**
 * A team's canary or preview deploy, as in AWS: the candidate's pages rendered with the live shell and
 * the live document with its build put in, checked as every release's (and, for a canary, loaded in a
 * real browser: the site its share gets); its release snapshot (releases/<app>/<release>/) put into
 * dist/site; the build noted as made; then the engine's edge pass (commandThroughEngine) with the
 * canary's start command ({action: start, release, percent, who, why, where the build came from, what
 * the browser check saw}) or the preview change, which records it and writes its variant folders from
 * its release. Under the release lock.
 * @param {{ pointer: RemotePointer, beforeWrite?: BeforeWrite, canary?: { percent: number, why?: string, browserCheck: import('./release/browser-check.mjs').BrowserCheck | null },
 *   preview?: { expiresAt: Date } }} deploy
 */
async function deployCandidate({ pointer, beforeWrite, canary, preview }) {
  const unlock = await lock();
  try {
    await moveLegacyEdgeState();
    await recoverThroughEngine();
    const app = pointer.name;
    const kind = canary ? 'canary' : 'preview';
    const record = await readEdgeState();
    const live = await livePointers();
    const busy = canary ? edgePlan.canaryRefusal(record, app, pointer.buildId, live.remotes.find((remote) => remote.name === app)?.buildId ?? null) : null;
    if (busy) throw new ReleaseError(`${busy}. The live site is unchanged.`);
    await requireEngineRecord(record, canary ? 'start the canary' : 'stage the preview');
    const shell = await liveShell();
    if (!shell) throw new ReleaseError('No shell build is live yet: run `npm run build` first.');
    const { parseRemotePointer, withRemote } = schema;
    const document = withRemote(live, parseRemotePointer(pointer));
    await refuseMisfits(shell, [{ name: app, buildId: pointer.buildId }], [app]);

    const stageDir = await fs.mkdtemp(path.join(distDir, '.release-'));
    try {
      const pagesDir = path.join(stageDir, 'pages');
      const rendered = await renderPages({ shell, pointers: document, remotes: [app], outDir: pagesDir, notFound: false }).catch((error) => {
        throw new RefusedError(`A page failed to prerender: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      });
      try {
        await verifyStage({ stageDir: pagesDir, pages: rendered, expectedRoutes: pointer.routes.map((route) => route.path), pointers: document, shell });
      } catch (error) {
        if (error instanceof Error) error.message = `The ${kind} of ${app}: ${error.message}`;
        throw error;
      }
      const [made] = await releasesOf({ root: stageDir, document, remotes: [app], shellRelease: false });
      if (!made) throw new ReleaseError(`The ${kind} of ${app} made no release. The live site is unchanged.`);
      // A real browser on the site a canary's share gets (lib/release/browser-check.mjs), before any visitor.
      const candidatePages = new Map(rendered.filter((page) => !page.feed).map((page) => [page.route, path.join(pagesDir, page.file)]));
      const checked = canary?.browserCheck
        ? await checkRelease({ check: canary.browserCheck, stageDir, pointers: document, shell: null, remotes: [pointer], canary: app, stagedPage: (route) => candidatePages.get(route) })
        : null;

      // The build, noted as made (dist/builds-made.json), with what puts it back.
      const history = await readHistory();
      const known = (history.builds[app] ??= []);
      const builtBefore = await fs.readFile(buildsMadeFile, 'utf8').catch(() => null);
      if (!known.some((build) => build.buildId === pointer.buildId)) known.push({ buildId: pointer.buildId, builtAt: new Date().toISOString(), ...sourceRevision() });
      const undo = [() => (builtBefore === null ? fs.rm(buildsMadeFile, { force: true }) : writeText(buildsMadeFile, builtBefore))];
      await beforeWrite?.(buildsMadeFile);
      await writeJson(buildsMadeFile, { built: history.builds });

      // Immutable and unreferenced until the start command or the preview and the pass name it.
      await putReleaseSnapshot(siteStore(beforeWrite), made.record, made.files);
      const by = releasedBy();
      const origin = await recordedOrigin(app, pointer.buildId);
      const result = canary
        ? await commandThroughEngine(
            app,
            {
              action: 'start',
              release: made.record.release,
              percent: canary.percent,
              by,
              ...(canary.why ? { why: canary.why } : {}),
              ...origin,
              ...(checked ? { browserCheck: checked } : {}),
            },
            { beforeWrite, undo },
          )
        : await commandThroughEngine(app, null, {
            beforeWrite,
            undo,
            change: { preview: { app, release: made.record.release, expiresAt: (preview?.expiresAt ?? new Date()).toISOString(), by, signLink: false, ...origin } },
          });
      const entry = result.record.history.findLast((recorded) => recorded.app === app && recorded.action === kind);
      return { pointers: live, shell, pages: [], entries: entry ? [entry] : [], edge: result.record };
    } finally {
      await fs.rm(stageDir, { recursive: true, force: true });
    }
  } finally {
    await unlock();
  }
}

/**
 * Builds the shell and releases it: every page is rendered again with it, from the live remotes.
 * @param {{ build: () => Promise<ShellRecord>, beforeWrite?: BeforeWrite }} options
 */
export async function publishShell({ build, beforeWrite }) {
  const shell = await build();
  // The live build again: nothing to release, and nothing is written.
  if ((await liveShell())?.buildId === shell.buildId) return { pointers: await livePointers(), shell, pages: [], entries: [] };
  const browserCheck = await browserCheckOf();
  return releaseBuild('shell', shell.buildId, () => release({ shell, action: 'publish', built: { shell: shell.buildId }, beforeWrite, browserCheck }));
}

/** Every build of an app kept in dist/, newest first: { buildId, builtAt, source, commit, clean, live, refused, withdrawn }. */
export async function knownBuilds(app) {
  const history = await readHistory();
  const recorded = new Map((history.builds[app] ?? []).map((build) => [build.buildId, build]));
  const dir = path.join(ssrDir, app);
  const entries = (await exists(dir)) ? await fs.readdir(dir, { withFileTypes: true }) : [];
  const builds = [];
  for (const entry of entries) {
    if (!entry.isDirectory()) continue;
    const recordFile = buildRecordFileOf(app, entry.name);
    if (!(await exists(recordFile))) continue;
    const known = recorded.get(entry.name);
    const builtAt = known?.builtAt ?? (await fs.stat(recordFile)).mtime.toISOString();
    const refused = await refusalOf(app, entry.name);
    const withdrawn = await withdrawalOf(app, entry.name);
    const origin = known ?? refused;
    builds.push({ buildId: entry.name, builtAt, source: origin?.source ?? 'unknown', commit: origin?.commit, clean: origin?.clean, refused, withdrawn });
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
 * @param {{ beforeWrite?: BeforeWrite, why?: string, by?: string }} [options] `why`: the reason, recorded in the history;
 *   `by`: who, when not RELEASED_BY (the local server's automatic rollback is the engine's watchPublishes, watchPublishesThroughEngine)
 */
export async function rollback(app, buildId, { beforeWrite, why, by } = {}) {
  if (!appNames.includes(app)) throw new ReleaseError(`Unknown app "${app}": one of ${appNames.join(', ')}`);
  let target = buildId;
  if (!target) {
    const history = await readHistory();
    // The build live before the app's last live change (@kesho/release-model/edge-plan, the publisher's rule too).
    const last = edgePlan.lastLiveChange(history.releases, app);
    if (!last?.previous) throw new ReleaseError(`No earlier release of ${app} in ${path.relative(repoRoot, edgeRecordFile)}: name a build (see \`npm run release -- list ${app}\`).`);
    target = last.previous;
  }
  const { isBuildId } = schema;
  const recordFile = buildRecordFileOf(app, target);
  if (!isBuildId(target) || !(await exists(recordFile))) {
    const known = (await knownBuilds(app)).map((build) => build.buildId);
    throw new ReleaseError(`No build ${target} of ${app}. Known builds, newest first: ${known.join(', ') || 'none'}`);
  }
  const refused = await refusalOf(app, target);
  if (refused) throw new ReleaseError(`Build ${target} of ${app} was refused on ${refused.at} and never went live, so it is no rollback target:\n${refused.reason}`);
  const mark = markOf(await readHistory(), app, target);
  if (mark && !why)
    throw new ReleaseError(
      `Build ${target} of ${app} was ${describeMark(mark)}, so it is no rollback target unless forced with the reason: npm run release -- rollback ${app} ${target} --why "…". The live site is unchanged.`,
    );
  const record = await readJson(recordFile);
  const edge = by ? { by } : {};
  if (app === 'shell') return release({ shell: record, action: 'rollback', beforeWrite, why, edge });
  return release({ remotes: [record.pointer], action: 'rollback', beforeWrite, why, edge });
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
  // A build pruned from dist/ (the engine's pass, @kesho/release-model/engine/prune) is still in the history: seen before, not a change.
  const recordedBuilds = (await readHistory()).builds;
  for (const app of appNames) knownBefore[app] = new Set([...(await knownBuilds(app)).map((build) => build.buildId), ...(recordedBuilds[app] ?? []).map((build) => build.buildId)]);
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
  const canaries = (await readEdgeState()).canaries;
  for (const name of remoteNames) {
    const { pointer } = await buildRemote(name);
    built[name] = pointer.buildId;
    const current = live.remotes.find((remote) => remote.name === name);
    const canary = canaries.find((entry) => entry.app === name);
    if (canary && current) {
      log(`${name} ${pointer.buildId}: a canary of ${name} (${canary.buildId}, ${canary.percent} %) is running; ${current.buildId} stays live until it is promoted or aborted`);
    } else if (await keeps(name, pointer.buildId, current?.buildId, current ? [current.manifest] : [])) {
      log(note(name, pointer.buildId, current?.buildId));
    } else {
      remotes.push(pointer);
      log(`${name} ${pointer.buildId}: ${pointer.routes.map((route) => route.path).join(' ')}`);
    }
  }
  return release({ remotes, shell: keepShell ? null : shell, renderAll: true, action: 'build', built, beforeWrite });
}
