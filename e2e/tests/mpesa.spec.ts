import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { AN_ORDER, dismissCookieBanner, expect, test, waitForApp } from '../support/fixtures';
import { tabTo } from '../support/keyboard';

// The texts the payer reads, written out: a change to them must show up here.
const KES = 'KES 32,313'; // $250.00 at 129.25, rounded up
const RATE = '1 USD = 129.25 KES (rate of 20 November 2026)';
const MPESA_MESSAGES = {
  waiting: 'Check your phone and enter your M-Pesa PIN',
  phoneInvalid: 'Enter a Safaricom M-Pesa number such as 0712 345 678, 0110 123 456 or +254 712 345 678',
};
const MPESA_OUTCOME_MESSAGES = {
  cancelled: 'You cancelled the M-Pesa request on your phone. No money was taken.',
  'wrong-pin': 'The M-Pesa PIN entered was wrong. No money was taken.',
};

/** A cart with one service and saved checkout details, as after a completed checkout form. */
async function readyToPay(page: Page) {
  await page.addInitScript((order) => {
    if (window.sessionStorage.getItem('seeded')) return;
    window.sessionStorage.setItem('seeded', '1');
    window.localStorage.setItem('kesho.cart', order.cart);
    window.sessionStorage.setItem('checkoutData', order.checkoutData);
  }, AN_ORDER);
}

/** From /payment to the waiting screen, by keyboard: choose M-Pesa, type the number, submit. */
async function sendPushByKeyboard(page: Page, phone = '0712 345 678') {
  await page.goto('/payment');
  await waitForApp(page);
  const card = page.getByRole('radio', { name: 'Card' });
  await expect(card).toBeChecked();
  await tabTo(page, card);
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: 'M-Pesa' })).toBeChecked();
  await expect(page.getByText(KES, { exact: true })).toBeVisible();
  await expect(page.getByText(RATE)).toBeVisible();
  await tabTo(page, page.getByLabel('M-Pesa phone number'));
  await page.keyboard.type(phone);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: MPESA_MESSAGES.waiting })).toBeFocused();
  await expect(page.getByRole('status').filter({ hasText: 'We sent a request for' })).toContainText(`${KES} to +254 7•• ••• 678`);
}

test.beforeEach(async ({ page }) => {
  await dismissCookieBanner(page);
  await readyToPay(page);
});

test.describe('paying by M-Pesa through the built-in sandbox', () => {
  test('by keyboard alone: wrong number refused, push, test phone approves, success with the invoice and M-Pesa receipt numbers', async ({ page }) => {
    test.slow();
    await page.goto('/payment');
    await waitForApp(page);
    await tabTo(page, page.getByRole('radio', { name: 'Card' }));
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('button', { name: `Pay ${KES} with M-Pesa` })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pay $250.00 with Stripe' })).toHaveCount(0);
    await expectNoAxeViolations(page);

    const phone = page.getByLabel('M-Pesa phone number');
    await tabTo(page, phone);
    await page.keyboard.type('0812 345 678');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: `Pay ${KES} with M-Pesa` })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(phone).toBeFocused();
    await expect(phone).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText(MPESA_MESSAGES.phoneInvalid)).toBeVisible();
    await expectNoAxeViolations(page);

    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('+254 712 345 678');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: MPESA_MESSAGES.waiting })).toBeFocused();
    await expect(page).toHaveURL(/\/payment\?mpesa=mp_/);
    await expectNoAxeViolations(page);

    await tabTo(page, page.getByRole('link', { name: 'Open the test M-Pesa phone (test mode)' }));
    await page.keyboard.press('Enter');
    await expect(page.getByText('TEST MODE — no real payment')).toBeVisible();
    await expect(page.locator('body')).toContainText(KES);
    await expectNoAxeViolations(page);
    await tabTo(page, page.getByRole('button', { name: 'Enter the right PIN and pay (test)' }));
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL(/\/payment-success\?session_id=mp_/);
    await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeVisible();
    const main = page.getByRole('main');
    await expect(main).toContainText(/INV-\d{8}/);
    await expect(main).toContainText(/M-Pesa Receipt\s*SB[0-9A-F]{8}/);
    await expectNoAxeViolations(page);
  });

  test('a cancelled request says so, Try again returns to the form, a wrong PIN says so, Pay by card goes back to the card path', async ({ page }) => {
    test.slow();
    await sendPushByKeyboard(page);
    await tabTo(page, page.getByRole('link', { name: 'Open the test M-Pesa phone (test mode)' }));
    await page.keyboard.press('Enter');
    await tabTo(page, page.getByRole('button', { name: 'Cancel on the phone (test)' }));
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL(/\/payment\?mpesa=mp_/);
    await expect(page.getByRole('alert')).toContainText(MPESA_OUTCOME_MESSAGES.cancelled);
    await expect(page.getByRole('heading', { name: MPESA_OUTCOME_MESSAGES.cancelled })).toBeFocused();
    await expectNoAxeViolations(page);
    await tabTo(page, page.getByRole('button', { name: 'Try again' }));
    await page.keyboard.press('Enter');
    await expect(page.getByLabel('M-Pesa phone number')).toBeVisible();
    await expect(page).toHaveURL(/\/payment$/);

    await tabTo(page, page.getByLabel('M-Pesa phone number'));
    await page.keyboard.type('0110 123 456');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'We sent a request for' })).toContainText('+254 1•• ••• 456');
    await tabTo(page, page.getByRole('link', { name: 'Open the test M-Pesa phone (test mode)' }));
    await page.keyboard.press('Enter');
    await tabTo(page, page.getByRole('button', { name: 'Enter a wrong PIN (test)' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('alert')).toContainText(MPESA_OUTCOME_MESSAGES['wrong-pin']);
    await expectNoAxeViolations(page);
    await tabTo(page, page.getByRole('button', { name: 'Pay by card' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('radio', { name: 'Card' })).toBeChecked();
    await expect(page.getByRole('button', { name: 'Pay $250.00 with Stripe' })).toBeEnabled();
  });
});
