import { dismissCookieBanner, expect, test, waitForApp } from '../support/fixtures';

test.describe('failure isolation', () => {
  test.beforeEach(async ({ page }) => {
    await dismissCookieBanner(page);
    // The legal remote is unreachable, as after a bad deploy or a network fault.
    await page.route('**/mfe/legal/**', (route) => route.abort('connectionfailed'));
  });

  test('the rest of the site keeps working when one remote cannot be loaded', async ({ page }) => {
    await page.goto('/');
    await waitForApp(page);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText('PVT-6LUQ3KZ8');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'FAQ' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Frequently Asked Questions');
  });

  test('the unreachable remote’s route shows a helpful fallback with a retry', async ({ page }) => {
    test.slow(); // three retries back off 1 s, 2 s and 4 s
    await page.goto('/');
    await waitForApp(page);
    await page.getByRole('navigation', { name: 'Legal' }).getByRole('link', { name: 'Terms of Service' }).click();
    await expect(page.getByRole('heading', { name: 'This page could not be loaded' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('main')).toContainText('+254 711 082 500');
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();

    await page.unroute('**/mfe/legal/**');
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible({ timeout: 30_000 });
  });

  test('a direct visit keeps the server-rendered text readable under the fallback notice', async ({ page }) => {
    test.slow();
    await page.goto('/terms');
    await expect(page.getByRole('alert')).toContainText('This page could not be loaded', { timeout: 30_000 });
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
  });
});

test.describe('a remote down on a direct load', () => {
  test('does not hold back the shell: header and cookie banner work at once while the page retries', async ({ page }) => {
    test.slow();
    await page.route('**/mfe/legal/**', (route) => route.abort('connectionfailed'));
    await page.goto('/terms');
    // The remote's retries back off for about seven seconds; the shell's controls must not wait for them.
    const started = Date.now();
    const services = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Services' });
    // aria-expanded is only written once the header has hydrated.
    await expect(services).toHaveAttribute('aria-expanded', 'false', { timeout: 4_000 });
    const banner = page.getByRole('region', { name: 'Cookie consent' });
    await banner.getByRole('button', { name: 'Accept', exact: true }).click({ timeout: 4_000 });
    await expect(banner).toBeHidden();
    expect(Date.now() - started, 'milliseconds until the shell answered').toBeLessThan(6_000);
    await expect(page.getByRole('alert')).toContainText('This page could not be loaded', { timeout: 30_000 });
  });
});
