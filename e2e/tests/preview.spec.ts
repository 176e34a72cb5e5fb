import type { Page } from '@playwright/test';
import { dismissCookieBanner, expect, waitForApp } from '../support/fixtures';
import { releaseVariant, signPreview, test, type ScratchSite } from '../support/scratch-site';

/*
 * A preview link puts the browser that opens it, and only it, on a staged build: its pages, its
 * client-side navigation and its pointer document, with a ribbon and "Exit preview"; nothing of it is
 * cached for anyone else, and a forged or expired link shows the live site, saying why. Each test
 * stages into its own copy of the built site (support/scratch-site.ts).
 */

const liveLead = /is a Nairobi study-abroad consultancy built on honest advice/;
const previewLead = /is a Nairobi study-abroad consultancy, previewed, built on honest advice/;
const ribbon = (page: Page) => page.getByRole('complementary', { name: 'Preview' });
const navigation = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** Stages a marketing build whose About page says it is previewed; resolves with its preview link (path and query). */
const stageAboutPreview = (scratch: ScratchSite) =>
  releaseVariant(
    scratch,
    'marketing',
    'mfe-marketing/src/content/about.ts',
    'is a Nairobi study-abroad consultancy built on',
    'is a Nairobi study-abroad consultancy, previewed, built on',
    '--preview',
  );

/** The build of marketing the browser's pointer document names (what its client navigation loads). */
const pointedBuild = (page: Page) =>
  page.evaluate(async () => {
    const document = (await (await fetch('/mfe/remotes.json', { cache: 'no-cache' })).json()) as { remotes: { name: string; buildId: string }[] };
    return document.remotes.find((remote) => remote.name === 'marketing')?.buildId;
  });

test.describe('a preview link', () => {
  test('shows the staged build to the browser that opens it, on every page and navigation, and only to it', async ({ page, browser, scratch, baseURL }) => {
    test.slow();
    const link = await stageAboutPreview(scratch);
    const staged = /kesho-preview=marketing\.([0-9a-f]{12})\./.exec(link)?.[1];
    expect(staged).toBeDefined();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await dismissCookieBanner(page);

    const opened = await page.goto(link);
    expect(opened?.headers()['cache-control']).toBe('private, no-store');
    expect(opened?.headers()['x-robots-tag']).toBe('noindex');
    expect(opened?.headers()['vary']).toBe('Accept-Encoding, Cookie');
    await expect(ribbon(page)).toContainText(`Preview: marketing ${staged}`);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
    await waitForApp(page);
    // Client-side navigation loads the staged build: the pointer document this browser reads names it.
    expect(await pointedBuild(page)).toBe(staged);
    await navigation(page).getByRole('link', { name: 'About Us' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole('main')).toContainText(previewLead);
    await expect(ribbon(page)).toBeVisible();
    // A page loaded afresh (the cookie, no link) is the staged build's prerendered page.
    const reloaded = await page.reload();
    expect(reloaded?.headers()['cache-control']).toBe('private, no-store');
    await expect(page.getByRole('main')).toContainText(previewLead);
    await expect(ribbon(page)).toContainText(`Preview: marketing ${staged}`);

    // Another browser at the same moment: the live site, no ribbon, nothing of the preview.
    const other = await browser.newContext({ baseURL });
    const visitor = await other.newPage();
    const live = await visitor.goto('/about');
    expect(live?.headers()['cache-control']).toBe('no-cache');
    await expect(visitor.getByRole('main')).toContainText(liveLead);
    await expect(ribbon(visitor)).toHaveCount(0);
    await waitForApp(visitor);
    expect(await pointedBuild(visitor)).not.toBe(staged);
    await other.close();

    // Exit preview: the live site again, for good.
    await ribbon(page).getByRole('link', { name: 'Exit preview' }).click();
    await expect(page.getByRole('main')).toContainText(liveLead);
    await expect(ribbon(page)).toHaveCount(0);
    await page.goto('/about');
    await expect(page.getByRole('main')).toContainText(liveLead);
    expect(errors).toEqual([]);
  });

  test('that was forged or has expired shows the live site and says why', async ({ page, scratch }) => {
    test.slow();
    const link = await stageAboutPreview(scratch);
    const [, app, build] = /kesho-preview=([a-z]+)\.([0-9a-f]{12})\./.exec(link) ?? [];
    // The expiry moved a day later: the signature no longer matches.
    const forged = link.replace(/\.(\d+)\./, (_, seconds: string) => `.${Number(seconds) + 86_400}.`).replace(/^\/[^?]*/, '/about');
    const answer = await page.goto(forged);
    expect(answer?.headers()['cache-control']).toBe('private, no-store');
    await expect(ribbon(page)).toContainText('This preview link is not valid (it was changed, or not made by this site): you are seeing the live site.');
    await expect(page.getByRole('main')).toContainText(liveLead);

    const expired = await signPreview(app ?? '', build ?? '', Date.now() - 60_000);
    await page.goto(`/about?kesho-preview=${expired}`);
    await expect(ribbon(page)).toContainText('This preview link has expired, or its preview has ended: you are seeing the live site.');
    await expect(page.getByRole('main')).toContainText(liveLead);
    // The notice is said once: the next page is the live site, plainly.
    await page.goto('/about');
    await expect(ribbon(page)).toHaveCount(0);
    await expect(page.getByRole('main')).toContainText(liveLead);
  });
});
