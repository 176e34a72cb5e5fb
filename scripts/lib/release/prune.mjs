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
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { siteDir, sourceMapsDir, ssrDir } from '../paths.mjs';
import { readEdgeState } from './edge.mjs';

/**
 * @typedef {{ buildId: string, builtAt: string, live: boolean, refused: unknown }} KnownBuild
 * @param {{ apps: string[], keep: number, knownBuilds: (app: string) => Promise<KnownBuild[]>,
 *   history: { releases: { app: string, action: string, previous: string | null }[] } }} input
 * @returns {Promise<{ app: string, buildId: string, removed: 'served files' | 'build' }[]>} what was removed
 */
export async function pruneBuilds({ apps, keep, knownBuilds, history }) {
  const { canaries, previews } = await readEdgeState();
  const removed = [];
  for (const app of apps) {
    const lastLive = history.releases.filter((entry) => entry.app === app && ['publish', 'rollback', 'build', 'promote'].includes(entry.action)).at(-1);
    const protectedIds = new Set([
      ...canaries.filter((entry) => entry.app === app).flatMap((entry) => [entry.buildId, entry.previous]),
      ...previews.filter((entry) => entry.app === app).map((entry) => entry.buildId),
      ...(lastLive?.previous ? [lastLive.previous] : []),
    ]);
    const served = (buildId) => (app === 'shell' ? path.join(siteDir, 'shell', buildId) : path.join(siteDir, 'mfe', app, buildId));
    const maps = (buildId) => (app === 'shell' ? path.join(sourceMapsDir, 'shell', buildId) : path.join(sourceMapsDir, 'mfe', app, buildId));
    let kept = 0;
    for (const build of await knownBuilds(app)) {
      if (build.live || protectedIds.has(build.buildId)) continue;
      if (build.refused) {
        if (await present(served(build.buildId))) {
          await fs.rm(served(build.buildId), { recursive: true, force: true });
          await fs.rm(maps(build.buildId), { recursive: true, force: true });
          removed.push({ app, buildId: build.buildId, removed: /** @type {const} */ ('served files') });
        }
        continue;
      }
      kept += 1;
      if (kept <= keep) continue;
      await fs.rm(served(build.buildId), { recursive: true, force: true });
      await fs.rm(maps(build.buildId), { recursive: true, force: true });
      await fs.rm(path.join(ssrDir, app, build.buildId), { recursive: true, force: true });
      removed.push({ app, buildId: build.buildId, removed: /** @type {const} */ ('build') });
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
