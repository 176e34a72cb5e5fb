/**
 * Builds do not pile up in dist/ (the trial: 13 marketing builds, 15 MB, after 35 minutes, all served
 * under /mfe/marketing/<id>/, refused ones included). After each release command, under the release
 * lock:
 *   - a refused build's served files (dist/site/…/<id>/ and its source maps) are removed: it is never
 *     served; its record and refusal stay (`list` shows it refused, a rollback to it stays refused,
 *     and publishing the same sources again builds its files anew);
 *   - of the other builds, those that are not live, a running canary, a staged preview or the default
 *     rollback target (the build live before the current one) are kept only to the newest
 *     `keep` per app (KEPT_BUILDS, default 5); older ones are removed whole. The history keeps their
 *     ids, so `npm run build` still counts them as seen and never releases them again on its own.
 * Which builds go is the rule the AWS release publisher prunes the bucket by too
 * (@kesho/release-model/build-pruning), and they are deleted by its deletion (deleteRemovals) on dist/ as a
 * folder store (@kesho/release-model/folder-store), a build removed whole with its release snapshots
 * (@kesho/release-model/engine/prune releasePrefixesOfBuild, the publisher's too); this module only names
 * where dist/ keeps a build.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { buildFilesDirOf, distDir, siteDir, sourceMapsDir, ssrDir } from '../paths.mjs';
import { readEdgeState } from './canaries-previews.mjs';
import { siteStore } from './site-store.mjs';
import { releasePrefixesOfBuild } from '@kesho/release-model/engine/prune';
import * as buildPruning from '@kesho/release-model/build-pruning';
import * as edgePlan from '@kesho/release-model/edge-plan';
import * as folderStore from '@kesho/release-model/folder-store';

/** @type {() => Promise<typeof import('../../../packages/release-model/src/build-pruning')>} */
/** @type {() => Promise<typeof import('../../../packages/release-model/src/edge-plan')>} */
/** @type {() => Promise<typeof import('../../../packages/release-model/src/folder-store')>} */
/** A folder of dist/ as a store key prefix: `site/`, `sourcemaps/`, `ssr/`. */
const prefixOf = (dir) => `${path.relative(distDir, dir).split(path.sep).join('/')}/`;

/**
 * @typedef {{ buildId: string, builtAt: string, live: boolean, refused: unknown }} KnownBuild
 * @param {{ apps: string[], keep: number, knownBuilds: (app: string) => Promise<KnownBuild[]>,
 *   history: { releases: import('@kesho/release-model/edge-plan').HistoryEntry<string>[] } }} input
 * @returns {Promise<{ app: string, buildId: string, removed: 'served files' | 'build' }[]>} what was removed
 */
export async function pruneBuilds({ apps, keep, knownBuilds, history }) {
  const { canaries, previews } = await readEdgeState();
  const { buildFilesPrefix, buildsToRemove, deleteRemovals, protectedBuildIds } = buildPruning;
  const { lastLiveChange } = edgePlan;
  const store = new folderStore.FolderStore(distDir);
  const removed = [];
  for (const app of apps) {
    const lastLive = lastLiveChange(history.releases, app);
    const protectedIds = protectedBuildIds(app, { canaries, previews, rollbackTarget: lastLive?.previous });
    // Its served files (dist/site/ as the bucket lays them out) and their source maps; a build removed whole, its record and Node bundles too.
    const served = (buildId) => buildFilesDirOf(app, buildId);
    const prefixesOf = async (removal) => [
      `${prefixOf(siteDir)}${buildFilesPrefix(app, removal.buildId)}`,
      `${prefixOf(sourceMapsDir)}${buildFilesPrefix(app, removal.buildId)}`,
      ...(removal.removed === 'build'
        ? [
            `${prefixOf(ssrDir)}${app}/${removal.buildId}/`,
            // Its release snapshots in the site's store, as the publisher removes them from the bucket.
            ...(await releasePrefixesOfBuild(siteStore(), app, removal.buildId)).map((prefix) => `${prefixOf(siteDir)}${prefix}`),
          ]
        : []),
    ];
    const builds = (await knownBuilds(app)).map((build) => ({ buildId: build.buildId, live: build.live, refused: Boolean(build.refused) }));
    for (const removal of buildsToRemove(builds, { keep, protectedIds })) {
      // A refused build's record and refusal stay: reported once, when its files go.
      if (removal.removed === 'served files' && !(await present(served(removal.buildId)))) continue;
      await deleteRemovals(store, [removal], prefixesOf);
      removed.push({ app, buildId: removal.buildId, removed: removal.removed });
    }
  }
  return removed;
}

async function present(dir) {
  try {
    await fs.access(dir);
    return true;
  } catch {
    return false;
  }
}
