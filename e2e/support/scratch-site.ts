import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { repoRoot } from './site';
import { startSite, type RunningSite } from './site-server';
import { test as base } from './fixtures';
import { NODE_TS_OPTIONS } from '../../scripts/lib/node-ts.mjs';

export interface ScratchSite {
  readonly site: RunningSite;
  /** This test's copy of dist/ (KESHO_DIST_DIR for the release commands). */
  readonly distDir: string;
}

/** A copy of the built site (dist/) served by a local server of its own, for the time of `during`. */
async function withScratchSite(during: (scratch: ScratchSite) => Promise<void>): Promise<void> {
  const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kesho-scratch-site-'));
  fs.cpSync(path.join(repoRoot, 'dist'), distDir, { recursive: true });
  // Every browser of a test reaches the server from 127.0.0.1, which the canary verdict counts as one
  // client (@kesho/release-model/canary-health): here one client is enough to judge. The count by client and
  // its minimum of five are pinned by local-server/test/canaryWatch.test.ts and infra's canary-abort-in-aws.
  const site = await startSite({ siteDir: path.join(distDir, 'site'), env: { CANARY_ABORT_MIN_CLIENTS: '1' } });
  await during({ site, distDir });
  await site.stop();
  fs.rmSync(distDir, { recursive: true, force: true });
}

/**
 * Tests that release: each test gets its own copy of the built site (dist/), served by its own local
 * server with its own data folder, so its releases, rollbacks, canaries and stored client events
 * never reach another test (a copy per worker let one spec's release become the next spec's live
 * build, and its rollback target). `baseURL` points at that server.
 */
export const test = base.extend<{ scratch: ScratchSite }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright fixtures take their dependencies by destructuring, and this one has none.
  scratch: async ({}, use) => withScratchSite(use),
  baseURL: async ({ scratch }, provide) => provide(scratch.site.baseUrl),
});

const run = promisify(execFile);

/**
 * The release commands' settings here: no browser check before going live. What a release puts before
 * visitors is what these specs load in their own browser; the check itself (each route loaded and the
 * next reached in the page, a build broken in the browser refused, the history's record of it) is
 * scripts/test/release-browser-check.test.mjs's, on the same real builds. With it, each marketing
 * release here loaded 38 pages in a Chromium of its own (about 12 s of a worker; four marketing releases and a commerce one).
 */
const RELEASE_SETTINGS = { RELEASE_BROWSER_CHECK: 'off' };

/** `npm run release -- <args>` against the test's copy of the site; resolves with what it printed. */
export async function release(scratch: ScratchSite, ...args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, [...NODE_TS_OPTIONS, path.join(repoRoot, 'scripts/release.mjs'), ...args], {
    env: { ...process.env, ...RELEASE_SETTINGS, KESHO_DIST_DIR: scratch.distDir, DATA_DIR: scratch.site.dataDir },
    cwd: repoRoot,
  });
  return stdout;
}

/**
 * A team's release of the remote with one text of one source file changed (nothing in the checkout is
 * written): published, or with `--canary <percent>` before a share of visitors, or with `--preview`
 * staged (it resolves with the preview link's path and query, on the test's server).
 */
export function releaseVariant(scratch: ScratchSite, remote: string, file: string, text: string, replacement: string, ...mode: string[]): Promise<string> {
  return releaseVariantWith({}, scratch, remote, file, text, replacement, ...mode);
}

/** releaseVariant with more environment for the release (RELEASE_BROWSER_CHECK). */
async function releaseVariantWith(env: Record<string, string>, scratch: ScratchSite, remote: string, file: string, text: string, replacement: string, ...mode: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, [...NODE_TS_OPTIONS, path.join(repoRoot, 'e2e/support/release-variant.mjs'), remote, file, text, replacement, ...mode], {
    env: { ...process.env, ...RELEASE_SETTINGS, KESHO_DIST_DIR: scratch.distDir, ...env },
    cwd: repoRoot,
  });
  if (mode[0] !== '--preview') return stdout;
  const link = new URL(stdout.trim().split('\n').at(-1) ?? '');
  return `${link.pathname}${link.search}`;
}

/** A team's release of the remote with several texts of one source file changed, each [text, replacement]: published. */
export async function releaseEdits(scratch: ScratchSite, remote: string, file: string, edits: readonly (readonly [string, string])[]): Promise<void> {
  await run(process.execPath, [...NODE_TS_OPTIONS, path.join(repoRoot, 'e2e/support/release-variant.mjs'), remote, file, ...edits.flat()], {
    env: { ...process.env, ...RELEASE_SETTINGS, KESHO_DIST_DIR: scratch.distDir },
    cwd: repoRoot,
  });
}

/**
 * A marketing build whose About page throws in the browser (after the app started), not while
 * prerendering: published, or `--canary <percent>`. The release's browser check refuses such a build
 * (scripts/test/release-browser-check.test.mjs), so it is released with RELEASE_BROWSER_CHECK=off:
 * these tests are about what happens once a build broken in browsers is live (client events, the canary
 * watch), which a build that breaks only for some visitors or later in a session still reaches.
 */
export function releaseAboutThatThrows(scratch: ScratchSite, ...mode: string[]): Promise<string> {
  return releaseVariantWith(
    { RELEASE_BROWSER_CHECK: 'off' },
    scratch,
    'marketing',
    'mfe-marketing/src/pages/AboutPage.tsx',
    'export default function AboutPage() {',
    "export default function AboutPage() {\n  if (typeof document !== 'undefined' && document.documentElement.dataset.app === 'ready') throw new Error('The About page broke in the browser');",
    ...mode,
  );
}

/** A preview token for a build, signed as the release signs one, expiring at `expiresAt` (ms; past for an expired link). */
export async function signPreview(app: string, buildId: string, expiresAt: number): Promise<string> {
  const { stdout } = await run(process.execPath, [...NODE_TS_OPTIONS, path.join(repoRoot, 'e2e/support/sign-preview.mjs'), app, buildId, String(expiresAt)], { cwd: repoRoot });
  return stdout.trim();
}

/**
 * Marketing's release with the Markdown articles of one more folder (e2e/fixtures/articles/…), as the
 * team releases a new article; resolves with what it printed, or rejects with the build's message.
 */
export async function releaseWithArticles(scratch: ScratchSite, folder: string): Promise<string> {
  const { stdout } = await run(process.execPath, [...NODE_TS_OPTIONS, path.join(repoRoot, 'e2e/support/release-with-articles.mjs'), path.join(repoRoot, folder)], {
    env: { ...process.env, ...RELEASE_SETTINGS, KESHO_DIST_DIR: scratch.distDir },
    cwd: repoRoot,
  });
  return stdout;
}

/** The client events the test's server stored so far. */
export function storedClientEvents(scratch: ScratchSite): Record<string, unknown>[] {
  const dir = path.join(scratch.site.dataDir, 'client-events');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .flatMap((file) => fs.readFileSync(path.join(dir, file), 'utf8').split('\n'))
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}
