import type { Page } from '@playwright/test';
import { tabTo } from '../support/keyboard';
import { checkOutOneService, dismissCookieBanner, expect, test, waitForApp } from '../support/fixtures';

const notifications = (page: Page) => page.getByRole('region', { name: 'Notifications' });

test.describe('quote → checkout → payment → sandbox → success', () => {
  test('works by keyboard alone and confirms the order with the server’s invoice number', async ({ page, context }) => {
    test.slow();
    await dismissCookieBanner(page);
    await page.goto('/custom-quote');
    await waitForApp(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Build Your Custom Package' })).toBeVisible();

    const essay = page.getByRole('checkbox', { name: 'Essay Editing' });
    await expect(essay).toBeEnabled();
    await tabTo(page, essay);
    await page.keyboard.press('Space');
    await expect(essay).toBeChecked();
    await expect(notifications(page)).toContainText('1x Essay Editing added to cart');

    await tabTo(page, page.getByRole('slider', { name: 'Quantity for Essay Editing' }));
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('slider', { name: 'Quantity for Essay Editing' })).toHaveValue('2');
    await expect(page.getByRole('region', { name: 'Your Package' })).toContainText('$500.00');

    await tabTo(page, page.getByRole('button', { name: 'Proceed to Checkout' }).first());
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByRole('main')).toContainText('Qty: 2');

    await tabTo(page, page.getByLabel('Full Name'));
    await page.keyboard.type('Amina Wanjiru');
    await page.keyboard.press('Tab');
    await page.keyboard.type('amina@example.com');
    await page.keyboard.press('Tab');
    await page.keyboard.type('+254 712 345 678');
    await tabTo(page, page.getByRole('checkbox', { name: /I agree to the/ }));
    await page.keyboard.press('Space');
    await tabTo(page, page.getByRole('button', { name: 'Proceed to Payment' }));
    const popup = context.waitForEvent('page');
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL(/\/payment$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Complete Your Payment' })).toBeVisible();
    const pay = page.getByRole('button', { name: 'Pay $500.00 with Stripe' });
    await tabTo(page, pay);
    await page.keyboard.press('Enter');
    await expect(notifications(page)).toContainText('Redirecting to Stripe Checkout...');

    const sandbox = await popup;
    await sandbox.waitForLoadState();
    await expect(sandbox.getByText('TEST MODE — no real payment')).toBeVisible();
    await expect(sandbox.locator('body')).toContainText('$500.00');
    await tabTo(sandbox, sandbox.getByRole('button', { name: /^Pay / }));
    await sandbox.keyboard.press('Enter');

    await expect(sandbox).toHaveURL(/\/payment-success\?session_id=/);
    await expect(sandbox.getByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeVisible();
    await expect(sandbox.getByRole('main')).toContainText('Thank you for your purchase. Your payment has been processed successfully.');
    await expect(sandbox.getByRole('main')).toContainText(/INV-\d{8}/);
    await expect(sandbox.getByRole('main')).toContainText(/Payment confirmed/i);
    expect(await sandbox.evaluate(() => window.sessionStorage.getItem('checkoutData'))).toBeNull();

    // The success page emptied the cart in every tab.
    await expect.poll(() => page.evaluate(() => window.localStorage.getItem('kesho.cart') ?? '')).not.toContain('essay-editing');
  });

  test('a declined test payment lands on the failure page, and Retry Payment keeps the order', async ({ page, context }) => {
    await dismissCookieBanner(page);
    await checkOutOneService(page, 'Visa Guidance', { name: 'Brian Otieno', email: 'brian@example.com', phone: '0712345678' });
    const popup = context.waitForEvent('page');
    await page.getByRole('button', { name: 'Pay $300.00 with Stripe' }).click();
    const sandbox = await popup;
    await sandbox.getByRole('button', { name: /Decline/ }).click();
    await expect(sandbox).toHaveURL(/\/payment-failure$/);
    await expect(sandbox.getByRole('heading', { level: 1, name: 'Payment Failed' })).toBeVisible();
    await sandbox.getByRole('link', { name: 'Retry Payment' }).click();
    await expect(sandbox).toHaveURL(/\/payment$/);
    await expect(sandbox.getByRole('button', { name: 'Pay $300.00 with Stripe' })).toBeVisible();
  });
});
