/**
 * Aborted and automatically rolled-back builds are marked (the trial: a canary that threw was aborted
 * by the watch, and `rollback marketing <that build>` put it live with no warning): with stand-in
 * builds on a scratch dist/, such a build is listed with its mark and reason, a rollback to it is
 * refused naming them unless forced with --why, and putting it live again clears the mark.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { promisify } from 'node:util';
import { freshDist } from './support/fixture-builds.mjs';
import { markOf } from '../lib/release/marks.mjs';
import { NODE_TS_OPTIONS } from '../lib/node-ts.mjs';

const root = await fs.mkdtemp(path.join(os.tmpdir(), 'kesho-marks-'));
process.env.KESHO_DIST_DIR = root;
// Stand-in builds (support/fixture-builds.mjs) have no browser code to run: the release's browser check is
// tested on real builds (release-browser-check.test.mjs).
process.env.RELEASE_BROWSER_CHECK = 'off';
process.env.RELEASED_BY = 'team-marketing';
const { abort, buildSite, publishCanary, publishRemote, readHistory, rollback, watchCanariesThroughEngine, watchPublishesThroughEngine, withdrawalOf } =
  await import('../lib/release-engine.mjs');
const { edgeRecordFile, pointerFile } = await import('../lib/paths.mjs');
test.after(() => fs.rm(root, { recursive: true, force: true }));

const liveMarketing = async () => JSON.parse(await fs.readFile(pointerFile, 'utf8')).remotes.find((remote) => remote.name === 'marketing').buildId;
const script = path.join(import.meta.dirname, '..', 'release.mjs');
const run = (...args) =>
  promisify(execFile)(process.execPath, [...NODE_TS_OPTIONS, script, ...args], { env: { ...process.env, KESHO_DIST_DIR: root } }).then(
    ({ stdout }) => ({ code: 0, stdout, stderr: '' }),
    (error) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  );

test('a canary aborted by the watch is marked, and a rollback to it is refused unless forced with --why', async () => {
  const builders = await freshDist(root);
  await buildSite({ buildShell: builders.buildShell, buildRemote: builders.buildRemote });
  builders.sources.marketing = 'm2';
  await publishCanary('marketing', 10, { build: (name) => builders.buildRemote(name) });
  await abort('marketing', { by: 'auto', why: 'error rate 50.0 % (5 errors in 10 page views)' });
  assert.equal(await liveMarketing(), 'marketingm1');

  await assert.rejects(rollback('marketing', 'marketingm2'), (/** @type {Error} */ error) => {
    assert.match(
      error.message,
      /Build marketingm2 of marketing was ABORTED on \S+ by auto \(why: error rate 50\.0 % \(5 errors in 10 page views\)\), so it is no rollback target unless forced/,
    );
    return true;
  });
  assert.equal(await liveMarketing(), 'marketingm1');
  const listed = await run('list', 'marketing');
  assert.match(listed.stdout, /marketingm2 +built .*ABORTED on \S+ by auto \(why: error rate 50\.0 %.*\): a rollback to it needs --why/);
  const cli = await run('rollback', 'marketing', 'marketingm2');
  assert.equal(cli.code, 1);
  assert.match(cli.stderr, /ABORTED/);

  await rollback('marketing', 'marketingm2', { why: 'the watch misread a bot storm' });
  assert.equal(await liveMarketing(), 'marketingm2');
  assert.equal(markOf(await readHistory(), 'marketing', 'marketingm2'), null);
});

test('a build an automatic rollback replaced is marked with its figures; a person’s rollback marks nothing', async () => {
  const builders = await freshDist(root);
  await buildSite({ buildShell: builders.buildShell, buildRemote: builders.buildRemote });
  builders.sources.marketing = 'm3';
  await publishRemote('marketing', { build: (name) => builders.buildRemote(name) });
  await rollback('marketing', 'marketingm1', { why: 'a person' });
  assert.equal(markOf(await readHistory(), 'marketing', 'marketingm3'), null);
  const history = {
    releases: [
      ...(await readHistory()).releases,
      { app: 'marketing', buildId: 'marketingm1', previous: 'marketingm3', action: 'rollback', by: 'auto', at: '2026-11-27T15:00:00.000Z', why: 'INP p75 900 ms' },
    ],
  };
  assert.deepEqual(markOf(history, 'marketing', 'marketingm3'), { kind: 'rolled back automatically', at: '2026-11-27T15:00:00.000Z', by: 'auto', why: 'INP p75 900 ms' });
});

test('a rollback by auto with its figures (issue 39, item 3) marks the build it replaced', async () => {
  const builders = await freshDist(root);
  await buildSite({ buildShell: builders.buildShell, buildRemote: builders.buildRemote });
  builders.sources.marketing = 'w2';
  await publishRemote('marketing', { build: (name) => builders.buildRemote(name) });
  builders.sources.marketing = 'w3';
  await publishRemote('marketing', { build: (name) => builders.buildRemote(name) });
  assert.equal(await liveMarketing(), 'marketingw3');

  // (A build another release replaced since the watch judged it is not rolled back: the engine's watchPublishes
  // judges only the current record, local-server canaryWatch.test.)
  const figures = "error rate 75.0 % (6 errors in 8 page views) against live's 0.0 % (0 in 50)";
  await rollback('marketing', 'marketingw2', { by: 'auto', why: figures });
  assert.equal(await liveMarketing(), 'marketingw2');
  const last = (await readHistory()).releases.at(-1);
  assert.deepEqual(
    { action: last?.action, by: last?.by, buildId: last?.buildId, previous: last?.previous, why: last?.why },
    { action: 'rollback', by: 'auto', buildId: 'marketingw2', previous: 'marketingw3', why: figures },
  );
  assert.deepEqual(markOf(await readHistory(), 'marketing', 'marketingw3'), { kind: 'rolled back automatically', at: last?.at, by: 'auto', why: figures });
  await assert.rejects(rollback('marketing', 'marketingw3'), /ROLLED BACK AUTOMATICALLY on \S+ by auto .*so it is no rollback target unless forced/);
});

/** Figures that condemn `bad` against any other build: errors from 6 of 8 clients, against 50 calm ones. */
const condemning = (bad) => async (_app, build) =>
  build === bad
    ? { clients: 8, clientsWithErrors: 6, pageViews: 8, pageViewsWithErrors: 6, inpP75: null, inpSamples: 0, clientsWithInp: 0 }
    : { clients: 50, clientsWithErrors: 0, pageViews: 50, pageViewsWithErrors: 0, inpP75: null, inpSamples: 0, clientsWithInp: 0 };
const liveBuildOf = async (app) => JSON.parse(await fs.readFile(edgeRecordFile, 'utf8')).live?.[app];

test('the local publish watch is the engine’s watchPublishes (issue 38): a condemned publish is rolled back by auto, and its build gets the local withdrawal mark', async () => {
  const builders = await freshDist(root);
  await buildSite({ buildShell: builders.buildShell, buildRemote: builders.buildRemote });
  builders.sources.marketing = 'p2';
  await publishRemote('marketing', { build: (name) => builders.buildRemote(name) });
  assert.equal((await liveBuildOf('marketing'))?.via, 'publish');

  const logged = [];
  /** @type {string[]} */
  const told = [];
  const notify = async (/** @type {string} */ subject, /** @type {string} */ message) => {
    told.push(`${subject}: ${message}`);
  };
  const { rolledBack } = await watchPublishesThroughEngine({ figures: condemning('marketingp2'), publishWatchMinutes: 30, log: (line) => logged.push(line), notify });
  assert.deepEqual(
    rolledBack.map((rolled) => [rolled.app, rolled.buildId, rolled.to.buildId]),
    [['marketing', 'marketingp2', 'marketingm1']],
  );
  assert.equal(await liveMarketing(), 'marketingm1');
  assert.equal((await liveBuildOf('marketing'))?.via, 'rollback');
  assert.ok(logged.some((line) => line.message === 'release.publish_rolled_back' && line.build === 'marketingp2'));
  // Ops told, as SNS tells them in AWS (the local server hands in its mail: local-server canaryWatch.test).
  assert.equal(told.length, 1);
  assert.match(
    told[0] ?? '',
    /^Kesho: marketing rolled back: The publish of marketing \(build marketingp2, release \S+\) was rolled back automatically to build marketingm1 .*error rate 75\.0 %/,
  );
  const last = (await readHistory()).releases.at(-1);
  assert.deepEqual(
    { action: last?.action, by: last?.by, buildId: last?.buildId, previous: last?.previous },
    { action: 'rollback', by: 'auto', buildId: 'marketingm1', previous: 'marketingp2' },
  );
  assert.match(last?.why ?? '', /error rate 75\.0 %/);
  // The local mark: the build is not released again, and is listed as rolled back automatically.
  assert.deepEqual({ ...(await withdrawalOf('marketing', 'marketingp2')), at: undefined, why: undefined }, { at: undefined, by: 'auto', rolledBackTo: 'marketingm1', why: undefined });
  await assert.rejects(publishRemote('marketing', { build: (name) => builders.buildRemote(name) }), /Build marketingp2 of marketing was withdrawn by a rollback to marketingm1 .* by auto/);
  assert.equal(await liveMarketing(), 'marketingm1');
  // The rollback is no publish to watch.
  assert.deepEqual((await watchPublishesThroughEngine({ figures: condemning('marketingm1'), publishWatchMinutes: 30 })).rolledBack, []);
});

test('the local canary watch is the engine’s watchCanaries: a condemned canary is aborted by auto, logged, and ops told through notify', async () => {
  const builders = await freshDist(root);
  await buildSite({ buildShell: builders.buildShell, buildRemote: builders.buildRemote });
  builders.sources.marketing = 'k2';
  await publishCanary('marketing', 10, { build: (name) => builders.buildRemote(name) });
  const logged = [];
  /** @type {string[]} */
  const told = [];
  const notify = async (/** @type {string} */ subject, /** @type {string} */ message) => {
    told.push(`${subject}: ${message}`);
  };
  const { aborted } = await watchCanariesThroughEngine({ figures: condemning('marketingk2'), log: (line) => logged.push(line), notify });
  assert.deepEqual(
    aborted.map((entry) => [entry.app, entry.buildId]),
    [['marketing', 'marketingk2']],
  );
  assert.ok(logged.some((line) => line.message === 'release.canary_aborted' && line.build === 'marketingk2'));
  assert.equal(told.length, 1);
  assert.match(
    told[0] ?? '',
    /^Kesho: canary of marketing aborted: The canary of marketing \(build marketingk2\) was aborted automatically: error rate 75\.0 %.*Every visitor is on the live build again\.$/,
  );
  assert.equal((await readHistory()).releases.at(-1)?.action, 'abort');
});

test('the publish watch judges a local `npm run build` that puts a new build live (a team’s publish), not a person’s rollback nor a publish past its window', async () => {
  const builders = await freshDist(root);
  await buildSite({ buildShell: builders.buildShell, buildRemote: builders.buildRemote });
  builders.sources.marketing = 'b2';
  await buildSite({ buildShell: builders.buildShell, buildRemote: builders.buildRemote });
  assert.equal(await liveMarketing(), 'marketingb2');
  assert.equal((await liveBuildOf('marketing'))?.via, 'publish');
  assert.deepEqual((await watchPublishesThroughEngine({ figures: condemning('marketingb2'), publishWatchMinutes: 0 })).rolledBack, []);
  assert.equal(await liveMarketing(), 'marketingb2');

  await rollback('marketing', 'marketingm1', { why: 'a person' });
  assert.equal((await liveBuildOf('marketing'))?.via, 'rollback');
  assert.deepEqual((await watchPublishesThroughEngine({ figures: condemning('marketingm1'), publishWatchMinutes: 30 })).rolledBack, []);
  assert.equal(await liveMarketing(), 'marketingm1');

  builders.sources.marketing = 'b3';
  await buildSite({ buildShell: builders.buildShell, buildRemote: builders.buildRemote });
  const { rolledBack } = await watchPublishesThroughEngine({ figures: condemning('marketingb3'), publishWatchMinutes: 30 });
  assert.deepEqual(
    rolledBack.map((rolled) => [rolled.buildId, rolled.to.buildId]),
    [['marketingb3', 'marketingm1']],
  );
  assert.equal(await liveMarketing(), 'marketingm1');
  assert.equal((await withdrawalOf('marketing', 'marketingb3'))?.by, 'auto');
});
