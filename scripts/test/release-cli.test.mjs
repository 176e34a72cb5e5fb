/**
 * The release commands as a team types them (`npm run release -- …`), on a scratch dist/ built with
 * stand-in builds: exit codes, messages, and the listing newest first.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { promisify } from 'node:util';
import { fixtureBuilders } from './support/fixture-builds.mjs';
import { NODE_TS_OPTIONS } from '../lib/node-ts.mjs';

const root = await fs.mkdtemp(path.join(os.tmpdir(), 'kesho-release-cli-'));
process.env.KESHO_DIST_DIR = root;
// Stand-in builds (support/fixture-builds.mjs) have no browser code to run: the release's browser check is
// tested on real builds (release-browser-check.test.mjs).
process.env.RELEASE_BROWSER_CHECK = 'off';
process.env.RELEASED_BY = 'team-legal';
const { buildSite, publishRemote, stagePreview } = await import('../lib/release-engine.mjs');
const { runningSiteFile } = await import('../lib/paths.mjs');
const { changesFile, readBuildFailures, recordedBuild } = await import('../lib/release/build-records.mjs');
test.after(() => fs.rm(root, { recursive: true, force: true }));

const script = path.join(import.meta.dirname, '..', 'release.mjs');
async function run(...args) {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [...NODE_TS_OPTIONS, script, ...args], { env: { ...process.env, KESHO_DIST_DIR: root } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = /** @type {import('node:child_process').ExecFileException & { stdout: string, stderr: string }} */ (error);
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const builders = fixtureBuilders(root);
await buildSite({ buildShell: builders.buildShell, buildRemote: builders.buildRemote });
for (const version of ['l2', 'l3']) {
  builders.sources.legal = version;
  await publishRemote('legal', { build: builders.buildRemote });
  await new Promise((resolve) => setTimeout(resolve, 5));
}

test('list shows the releases and the kept builds newest first, with who released them', async () => {
  const { code, stdout } = await run('list', 'legal');
  assert.equal(code, 0);
  const releases = stdout.split('\n').filter((line) => / legal +legall/.test(line));
  assert.deepEqual(
    releases.map((line) =>
      line
        .match(/(publish|build) +legal +(\S+)/)
        ?.slice(1)
        .join(' '),
    ),
    ['publish legall3', 'publish legall2', 'build legall1'],
  );
  assert.match(releases[0] ?? '', /\(was legall2\) +by team-legal/);
  const builds = stdout.slice(stdout.indexOf('Builds of legal')).split('\n').slice(1).filter(Boolean);
  assert.deepEqual(
    builds.map((line) => line.trim().split(/\s+/).slice(0, 2).join(' ')),
    ['* legall3', 'legall2 built', 'legall1 built'],
  );
});

test('rollback without a build id goes back to the previous build; an unknown build exits 1 and names the known ones', async () => {
  const back = await run('rollback', 'legal');
  assert.equal(back.code, 0, back.stderr);
  assert.match(back.stdout, /legal rolled back: legal legall3 → legall2/);
  const pointer = JSON.parse(await fs.readFile(path.join(root, 'site', 'mfe', 'remotes.json'), 'utf8'));
  assert.equal(pointer.remotes.find((remote) => remote.name === 'legal').buildId, 'legall2');
  const unknown = await run('rollback', 'legal', 'nosuch');
  assert.equal(unknown.code, 1);
  assert.match(unknown.stderr, /No build nosuch of legal\. Known builds, newest first: legall3, legall2, legall1/);
});

test("prune runs the engine's pass by hand: builds made just now are within the grace, so nothing goes, and it says what it keeps", async () => {
  const { code, stdout, stderr } = await run('prune');
  assert.equal(code, 0, stderr);
  assert.match(stdout, /Nothing to prune: beyond the live, canary, preview and rollback-target builds, 5 per app are kept \(KEPT_BUILDS\), and none within 24 h of being seen or served/);
  const listed = await run('list', 'legal');
  assert.deepEqual(listed.stdout.match(/legall\d(?= +built)/g), ['legall3', 'legall2', 'legall1']);
});

test('a wrong command or app prints the usage and exits 1', async () => {
  for (const args of [[], ['deploy', 'legal'], ['publish', 'payments'], ['list', 'payments'], ['prune', 'legal']]) {
    const { code, stderr } = await run(...args);
    assert.equal(code, 1, args.join(' '));
    assert.match(stderr, /Usage:\n {2}node scripts\/release\.mjs publish <shell\|marketing\|commerce\|legal>/);
  }
});

test('a refused build is listed as refused with the reason and is no rollback target; a rollback records why; entries name their commit', async () => {
  builders.sources.legal = 'l4';
  builders.sources.throwsOn = '/terms';
  await assert.rejects(publishRemote('legal', { build: builders.buildRemote }), /\/terms: a component threw while rendering/);
  builders.sources.throwsOn = null;

  const listed = await run('list', 'legal');
  assert.equal(listed.code, 0, listed.stderr);
  assert.match(listed.stdout, /x legall4 +built \S+ +commit [0-9a-f]{12}.*REFUSED on \S+, not a rollback target: The staged release failed its checks: +\/terms: a component threw/);
  assert.match(listed.stdout, /publish +legal +legall3 +\(was legall2\) +by team-legal, commit [0-9a-f]{12}/);

  const toRefused = await run('rollback', 'legal', 'legall4');
  assert.equal(toRefused.code, 1);
  assert.match(toRefused.stderr, /Build legall4 of legal was refused on \S+ and never went live, so it is no rollback target/);

  const back = await run('rollback', 'legal', 'legall3', '--why', 'the privacy page lost a paragraph');
  assert.equal(back.code, 0, back.stderr);
  const after = await run('list', 'legal');
  assert.match(after.stdout, /rollback +legal +legall3 +\(was legall2\) +by team-legal, commit [0-9a-f]{12}.*, why: the privacy page lost a paragraph/);
  const noReason = await run('rollback', 'legal', '--why');
  assert.equal(noReason.code, 1);
  assert.match(noReason.stderr, /--why needs a reason/);
});

test('history is list; a preview is labelled as one in the history and the builds, never "(was …)"', async () => {
  builders.sources.legal = 'l5';
  const expiresAt = new Date(Date.now() + 3_600_000);
  const { pointer } = await stagePreview('legal', { build: builders.buildRemote, expiresAt });
  const history = await run('history', 'legal');
  const list = await run('list', 'legal');
  assert.equal(history.code, 0, history.stderr);
  assert.equal(history.stdout, list.stdout);
  const row = history.stdout.split('\n').find((line) => line.includes(' preview '));
  assert.match(row ?? '', new RegExp(`preview +legal +${pointer.buildId} PREVIEW until ${expiresAt.toISOString()}, not live \\(the live build stays legall3\\)`));
  assert.doesNotMatch(row ?? '', /\(was /);
  assert.match(history.stdout, new RegExp(`  ${pointer.buildId}  built .*\\(PREVIEW, not live: shown through its signed link until ${expiresAt.toISOString()}\\)`));
});

test('a preview link names the running local server’s address, not the PORT the release’s environment has', async () => {
  /** @type {NodeJS.ProcessEnv} */
  const env = { ...process.env, KESHO_DIST_DIR: root, PORT: '3000' };
  delete env.PUBLIC_SITE_URL;
  const { previewSiteOrigin } = await import('../lib/release/preview-link.mjs');
  await fs.writeFile(runningSiteFile, JSON.stringify({ origin: 'http://127.0.0.1:3932', pid: process.pid }));
  assert.equal(await previewSiteOrigin({ siteOrigin: 'http://127.0.0.1:3000' }, env), 'http://127.0.0.1:3932');
  assert.equal(await previewSiteOrigin({ siteOrigin: 'https://kesho.example' }, { ...env, PUBLIC_SITE_URL: 'https://kesho.example' }), 'https://kesho.example');
  // A server that stopped without removing its file (killed): the settings' address.
  await fs.writeFile(runningSiteFile, JSON.stringify({ origin: 'http://127.0.0.1:3932', pid: 2 ** 22 + 12345 }));
  assert.equal(await previewSiteOrigin({ siteOrigin: 'http://127.0.0.1:3000' }, env), 'http://127.0.0.1:3000');
  await fs.rm(runningSiteFile);
});

test('a failed build is recorded and listed; a build from a tree with uncommitted changes keeps its diff, which list names', async () => {
  await assert.rejects(
    recordedBuild('legal', () => Promise.reject(new Error("Build failed:\n[legal-browser] Module not found: Error: Can't resolve './Missing'"))),
    /Module not found/,
  );
  const [failure] = (await readBuildFailures()).filter((entry) => entry.app === 'legal');
  assert.equal(failure?.by, 'team-legal');
  assert.match(failure?.error ?? '', /Can't resolve '\.\/Missing'/);

  builders.sources.legal = 'l6';
  const dirty = { source: 'abc123abc123+changes', commit: 'abc123abc123', clean: false };
  const diff = 'diff --git a/mfe-legal/src/pages/TermsPage.tsx b/mfe-legal/src/pages/TermsPage.tsx\n-old\n+new\n';
  const { pointer } = await recordedBuild('legal', () => builders.buildRemote('legal'), { revision: () => dirty, diff: () => diff });
  assert.equal(await fs.readFile(changesFile('legal', pointer.buildId), 'utf8'), diff);
  // A clean tree keeps no diff.
  builders.sources.legal = 'l7';
  const clean = await recordedBuild('legal', () => builders.buildRemote('legal'), { revision: () => ({ source: 'abc', commit: 'abc', clean: true }), diff: () => diff });
  await assert.rejects(fs.access(changesFile('legal', clean.pointer.buildId)));

  const listed = await run('list', 'legal');
  assert.equal(listed.code, 0, listed.stderr);
  assert.ok(listed.stdout.includes(`(its changes: ${changesFile('legal', pointer.buildId)})`), listed.stdout);
  assert.match(listed.stdout, /Failed builds of legal, newest first:\n {2}! \S+ {2}by team-legal, .*Module not found: Error: Can't resolve '\.\/Missing'/);
});
