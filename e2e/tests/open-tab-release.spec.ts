import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { repoRoot } from '../support/site';
import { startSite, type RunningSite } from '../support/site-server';
import { dismissCookieBanner, expect, test as base, waitForApp } from '../support/fixtures';

/**
 * A tab left open across a release moves to the new build on its next navigation, and back after a
 * rollback, without a reload. Each worker releases into its own copy of the built site (dist/), served
 * by its own local server, so the other specs keep the build they expect.
 */
const test = base.extend<object, { scratch: { site: RunningSite; distDir: string } }>({
  scratch: [
    // eslint-disable-next-line no-empty-pattern -- Playwright fixtures take their dependencies by destructuring, and this one has none.
    async ({}, use) => {
      const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kesho-open-tab-'));
      fs.cpSync(path.join(repoRoot, 'dist'), distDir, { recursive: true });
      const site = await startSite({ siteDir: path.join(distDir, 'site') });
      await use({ site, distDir });
      await site.stop();
      fs.rmSync(distDir, { recursive: true, force: true });
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ scratch }, provide) => provide(scratch.site.baseUrl),
});

const run = promisify(execFile);

/** A team's release of the remote with one text changed, into this worker's copy of the site. */
async function releaseVariant(distDir: string, remote: string, file: string, text: string, replacement: string) {
  await run(process.execPath, [path.join(repoRoot, 'e2e/support/release-variant.mjs'), remote, file, text, replacement], { env: { ...process.env, KESHO_DIST_DIR: distDir }, cwd: repoRoot });
}

async function rollBack(distDir: string, remote: string) {
  await run(process.execPath, [path.join(repoRoot, 'scripts/release.mjs'), 'rollback', remote, '--why', 'open-tab test'], {
    env: { ...process.env, KESHO_DIST_DIR: distDir },
    cwd: repoRoot,
  });
}

/** The tab's clock past the pointer document's age limit (5 minutes): its next navigation reads the document again. */
const letPointerAge = (page: Page) => page.clock.fastForward('05:05');

/** Every console error and uncaught error of the tab. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

const navigation = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** Follows a header link and waits until its page is shown (the page area no longer busy). */
async function visit(page: Page, link: string, url: RegExp) {
  await navigation(page).getByRole('link', { name: link }).click();
  await expect(page).toHaveURL(url);
  await expect(page.getByRole('main')).not.toHaveAttribute('aria-busy', 'true');
}

test.describe('a tab open across a release', () => {
  test('marketing: the next navigation shows the new build, and the old one after a rollback', async ({ page, scratch }) => {
    test.slow();
    const errors = collectErrors(page);
    await page.clock.install();
    await dismissCookieBanner(page);
    // The tab has loaded the About page's code of the live build before the release.
    await page.goto('/about');
    await waitForApp(page);
    const oldLead = /is a Nairobi study-abroad consultancy built on honest advice/;
    const newLead = /is a Nairobi study-abroad consultancy, newly released, built on honest advice/;
    await expect(page.getByRole('main')).toContainText(oldLead);
    await visit(page, 'Home', /\/$/);

    await releaseVariant(
      scratch.distDir,
      'marketing',
      'mfe-marketing/src/content/about.ts',
      'is a Nairobi study-abroad consultancy built on',
      'is a Nairobi study-abroad consultancy, newly released, built on',
    );
    await letPointerAge(page);
    await visit(page, 'About Us', /\/about$/);
    await expect(page.getByRole('main')).toContainText(newLead);
    await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible();

    await rollBack(scratch.distDir, 'marketing');
    await letPointerAge(page);
    await visit(page, 'Home', /\/$/);
    await visit(page, 'About Us', /\/about$/);
    await expect(page.getByRole('main')).toContainText(oldLead);
    await expect(page.getByRole('main')).not.toContainText(newLead);
    expect(errors).toEqual([]);
  });

  test('commerce: the quote builder moves to the new build and back, and the cart is kept', async ({ page, scratch }) => {
    test.slow();
    const errors = collectErrors(page);
    await page.clock.install();
    await dismissCookieBanner(page);
    await page.goto('/custom-quote');
    await waitForApp(page);
    const essay = page.getByRole('checkbox', { name: 'Essay Editing' });
    await essay.check();
    await expect(page.getByRole('region', { name: 'Your Package' })).toContainText('$250.00');
    const oldIntro = 'Pick the services you need, set how many of each';
    const newIntro = 'Pick the services you need (new build), set how many of each';

    await releaseVariant(scratch.distDir, 'commerce', 'mfe-commerce/src/pages/CustomQuotePage.tsx', 'Pick the services you need,', 'Pick the services you need (new build),');
    await letPointerAge(page);
    await visit(page, 'Home', /\/$/);
    await visit(page, 'Custom Quote', /\/custom-quote$/);
    await expect(page.getByRole('main')).toContainText(newIntro);
    await expect(page.getByRole('checkbox', { name: 'Essay Editing' })).toBeChecked();
    await expect(page.getByRole('region', { name: 'Your Package' })).toContainText('$250.00');

    await rollBack(scratch.distDir, 'commerce');
    await letPointerAge(page);
    await visit(page, 'Home', /\/$/);
    await visit(page, 'Custom Quote', /\/custom-quote$/);
    await expect(page.getByRole('main')).toContainText(oldIntro);
    await expect(page.getByRole('main')).not.toContainText(newIntro);
    await expect(page.getByRole('region', { name: 'Your Package' })).toContainText('$250.00');
    expect(errors).toEqual([]);
  });
});
