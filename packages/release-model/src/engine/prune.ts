/**
 * Builds do not pile up in the site bucket (issue 39, item 9): each publisher pass (edge-pass.ts
 * publishSite) prunes the builds under mfe/<name>/<buildId>/ and shell/<buildId>/ by one rule
 * (@kesho/release-model/build-pruning), in the bucket and in dist/site alike (the local release runs
 * the same pass; `npm run release -- prune` runs it by hand):
 *
 *   - a build whose every release was withdrawn by a rollback loses its served files (its release
 *     records and their withdrawn marks stay, so deploying it again stays refused);
 *   - of the other builds, those that are not live, a running canary or the build it is compared
 *     with, a staged preview, the default rollback target (the build each app replaced) or named by a
 *     current, published, canary or preview release record (its own build, the shell build a remote's
 *     pages load, the remote builds a shell release's pages show) are kept only to the newest
 *     KEPT_BUILDS per app (default 5); older ones are removed whole: their files and their release
 *     snapshots, so a hand rollback to one is refused as missing rather than publishing a build whose
 *     files are gone;
 *   - of a kept build, a release snapshot (releases/<app>/<release>/) that is not its build's newest,
 *     not withdrawn (the mark keeps a redeploy of it refused), and not named by a current, published,
 *     canary or preview record nor as the live or replaced release (the rollback target) is removed
 *     once PRUNE_GRACE_HOURS past the pass that first saw it: a candidate re-made or redeployed, a
 *     remote's release rendered with an older shell. So a kept build keeps its newest release (a hand
 *     rollback to it copies that record) and the snapshots do not pile up.
 *
 * An open tab keeps loading chunks of the build it started with, so no build is removed within
 * PRUNE_GRACE_HOURS of the publisher first seeing it or of the last pass that found it served (live,
 * canary or preview). The bucket lists no times the ObjectStore interface shows, so the publisher keeps
 * each app's builds in the order it first saw them, with those two times, in its edge record
 * (EdgeRecord.builds); builds seen by the same pass (the first one after this shipped) are ordered by
 * when they were last served, then by id.
 */
import { appBuildsPrefix, buildFilesPrefix, buildsToRemove, deleteRemovals, keptBuildsOf, protectedBuildIds, type BuildRemoval } from '../build-pruning';
import { isBuildId } from '../pointer-document';
import type { ObjectStore } from '../object-store';
import {
  appOfPointerKey,
  buildIdOf,
  isShellRelease,
  parseReleaseRecordText,
  POINTERS_PREFIX,
  RELEASE_RECORD_FILE,
  RELEASES_PREFIX,
  releasePrefix,
  SHELL_APP,
  WITHDRAWN_FILE,
} from './release-record';

/** How long after a build was last served (or first seen) it is safe from pruning: open tabs still load its chunks. */
export const PRUNE_GRACE_HOURS = 24;

/** A release snapshot of a tracked build, and when the publisher first saw it. */
export interface TrackedRelease {
  readonly release: string;
  readonly seen: string;
}

/** A build the publisher found in the bucket: when it first saw it, the last pass that found it served, and its release snapshots. */
export interface TrackedBuild {
  readonly buildId: string;
  readonly seen: string;
  readonly servedUntil?: string;
  readonly releases?: readonly TrackedRelease[];
}

/** Each app's builds in the bucket, in the order the publisher first saw them (oldest first). */
export type TrackedBuilds = Readonly<Record<string, readonly TrackedBuild[]>>;

/** What a pass knows of the site after its publish: each app's live build and the one it replaced, the canaries, the previews. */
export interface PruneInput {
  readonly live: Readonly<Record<string, { readonly buildId: string; readonly release?: string; readonly previous: { readonly buildId: string; readonly release?: string } | null }>>;
  readonly canaries: readonly { readonly app: string; readonly buildId: string; readonly previous: string | null; readonly release: string }[];
  readonly previews: readonly { readonly app: string; readonly buildId: string; readonly release: string }[];
  /** The release each app is published at (mfe/remotes.json). */
  readonly published: Readonly<Record<string, string>>;
}

export interface PrunePlan {
  /** The tracked builds to record: those still in the bucket, without the ones removed whole. */
  readonly builds: TrackedBuilds;
  readonly removals: readonly (BuildRemoval & { readonly app: string })[];
  /** Release snapshots of kept builds that go. */
  readonly releaseRemovals: readonly ReleaseRemoval[];
}

/** A release snapshot a pass removes: releases/<app>/<release>/. */
export interface ReleaseRemoval {
  readonly app: string;
  readonly release: string;
}

/** The builds of an app whose files are in the bucket. */
async function storedBuilds(store: ObjectStore, app: string): Promise<string[]> {
  const prefix = appBuildsPrefix(app);
  const ids = new Set<string>();
  for (const key of await store.listKeys(prefix)) {
    const id = key.slice(prefix.length).split('/')[0];
    if (key.slice(prefix.length).includes('/') && isBuildId(id)) ids.add(id);
  }
  return [...ids];
}

/** Each release of an app in the bucket (releases/<app>/<release>/), and whether it carries the withdrawn mark. */
async function releasesOf(store: Pick<ObjectStore, 'listKeys'>, app: string): Promise<Map<string, boolean>> {
  const prefix = `${RELEASES_PREFIX}${app}/`;
  const releases = new Map<string, boolean>();
  for (const key of await store.listKeys(prefix)) {
    const [release, ...rest] = key.slice(prefix.length).split('/');
    if (!release || rest.length === 0) continue;
    releases.set(release, (releases.get(release) ?? false) || rest.join('/') === WITHDRAWN_FILE);
  }
  return releases;
}

/** The build a release id names: everything before its last "-<hash>". */
const buildOfRelease = (release: string): string => release.slice(0, release.lastIndexOf('-'));

/**
 * Every build a release record names, by app: its own, the shell build a remote's pages load, the remote
 * builds a shell release's pages show; and each record's own release, as "<app>/<release>" in `releases`.
 */
async function namedBuilds(store: ObjectStore, keys: readonly string[], into: Map<string, Set<string>>, releases: Set<string>): Promise<void> {
  const name = (app: string, buildId: string) => into.set(app, (into.get(app) ?? new Set()).add(buildId));
  for (const key of keys) {
    const object = await store.get(key);
    if (!object) continue;
    let record;
    try {
      record = parseReleaseRecordText(object.body, key);
    } catch {
      // An invalid current record names nothing the publisher serves; the app stays at its published release, named below.
      continue;
    }
    releases.add(`${record.app}/${record.release}`);
    name(record.app, buildIdOf(record));
    name(SHELL_APP, record.shellBuildId);
    if (isShellRelease(record)) for (const remote of record.renderedWith.remotes) name(remote.name, remote.buildId);
  }
}

const hoursBetween = (earlier: string, later: Date): number => (later.getTime() - Date.parse(earlier)) / 3_600_000;

/**
 * Decides what a pass prunes (nothing is deleted here): the builds tracked anew, and which builds go.
 * @param before the tracked builds of the last pass's record.
 * @param servedBefore the builds served (live, canary, preview) before this pass, by app: noted as served until now.
 */
export async function planPrune(
  store: ObjectStore,
  input: PruneInput,
  {
    before,
    servedBefore,
    keep,
    now,
  }: { readonly before: TrackedBuilds | undefined; readonly servedBefore: ReadonlyMap<string, ReadonlySet<string>>; readonly keep: number; readonly now: Date },
): Promise<PrunePlan> {
  const at = now.toISOString();
  const pointerKeys = (await store.listKeys(POINTERS_PREFIX)).filter((key) => key.endsWith('.json') && !key.slice(POINTERS_PREFIX.length).includes('/'));
  const apps = [...new Set([SHELL_APP, ...pointerKeys.map(appOfPointerKey), ...Object.keys(input.published), ...Object.keys(input.live)])].sort();

  const named = new Map<string, Set<string>>();
  // The releases nobody may lose: current, published, running or staged, live or replaced (the rollback target).
  const namedReleases = new Set([
    ...Object.entries(input.published).map(([app, release]) => `${app}/${release}`),
    ...[...input.canaries, ...input.previews].map((entry) => `${entry.app}/${entry.release}`),
    ...Object.entries(input.live).flatMap(([app, build]) => [build.release, build.previous?.release].filter(Boolean).map((release) => `${app}/${release}`)),
  ]);
  const recordKeys = [
    ...pointerKeys,
    ...Object.entries(input.published).map(([app, release]) => `${releasePrefix(app, release)}${RELEASE_RECORD_FILE}`),
    ...[...input.canaries, ...input.previews].map((entry) => `${releasePrefix(entry.app, entry.release)}${RELEASE_RECORD_FILE}`),
  ];
  await namedBuilds(store, recordKeys, named, namedReleases);

  const builds: Record<string, TrackedBuild[]> = {};
  const removals: (BuildRemoval & { app: string })[] = [];
  const releaseRemovals: ReleaseRemoval[] = [];
  for (const app of apps) {
    const stored = await storedBuilds(store, app);
    const liveBuild = input.live[app]?.buildId;
    const servedNow = new Set([
      ...(liveBuild ? [liveBuild] : []),
      ...input.canaries.filter((entry) => entry.app === app).map((entry) => entry.buildId),
      ...input.previews.filter((entry) => entry.app === app).map((entry) => entry.buildId),
      ...(servedBefore.get(app) ?? []),
    ]);
    const known = new Map((before?.[app] ?? []).map((build) => [build.buildId, build]));
    const added = stored.filter((buildId) => !known.has(buildId)).map((buildId): TrackedBuild => ({ buildId, seen: at }));
    const tracked = [...(before?.[app] ?? []).filter((build) => stored.includes(build.buildId)), ...added].map((build) =>
      servedNow.has(build.buildId) ? { ...build, servedUntil: at } : build,
    );
    // Newest first: last seen first; among builds seen by the same pass, the last served first, then by id.
    const newestFirst = tracked
      .map((build, index) => ({ build, index }))
      .sort((a, b) => {
        if (a.build.seen !== b.build.seen) return a.build.seen < b.build.seen ? 1 : -1;
        const served = (b.build.servedUntil ?? '').localeCompare(a.build.servedUntil ?? '');
        return served || (a.build.buildId < b.build.buildId ? 1 : a.build.buildId > b.build.buildId ? -1 : b.index - a.index);
      })
      .map(({ build }) => build);

    const releases = await releasesOf(store, app);
    const withdrawnOnly = (buildId: string) => {
      const own = [...releases].filter(([release]) => buildOfRelease(release) === buildId);
      return own.length > 0 && own.every(([, withdrawn]) => withdrawn);
    };
    const inGrace = (build: TrackedBuild) =>
      hoursBetween(build.seen, now) < PRUNE_GRACE_HOURS || (build.servedUntil !== undefined && hoursBetween(build.servedUntil, now) < PRUNE_GRACE_HOURS);
    // The build a rollback replaced is no rollback target once withdrawn: it goes like a refused build.
    const replaced = input.live[app]?.previous?.buildId;
    const protectedIds = protectedBuildIds(app, { canaries: input.canaries, previews: input.previews, rollbackTarget: replaced && !withdrawnOnly(replaced) ? replaced : null });
    for (const buildId of named.get(app) ?? []) protectedIds.add(buildId);
    for (const build of newestFirst) if (inGrace(build)) protectedIds.add(build.buildId);

    const appRemovals = buildsToRemove(
      newestFirst.map((build) => ({ buildId: build.buildId, live: build.buildId === liveBuild, refused: withdrawnOnly(build.buildId) })),
      { keep, protectedIds },
    );
    const removedWhole = new Set(appRemovals.filter((removal) => removal.removed === 'build').map((removal) => removal.buildId));
    builds[app] = tracked
      .filter((build) => !removedWhole.has(build.buildId))
      .map((build) => {
        const known = new Map((build.releases ?? []).map((release) => [release.release, release]));
        const own = [...releases.keys()].filter((release) => buildOfRelease(release) === build.buildId).map((release) => known.get(release) ?? { release, seen: at });
        const newest = own.reduce((latest, release) => (release.seen > latest ? release.seen : latest), '');
        const goes = own.filter(
          (release) => release.seen < newest && hoursBetween(release.seen, now) >= PRUNE_GRACE_HOURS && !releases.get(release.release) && !namedReleases.has(`${app}/${release.release}`),
        );
        releaseRemovals.push(...goes.map((release) => ({ app, release: release.release })));
        const kept = own.filter((release) => !goes.includes(release)).sort((a, b) => a.release.localeCompare(b.release));
        const { releases: _before, ...rest } = build;
        return kept.length ? { ...rest, releases: kept } : rest;
      });
    removals.push(...appRemovals.map((removal) => ({ app, ...removal })));
  }
  return { builds, removals, releaseRemovals };
}

/**
 * Deletes what a plan removes: a withdrawn build's files; a build removed whole, its files and its
 * release snapshots; the superseded release snapshots of kept builds. Returns the keys deleted. Run
 * after the pass's record is written, so a pass that starts over deletes nothing.
 */
export async function applyPrune(store: ObjectStore, plan: PrunePlan): Promise<string[]> {
  const deleted = await deleteRemovals(store, plan.removals, async (removal) => [
    buildFilesPrefix(removal.app, removal.buildId),
    ...(removal.removed === 'build' ? await releasePrefixesOfBuild(store, removal.app, removal.buildId) : []),
  ]);
  for (const removal of plan.releaseRemovals) {
    for (const key of await store.listKeys(releasePrefix(removal.app, removal.release))) {
      await store.delete(key);
      deleted.push(key);
    }
  }
  return deleted;
}

/** The snapshots of a build's releases in the store (releases/<app>/<buildId>-<hash>/): they go with a build removed whole. */
export async function releasePrefixesOfBuild(store: Pick<ObjectStore, 'listKeys'>, app: string, buildId: string): Promise<string[]> {
  return [...(await releasesOf(store, app)).keys()].filter((release) => buildOfRelease(release) === buildId).map((release) => releasePrefix(app, release));
}

/** The builds each app serves according to an edge record: its live build, its canary's, its previews'. */
export function servedBuilds(record: {
  readonly live?: Readonly<Record<string, { readonly buildId: string }>>;
  readonly canaries: readonly { readonly app: string; readonly buildId: string }[];
  readonly previews: readonly { readonly app: string; readonly buildId: string }[];
}): Map<string, Set<string>> {
  const served = new Map<string, Set<string>>();
  const add = (app: string, buildId: string) => served.set(app, (served.get(app) ?? new Set()).add(buildId));
  for (const [app, build] of Object.entries(record.live ?? {})) add(app, build.buildId);
  for (const entry of [...record.canaries, ...record.previews]) add(entry.app, entry.buildId);
  return served;
}

/** KEPT_BUILDS from the publisher's environment (index.js). */
export { keptBuildsOf };
