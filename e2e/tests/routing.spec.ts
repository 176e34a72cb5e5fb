import type { Page } from '@playwright/test';
import { dismissCookieBanner, expect, test, waitForApp } from '../support/fixtures';

/** Marks the document: a marker that survives proves the navigation happened in the page, no reload. */
async function markDocument(page: Page) {
  await page.evaluate(() => ((window as unknown as { routingMarker: string }).routingMarker = 'same document'));
}

const marker = (page: Page) => page.evaluate(() => (window as unknown as { routingMarker?: string }).routingMarker);

/** Errors the page logs (a hydration mismatch is one); the not-found log is expected where a test visits one. */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test.describe('routing through the shared router', () => {
  test('moves between pages of different remotes in the page, without a reload', async ({ page }) => {
    await dismissCookieBanner(page);
    const errors = consoleErrors(page);
    await page.goto('/faq');
    await waitForApp(page);
    await markDocument(page);

    // marketing → legal
    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).click();
    await expect(page).toHaveURL(/\/terms$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Terms of Service');
    await expect(page).toHaveTitle(/Terms of Service/);

    // legal → commerce
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Custom Quote' }).click();
    await expect(page).toHaveURL(/\/custom-quote$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Build Your Custom Package');

    // commerce → a nested marketing route (/blog/<slug>) and back up to its parent
    await page.goto('/blog');
    await waitForApp(page);
    await markDocument(page);
    const article = page.getByRole('link', { name: /^Read article/ }).first();
    const href = await article.getAttribute('href');
    expect(href).toMatch(/^\/blog\/[a-z0-9-]+$/);
    await article.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.getByRole('link', { name: 'Back to all articles' })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(page).toHaveTitle(/^Blog \|/);
    expect(await marker(page)).toBe('same document');
    expect(errors).toEqual([]);
  });

  test('returns to where the visitor was on Back and Forward, and starts a new page at the top', async ({ page }) => {
    await dismissCookieBanner(page);
    const errors = consoleErrors(page);
    await page.setViewportSize({ width: 1280, height: 700 });
    await page.goto('/services');
    await waitForApp(page);
    await markDocument(page);

    await page.evaluate(() => window.scrollTo(0, 1200));
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(1200);

    // A link chosen from further down the page (the sticky header's) leads to the top of the next one.
    // Clicked as a tap would, in place: Playwright's own click scrolls a sticky element "into view" first.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Pricing' })
      .evaluate((link: HTMLElement) => link.click());
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Pricing');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 500));
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(500);

    await page.goBack();
    await expect(page).toHaveURL(/\/services$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Our Services');
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(1200);

    await page.goForward();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Pricing');
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(500);

    expect(await marker(page)).toBe('same document');
    expect(errors).toEqual([]);
  });
});
