/**
 * The release transaction on a scratch dist/ (KESHO_DIST_DIR) with stand-in builds: failures leave
 * the live site as it was, `npm run build` never moves a remote that did not change, the shell
 * releases and rolls back alone, and the history lists who released what, when, newest first.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { beforeEach, test } from 'node:test';
import { discoveryFiles } from '@kesho/release-model/discovery-files';
import { freshDist, snapshotLive } from './support/fixture-builds.mjs';

const root = await fs.mkdtemp(path.join(os.tmpdir(), 'kesho-release-'));
process.env.KESHO_DIST_DIR = root;
// Stand-in builds (support/fixture-builds.mjs) have no browser code to run: the release's browser check is
// tested on real builds (release-browser-check.test.mjs).
process.env.RELEASE_BROWSER_CHECK = 'off';
process.env.RELEASED_BY = 'release-test';
const { buildSite, knownBuilds, liveShell, publishRemote, publishShell, readHistory, rollback } = await import('../lib/release-engine.mjs');
const { edgeRecordFile, pointerFile, pagesDir, siteDir } = await import('../lib/paths.mjs');

test.after(() => fs.rm(root, { recursive: true, force: true }));

let builders;
beforeEach(async () => {
  // Each test starts from an empty dist/ with every app at its first version.
  builders = await freshDist(root);
});

const build = () => buildSite({ buildShell: builders.buildShell, buildRemote: builders.buildRemote });
const publish = (name, options = {}) => publishRemote(name, { build: builders.buildRemote, ...options });
const page = (route) => fs.readFile(path.join(pagesDir, route === '/' ? 'index.html' : `${route.slice(1)}.html`), 'utf8');
const live = async () => Object.fromEntries(JSON.parse(await fs.readFile(pointerFile, 'utf8')).remotes.map((remote) => [remote.name, remote.buildId]));
const leftovers = async () => (await fs.readdir(root)).filter((entry) => entry.startsWith('.release'));

test('a full build puts every app live and renders every page, the 404 and the discovery files', async () => {
  const result = await build();
  assert.deepEqual(await live(), { commerce: 'commercec1', legal: 'legall1', marketing: 'marketingm1' });
  assert.match(await page('/terms'), /shell shells1<\/header><main><h1>legal l1 page \/terms<\/h1>/);
  assert.match(await fs.readFile(path.join(pagesDir, '404.html'), 'utf8'), /Oops! Page not found/);
  assert.match(await fs.readFile(path.join(siteDir, 'sitemap.xml'), 'utf8'), /\/privacy<\/loc>/);
  // The very files the AWS release publisher makes from the same document (@kesho/release-model/discovery-files).
  const made = discoveryFiles(JSON.parse(await fs.readFile(pointerFile, 'utf8')));
  for (const [file, text] of Object.entries(made)) assert.equal(await fs.readFile(path.join(siteDir, file), 'utf8'), text, file);
  assert.equal(result.pages.length, 7);
});

test('a route with a feed gets its page and its feed, and the variant folders show its page, not the feed', async () => {
  builders.sources.feedOn = '/faq';
  await build();
  assert.match(await page('/faq'), /<h1>marketing m1 page \/faq<\/h1>/);
  assert.match(await fs.readFile(path.join(pagesDir, 'faq', 'rss.xml'), 'utf8'), /<rss version="2.0">/);
  const edge = JSON.parse(await fs.readFile(edgeRecordFile, 'utf8'));
  const folders = Object.values(edge.edge.notices);
  assert.ok(folders.length > 0, 'the notices have variant folders');
  for (const folder of folders) {
    assert.match(await fs.readFile(path.join(siteDir, 'variants', String(folder), 'pages', 'faq.html'), 'utf8'), /<h1>marketing m1 page \/faq<\/h1>/);
  }
});

test('a remote whose prerender fails leaves the pointer and every page unchanged', async () => {
  await build();
  const before = await snapshotLive(root);
  builders.sources.legal = 'l2';
  builders.sources.failOn = '/privacy';
  await assert.rejects(publish('legal'), /render of \/privacy failed/);
  assert.deepEqual(await snapshotLive(root), before);
  assert.deepEqual(await live(), { commerce: 'commercec1', legal: 'legall1', marketing: 'marketingm1' });
  assert.deepEqual(await leftovers(), []);
});

test('a staged release that fails its checks (remote entry missing) leaves the site unchanged', async () => {
  await build();
  const before = await snapshotLive(root);
  builders.sources.legal = 'l2';
  builders.sources.brokenEntry = true;
  await assert.rejects(publish('legal'), /legal: the remote entry its manifest names is missing/);
  assert.deepEqual(await snapshotLive(root), before);
});

test('a page that throws while rendering (React falls back to client rendering) is refused, naming the route and the error', async () => {
  await build();
  const before = await snapshotLive(root);
  builders.sources.marketing = 'm2';
  builders.sources.throwsOn = '/faq';
  await assert.rejects(publish('marketing'), (/** @type {Error} */ error) => {
    assert.match(error.message, /failed its checks/);
    assert.match(error.message, /\/faq: a component threw while rendering.*: Error: \/faq exploded while rendering/);
    return true;
  });
  assert.deepEqual(await snapshotLive(root), before);
  assert.deepEqual(await live(), { commerce: 'commercec1', legal: 'legall1', marketing: 'marketingm1' });
  assert.deepEqual(await leftovers(), []);
});

for (const { fault, expected } of [
  { fault: /** @type {const} */ ('emptyOn'), expected: /\/faq: its <main> is empty/ },
  { fault: /** @type {const} */ ('untitledOn'), expected: /\/faq: its <main> has no <h1> heading/ },
]) {
  test(`a page that renders without content is refused (${fault}), the site unchanged`, async () => {
    await build();
    const before = await snapshotLive(root);
    builders.sources.marketing = 'm2';
    builders.sources[fault] = '/faq';
    await assert.rejects(publish('marketing'), expected);
    assert.deepEqual(await snapshotLive(root), before);
  });
}

test('a route claimed by two remotes is refused before anything is rendered', async () => {
  await build();
  const before = await snapshotLive(root);
  builders.sources.legal = 'l2';
  builders.sources.routes.legal = ['/terms', '/faq'];
  await assert.rejects(publish('legal'), /route \/faq is claimed by both/);
  assert.deepEqual(await snapshotLive(root), before);
});

for (const failAt of ['pointer', 'history', 'a page half-way']) {
  test(`a failure while moving files into place (${failAt}) puts every file back`, async () => {
    await build();
    const before = await snapshotLive(root);
    builders.sources.legal = 'l2';
    let pages = 0;
    const beforeWrite = (target) => {
      // A live page (pages/…), copied by the publish after mfe/remotes.json is written.
      if (target.startsWith(pagesDir) && target.endsWith('.html')) pages += 1;
      if (failAt === 'pointer' && target === pointerFile) throw new Error('disk full');
      // The history is written with the edge record (dist/site/edge/state.json).
      if (failAt === 'history' && target === edgeRecordFile) throw new Error('disk full');
      if (failAt === 'a page half-way' && pages === 2) throw new Error('disk full');
    };
    await assert.rejects(publish('legal', { beforeWrite }), /disk full/);
    assert.deepEqual(await snapshotLive(root), before);
    assert.deepEqual(await leftovers(), []);
  });
}

test("a remote's release renders its pages again, swaps its pointer entry and records who, what, when and the build it replaced", async () => {
  await build();
  const faqBefore = await page('/faq');
  builders.sources.legal = 'l2';
  const result = await publish('legal');
  assert.deepEqual(result.pages, ['/terms', '/privacy', '/ethics']);
  assert.equal((await live()).legal, 'legall2');
  assert.match(await page('/terms'), /legal l2 page \/terms/);
  assert.match(await page('/terms'), /"buildId":"legall2"/);
  assert.equal(await page('/faq'), faqBefore, "the other remotes' pages are not rendered again");
  const last = (await readHistory()).releases.at(-1);
  assert.ok(last, 'the release is in the history');
  assert.deepEqual(
    { ...last, at: undefined, source: undefined, commit: undefined, clean: undefined },
    // A publish records its browser check: off here, for the stand-in builds (issue 39, item 1); the
    // engine's pass records the entry (from the note of the record it made current), naming the release.
    {
      app: 'legal',
      buildId: 'legall2',
      release: JSON.parse(await fs.readFile(pointerFile, 'utf8')).releases.legal,
      previous: 'legall1',
      action: 'publish',
      by: 'release-test',
      at: undefined,
      source: undefined,
      commit: undefined,
      clean: undefined,
      browserCheck: 'off (RELEASE_BROWSER_CHECK=off)',
    },
  );
  assert.match(last.commit ?? '', /^[0-9a-f]{12}$/, 'the commit the sources came from');
  assert.equal(typeof last.clean, 'boolean');
  assert.ok(Date.now() - Date.parse(last.at) < 60_000);
});

test('a remote’s release that changes a menu the header lists renders every page again, the 404 too; one that keeps it does not', async () => {
  builders.sources.menus = { '/faq': { group: 'services', label: 'Questions', order: 1 } };
  await build();
  builders.sources.marketing = 'm2';
  assert.deepEqual((await publish('marketing')).pages, ['/', '/faq'], 'the same menu: only its own pages');
  const termsBefore = await page('/terms');
  builders.sources.marketing = 'm3';
  builders.sources.menus = { '/faq': { group: 'services', label: 'Answers', order: 1 } };
  const renamed = await publish('marketing');
  assert.deepEqual([...renamed.pages].sort(), ['/', '/404', '/checkout', '/ethics', '/faq', '/privacy', '/terms']);
  assert.notEqual(await page('/terms'), termsBefore);
  assert.match(await page('/terms'), /"menu":\{"group":"services","label":"Answers","order":1\}/, 'another remote’s page embeds the new menu');
});

test('a release that drops a route removes its page and its sitemap entry', async () => {
  await build();
  builders.sources.legal = 'l2';
  builders.sources.routes.legal = ['/terms', '/privacy'];
  await publish('legal');
  await assert.rejects(page('/ethics'), { code: 'ENOENT' });
  assert.doesNotMatch(await fs.readFile(path.join(siteDir, 'sitemap.xml'), 'utf8'), /ethics/);
});

test('npm run build never moves a remote that did not change: a release and a rollback survive it', async () => {
  await build();
  // A team releases legal l2 from its own checkout; this checkout still holds l1.
  builders.sources.legal = 'l2';
  await publish('legal');
  builders.sources.legal = 'l1';
  await build();
  assert.equal((await live()).legal, 'legall2', 'a rebuild of sources that were already built does not undo the release');
  // The release is rolled back while this checkout now holds l2.
  await rollback('legal');
  assert.equal((await live()).legal, 'legall1');
  builders.sources.legal = 'l2';
  await build();
  assert.equal((await live()).legal, 'legall1', 'a rebuild does not undo the rollback');
  assert.match(await page('/terms'), /legal l1 page/);
  // New sources are a change: the build releases them.
  builders.sources.legal = 'l3';
  await build();
  assert.equal((await live()).legal, 'legall3');
  assert.deepEqual(
    (await readHistory()).releases.filter((entry) => entry.app === 'legal').map((entry) => `${entry.action} ${entry.previous}→${entry.buildId}`),
    ['build null→legall1', 'publish legall1→legall2', 'rollback legall2→legall1', 'build legall1→legall3'],
  );
});

test('the shell releases alone (every page rendered again with it) and rolls back alone', async () => {
  await build();
  builders.sources.shell = 's2';
  const result = await publishShell({ build: builders.buildShell });
  assert.equal(result.pages.length, 7);
  for (const route of ['/', '/faq', '/checkout', '/terms']) assert.match(await page(route), /shell shells2<\/header>/);
  assert.match(await fs.readFile(path.join(pagesDir, '404.html'), 'utf8'), /\/shell\/shells2\/main\.js/);
  assert.deepEqual(await live(), { commerce: 'commercec1', legal: 'legall1', marketing: 'marketingm1' }, 'no remote moves');
  await rollback('shell');
  for (const route of ['/', '/terms']) assert.match(await page(route), /shell shells1<\/header>/);
  // The live shell is the build of the shell release mfe/remotes.json names, as the publisher records it.
  assert.match(JSON.parse(await fs.readFile(pointerFile, 'utf8')).releases.shell, /^shells1-[0-9a-f]{12}$/);
  assert.equal((await liveShell())?.buildId, 'shells1');
});

test('a rollback withdraws the build it replaces: publishing the same build again is refused until the sources change, or a rollback names it', async () => {
  await build();
  builders.sources.legal = 'l2';
  await publish('legal');
  await rollback('legal', undefined, { why: 'terms page broken' });
  assert.equal((await live()).legal, 'legall1');
  assert.deepEqual(
    (await knownBuilds('legal')).map((entry) => [entry.buildId, entry.withdrawn?.rolledBackTo ?? null, entry.withdrawn?.why ?? null]),
    [
      ['legall2', 'legall1', 'terms page broken'],
      ['legall1', null, null],
    ],
  );

  // The same sources are the same build: refused, with who withdrew it, when and why; nothing moves.
  const before = await snapshotLive(root);
  await assert.rejects(publish('legal'), (/** @type {any} */ error) => {
    assert.equal(error.name, 'ReleaseError');
    assert.match(error.message, /^Build legall2 of legal was withdrawn by a rollback to legall1 on \S+ by release-test \(why: terms page broken\), so it is not released again/);
    assert.match(error.message, /npm run release -- rollback legal legall2/);
    return true;
  });
  assert.deepEqual(await snapshotLive(root), before);
  assert.equal((await knownBuilds('legal')).find((entry) => entry.buildId === 'legall2')?.refused, null, 'withdrawn, not refused: still a rollback target');

  // Named in a rollback, it goes live on purpose (and the build it replaces is withdrawn in turn).
  await rollback('legal', 'legall2');
  assert.equal((await live()).legal, 'legall2');
  assert.deepEqual(
    (await knownBuilds('legal')).map((entry) => [entry.buildId, entry.withdrawn?.rolledBackTo ?? null]),
    [
      ['legall2', null],
      ['legall1', 'legall2'],
    ],
  );
  // New sources are a new build, released as usual.
  builders.sources.legal = 'l3';
  await publish('legal');
  assert.equal((await live()).legal, 'legall3');
});

test('a shell rollback restores the older shell’s not-found page and a remote rollback the discovery files of the routes it brings back', async () => {
  await build();
  const notFound = () => fs.readFile(path.join(pagesDir, '404.html'), 'utf8');
  const discovery = async () =>
    Object.fromEntries(await Promise.all(['sitemap.xml', 'robots.txt', 'llms.txt'].map(async (file) => [file, await fs.readFile(path.join(siteDir, file), 'utf8')])));
  const notFoundBefore = await notFound();
  const discoveryBefore = await discovery();

  builders.sources.shell = 's2';
  await publishShell({ build: builders.buildShell });
  assert.notEqual(await notFound(), notFoundBefore);
  await rollback('shell');
  assert.equal(await notFound(), notFoundBefore);

  builders.sources.legal = 'l2';
  builders.sources.routes.legal = ['/terms', '/privacy'];
  await publish('legal');
  assert.doesNotMatch((await discovery())['sitemap.xml'], /ethics/);
  await rollback('legal');
  assert.deepEqual(await discovery(), discoveryBefore);
});

test('a rollback needs no saved remotes.json: by build id, to any kept build; an unknown id lists the known ones', async () => {
  await build();
  for (const version of ['l2', 'l3']) {
    builders.sources.legal = version;
    await publish('legal');
  }
  await rollback('legal', 'legall1');
  assert.equal((await live()).legal, 'legall1');
  assert.match(await page('/privacy'), /legal l1 page/);
  await assert.rejects(rollback('legal', 'legall9'), /No build legall9 of legal\. Known builds, newest first: legall3, legall2, legall1/);
  await assert.rejects(rollback('legal', '../../etc'), /No build \.\.\/\.\.\/etc of legal/);
  await assert.rejects(rollback('payments'), /Unknown app "payments"/);
});

test('known builds are listed newest first, the live one marked', async () => {
  await build();
  for (const version of ['l2', 'l3']) {
    builders.sources.legal = version;
    await publish('legal');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  await rollback('legal', 'legall2');
  const builds = await knownBuilds('legal');
  assert.deepEqual(
    builds.map((entry) => `${entry.buildId}${entry.live ? '*' : ''}`),
    ['legall3', 'legall2*', 'legall1'],
  );
});

test('one release at a time: a second one waits for the first, saying so, or gives up after its wait; a lock left by a dead process, or copied with its dist/ from another folder, is taken over', async () => {
  await build();
  const before = await snapshotLive(root);
  builders.sources.legal = 'l2';
  // A process that is running (this one's parent) holds the lock: a release that may wait 0.3 s gives up.
  await fs.writeFile(path.join(root, '.release.lock'), String(process.ppid));
  const { lock } = await import('../lib/release/lock.mjs');
  const said = [];
  await assert.rejects(lock({ waitMs: 300, log: (line) => said.push(line) }), /Another release is running \(process \d+\); waited 0 s for it\. The live site is unchanged/);
  assert.deepEqual(said, [`Another release is running (process ${process.ppid}): waiting for it to finish (up to 0 s)…`]);
  assert.deepEqual(await snapshotLive(root), before);
  // Another release that finishes in a second: this one waits for it, then goes live.
  const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 1000)'], { stdio: 'ignore' });
  await fs.writeFile(path.join(root, '.release.lock'), String(other.pid));
  const started = Date.now();
  await publish('legal');
  assert.ok(Date.now() - started >= 500, `waited ${Date.now() - started} ms`);
  assert.equal((await live()).legal, 'legall2');
  builders.sources.legal = 'l3';
  // A crashed release left its lock behind: its process is gone.
  await fs.writeFile(path.join(root, '.release.lock'), '2147483646');
  await publish('legal');
  assert.equal((await live()).legal, 'legall3');
  await assert.rejects(fs.access(path.join(root, '.release.lock')), { code: 'ENOENT' });
  // A lock copied with its dist/ while another folder's release holds it (the local server's watch holds
  // its dist/'s lock for a moment every few seconds): it does not hold the copy.
  const otherDist = await fs.mkdtemp(path.join(os.tmpdir(), 'kesho-other-dist-'));
  const holding = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      `const { lock } = await import(${JSON.stringify(new URL('../lib/release/lock.mjs', import.meta.url).href)}); await lock(); console.log('locked'); setTimeout(() => {}, 60_000);`,
    ],
    { env: { ...process.env, KESHO_DIST_DIR: otherDist }, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  try {
    await new Promise((resolve, reject) => {
      holding.stdout.on('data', (chunk) => String(chunk).includes('locked') && resolve(undefined));
      holding.on('exit', (code) => reject(new Error(`the holding process exited (${code})`)));
    });
    await fs.copyFile(path.join(otherDist, '.release.lock'), path.join(root, '.release.lock'));
    const waited = [];
    const unlock = await lock({ waitMs: 1_000, log: (line) => waited.push(line) });
    assert.deepEqual(waited, [], 'a copied lock was waited on');
    await unlock();
    await fs.access(path.join(otherDist, '.release.lock'));
  } finally {
    holding.kill();
    await fs.rm(otherDist, { recursive: true, force: true });
  }
});

test('the history is kept in the edge record (dist/site/edge/state.json, as edge/state.json in AWS), the builds made in dist/builds-made.json; a dist/ whose record is still dist/edge-state.json, or whose history is still in releases.json, keeps them, moved at its next release', async () => {
  await build();
  const record = JSON.parse(await fs.readFile(edgeRecordFile, 'utf8'));
  const entries = (history) => history.map((entry) => `${entry.action} ${entry.app} ${entry.buildId}`);
  // Recorded by the engine's pass, in the order it publishes: the shell, then the remotes by name.
  assert.deepEqual(entries(record.history), ['build shell shells1', 'build commerce commercec1', 'build legal legall1', 'build marketing marketingm1']);
  assert.equal(record.built, undefined, 'the builds made are not the edge record');
  const { built } = JSON.parse(await fs.readFile(path.join(root, 'builds-made.json'), 'utf8'));
  assert.deepEqual(Object.keys(built).sort(), ['commerce', 'legal', 'marketing', 'shell']);
  await assert.rejects(fs.access(path.join(root, 'releases.json')), 'no second history');
  await assert.rejects(fs.access(path.join(root, 'edge-state.json')), 'no second record');
  // Never served: the publisher's own object.
  assert.ok((await fs.readdir(siteDir)).includes('edge'));

  // A dist/ released before the record lived in the store: dist/edge-state.json, the builds made in it.
  await fs.writeFile(path.join(root, 'edge-state.json'), JSON.stringify({ ...record, built }));
  await fs.rm(path.join(siteDir, 'edge'), { recursive: true });
  await fs.rm(path.join(root, 'builds-made.json'));
  assert.deepEqual((await readHistory()).releases, record.history);
  assert.deepEqual((await readHistory()).builds, built);
  builders.sources.legal = 'l2';
  await publish('legal');
  const moved = JSON.parse(await fs.readFile(edgeRecordFile, 'utf8'));
  assert.deepEqual(entries(moved.history), [...entries(record.history), 'publish legal legall2']);
  await assert.rejects(fs.access(path.join(root, 'edge-state.json')), 'moved into the store');
  const builtNow = JSON.parse(await fs.readFile(path.join(root, 'builds-made.json'), 'utf8')).built;
  assert.deepEqual(
    builtNow.legal.map((entry) => entry.buildId),
    ['legall1', 'legall2'],
  );

  // Before that: its history in releases.json, none in the record.
  const { history, ...withoutHistory } = moved;
  await fs.writeFile(path.join(root, 'releases.json'), JSON.stringify({ releases: history, builds: builtNow }));
  await fs.writeFile(path.join(root, 'edge-state.json'), JSON.stringify(withoutHistory));
  await fs.rm(path.join(siteDir, 'edge'), { recursive: true });
  await fs.rm(path.join(root, 'builds-made.json'));
  assert.deepEqual((await readHistory()).releases, history);
  builders.sources.legal = 'l3';
  await publish('legal');
  assert.deepEqual(entries((await readHistory()).releases), [...entries(history), 'publish legal legall3']);
  await assert.rejects(fs.access(path.join(root, 'releases.json')), 'moved into the record');
  await assert.rejects(fs.access(path.join(root, 'edge-state.json')), 'moved into the store');
  await rollback('legal');
  assert.equal((await live()).legal, 'legall2');
});

test('a dist/ released before the releases lived in its store (a pointer document and pages, no records) keeps every app live at its next release', async () => {
  await build();
  // As the engine before issue 38 left it: no snapshots, no current records, the document without releases, the live shell in ssr/shell/current.json.
  const shellRecord = await liveShell();
  await fs.rm(path.join(siteDir, 'releases'), { recursive: true });
  await fs.rm(path.join(siteDir, 'mfe', 'pointers'), { recursive: true });
  const { remotes } = JSON.parse(await fs.readFile(pointerFile, 'utf8'));
  await fs.writeFile(pointerFile, JSON.stringify({ remotes }));
  await fs.writeFile(path.join(root, 'ssr', 'shell', 'current.json'), JSON.stringify(shellRecord));
  assert.equal((await liveShell())?.buildId, 'shells1', 'the live shell read from its former file');
  const faqBefore = await page('/faq');

  builders.sources.legal = 'l2';
  await publish('legal');
  assert.deepEqual(await live(), { commerce: 'commercec1', legal: 'legall2', marketing: 'marketingm1' }, 'the other apps stay live');
  assert.equal(await page('/faq'), faqBefore, "marketing's pages as they were");
  assert.match(await page('/terms'), /legal l2 page/);
  // Its live site became releases first (adopted from its live pages), then the release went on as any.
  const published = JSON.parse(await fs.readFile(pointerFile, 'utf8')).releases;
  assert.deepEqual(Object.keys(published).sort(), ['commerce', 'legal', 'marketing', 'shell']);
  assert.match(published.legal, /^legall2-/);
  assert.equal((await liveShell())?.buildId, 'shells1');
  await rollback('legal');
  assert.equal((await live()).legal, 'legall1');
  assert.match(await page('/terms'), /legal l1 page/);
});
