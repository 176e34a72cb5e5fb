/**
 * Which builds of an app the release engine removes (issue 39, item 9): the one rule its pass applies
 * (packages/release-model/src/engine/prune.ts) to the site bucket in AWS and to dist/site locally.
 *
 *   - a build that is live or protected (a running canary or the build it is compared with, a staged
 *     preview, the default rollback target, and whatever else its engine names) is always kept;
 *   - a refused build (never served: refused before going live, or all its releases withdrawn) is
 *     removed at once, its served files only where its engine keeps its record;
 *   - of the other builds, newest first, only the first `keep` are kept; older ones are removed whole.
 */

import type { ObjectStore } from './object-store';
import { REMOTE_BUILDS_PREFIX, SHELL_BUILDS_PREFIX } from './site-keys';

/** How many builds per app besides the live and protected ones are kept when KEPT_BUILDS is unset. */
export const DEFAULT_KEPT_BUILDS = 5;

export interface PrunableBuild {
  readonly buildId: string;
  readonly live: boolean;
  /** Refused (or withdrawn): no visitor is sent to it again. */
  readonly refused: boolean;
}

export interface BuildRemoval {
  readonly buildId: string;
  /** `served files`: a refused build's served files; `build`: the whole build. */
  readonly removed: 'served files' | 'build';
}

/**
 * The builds to remove, in the order given.
 * @param builds every build of one app, NEWEST FIRST.
 * @param protectedIds builds that are kept whatever their age or refusal.
 */
export function buildsToRemove(builds: readonly PrunableBuild[], { keep, protectedIds }: { readonly keep: number; readonly protectedIds: ReadonlySet<string> }): BuildRemoval[] {
  const removals: BuildRemoval[] = [];
  let kept = 0;
  for (const build of builds) {
    if (build.live || protectedIds.has(build.buildId)) continue;
    if (build.refused) {
      removals.push({ buildId: build.buildId, removed: 'served files' });
      continue;
    }
    kept += 1;
    if (kept > keep) removals.push({ buildId: build.buildId, removed: 'build' });
  }
  return removals;
}

/**
 * The builds of `app` nobody may lose: each running canary's build and the build it is compared
 * with, each staged preview's build, and the default rollback target (the build live before the
 * current one).
 */
export function protectedBuildIds(
  app: string,
  {
    canaries,
    previews,
    rollbackTarget,
  }: {
    readonly canaries: readonly { readonly app: string; readonly buildId: string; readonly previous: string | null }[];
    readonly previews: readonly { readonly app: string; readonly buildId: string }[];
    readonly rollbackTarget: string | null | undefined;
  },
): Set<string> {
  return new Set([
    ...canaries.filter((entry) => entry.app === app).flatMap((entry) => [entry.buildId, ...(entry.previous ? [entry.previous] : [])]),
    ...previews.filter((entry) => entry.app === app).map((entry) => entry.buildId),
    ...(rollbackTarget ? [rollbackTarget] : []),
  ]);
}

/** Where an app's builds are in the site's store (the bucket; dist/site/ locally): shell/ or mfe/<name>/ (@kesho/release-model/site-keys). */
export function appBuildsPrefix(app: string): string {
  return app === 'shell' ? SHELL_BUILDS_PREFIX : `${REMOTE_BUILDS_PREFIX}${app}/`;
}

/** Where a build's served files are in the site's store: shell/<buildId>/ or mfe/<name>/<buildId>/. */
export function buildFilesPrefix(app: string, buildId: string): string {
  return `${appBuildsPrefix(app)}${buildId}/`;
}

/**
 * Deletes what removals take, in both engines' stores (the bucket; dist/ as a folder store locally):
 * every object under the prefixes its engine names for each (a build's served files, and for a
 * build removed whole what else it keeps of it). Returns the keys deleted, in order.
 */
export async function deleteRemovals<Removal extends BuildRemoval>(
  store: Pick<ObjectStore, 'listKeys' | 'delete'>,
  removals: readonly Removal[],
  prefixesOf: (removal: Removal) => Promise<readonly string[]> | readonly string[],
): Promise<string[]> {
  const deleted: string[] = [];
  for (const removal of removals) {
    for (const prefix of await prefixesOf(removal)) {
      for (const key of await store.listKeys(prefix)) {
        await store.delete(key);
        deleted.push(key);
      }
    }
  }
  return deleted;
}

/** The range KEPT_BUILDS may take, locally (local-server/src/config.ts) and in AWS. */
export const KEPT_BUILDS_RANGE = { min: 1, max: 1000 } as const;

/** KEPT_BUILDS as the AWS release publisher reads it: DEFAULT_KEPT_BUILDS when unset or empty. */
export function keptBuildsOf(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return DEFAULT_KEPT_BUILDS;
  const keep = Number(value);
  if (!Number.isInteger(keep) || keep < KEPT_BUILDS_RANGE.min || keep > KEPT_BUILDS_RANGE.max) {
    throw new Error(`KEPT_BUILDS must be a whole number from ${KEPT_BUILDS_RANGE.min} to ${KEPT_BUILDS_RANGE.max}, not ${JSON.stringify(value)}`);
  }
  return keep;
}
