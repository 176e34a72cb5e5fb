/**
 * Builds are pruned (the trial: 13 marketing builds, 15 MB, all still served, refused ones included) by
 * the engine's pass (@kesho/release-model/engine/prune, the AWS publisher's rule), which every release
 * runs and `npm run release -- prune` runs by hand: with stand-in builds on a scratch dist/, a refused
 * build's served files are gone at once (its record and refusal stay); once out of the 24 h grace (the
 * pass's clock, not a wait), of the other builds only the live one, the rollback target and the newest
 * KEPT_BUILDS are kept, with their server bundles and records under dist/ssr, the others removed whole
 * from dist/site and dist/ssr; `npm run build` does not release a pruned build again; a no-op publish
 * writes nothing.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { freshDist } from './support/fixture-builds.mjs';

const root = await fs.mkdtemp(path.join(os.tmpdir(), 'kesho-prune-'));
process.env.KESHO_DIST_DIR = root;
// Stand-in builds (support/fixture-builds.mjs) have no browser code to run: the release's browser check is
// tested on real builds (release-browser-check.test.mjs).
process.env.RELEASE_BROWSER_CHECK = 'off';
process.env.RELEASED_BY = 'team-legal';
const { buildSite, knownBuilds, prune, publishRemote, rollback, withdrawRefusedUploads } = await import('../lib/release-engine.mjs');
/** The pass's clock past the grace: every build made here was last seen or served more than 24 h before it. */
const dayLater = () => new Date(Date.now() + 25 * 3_600_000);
test.after(() => fs.rm(root, { recursive: true, force: true }));

const present = (...parts) =>
  fs.access(path.join(root, ...parts)).then(
    () => true,
    () => false,
  );
const served = (id) => present('site', 'mfe', 'legal', id);
const ids = async () => (await knownBuilds('legal')).map((build) => `${build.buildId}${build.live ? '*' : ''}${build.refused ? 'x' : ''}`);

test('refused builds stop being served at once; other builds are kept to the configured count, the rollback target always', async () => {
  const builders = await freshDist(root);
  await buildSite({ buildShell: builders.buildShell, buildRemote: builders.buildRemote });
  for (const version of ['l2', 'l3', 'l4', 'l5', 'l6']) {
    builders.sources.legal = version;
    await publishRemote('legal', { build: builders.buildRemote });
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  builders.sources.legal = 'l7';
  builders.sources.throwsOn = '/terms';
  await assert.rejects(publishRemote('legal', { build: builders.buildRemote }), /a component threw/);
  builders.sources.throwsOn = null;
  // Refused: after the command (as `npm run release` runs it) its served files are gone, its record and refusal stay.
  assert.equal(await served('legall7'), true);
  assert.deepEqual(await withdrawRefusedUploads(), [{ app: 'legal', buildId: 'legall7', removed: 'served files' }]);
  assert.equal(await served('legall7'), false);
  assert.deepEqual(await withdrawRefusedUploads(), []);
  assert.equal(await present('ssr', 'legal', 'legall7', 'publish.json'), true);

  // Within the grace nothing else goes: open tabs may still load the older builds' chunks.
  assert.deepEqual((await prune({ keep: 2 })).prunedBuilds, []);
  assert.equal(await served('legall1'), true);

  const removed = (await prune({ keep: 2, now: dayLater() })).prunedBuilds;
  // Live l6; the default rollback target l5; the newest two others l4, l3; l1 is named by the current shell
  // release (its pages show l1: `npm run build` rendered them), as the publisher keeps it in the bucket; l2 removed whole.
  assert.deepEqual(await ids(), ['legall7x', 'legall6*', 'legall5', 'legall4', 'legall3', 'legall1']);
  assert.deepEqual(
    removed.filter((entry) => entry.app === 'legal').map((entry) => `${entry.buildId} ${entry.removed}`),
    ['legall2 build'],
  );
  assert.equal(await served('legall2'), false);
  // What dist/ keeps outside the store follows: the removed build's server bundles and record go, the kept ones' stay.
  assert.equal(await present('ssr', 'legal', 'legall2'), false);
  assert.equal(await present('ssr', 'legal', 'legall1', 'publish.json'), true);
  assert.equal(await present('ssr', 'legal', 'legall3', 'publish.json'), true);
  // Their release snapshots go with them (site/releases/legal/<build>-<hash>/); the kept builds' stay.
  const snapshots = (await fs.readdir(path.join(root, 'site', 'releases', 'legal'))).map((release) => release.replace(/-[0-9a-f]{12}$/, ''));
  assert.deepEqual([...new Set(snapshots)].sort(), ['legall1', 'legall3', 'legall4', 'legall5', 'legall6']);
  await assert.rejects(rollback('legal', 'legall7'), /was refused/);

  // A rebuild of a checkout at a pruned build's sources does not put it live.
  builders.sources.legal = 'l2';
  await buildSite({ buildShell: builders.buildShell, buildRemote: builders.buildRemote });
  assert.ok((await ids()).includes('legall6*'));
  assert.equal(await served('legall2'), true);

  await prune({ keep: 2, now: dayLater() });
  // A pass with nothing left to prune removes nothing.
  assert.deepEqual(await prune({ keep: 2, now: dayLater() }), { prunedBuilds: [], prunedReleases: [] });

  // A no-op publish (the live build again: the real build moves nothing into place for a build id it has) writes nothing.
  builders.sources.legal = 'l6';
  const again = await builders.buildRemote('legal');
  const before = await snapshot(root);
  const result = await publishRemote('legal', { build: async () => again });
  assert.deepEqual(result.entries, []);
  assert.deepEqual(await snapshot(root), before);
});

/** Every file under dist/ with its size and modification time. */
async function snapshot(dir) {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  const files = {};
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const stat = await fs.stat(file);
    files[path.relative(dir, file)] = `${stat.size} ${stat.mtimeMs}`;
  }
  return files;
}
