import type { Page } from '@playwright/test';
import { collectErrors, dismissCookieBanner, expect, waitForApp } from '../support/fixtures';
import { release, releaseEdits, test } from '../support/scratch-site';

/*
 * The header's Services menu lists what marketing publishes with its routes (each service page's
 * label and order in the pointer document): a service page renamed and moved by a marketing release
 * alone, with no shell build or release, is what every page's menu shows, before JavaScript and after,
 * and a rollback brings the old one back. The release goes into this worker's copy of dist/.
 */

const servicesSource = 'mfe-marketing/src/content/services.ts';
const renameVisaPage = [
  ["title: 'Visa & Immigration'", "title: 'Student Visas'"],
  ["link: '/services/visa'", "link: '/services/student-visas'"],
] as const;

const mainNavigation = (page: Page) => page.getByRole('navigation', { name: 'Main' });

test.describe('the Services menu after a marketing release alone', () => {
  test('every page lists the renamed service page, without JavaScript and with it, and the rollback restores it', async ({ page, browser, baseURL, scratch }) => {
    test.slow();
    await releaseEdits(scratch, 'marketing', servicesSource, renameVisaPage);

    // Without JavaScript, on a page another remote serves: the prerendered menu is the new one, and it works.
    const noScript = await browser.newContext({ javaScriptEnabled: false, ...(baseURL ? { baseURL } : {}) });
    try {
      const still = await noScript.newPage();
      await still.goto('/terms');
      const services = mainNavigation(still).getByRole('button', { name: 'Services' });
      await services.click();
      const renamed = mainNavigation(still).getByRole('link', { name: 'Student Visas' });
      await expect(renamed).toBeVisible();
      await expect(renamed).toHaveAttribute('href', '/services/student-visas');
      await expect(mainNavigation(still).getByRole('link', { name: 'Visa & Immigration' })).toHaveCount(0);
      await renamed.click();
      await expect(still).toHaveURL(/\/services\/student-visas$/);
      await expect(still.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(still).toHaveTitle(/^Student Visas \|/);
      // The page the menu no longer names is gone.
      expect((await still.request.get('/services/visa')).status()).toBe(404);
    } finally {
      await noScript.close();
    }

    // With JavaScript: the hydrated header lists the same (no mismatch), and its link navigates in-app.
    const errors = collectErrors(page);
    await dismissCookieBanner(page);
    await page.goto('/faq');
    await waitForApp(page);
    await mainNavigation(page).getByRole('button', { name: 'Services' }).click();
    await mainNavigation(page).getByRole('link', { name: 'Student Visas' }).click();
    await expect(page).toHaveURL(/\/services\/student-visas$/);
    await expect(page.getByRole('main')).not.toHaveAttribute('aria-busy', 'true');
    await expect(page).toHaveTitle(/^Student Visas \|/);
    // The dropdown closed on navigating: its link, hidden now, says it is the current page.
    await expect(mainNavigation(page).locator('a[href="/services/student-visas"]')).toHaveAttribute('aria-current', 'page');
    expect(errors).toEqual([]);

    await release(scratch, 'rollback', 'marketing', '--why', 'services menu test');
    await page.goto('/terms');
    await waitForApp(page);
    await mainNavigation(page).getByRole('button', { name: 'Services' }).click();
    await expect(mainNavigation(page).getByRole('link', { name: 'Visa & Immigration' })).toHaveAttribute('href', '/services/visa');
    await expect(mainNavigation(page).getByRole('link', { name: 'Student Visas' })).toHaveCount(0);
    expect(errors).toEqual([]);
  });
});
