/**
 * A release killed half-way (issue 30): the commit's journal names every file it replaces before the
 * first one moves, so the next release puts the site back as it was, whatever moment the process died
 * at. The crash is real: a child process that kills itself (SIGKILL: no catch, no finally) in the
 * middle of a rollback's commit.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { beforeEach, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { freshDist, snapshotLive } from './support/fixture-builds.mjs';
import { NODE_TS_OPTIONS } from '../lib/node-ts.mjs';

const root = await fs.mkdtemp(path.join(os.tmpdir(), 'kesho-release-journal-'));
process.env.KESHO_DIST_DIR = root;
// Stand-in builds (support/fixture-builds.mjs) have no browser code to run: the release's browser check is
// tested on real builds (release-browser-check.test.mjs).
process.env.RELEASE_BROWSER_CHECK = 'off';
process.env.RELEASED_BY = 'release-test';
const { buildSite, publishRemote, rollback } = await import('../lib/release-engine.mjs');
const { journalFile, recoverInterruptedCommit } = await import('../lib/release/commit.mjs');
const { pointerFile } = await import('../lib/paths.mjs');

test.after(() => fs.rm(root, { recursive: true, force: true }));

const releaseModule = fileURLToPath(new URL('../lib/release-engine.mjs', import.meta.url));
const live = async () => Object.fromEntries(JSON.parse(await fs.readFile(pointerFile, 'utf8')).remotes.map((remote) => [remote.name, remote.buildId]));
const leftovers = async () => (await fs.readdir(root)).filter((entry) => entry.startsWith('.release'));

let builders;
beforeEach(async () => {
  builders = await freshDist(root);
  await buildSite({ buildShell: builders.buildShell, buildRemote: builders.buildRemote });
  builders.sources.legal = 'l2';
  await publishRemote('legal', { build: builders.buildRemote });
});

/** Rolls legal back in another process that kills itself just before its `killAt`-th write. */
function rollbackKilledAt(killAt) {
  const script = `
    let writes = 0;
    const { rollback } = await import(${JSON.stringify(releaseModule)});
    await rollback('legal', undefined, { beforeWrite: () => { writes += 1; if (writes === ${killAt}) process.kill(process.pid, 'SIGKILL'); } });
    console.log('finished');
  `;
  return spawnSync(process.execPath, [...NODE_TS_OPTIONS, '--input-type=module', '-e', script], { env: { ...process.env, KESHO_DIST_DIR: root }, encoding: 'utf8' });
}

for (const killAt of [2, 4]) {
  test(`a rollback killed before its write ${killAt} leaves a journal, and the next release puts every file back first`, async () => {
    const before = await snapshotLive(root);
    assert.equal((await live()).legal, 'legall2');

    const child = rollbackKilledAt(killAt);
    assert.equal(child.signal, 'SIGKILL', `the rollback was killed (${child.stderr})`);
    assert.doesNotMatch(child.stdout, /finished/);
    // Half done: a page of legal l1 is live beside the pages and the pointer of l2.
    assert.notDeepEqual(await snapshotLive(root), before, 'the crash left the site half-committed');
    assert.ok(await fs.stat(journalFile), 'the journal survived the crash');

    assert.ok((await recoverInterruptedCommit()).length >= killAt);
    assert.deepEqual(await snapshotLive(root), before, 'every file is as it was before the rollback');
    assert.deepEqual(await recoverInterruptedCommit(), [], 'nothing is left to recover');
    // The dead process's lock is all that is left; the next release takes it over and runs whole.
    assert.deepEqual(await leftovers(), ['.release.lock']);
    await rollback('legal');
    assert.equal((await live()).legal, 'legall1');
    assert.deepEqual(await leftovers(), []);
  });
}

test('a release finds the journal of a killed one and recovers before it reads the live site', async () => {
  const before = await snapshotLive(root);
  assert.equal(rollbackKilledAt(3).signal, 'SIGKILL');
  // Not recovered by hand: the next release does it under its lock, then releases from the site as it was.
  builders.sources.marketing = 'm2';
  await publishRemote('marketing', { build: builders.buildRemote });
  assert.deepEqual(await live(), { commerce: 'commercec1', legal: 'legall2', marketing: 'marketingm2' });
  const after = await snapshotLive(root);
  for (const [file, content] of Object.entries(before)) {
    if (file.includes('legal') || /pages.(terms|privacy|ethics)\.html$/.test(file)) assert.equal(after[file], content, `${file} is legal l2's again`);
  }
  await assert.rejects(fs.stat(journalFile), { code: 'ENOENT' });
});
