/**
 * A real browser before going live (issue 39, item 1), with real builds in a scratch dist/: the
 * trial's marketing build whose About page throws in a useEffect (prerendering fine, broken once the
 * page runs) is refused, as a publish and as a canary, naming /about and the error with its source
 * line, and the site stays as it was; a build that works is published, the history recording what
 * the check saw. Chromium is CHROMIUM_PATH (lib/chromium.mjs).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { repoRoot } from '../lib/repo-root.mjs';
import { textVariant } from '../lib/text-variant.mjs';

const root = await fs.mkdtemp(path.join(os.tmpdir(), 'kesho-browser-check-'));
process.env.KESHO_DIST_DIR = root;
process.env.RELEASED_BY = 'browser-check-test';
process.env.NODE_ENV = 'production';
delete process.env.RELEASE_BROWSER_CHECK;
const { buildRemote, buildShell, cleanStaging } = await import('../lib/build-apps.mjs');
const { publishCanary, publishRemote, readHistory, release, stagePreview } = await import('../lib/release-engine.mjs');
const { edgeKeyValueFile, edgeRecordFile, pointerFile, siteDir } = await import('../lib/paths.mjs');
const { previewLinkProblems } = await import('../lib/release/browser-check.mjs');
const { previewLink } = await import('../lib/release/preview-link.mjs');
const { readLocalSettings } = await import('../lib/local-config.mjs');
const { createSiteServer } = await import('../../local-server/src/site-server.ts');
test.after(() => fs.rm(root, { recursive: true, force: true }));

const aboutSource = path.join(repoRoot, 'mfe-marketing/src/pages/AboutPage.tsx');
const anchor = 'export default function AboutPage() {';
const anchorLine = (await fs.readFile(aboutSource, 'utf8')).split('\n').findIndex((line) => line === anchor) + 1;
/** The trial: the About page throws in an effect, after it rendered (its prerender is fine). The throw is 3 lines below the anchor's line. */
const throwsInEffect = textVariant(
  aboutSource,
  anchor,
  `import { useEffect as useTrialEffect } from 'react';\n${anchor}\n  useTrialEffect(() => {\n    throw new Error('The About page broke in the browser');\n  }, []);`,
);
const throwLine = anchorLine + 3;
/**
 * The trial's build, made once: the publish, the canary and the preview below release the same build,
 * as a rebuild of the same sources would give it (the same build id, lib/compile.mjs contentId), without
 * paying for the webpack build of marketing three times.
 */
let trialBuild;
/** @param {string} name */
const buildTheTrial = (name) => (trialBuild ??= buildRemote(name, { configure: throwsInEffect }));

let live;
let firstRefusal = true;
test.before(async () => {
  await cleanStaging();
  const shell = await buildShell();
  const { pointer } = await buildRemote('marketing');
  await release({ remotes: [pointer], shell, action: 'build', built: { shell: shell.buildId, marketing: pointer.buildId } });
  live = { pointers: await fs.readFile(pointerFile, 'utf8'), edge: await fs.readFile(edgeRecordFile, 'utf8') };
});

/** @param {Error} error */
const namesTheTrial = (error) => {
  assert.equal(error.name, 'RefusedError', error.stack);
  if (firstRefusal) console.log(error.message);
  firstRefusal = false;
  assert.match(error.message, /The release failed in a browser/);
  assert.match(error.message, /\/about \(loaded\): (error screen|console error|uncaught error)/);
  assert.match(error.message, /The About page broke in the browser/);
  assert.match(error.message, new RegExp(`mfe-marketing/src/pages/AboutPage\\.tsx:${throwLine}:\\d+`));
  return true;
};

test('the About page that throws in a useEffect is refused at publish, naming /about and the source line; the site stays', async () => {
  const started = Date.now();
  await assert.rejects(publishRemote('marketing', { build: buildTheTrial }), namesTheTrial);
  console.log(`refused publish, build and check: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  assert.equal(await fs.readFile(pointerFile, 'utf8'), live.pointers);
});

test('the same build as a canary is refused too, before any visitor gets it', async () => {
  await assert.rejects(publishCanary('marketing', 10, { build: buildTheTrial }), namesTheTrial);
  assert.equal(await fs.readFile(edgeRecordFile, 'utf8'), live.edge);
  assert.equal(await fs.readFile(pointerFile, 'utf8'), live.pointers);
});

test('a build that works goes live, with what the browser check saw in its history row', async () => {
  const changed = textVariant(aboutSource, anchor, `${anchor}\n  const trialNote = 'checked';\n  void trialNote;`);
  const result = await publishRemote('marketing', { build: (name) => buildRemote(name, { configure: changed }) });
  const entry = result.entries.find((row) => row.action === 'publish');
  assert.ok(entry, JSON.stringify(result.entries));
  assert.match(entry.browserCheck ?? '', /^\d+ page views in \d+\.\d s, no errors$/);
  const routes = JSON.parse(live.pointers).remotes.find((remote) => remote.name === 'marketing').routes.length;
  // Each route loaded, and the next one reached from it in the page.
  assert.equal(Number(entry.browserCheck?.split(' ')[0]), routes * 2);
  console.log(`browser check of marketing's ${routes} routes: ${entry.browserCheck}`);
  assert.deepEqual((await readHistory()).releases.at(-1), entry);
});

test('through a preview link, as a release to AWS is checked where its command runs: the staged About page that throws is named, with its source line', async () => {
  // The local server's site (its build choice, the rule the CloudFront functions follow), serving this dist/ with its preview.
  const settings = await readLocalSettings('readReleaseConfig');
  const server = createSiteServer({ siteDir, buildChoice: { edgeKeyValueFile } });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  try {
    const origin = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}`;
    const expiresAt = new Date(Date.now() + 3_600_000);
    const { pointer } = await stagePreview('marketing', { build: buildTheTrial, expiresAt });
    const link = await previewLink({ pointer, expiresAt, settings: { ...settings, siteOrigin: origin } });
    const checked = await previewLinkProblems(link);
    console.log(`preview link check: ${checked.pageViews} page views in ${(checked.ms / 1000).toFixed(1)} s, ${checked.problems.length} problems`);
    assert.equal(checked.app, 'marketing');
    assert.equal(checked.build, pointer.buildId);
    const about = checked.problems.filter((problem) => problem.startsWith('/about ('));
    assert.ok(
      about.some((problem) => /error screen/.test(problem)),
      checked.problems.join('\n'),
    );
    assert.ok(
      about.some((problem) => new RegExp(`The About page broke in the browser[\\s\\S]*mfe-marketing/src/pages/AboutPage\\.tsx:${throwLine}:\\d+`).test(problem)),
      checked.problems.join('\n'),
    );
    // Only /about fails: every other route of the preview is fine.
    assert.deepEqual([...new Set(checked.problems.map((problem) => problem.split(' ')[0]))], ['/about']);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(() => resolve(undefined)));
  }
});
