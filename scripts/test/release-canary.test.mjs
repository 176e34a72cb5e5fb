/**
 * Previews and canaries on a scratch dist/ (KESHO_DIST_DIR) with stand-in builds: what each puts in
 * the edge state and its variant folders while the live site stays as it was, one canary per app,
 * another team's release during a canary, promote and abort recorded, and every failure leaving the
 * previous state (live site, edge state, history) as it was.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { beforeEach, test } from 'node:test';
import { freshDist, snapshotLive } from './support/fixture-builds.mjs';
import { isPublisherObject } from '@kesho/release-model/site-keys';

const root = await fs.mkdtemp(path.join(os.tmpdir(), 'kesho-canary-'));
process.env.KESHO_DIST_DIR = root;
// Stand-in builds (support/fixture-builds.mjs) have no browser code to run: the release's browser check is
// tested on real builds (release-browser-check.test.mjs).
process.env.RELEASE_BROWSER_CHECK = 'off';
process.env.RELEASED_BY = 'team-marketing';
const { abort, buildSite, promote, publishCanary, publishRemote, publishShell, readHistory, rollback, stagePreview } = await import('../lib/release-engine.mjs');
const { readEdgeState, variantsDir } = await import('../lib/release/canaries-previews.mjs');
const { edgeKeyValueFile, edgeRecordFile, pointerFile, pagesDir } = await import('../lib/paths.mjs');

test.after(() => fs.rm(root, { recursive: true, force: true }));

let builders;
beforeEach(async () => {
  // Each test starts from an empty dist/ with every app at its first version.
  builders = await freshDist(root);
  await buildSite({ buildShell: builders.buildShell, buildRemote: builders.buildRemote });
});

/** The team's build from the checkout, whatever `builders.sources` says it holds now. */
const build = (name) => builders.buildRemote(name);
const live = async () => Object.fromEntries(JSON.parse(await fs.readFile(pointerFile, 'utf8')).remotes.map((remote) => [remote.name, remote.buildId]));
const livePage = (route) => fs.readFile(path.join(pagesDir, route === '/' ? 'index.html' : `${route.slice(1)}.html`), 'utf8');
const variantPage = (folder, route) => fs.readFile(path.join(variantsDir, folder, 'pages', route === '/' ? 'index.html' : `${route.slice(1)}.html`), 'utf8');
const variantPointer = async (folder) =>
  Object.fromEntries(JSON.parse(await fs.readFile(path.join(variantsDir, folder, 'remotes.json'), 'utf8')).remotes.map((remote) => [remote.name, remote.buildId]));
/** @returns {Promise<string[]>} */
const folders = async () => fs.readdir(variantsDir).catch(() => /** @type {string[]} */ ([]));
const leftovers = async () => (await fs.readdir(root)).filter((entry) => entry.startsWith('.release'));
const lastEntry = async () => (await readHistory()).releases.at(-1);
/** What the local server reads: the edge key-value state's `state` (the KeyValueStore's stand-in). */
const servedEdge = async () => JSON.parse(JSON.parse(await fs.readFile(edgeKeyValueFile, 'utf8')).state);
const inAnHour = () => new Date(Date.now() + 3_600_000);

test('a preview stages a build without changing what visitors get; its folder shows it on every page, with the ribbon', async () => {
  const before = await livePage('/faq');
  builders.sources.marketing = 'm2';
  await stagePreview('marketing', { build, expiresAt: inAnHour() });
  assert.equal(await livePage('/faq'), before);
  assert.deepEqual(await live(), { commerce: 'commercec1', legal: 'legall1', marketing: 'marketingm1' });

  const { edge, previews } = await readEdgeState();
  const folder = edge.previews['marketing/marketingm2'];
  assert.ok(folder, 'the preview has a folder');
  assert.deepEqual(await variantPointer(folder), { commerce: 'commercec1', legal: 'legall1', marketing: 'marketingm2' });
  const faq = await variantPage(folder, '/faq');
  assert.match(faq, /<h1>marketing m2 page \/faq<\/h1>/);
  assert.match(faq, /Preview: marketing marketingm2<\/span> <a href="\?kesho-preview=exit">Exit preview<\/a>/);
  assert.match(faq, /"buildId":"marketingm2"/, 'the page embeds the pointer document of the preview');
  // Another team's page in the preview: the live one, with the ribbon.
  const terms = await variantPage(folder, '/terms');
  assert.match(terms, /legal l1 page \/terms/);
  assert.match(terms, /Preview: marketing marketingm2/);
  assert.deepEqual(
    previews.map((preview) => `${preview.app} ${preview.buildId} by ${preview.by}`),
    ['marketing marketingm2 by team-marketing'],
  );
  assert.ok(edge.notices.expired && edge.notices.invalid, 'the notices of expired and forged links have folders');
  assert.match(await variantPage(edge.notices.expired, '/faq'), /This preview link has expired[^<]*<\/span><\/aside>[\s\S]*marketing m1 page \/faq/);
  assert.match(await variantPage(edge.notices.invalid, '/'), /This preview link is not valid/);
  const entry = await lastEntry();
  assert.equal(`${entry?.action} ${entry?.app} ${entry?.buildId} (was ${entry?.previous})`, 'preview marketing marketingm2 (was marketingm1)');
});

test("a preview of a remote whose route has a feed shows that route's page in its folder, not the feed", async () => {
  builders.sources.feedOn = '/faq';
  builders.sources.marketing = 'm2';
  await stagePreview('marketing', { build, expiresAt: inAnHour() });
  const { edge } = await readEdgeState();
  const folder = edge.previews['marketing/marketingm2'];
  assert.ok(folder, 'the preview has a folder');
  assert.match(await variantPage(folder, '/faq'), /Preview: marketing marketingm2[\s\S]*<h1>marketing m2 page \/faq<\/h1>/);
});

test('a canary leaves the live site alone and gets a folder of its own, recorded with its share', async () => {
  const before = await snapshotLive(root);
  builders.sources.marketing = 'm2';
  await publishCanary('marketing', 50, { build, why: 'new hero' });
  const after = await snapshotLive(root);
  // The edge record (site/edge/state.json) is the publisher's own object, never served.
  for (const file of Object.keys(before))
    if (file.startsWith('site') && !isPublisherObject(path.relative('site', file).split(path.sep).join('/'))) assert.equal(after[file], before[file], `${file} is what visitors got before`);

  const { edge, canaries } = await readEdgeState();
  assert.deepEqual(edge.canaries, [{ app: 'marketing', build: 'marketingm2', percent: 50 }]);
  assert.deepEqual(await servedEdge(), edge, 'the local server reads the state the record names, from the key-value state');
  const folder = edge.variants.marketing;
  assert.ok(folder);
  assert.match(await variantPage(folder, '/faq'), /marketing m2 page \/faq/);
  assert.doesNotMatch(await variantPage(folder, '/faq'), /kesho-preview-ribbon/, 'a canary visitor sees no ribbon');
  assert.match(await variantPage(folder, '/privacy'), /legal l1 page/);
  assert.equal(canaries[0]?.previous, 'marketingm1');
  const entry = await lastEntry();
  assert.deepEqual(
    { action: entry?.action, app: entry?.app, buildId: entry?.buildId, previous: entry?.previous, percent: entry?.percent, by: entry?.by, why: entry?.why },
    { action: 'canary', app: 'marketing', buildId: 'marketingm2', previous: 'marketingm1', percent: 50, by: 'team-marketing', why: 'new hero' },
  );
});

test("a canary and a preview leave in the store what a team's deploy leaves in AWS: each its release snapshot named by its record, the canary its start command, its end the team's promote or abort command", async () => {
  const siteJson = async (key) => JSON.parse(await fs.readFile(path.join(root, 'site', key), 'utf8'));
  builders.sources.marketing = 'm2';
  await publishCanary('marketing', 50, { build, why: 'new hero' });
  const canary = (await readEdgeState()).canaries[0];
  assert.ok(canary?.release);
  assert.match(canary.release, /^marketingm2-[0-9a-f]{12}$/);
  const snapshot = await siteJson(`releases/marketing/${canary.release}/release.json`);
  assert.equal(snapshot.pointer.buildId, 'marketingm2');
  assert.match(await fs.readFile(path.join(root, 'site', 'releases', 'marketing', canary.release, 'pages', 'faq.html'), 'utf8'), /marketing m2 page \/faq/);
  assert.deepEqual(await siteJson('mfe/canary/marketing.json'), {
    action: 'start',
    release: canary.release,
    percent: 50,
    by: canary.by,
    why: 'new hero',
    ...Object.fromEntries(Object.entries((await lastEntry()) ?? {}).filter(([key]) => ['source', 'commit', 'clean', 'browserCheck'].includes(key))),
  });
  assert.equal((await lastEntry())?.release, canary.release);

  // Another team's release leaves the canary on the release its team deployed, as in AWS: the same record, the same start command.
  const started = await siteJson('mfe/canary/marketing.json');
  builders.sources.legal = 'l2';
  await publishRemote('legal', { build });
  const [still] = (await readEdgeState()).canaries;
  assert.equal(still?.release, canary.release);
  assert.deepEqual(await siteJson('mfe/canary/marketing.json'), started);

  // The abort: the team's command, with where the canary's build came from, then the engine's pass.
  await abort('marketing', { why: 'slow' });
  assert.deepEqual(await siteJson('mfe/canary/marketing.json'), { action: 'abort', by: canary.by, why: 'slow', source: started.source, commit: started.commit, clean: started.clean });
  assert.ok((await readEdgeState()).ended.includes(`marketing/${canary.release}`), 'its start command is done');

  builders.sources.commerce = 'c2';
  await stagePreview('commerce', { build, expiresAt: inAnHour() });
  const [preview] = (await readEdgeState()).previews;
  assert.match(preview?.release ?? '', /^commercec2-[0-9a-f]{12}$/);
  assert.equal((await siteJson(`releases/commerce/${preview?.release}/release.json`)).pointer.buildId, 'commercec2');
});

test("a shell release or a change of the Services menu while a canary runs leaves the canary on its own release, as in AWS: its routes' pages in its folder are its snapshot's bytes, the other routes the new live pages; a promotion then puts its snapshot's pages live", async () => {
  const file = (route) => (route === '/' ? 'index.html' : `${route.slice(1)}.html`);
  const canaryReleases = async () => (await fs.readdir(path.join(root, 'site', 'releases', 'marketing'))).filter((name) => name.startsWith('marketingm2-'));
  builders.sources.marketing = 'm2';
  await publishCanary('marketing', 50, { build });
  const canary = (await readEdgeState()).canaries[0];
  assert.ok(canary?.release);
  const snapshotPage = (route) => fs.readFile(path.join(root, 'site', 'releases', 'marketing', canary.release, 'pages', file(route)), 'utf8');
  const command = await fs.readFile(path.join(root, 'site', 'mfe', 'canary', 'marketing.json'), 'utf8');
  const releasesBefore = await canaryReleases();
  const canaryRoutes = ['/', '/faq'];
  const otherRoutes = ['/checkout', '/terms', '/privacy', '/ethics'];
  /** The canary as AWS serves it: its record and command as deployed, its folder from its snapshot and the live pages. */
  const assertKept = async (what) => {
    const { canaries, edge } = await readEdgeState();
    assert.equal(canaries[0]?.release, canary.release, `${what}: the canary keeps its release`);
    assert.equal(await fs.readFile(path.join(root, 'site', 'mfe', 'canary', 'marketing.json'), 'utf8'), command, `${what}: its start command is the team's`);
    assert.deepEqual(await canaryReleases(), releasesBefore, `${what}: no new release of the canary's build`);
    const folder = String(edge.variants.marketing);
    for (const route of canaryRoutes) assert.equal(await variantPage(folder, route), await snapshotPage(route), `${what}: ${route} in the canary's folder is its snapshot's`);
    for (const route of otherRoutes) assert.equal(await variantPage(folder, route), await livePage(route), `${what}: ${route} in the canary's folder is the live page`);
  };

  builders.sources.shell = 's2';
  await publishShell({ build: builders.buildShell });
  assert.match(await livePage('/terms'), /<header>shell shells2<\/header>/);
  assert.match(await livePage('/faq'), /<header>shell shells2<\/header>[\s\S]*marketing m1 page \/faq/);
  await assertKept('after the shell release');
  assert.match(await snapshotPage('/faq'), /<header>shell shells1<\/header>[\s\S]*marketing m2 page \/faq/, 'rendered with the shell it was deployed with');

  // legal lists /terms in the Services menu: every live page is rendered again, the canary's are not.
  builders.sources.menus = { '/terms': { group: 'services', label: 'Terms of service', order: 1 } };
  builders.sources.legal = 'l2';
  await publishRemote('legal', { build });
  assert.match(await livePage('/faq'), /Terms of service/);
  await assertKept('after the menu change');
  assert.doesNotMatch(await snapshotPage('/faq'), /Terms of service/);

  // The promotion puts the canary's release live as it was checked, as the engine does in AWS.
  await promote('marketing');
  assert.equal((await live()).marketing, 'marketingm2');
  for (const route of canaryRoutes) assert.equal(await livePage(route), await snapshotPage(route), `${route} live is the canary's snapshot page`);
});

test('a canary an older dist/ staged before candidates were releases gets its first release at the next release, once; then it keeps it', async () => {
  builders.sources.marketing = 'm2';
  await publishCanary('marketing', 50, { build });
  // As an older engine left the record: the canary names no release, and no start command was written.
  const record = JSON.parse(await fs.readFile(edgeRecordFile, 'utf8'));
  record.canaries = record.canaries.map(({ release, ...canary }) => canary);
  await fs.writeFile(edgeRecordFile, JSON.stringify(record));
  await fs.rm(path.join(root, 'site', 'mfe', 'canary', 'marketing.json'));
  builders.sources.legal = 'l2';
  await publishRemote('legal', { build });
  const [named] = (await readEdgeState()).canaries;
  assert.match(named?.release ?? '', /^marketingm2-[0-9a-f]{12}$/);
  assert.equal(JSON.parse(await fs.readFile(path.join(root, 'site', 'mfe', 'canary', 'marketing.json'), 'utf8')).release, named?.release);
  assert.match(await variantPage(String((await readEdgeState()).edge.variants.marketing), '/faq'), /marketing m2 page \/faq/);
  builders.sources.commerce = 'c2';
  await publishRemote('commerce', { build });
  assert.equal((await readEdgeState()).canaries[0]?.release, named?.release, 'kept by the next release');
});

test('one canary at a time per app; another app may run its own, and a browser in both gets a folder of both', async () => {
  builders.sources.marketing = 'm2';
  await publishCanary('marketing', 50, { build });
  const before = await snapshotLive(root);
  builders.sources.marketing = 'm3';
  await assert.rejects(publishCanary('marketing', 10, { build }), /A canary of marketing is already running \(build marketingm2 for 50 % of visitors\): one at a time/);
  assert.deepEqual(await snapshotLive(root), before);

  builders.sources.legal = 'l2';
  await publishCanary('legal', 10, { build });
  const { edge } = await readEdgeState();
  assert.deepEqual(Object.keys(edge.variants).sort(), ['legal', 'legal+marketing', 'marketing']);
  assert.deepEqual(await variantPointer(edge.variants['legal+marketing']), { commerce: 'commercec1', legal: 'legall2', marketing: 'marketingm2' });
  assert.deepEqual(await variantPointer(edge.variants.legal), { commerce: 'commercec1', legal: 'legall2', marketing: 'marketingm1' });
});

test("a canary does not block another team's release: the canary's folder follows the new live pages", async () => {
  builders.sources.marketing = 'm2';
  await publishCanary('marketing', 50, { build });
  const oldFolder = String((await readEdgeState()).edge.variants.marketing);
  builders.sources.legal = 'l2';
  await publishRemote('legal', { build });
  assert.equal((await live()).legal, 'legall2');
  const { edge } = await readEdgeState();
  const folder = edge.variants.marketing;
  assert.notEqual(folder, oldFolder, 'a new folder, named by its new content');
  assert.match(await variantPage(folder, '/terms'), /legal l2 page/);
  assert.deepEqual(await variantPointer(folder), { commerce: 'commercec1', legal: 'legall2', marketing: 'marketingm2' });
  // The folder of the state just replaced stays one release, for pages being fetched meanwhile.
  assert.ok((await folders()).includes(oldFolder));
  builders.sources.commerce = 'c2';
  await publishRemote('commerce', { build });
  assert.ok(!(await folders()).includes(oldFolder), 'then it is removed');
});

test('a release of an app whose canary runs is refused, the site unchanged; npm run build leaves it live as it is', async () => {
  builders.sources.marketing = 'm2';
  await publishCanary('marketing', 50, { build });
  const before = await snapshotLive(root);
  builders.sources.marketing = 'm3';
  await assert.rejects(publishRemote('marketing', { build }), /A canary of marketing is running \(build marketingm2 for 50 % of visitors\): promote or abort it first/);
  await assert.rejects(rollback('marketing', 'marketingm1'), /A canary of marketing is running/);
  assert.deepEqual(await snapshotLive(root), before);
  const lines = [];
  await buildSite({ buildShell: builders.buildShell, buildRemote: builders.buildRemote, log: (line) => lines.push(line) });
  assert.equal((await live()).marketing, 'marketingm1');
  assert.ok(lines.some((line) => /a canary of marketing \(marketingm2, 50 %\) is running; marketingm1 stays live/.test(line)));
});

test('promote makes the canary live for everyone, recorded; a rollback then goes back to the build before', async () => {
  builders.sources.marketing = 'm2';
  await publishCanary('marketing', 25, { build });
  const result = await promote('marketing', { why: 'figures fine' });
  assert.deepEqual(result.pages, ['/', '/faq']);
  assert.equal((await live()).marketing, 'marketingm2');
  assert.match(await livePage('/faq'), /marketing m2 page \/faq/);
  const { edge, canaries } = await readEdgeState();
  assert.deepEqual([edge.canaries, edge.variants, canaries], [[], {}, []]);
  const entry = await lastEntry();
  assert.equal(
    `${entry?.action} ${entry?.buildId} (was ${entry?.previous}) by ${entry?.by}, why: ${entry?.why}`,
    'promote marketingm2 (was marketingm1) by team-marketing, why: figures fine',
  );
  await rollback('marketing');
  assert.equal((await live()).marketing, 'marketingm1');
});

test('abort ends the canary: every visitor on the live build, recorded by whom and why (an automatic one by "auto" with its figures)', async () => {
  builders.sources.marketing = 'm2';
  await publishCanary('marketing', 50, { build });
  const folder = String((await readEdgeState()).edge.variants.marketing);
  const pagesBefore = await livePage('/faq');
  await abort('marketing', { by: 'auto', why: 'error rate 50.0 % (5 errors in 10 page views)' });
  assert.equal(await livePage('/faq'), pagesBefore);
  assert.equal((await live()).marketing, 'marketingm1');
  const { edge } = await readEdgeState();
  assert.deepEqual(edge.canaries, []);
  assert.ok((await folders()).includes(folder), 'kept for one release');
  const entry = await lastEntry();
  assert.equal(
    `${entry?.action} ${entry?.app} ${entry?.buildId} (was ${entry?.previous}) by ${entry?.by}: ${entry?.why}`,
    'abort marketing marketingm2 (was marketingm1) by auto: error rate 50.0 % (5 errors in 10 page views)',
  );
  await assert.rejects(abort('marketing'), /No canary of marketing is running/);
  await assert.rejects(promote('marketing'), /No canary of marketing is running/);
});

test('a canary or preview whose pages fail the checks is refused and changes nothing', async () => {
  const before = await snapshotLive(root);
  builders.sources.marketing = 'm2';
  builders.sources.throwsOn = '/faq';
  await assert.rejects(publishCanary('marketing', 50, { build }), /\/faq: a component threw while rendering/);
  await assert.rejects(stagePreview('marketing', { build, expiresAt: inAnHour() }), /\/faq: a component threw while rendering/);
  assert.deepEqual(await snapshotLive(root), before);
  assert.deepEqual(await leftovers(), []);
});

for (const failAt of ['the edge state', 'a variant folder']) {
  test(`a failure while a canary starts (${failAt}) leaves the previous state`, async () => {
    const before = await snapshotLive(root);
    const foldersBefore = await folders();
    builders.sources.marketing = 'm2';
    const beforeWrite = (target) => {
      if (failAt === 'the edge state' && target === edgeRecordFile) throw new Error('disk full');
      if (failAt === 'a variant folder' && target.startsWith(variantsDir)) throw new Error('disk full');
    };
    const served = await servedEdge();
    await assert.rejects(publishCanary('marketing', 50, { build, beforeWrite }), /disk full/);
    assert.deepEqual(await snapshotLive(root), before);
    assert.deepEqual(await servedEdge(), served, 'the local server still reads the previous state');
    assert.deepEqual(await folders(), foldersBefore);
    assert.deepEqual(await leftovers(), []);
  });
}

for (const failAt of ['the pointer', 'the edge state']) {
  test(`a failed promotion (at ${failAt}) leaves the canary running and the live build live`, async () => {
    builders.sources.marketing = 'm2';
    await publishCanary('marketing', 50, { build });
    const before = await snapshotLive(root);
    const beforeWrite = (target) => {
      if (failAt === 'the pointer' && target === pointerFile) throw new Error('disk full');
      if (failAt === 'the edge state' && target === edgeRecordFile) throw new Error('disk full');
    };
    await assert.rejects(promote('marketing', { beforeWrite }), /disk full/);
    assert.deepEqual(await snapshotLive(root), before);
    assert.equal((await readEdgeState()).canaries[0]?.buildId, 'marketingm2');
  });
}

test('a failed abort leaves the canary running', async () => {
  builders.sources.marketing = 'm2';
  await publishCanary('marketing', 50, { build });
  const before = await snapshotLive(root);
  await assert.rejects(
    abort('marketing', {
      beforeWrite: (target) => {
        if (target === edgeRecordFile) throw new Error('disk full');
      },
    }),
    /disk full/,
  );
  assert.deepEqual(await snapshotLive(root), before);
});

test('the shell is released whole; a share must be a percentage from 1 to 99', async () => {
  await assert.rejects(publishCanary('shell', 10, { build }), /The shell renders every page of the site, so it is released whole/);
  await assert.rejects(stagePreview('shell', { build, expiresAt: inAnHour() }), /The shell renders every page/);
  for (const percent of [0, 100, 150, 12.345, Number.NaN]) await assert.rejects(publishCanary('marketing', percent, { build }), /A canary's share is a percentage from 1 to 99/);
});

test('an expired preview is dropped at the next release, its folder with it', async () => {
  builders.sources.marketing = 'm2';
  await stagePreview('marketing', { build, expiresAt: new Date(Date.now() + 50) });
  await new Promise((resolve) => setTimeout(resolve, 60));
  builders.sources.legal = 'l2';
  await publishRemote('legal', { build });
  const { edge, previews } = await readEdgeState();
  assert.deepEqual([edge.previews, previews], [{}, []]);
});
