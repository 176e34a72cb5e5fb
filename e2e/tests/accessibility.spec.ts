import { expectNoAxeViolations as expectNoViolations } from '../support/axe';
import { builtRoutes } from '../support/site';
import { dismissCookieBanner, expect, test, waitForApp } from '../support/fixtures';

/**
 * Without an order, /payment sends the visitor on to /custom-quote once the cart is read: the audit is
 * of the page they end on, not of the move (the page area is dimmed while the next page loads).
 */
const ENDS_ON: Readonly<Record<string, RegExp>> = { '/payment': /\/custom-quote$/ };

test.describe('accessibility (axe, WCAG 2.2 AA + best practice)', () => {
  for (const route of [...builtRoutes().map((r) => r.path), '/no-such-page']) {
    test(`${route} has no violations`, async ({ page }) => {
      await dismissCookieBanner(page);
      await page.goto(route);
      await waitForApp(page);
      const endsOn = ENDS_ON[route];
      if (endsOn) await expect(page).toHaveURL(endsOn);
      await expect(page.getByRole('main')).not.toHaveAttribute('aria-busy', 'true');
      await expectNoViolations(page);
    });
  }

  test('with the cookie banner shown', async ({ page }) => {
    await page.goto('/');
    await waitForApp(page);
    await expect(page.getByRole('region', { name: 'Cookie consent' })).toBeVisible();
    await expectNoViolations(page);
  });

  test('with the services dropdown open', async ({ page }) => {
    await dismissCookieBanner(page);
    await page.goto('/');
    await waitForApp(page);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: 'Services' }).click();
    await expect(nav.getByRole('link', { name: 'Partner Services' })).toBeVisible();
    await expectNoViolations(page);
  });

  test('with the phone menu open', async ({ page }) => {
    await dismissCookieBanner(page);
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/');
    await waitForApp(page);
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expectNoViolations(page);
  });
});
