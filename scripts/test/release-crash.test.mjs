/**
 * A release killed half-way (issue 30; issue 38: no journal, the publisher's own property). The crash
 * is real: a child process that kills itself (SIGKILL: no catch, no finally) before one of a rollback's
 * writes. Its records are then either not current yet or current; the next publish (at the next
 * release, or when the local server starts) rebuilds the state from them, writes mfe/remotes.json and
 * copies every page, so the site is on ONE whole release: the one before the rollback if the crash
 * came before its record, the rollback's if after, never a mix. And the history records the interrupted
 * rollback as what it was, by whom, when: the note its record carries (mfe/pointers/<app>.json `change`),
 * which the pass that completes it records; never a publish at the time of the recovery, which the
 * publish watch would judge.
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
import { discoveryFiles } from '@kesho/release-model/discovery-files';

const root = await fs.mkdtemp(path.join(os.tmpdir(), 'kesho-release-crash-'));
process.env.KESHO_DIST_DIR = root;
// Stand-in builds (support/fixture-builds.mjs) have no browser code to run: the release's browser check is
// tested on real builds (release-browser-check.test.mjs).
process.env.RELEASE_BROWSER_CHECK = 'off';
process.env.RELEASED_BY = 'release-test';
const { buildSite, completeInterruptedRelease, publishCanary, publishRemote } = await import('../lib/release-engine.mjs');
const { edgeKeyValueFile, edgeRecordFile, pointerFile, pagesDir, siteDir, variantsDir } = await import('../lib/paths.mjs');

test.after(() => fs.rm(root, { recursive: true, force: true }));

const releaseModule = fileURLToPath(new URL('../lib/release-engine.mjs', import.meta.url));
const liveDocument = async () => JSON.parse(await fs.readFile(pointerFile, 'utf8'));
const live = async () => Object.fromEntries((await liveDocument()).remotes.map((remote) => [remote.name, remote.buildId]));
const leftovers = async () => (await fs.readdir(root)).filter((entry) => entry.startsWith('.release'));
const edgeRecord = async () => JSON.parse(await fs.readFile(edgeRecordFile, 'utf8'));
const legalHistory = async () => (await edgeRecord()).history.filter((entry) => entry.app === 'legal');
const pause = (milliseconds) => new Promise((resolve) => setTimeout(resolve, milliseconds));

/**
 * The interrupted rollback is in the history as a rollback of legal to l1 by its releaser, at its own time
 * (between `started` and `died`, before the recovery), once; the live build is noted as a rollback since
 * then, so the publish watch does not judge it.
 * @param {{ started: string, died: string }} times
 */
async function assertRollbackRecorded({ started, died }) {
  const rollbacks = (await legalHistory()).filter((entry) => entry.action === 'rollback');
  assert.equal(rollbacks.length, 1, 'the rollback is recorded once');
  const [entry] = rollbacks;
  assert.deepEqual(
    { action: entry.action, buildId: entry.buildId, previous: entry.previous, by: entry.by },
    { action: 'rollback', buildId: 'legall1', previous: 'legall2', by: 'release-test' },
  );
  assert.ok(entry.at >= started && entry.at <= died, `recorded at the rollback's time (${entry.at}), not the recovery's`);
  assert.deepEqual((await edgeRecord()).live.legal, { ...(await edgeRecord()).live.legal, buildId: 'legall1', via: 'rollback', since: entry.at });
}
const LEGAL_PAGES = ['terms', 'privacy', 'ethics'];
/** The version of legal each of its live pages shows ("l1", "l2"). */
const legalPages = async () => Promise.all(LEGAL_PAGES.map(async (name) => /<h1>legal (l\d) page/.exec(await fs.readFile(path.join(pagesDir, `${name}.html`), 'utf8'))?.[1]));

/**
 * The site is on one whole release: every legal page shows the build mfe/remotes.json names and embeds
 * that document's legal entry; the discovery files are those of that document.
 */
async function assertWhole() {
  const document = await liveDocument();
  const legal = document.remotes.find((remote) => remote.name === 'legal');
  const version = legal.buildId.replace(/^legal/, '');
  assert.deepEqual(await legalPages(), [version, version, version], `every legal page shows ${legal.buildId}, the build mfe/remotes.json names`);
  for (const name of LEGAL_PAGES) {
    const found = /id="kesho-pointers">(.*?)<\/script>/.exec(await fs.readFile(path.join(pagesDir, `${name}.html`), 'utf8'));
    assert.ok(found, `${name}.html embeds a pointer document`);
    const embedded = JSON.parse(String(found[1]));
    assert.deepEqual(
      embedded.remotes.find((remote) => remote.name === 'legal'),
      legal,
      `${name}.html embeds the live document's legal entry`,
    );
  }
  for (const [file, text] of Object.entries(discoveryFiles({ remotes: document.remotes }))) assert.equal(await fs.readFile(path.join(siteDir, file), 'utf8'), text, file);
}

let builders;
beforeEach(async () => {
  builders = await freshDist(root);
  await buildSite({ buildShell: builders.buildShell, buildRemote: builders.buildRemote });
  builders.sources.legal = 'l2';
  await publishRemote('legal', { build: builders.buildRemote });
});

/** Rolls legal back in another process that kills itself just before its `killAt`-th write; the targets written before it. */
function rollbackKilledAt(killAt) {
  const script = `
    let writes = 0;
    const { rollback } = await import(${JSON.stringify(releaseModule)});
    await rollback('legal', undefined, { beforeWrite: (target) => { writes += 1; if (writes === ${killAt}) process.kill(process.pid, 'SIGKILL'); console.log('write ' + target); } });
    console.log('finished');
  `;
  const child = spawnSync(process.execPath, [...NODE_TS_OPTIONS, '--input-type=module', '-e', script], { env: { ...process.env, KESHO_DIST_DIR: root }, encoding: 'utf8' });
  return {
    ...child,
    written: child.stdout
      .split('\n')
      .filter((line) => line.startsWith('write '))
      .map((line) => line.slice('write '.length)),
  };
}

// Before the rollback's record is current (its snapshot half-written), after the record but before
// mfe/remotes.json, and half-way through copying the live pages (writes 11 to 13 are legal's three pages:
// the publish writes only the live pages whose bytes change, so the other apps' pages are not written).
const CRASHES = [
  { killAt: 3, what: 'while its release snapshot is written', expect: 'legall2' },
  { killAt: 6, what: 'once its record is current', expect: 'legall1' },
  { killAt: 10, what: 'just before mfe/remotes.json', expect: 'legall1' },
  { killAt: 12, what: 'half-way through the live pages', expect: 'legall1' },
];

for (const { killAt, what, expect } of CRASHES) {
  test(`a rollback killed ${what} (before write ${killAt}): the next publish leaves the site on one whole release (${expect})`, async () => {
    const before = await snapshotLive(root);
    assert.equal((await live()).legal, 'legall2');

    const started = new Date().toISOString();
    const child = rollbackKilledAt(killAt);
    const died = new Date().toISOString();
    assert.equal(child.signal, 'SIGKILL', `the rollback was killed (${child.stderr})`);
    assert.doesNotMatch(child.stdout, /finished/);
    assert.equal(child.written.length, killAt - 1);
    // The recovery comes later than the rollback, as it does when the next release or the server's start runs it.
    await pause(20);

    assert.ok(
      (await leftovers()).some((entry) => entry.startsWith('.release-')),
      'the dead release left its staging folder',
    );
    const result = await completeInterruptedRelease();
    assert.ok(result, 'the publish ran over the current records');
    // The dead process's lock taken over and its staging folder removed.
    assert.deepEqual(await leftovers(), []);
    assert.equal((await live()).legal, expect);
    await assertWhole();
    if (expect === 'legall2') assert.deepEqual(await snapshotLive(root), before, 'a crash before the record changed nothing live');
    if (expect === 'legall2') assert.deepEqual((await legalHistory()).at(-1), { ...(await legalHistory()).at(-1), action: 'publish', buildId: 'legall2' }, 'no rollback is recorded');
    else await assertRollbackRecorded({ started, died });
    // Once whole, publishing again changes nothing.
    const whole = await snapshotLive(root);
    await completeInterruptedRelease();
    assert.deepEqual(await snapshotLive(root), whole, 'nothing is left to complete');
    builders.sources.marketing = 'm2';
    await publishRemote('marketing', { build: builders.buildRemote });
    assert.deepEqual(await live(), { commerce: 'commercec1', legal: expect, marketing: 'marketingm2' });
    await assertWhole();
    assert.deepEqual(await leftovers(), []);
    if (expect === 'legall1') await assertRollbackRecorded({ started, died });
  });
}

test('a release finds the site a killed one left half-published and completes it before it reads the live site', async () => {
  const started = new Date().toISOString();
  const child = rollbackKilledAt(12);
  const died = new Date().toISOString();
  await pause(20);
  assert.equal(child.signal, 'SIGKILL');
  // Half done: mfe/remotes.json names legal l1, some of its pages are still l2's.
  assert.equal((await live()).legal, 'legall1');
  const half = await legalPages();
  assert.ok(half.includes('l1') && half.includes('l2'), `the crash left legal's pages mixed (${half.join(', ')})`);
  // Not completed by hand: the next release does it under its lock, then releases from the whole site.
  builders.sources.marketing = 'm2';
  await publishRemote('marketing', { build: builders.buildRemote });
  assert.deepEqual(await live(), { commerce: 'commercec1', legal: 'legall1', marketing: 'marketingm2' });
  await assertWhole();
  await assertRollbackRecorded({ started, died });
  // The rollback's own record of it: legal l2 withdrawn, as the rollback decided before it died.
  await assert.rejects(publishRemote('legal', { build: builders.buildRemote }), /withdrawn by a rollback/);
});

test("a release killed once its records are current, before its edge pass wrote the variant folders: the next one's recovery runs the pass, so the canary's pages embed the live site", async () => {
  builders.sources.marketing = 'm2';
  await publishCanary('marketing', 50, { build: builders.buildRemote });
  const script = `
    const { rollback } = await import(${JSON.stringify(releaseModule)});
    await rollback('legal', undefined, { beforeWrite: (target) => { if (target.startsWith(${JSON.stringify(variantsDir)})) process.kill(process.pid, 'SIGKILL'); } });
    console.log('finished');
  `;
  const started = new Date().toISOString();
  const child = spawnSync(process.execPath, [...NODE_TS_OPTIONS, '--input-type=module', '-e', script], { env: { ...process.env, KESHO_DIST_DIR: root }, encoding: 'utf8' });
  const died = new Date().toISOString();
  await pause(20);
  assert.equal(child.signal, 'SIGKILL', `the rollback was killed (${child.stderr})`);
  // The live site is on the rollback (the pass published it before its variant folders), the edge not yet.
  assert.equal((await live()).legal, 'legall1');
  const stale = JSON.parse(await fs.readFile(edgeRecordFile, 'utf8'));
  assert.ok(Object.keys(stale.edge.variants).length > 0, 'the canary has its variant folder');

  await completeInterruptedRelease();
  await assertWhole();
  const record = JSON.parse(await fs.readFile(edgeRecordFile, 'utf8'));
  assert.notDeepEqual(record.edge, stale.edge, 'the edge pass wrote the next state');
  await assertRollbackRecorded({ started, died });
  for (const folder of Object.values(record.edge.variants)) {
    const document = JSON.parse(await fs.readFile(path.join(variantsDir, folder, 'remotes.json'), 'utf8'));
    assert.deepEqual(Object.fromEntries(document.remotes.map((remote) => [remote.name, remote.buildId])), { commerce: 'commercec1', legal: 'legall1', marketing: 'marketingm2' });
  }
  const keyValues = JSON.parse(await fs.readFile(edgeKeyValueFile, 'utf8'));
  assert.ok(Object.values(keyValues).includes(JSON.stringify(record.edge)), 'the local key-value state holds the edge state the record names');
  // Once done, nothing is left to complete: the next recovery runs no pass.
  const whole = await snapshotLive(root);
  await completeInterruptedRelease();
  assert.deepEqual(await snapshotLive(root), whole);
});

test('an empty dist/ has nothing to complete', async () => {
  await freshDist(root);
  assert.equal(await completeInterruptedRelease(), null);
  await assert.rejects(fs.stat(pointerFile), { code: 'ENOENT' });
});
