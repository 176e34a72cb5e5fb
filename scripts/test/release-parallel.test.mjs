/**
 * Two teams releasing at the same moment, as they do it: `release.mjs` commands run as separate
 * processes on one scratch dist/ with real builds, each judged by what a team sees (exit codes, the
 * command's own lines, `release -- list`) and what the site serves (the local site server on a free
 * port: `/mfe/remotes.json`, every page of the released routes, every file those pages name).
 *
 * - Marketing and legal each publish a changed source at once (the trial: marketing crashed 3 of 4
 *   tries on a staging folder the other's clean-up removed): both build at the same time, both land.
 * - Marketing and legal each put another build live at once (rollbacks: no build before the release,
 *   so both ask for the release at the same instant): both land, each recorded with the build it
 *   replaced, neither undoing the other.
 * - Two rollbacks of marketing to two different builds at once: the one that finds the other's release
 *   under way waits for it, then releases on top of it (its history entry and its own line name the
 *   other's build as the one it replaced), and its build is the one live; no lost update, no entry for
 *   a release that did not happen.
 * - A canary of legal promoted while marketing rolls back: both land, and a visitor in the canary's share
 *   and a first visit get the promoted build with the new marketing; `list` shows no canary.
 * The three last hold only if the releases really contended: one process said it was waiting for the
 * other's process while the other's release had not yet finished (its line arrived before the other
 * printed its outcome). A pair that did not contend is run again, up to three times; then the test fails.
 * With the lock made a no-op, each of them fails (a lost update of the pointer document or the history,
 * or a command crashing on the other's clean-up).
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { test } from 'node:test';
import { NODE_TS_OPTIONS } from '../lib/node-ts.mjs';
import { repoRoot } from '../lib/repo-root.mjs';
import { textVariant } from '../lib/text-variant.mjs';
import { POINTERS_ELEMENT_ID } from '../../shell/src/server/documentIds.ts';
import { BUCKET_COOKIE, BUCKETS, inCanary } from '@kesho/release-model/build-choice';

const root = await fs.mkdtemp(path.join(os.tmpdir(), 'kesho-parallel-'));
process.env.KESHO_DIST_DIR = root;
process.env.NODE_ENV = 'production';
// A real browser per release would make each round a minute; the browser check has its own test
// (release-browser-check.test.mjs), and e2e releases with it off too.
process.env.RELEASE_BROWSER_CHECK = 'off';
const { buildRemote, buildShell, cleanStaging } = await import('../lib/build-apps.mjs');
const { publishCanary, release } = await import('../lib/release-engine.mjs');
const { edgeKeyValueFile, siteDir } = await import('../lib/paths.mjs');
const { createSiteServer } = await import('../../local-server/src/site-server.ts');

/**
 * The text each build of a remote shows on one of its routes: the checkout's, or a variant's with its number in it.
 * @type {Record<string, { file: string, route: string, text: string, variant: (n: number) => string }>}
 */
const TEXTS = {
  marketing: {
    file: path.join(repoRoot, 'mfe-marketing', 'src', 'content', 'about.ts'),
    route: '/about',
    text: 'is a Nairobi study-abroad consultancy built on',
    variant: (n) => `is a Nairobi study-abroad consultancy (parallel build ${n}) built on`,
  },
  legal: {
    file: path.join(repoRoot, 'mfe-legal', 'src', 'content', 'ethics.ts'),
    route: '/ethics',
    text: 'Every application we help with must be honest.',
    variant: (n) => `Every application we help with must be honest (parallel build ${n}).`,
  },
};
/** @type {Map<string, string>} the text each build of marketing and legal shows on its route, by "<app> <build>" */
const shows = new Map();

const server = createSiteServer({ siteDir, buildChoice: { edgeKeyValueFile } });
await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
const address = server.address();
const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
test.after(async () => {
  await new Promise((resolve) => server.close(() => resolve(undefined)));
  await fs.rm(root, { recursive: true, force: true });
});

/**
 * @typedef {{ at: number, text: string }} Line
 * @typedef {{ label: string, args: string[], pid: number, started: number, ended: number, code: number | null, stdout: string, stderr: string, lines: Line[] }} Run
 */

const script = path.join(import.meta.dirname, '..', 'release.mjs');
/**
 * One release command as a team runs it, every line of its output timed as it arrives.
 * @param {string} by who releases (RELEASED_BY) @param {string[]} args
 * @returns {Promise<Run>}
 */
function run(by, ...args) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [...NODE_TS_OPTIONS, script, ...args], { env: { ...process.env, KESHO_DIST_DIR: root, RELEASED_BY: by } });
    /** @type {Line[]} */
    const lines = [];
    let stdout = '';
    let stderr = '';
    readline.createInterface({ input: child.stdout }).on('line', (text) => {
      lines.push({ at: performance.now(), text });
      stdout += `${text}\n`;
    });
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ label: `${by}: release ${args.join(' ')}`, args, pid: child.pid ?? 0, started, ended: performance.now(), code, stdout, stderr, lines }));
  });
}

/** The line a command prints when it has changed the site ("legal released: …", "… rolled back: …", "… canary aborted: …"). @param {Run} run */
const outcomeLine = (run) => run.lines.find((line) => /^\w+ (released|rolled back|promoted|canary aborted): /.test(line.text));

/**
 * Did `waiter` find `holder`'s release under way? It said it was waiting for `holder`'s process
 * before `holder` printed its outcome (the release itself, not the clean-up after it).
 * @param {Run} waiter @param {Run} holder
 */
function waitedFor(waiter, holder) {
  const waiting = waiter.lines.find((line) => new RegExp(`Another release is running \\(process ${holder.pid}\\): waiting for it to finish`).test(line.text));
  const done = outcomeLine(holder);
  return Boolean(waiting && done && waiting.at < done.at);
}

/** @param {Run} run */
const describeRun = (run) => `${run.label} (pid ${run.pid}, exit ${run.code}):\n${run.stdout}${run.stderr}`;

/** @param {Run} run */
function succeeded(run) {
  assert.equal(run.code, 0, describeRun(run));
  assert.equal(run.stderr, '', describeRun(run));
}

/** Who ran a command (its RELEASED_BY). @param {Run} run */
const who = (run) => run.label.split(':')[0];

/**
 * The history as `release -- list` prints it, newest first: action, app, build, the build it replaced, who.
 * @returns {Promise<{ action: string, app: string, buildId: string, previous: string, by: string }[]>}
 */
async function history() {
  const listed = await run('test', 'list');
  succeeded(listed);
  const section = listed.stdout.slice(0, listed.stdout.indexOf('Builds of '));
  return [...section.matchAll(/^ {2}\S+ {2}(\w+) +(\w+) +(\S+) .*\(was (\S+)\) +by ([^,]+),/gm)].map(([, action, app, buildId, previous, by]) => ({
    action: action ?? '',
    app: app ?? '',
    buildId: buildId ?? '',
    previous: previous ?? '',
    by: by ?? '',
  }));
}

/**
 * The entries `release -- list` shows now and did not show at `before`, newest first; the older ones
 * are unchanged.
 * @param {Awaited<ReturnType<typeof history>>} before
 */
async function addedSince(before) {
  const now = await history();
  const added = now.length - before.length;
  assert.ok(added >= 0, 'entries were lost from the history');
  assert.deepEqual(now.slice(added), before, 'the history before these releases changed');
  return now.slice(0, added);
}

/** A bucket (0–9999) in legal's canary at 50 %: the visitor every page is asked for is in it. */
const canaryBucket = Array.from({ length: BUCKETS }, (_, bucket) => bucket).find((bucket) => inCanary(bucket, 'legal', 50));

/**
 * A request of a returning visitor in `canaryBucket` (a canary of legal, when one runs, is what it gets),
 * or of a first visit (no bucket yet: the live site, whatever runs).
 * @param {string} url @param {{ firstVisit?: boolean }} [options]
 */
async function get(url, { firstVisit = false } = {}) {
  const response = await fetch(`${origin}${url}`, firstVisit ? {} : { headers: { cookie: `${BUCKET_COOKIE}=${canaryBucket}` } });
  return { status: response.status, body: await response.text() };
}

/** The live builds of marketing and legal, as the site serves them. */
async function servedBuilds() {
  const { status, body } = await get('/mfe/remotes.json', { firstVisit: true });
  assert.equal(status, 200);
  const pointers = JSON.parse(body);
  return Object.fromEntries(pointers.remotes.map((remote) => [remote.name, remote.buildId]));
}

/**
 * What a visitor gets (one in legal's canary, if one runs) is the expected build of each app, whole: `/mfe/remotes.json` names them, and
 * every page of each app's routes is a whole document embedding a pointer document that names the
 * app's build, naming only files the site serves, and showing the build's own text.
 * @param {Record<string, string>} expected the build of each app
 */
async function assertServed(expected) {
  const { body } = await get('/mfe/remotes.json');
  const pointers = JSON.parse(body);
  let texts = 0;
  for (const [app, buildId] of Object.entries(expected)) {
    const remote = pointers.remotes.find((entry) => entry.name === app);
    assert.equal(remote?.buildId, buildId, `/mfe/remotes.json names ${app} ${remote?.buildId}, not ${buildId}`);
    for (const { path: route } of remote.routes) {
      const page = await get(route);
      assert.equal(page.status, 200, route);
      assert.ok(page.body.startsWith('<!doctype html>') && page.body.trimEnd().endsWith('</html>'), `${route} is not a whole document`);
      const embedded = page.body.match(new RegExp(`<script type="application/json" id="${POINTERS_ELEMENT_ID}">([^<]*)</script>`))?.[1];
      assert.ok(embedded, `${route} embeds no pointer document`);
      assert.equal(JSON.parse(embedded).remotes.find((entry) => entry.name === app)?.buildId, buildId, `${route} embeds another build of ${app}`);
      const named = [...page.body.matchAll(/(?:src|href)="(\/(?:shell|mfe)\/[^"]+)"/g)].map(([, url]) => url ?? '');
      assert.ok(
        named.some((url) => url.startsWith(`/mfe/${app}/${buildId}/`)),
        `${route} names no file of ${app} ${buildId}`,
      );
      for (const url of named) {
        if (url.startsWith(`/mfe/${app}/`)) assert.ok(url.startsWith(`/mfe/${app}/${buildId}/`), `${route} names ${url}, of another build of ${app}`);
        assert.equal((await get(url)).status, 200, `${route} names ${url}, which the site does not serve`);
      }
      if (route === TEXTS[app]?.route) {
        texts += 1;
        assert.ok(page.body.includes(shows.get(`${app} ${buildId}`) ?? '(a build not made here)'), `${route} does not show the text of ${app} ${buildId}`);
      }
    }
  }
  assert.equal(texts, Object.keys(expected).length, 'a page showing the build of each app was checked');
  // Nothing half-done is left beside the site once both commands have exited: nothing hidden in dist/,
  // such as a lock or a staging folder (this process's own staging folder, from the setup's builds, aside).
  const hidden = (await fs.readdir(root)).filter((entry) => entry.startsWith('.'));
  for (const entry of hidden) {
    assert.equal(entry, '.staging', `${entry} was left in dist/`);
    assert.deepEqual(
      (await fs.readdir(path.join(root, entry))).filter((folder) => folder !== String(process.pid)),
      [],
      'a staging folder was left in dist/',
    );
  }
}

/**
 * Runs two commands at once, again (up to three times in all) until they contended: one said it was
 * waiting for the other's release. `pair` makes the two runs for the live builds of the attempt;
 * `check` asserts the outcome of each attempt, whoever won.
 * `prepare` sets up each attempt first (its releases are not the pair's).
 * @param {string} what
 * @param {{ prepare?: (attempt: number) => Promise<void>,
 *   pair: (live: Record<string, string>, attempt: number) => Promise<Run>[],
 *   check: (runs: { first: Run, second: Run, live: Record<string, string>, before: Awaited<ReturnType<typeof history>> }) => Promise<void> }} steps
 */
async function contend(what, { prepare, pair, check }) {
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    await prepare?.(attempt);
    const live = await servedBuilds();
    const before = await history();
    const [a, b] = await Promise.all(pair(live, attempt));
    assert.ok(a && b);
    // The one that waited released second; without a wait, the one that finished its release first.
    const [first, second] = waitedFor(a, b) ? [b, a] : waitedFor(b, a) ? [a, b] : (outcomeLine(a)?.at ?? 0) <= (outcomeLine(b)?.at ?? 0) ? [a, b] : [b, a];
    await check({ first, second, live, before });
    if (waitedFor(second, first)) {
      console.log(`${what}: contended on attempt ${attempt} (${second.label} waited for ${first.label})`);
      return;
    }
    console.log(`${what}: attempt ${attempt} did not contend:\n${describeRun(a)}\n${describeRun(b)}`);
  }
  assert.fail(`${what}: in three attempts the two releases never contended (neither said it was waiting for the other's release), so this test proved nothing about two releases at once`);
}

/** A build of a remote whose text carries `n`. @param {'marketing' | 'legal'} app @param {number} n */
async function variantBuild(app, n) {
  const { file, text, variant } = TEXTS[app] ?? assert.fail(app);
  const { pointer } = await buildRemote(app, { configure: textVariant(file, text, variant(n)) });
  shows.set(`${app} ${pointer.buildId}`, variant(n));
  return pointer;
}

/** @type {import('../lib/release-engine.mjs').RemotePointer | undefined} */
let canaryBuild;

/** The builds of each app made here, by number (0: the checkout's, which the first test's `publish` builds). */
const builds = { marketing: /** @type {string[]} */ ([]), legal: /** @type {string[]} */ ([]) };

test.before(async () => {
  await cleanStaging();
  const shell = await buildShell();
  /** @type {import('../lib/release-engine.mjs').RemotePointer[]} */
  const remotes = [];
  // Live: build 1 of each, so that the checkout's sources are a change; builds 2 (and marketing's 3,
  // so that each test has two builds of marketing to put live without the first's) are kept.
  for (const [app, count] of /** @type {const} */ ([
    ['marketing', 3],
    ['legal', 2],
  ])) {
    for (let n = 1; n <= count; n += 1) {
      const pointer = await variantBuild(app, n);
      builds[app][n] = pointer.buildId;
      if (n === 1) remotes.push(pointer);
    }
  }
  // A build of legal that only ever runs as a canary (never live, so no rollback withdraws it).
  canaryBuild = await variantBuild('legal', 3);
  await release({ remotes, shell, action: 'build', built: { shell: shell.buildId, marketing: builds.marketing[1] ?? '', legal: builds.legal[1] ?? '' } });
  await assertServed({ marketing: builds.marketing[1] ?? '', legal: builds.legal[1] ?? '' });
});

test('marketing and legal each publish a changed source at the same moment: both build at once, and both land', async () => {
  const live = await servedBuilds();
  const before = await history();
  const [marketing, legal] = await Promise.all([run('team-marketing', 'publish', 'marketing'), run('team-legal', 'publish', 'legal')]);
  for (const published of [marketing, legal]) succeeded(published);
  // Both ran at the same time: each started before the other ended.
  assert.ok(marketing.started < legal.ended && legal.started < marketing.ended);
  for (const [app, published] of /** @type {const} */ ([
    ['marketing', marketing],
    ['legal', legal],
  ])) {
    // A real release of the checkout's build over the live variant, not "nothing changed".
    const released = published.stdout.match(new RegExp(`^${app} released: ${app} ${live[app]} → (\\w+); pages rendered: /`, 'm'))?.[1];
    assert.ok(released && !builds[app].includes(released), describeRun(published));
    builds[app][0] = released;
    shows.set(`${app} ${released}`, TEXTS[app]?.text ?? '');
  }
  assert.deepEqual(
    (await addedSince(before)).sort((x, y) => x.app.localeCompare(y.app)),
    [
      { action: 'publish', app: 'legal', buildId: builds.legal[0], previous: live.legal, by: 'team-legal' },
      { action: 'publish', app: 'marketing', buildId: builds.marketing[0], previous: live.marketing, by: 'team-marketing' },
    ],
  );
  await assertServed({ marketing: builds.marketing[0] ?? '', legal: builds.legal[0] ?? '' });
  const contended = waitedFor(marketing, legal) || waitedFor(legal, marketing);
  console.log(
    `publish marketing and publish legal: ${((Math.min(marketing.ended, legal.ended) - Math.max(marketing.started, legal.started)) / 1000).toFixed(1)} s at once; ${contended ? 'one release waited for the other' : "neither release waited for the other's"}`,
  );
});

/** A kept build of `app` that is not `live` (nor `not`), the next in turn for `attempt`. */
const otherBuild = (app, live, attempt, not = '') => {
  const candidates = builds[app].filter((buildId) => buildId && buildId !== live && buildId !== not);
  return candidates[attempt % candidates.length] ?? '';
};

test('marketing and legal each put another build live at the same moment: both land, neither undoing the other', async () => {
  await contend('rollback marketing and rollback legal', {
    pair: (live, attempt) => [
      run('team-marketing', 'rollback', 'marketing', otherBuild('marketing', live.marketing, attempt), '--why', `parallel attempt ${attempt}`),
      run('team-legal', 'rollback', 'legal', otherBuild('legal', live.legal, attempt), '--why', `parallel attempt ${attempt}`),
    ],
    check: async ({ first, second, live, before }) => {
      for (const done of [first, second]) succeeded(done);
      /** @type {Record<string, string>} */
      const target = {};
      for (const done of [first, second]) {
        const app = done.args[1] ?? '';
        target[app] = done.args[2] ?? '';
        // Each replaced the build live before both, whatever the order: they are different apps.
        assert.match(done.stdout, new RegExp(`^${app} rolled back: ${app} ${live[app]} → ${target[app]}; pages rendered: /`, 'm'), describeRun(done));
      }
      assert.deepEqual(await addedSince(before), [
        { action: 'rollback', app: second.args[1], buildId: target[second.args[1] ?? ''], previous: live[second.args[1] ?? ''], by: `team-${second.args[1]}` },
        { action: 'rollback', app: first.args[1], buildId: target[first.args[1] ?? ''], previous: live[first.args[1] ?? ''], by: `team-${first.args[1]}` },
      ]);
      await assertServed(target);
    },
  });
});

test('two rollbacks of marketing to different builds at the same moment: the later waits, then releases on top; one build live, every entry true', async () => {
  await contend('two rollbacks of marketing', {
    pair: (live, attempt) => {
      const one = otherBuild('marketing', live.marketing, attempt);
      const other = otherBuild('marketing', live.marketing, attempt + 1, one);
      return [run('team-a', 'rollback', 'marketing', one, '--why', `parallel attempt ${attempt}`), run('team-b', 'rollback', 'marketing', other, '--why', `parallel attempt ${attempt}`)];
    },
    check: async ({ first, second, live, before }) => {
      for (const done of [first, second]) succeeded(done);
      const [firstTarget, secondTarget] = [first.args[2] ?? '', second.args[2] ?? ''];
      assert.notEqual(firstTarget, secondTarget);
      // The first replaced the build live before both; the second replaced the first's, not the same one again.
      assert.match(first.stdout, new RegExp(`^marketing rolled back: marketing ${live.marketing} → ${firstTarget};`, 'm'), describeRun(first));
      assert.match(second.stdout, new RegExp(`^marketing rolled back: marketing ${firstTarget} → ${secondTarget};`, 'm'), describeRun(second));
      assert.deepEqual(await addedSince(before), [
        { action: 'rollback', app: 'marketing', buildId: secondTarget, previous: firstTarget, by: who(second) },
        { action: 'rollback', app: 'marketing', buildId: firstTarget, previous: live.marketing, by: who(first) },
      ]);
      // The second's build is live, and legal untouched.
      await assertServed({ marketing: secondTarget, legal: live.legal ?? '' });
    },
  });
});

test("legal's canary promoted while marketing rolls back, at the same moment: both land, and every visitor gets the promoted build", async () => {
  const { readJson } = await import('../lib/compile.mjs');
  const { buildRecordFileOf } = await import('../lib/paths.mjs');
  /** The build of legal each attempt's canary runs: first one never live; then the build the last promotion replaced. */
  let canary = canaryBuild ?? assert.fail('the setup made no canary build');
  await contend("promote legal's canary and rollback marketing", {
    // A canary of legal for half the visitors, the one every page here is asked for among them.
    prepare: async () => {
      await publishCanary('legal', 50, { build: async () => ({ pointer: canary }) });
      assert.ok((await get(TEXTS.legal?.route ?? '')).body.includes(shows.get(`legal ${canary.buildId}`) ?? '(unknown)'), "the canary's visitor does not get its build");
    },
    pair: (live, attempt) => [
      run('team-legal', 'promote', 'legal', '--why', `parallel attempt ${attempt}`),
      run('team-marketing', 'rollback', 'marketing', otherBuild('marketing', live.marketing, attempt), '--why', `parallel attempt ${attempt}`),
    ],
    check: async ({ first, second, live, before }) => {
      for (const done of [first, second]) succeeded(done);
      const [promoted, rolledBack] = first.args[0] === 'promote' ? [first, second] : [second, first];
      const target = rolledBack.args[2] ?? '';
      assert.match(promoted.stdout, new RegExp(`^legal promoted: legal ${live.legal} → ${canary.buildId}; pages rendered: /`, 'm'), describeRun(promoted));
      assert.match(rolledBack.stdout, new RegExp(`^marketing rolled back: marketing ${live.marketing} → ${target}; pages rendered: /`, 'm'), describeRun(rolledBack));
      const entries = {
        promote: { action: 'promote', app: 'legal', buildId: canary.buildId, previous: live.legal, by: 'team-legal' },
        rollback: { action: 'rollback', app: 'marketing', buildId: target, previous: live.marketing, by: 'team-marketing' },
      };
      assert.deepEqual(await addedSince(before), [entries[/** @type {'promote' | 'rollback'} */ (second.args[0])], entries[/** @type {'promote' | 'rollback'} */ (first.args[0])]]);
      // The canary's visitor and a first visit both get the promoted legal, with the new marketing; `list` shows no canary running.
      await assertServed({ marketing: target, legal: canary.buildId });
      assert.deepEqual(await servedBuilds(), { marketing: target, legal: canary.buildId });
      const listed = await run('test', 'list', 'legal');
      succeeded(listed);
      assert.doesNotMatch(listed.stdout, /\(canary for /);
      canary = (await readJson(buildRecordFileOf('legal', live.legal ?? ''))).pointer;
    },
  });
});
