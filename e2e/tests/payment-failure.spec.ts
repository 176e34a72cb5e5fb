import { dismissCookieBanner, expect, test, waitForApp } from '../support/fixtures';

test('the payment failure page explains, gives tips and offers retry or a return to the builder', async ({ page }) => {
  await dismissCookieBanner(page);
  await page.goto('/payment-failure');
  await waitForApp(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Failed' })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main).toContainText(/insufficient funds/i);
  await expect(main).toContainText(/incorrect card details/i);
  await expect(main).toContainText(/network issue/i);
  for (const tip of [/check.*card details/i, /sufficient funds/i, /different payment method/i, /contact.*bank/i]) {
    await expect(main).toContainText(tip);
  }
  await expect(main.getByRole('link', { name: 'Retry Payment' })).toHaveAttribute('href', '/payment');
  await expect(main.getByRole('link', { name: 'Back to Quote Builder' })).toHaveAttribute('href', '/custom-quote');
  await expect(main.locator('a[href="/contact"]').first()).toBeVisible();
});
