import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { AN_ORDER, dismissCookieBanner, expect, test, waitForApp } from '../support/fixtures';

const notifications = (page: Page) => page.getByRole('region', { name: 'Notifications' });

/** A cart with one service and, unless told otherwise, saved checkout details, as after a completed checkout form. */
async function readyToPay(page: Page, { withCheckoutData = true } = {}) {
  await page.addInitScript(
    ({ order, saveCheckoutData }) => {
      if (window.sessionStorage.getItem('seeded')) return;
      window.sessionStorage.setItem('seeded', '1');
      window.localStorage.setItem('kesho.cart', order.cart);
      if (saveCheckoutData) window.sessionStorage.setItem('checkoutData', order.checkoutData);
    },
    { order: AN_ORDER, saveCheckoutData: withCheckoutData },
  );
}

test.beforeEach(async ({ page }) => {
  await dismissCookieBanner(page);
});

test.describe('the quote builder', () => {
  test('refuses to proceed with an empty cart', async ({ page }) => {
    await page.goto('/custom-quote');
    await waitForApp(page);
    await page.getByRole('button', { name: 'Proceed to Checkout' }).first().click();
    await expect(notifications(page)).toContainText('Please select at least one service');
    await expect(page).toHaveURL(/\/custom-quote$/);
  });

  test('adds and removes catalogue services with their toasts', async ({ page }) => {
    await page.goto('/custom-quote');
    await waitForApp(page);
    await expect(page.getByRole('checkbox')).toHaveCount(12);
    const consultation = page.getByRole('checkbox', { name: 'Basic Consultation' });
    await consultation.check();
    await expect(notifications(page)).toContainText('1x Basic Consultation added to cart');
    await consultation.uncheck();
    await expect(notifications(page)).toContainText('Service removed from cart');
  });

  test('validates the custom service and adds it', async ({ page }) => {
    await page.goto('/custom-quote');
    await waitForApp(page);
    await page.getByRole('button', { name: 'Add to Package' }).click();
    await expect(page.getByText('Please enter a service name')).toBeVisible();
    await page.getByLabel('Service name').fill('SAT tutoring');
    await page.getByLabel('Price (USD)').fill('20');
    await page.getByRole('button', { name: 'Add to Package' }).click();
    await expect(page.getByText('Price must be between $25 and $2500')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByLabel('Price (USD)').fill('120');
    await page.getByRole('button', { name: 'Add to Package' }).click();
    await expect(notifications(page)).toContainText('Custom service added to cart');
    await expect(page.getByLabel('Service name')).toHaveValue('');
    await expect(page.getByRole('region', { name: 'Your Package' })).toContainText('SAT tutoring');
  });
});

test.describe('checkout', () => {
  test('shows the empty-cart screen without a cart', async ({ page }) => {
    await page.goto('/checkout');
    await waitForApp(page);
    await expect(page.getByText('Your cart is empty')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Build Your Package' })).toHaveAttribute('href', '/custom-quote');
    await expectNoAxeViolations(page);
  });

  test('shows every field message and the error toast, keeping what was typed', async ({ page }) => {
    await readyToPay(page, { withCheckoutData: false });
    await page.goto('/checkout');
    await waitForApp(page);
    await page.getByLabel('Full Name').fill('A');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Phone').fill('123');
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await expect(notifications(page)).toContainText('Please fix the errors in the form');
    for (const message of ['Full name is required', 'Invalid email address', 'Valid phone number is required', 'You must accept the terms and conditions']) {
      await expect(page.getByText(message)).toBeVisible();
    }
    await expect(page.getByLabel('Full Name')).toBeFocused();
    await expect(page.getByLabel('Email')).toHaveValue('not-an-email');
    await expectNoAxeViolations(page);
  });
});

test.describe('payment', () => {
  test('sends a visitor without checkout details back to the quote builder', async ({ page }) => {
    await page.goto('/payment');
    await expect(page).toHaveURL(/\/custom-quote$/);
  });

  test('sends a visitor with checkout details but an empty cart back to the quote builder', async ({ page }) => {
    await page.addInitScript(() =>
      window.sessionStorage.setItem('checkoutData', JSON.stringify({ fullName: 'Amina Wanjiru', email: 'amina@example.com', phone: '+254712345678', acceptTerms: true })),
    );
    await page.goto('/payment');
    await expect(page).toHaveURL(/\/custom-quote$/);
  });

  test('falls back to "Failed to process payment. Please try again." when the request dies without a message', async ({ page }) => {
    await readyToPay(page);
    await page.route('**/api/create-payment', (route) => route.fulfill({ status: 500, contentType: 'text/plain', body: '' }));
    await page.goto('/payment');
    await waitForApp(page);
    await page.getByRole('button', { name: 'Pay $250.00 with Stripe' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Failed to process payment. Please try again.' })).toBeVisible();
    await expect(notifications(page)).toContainText('Payment failed');
  });

  test('goes to the provider in the same tab when the browser blocks the new tab', async ({ page }) => {
    await readyToPay(page);
    await page.addInitScript(() => {
      window.open = () => null;
    });
    await page.goto('/payment');
    await waitForApp(page);
    await page.getByRole('button', { name: 'Pay $250.00 with Stripe' }).click();
    await expect(page).toHaveURL(/\/api\/sandbox\/checkout\//);
    await expect(page.getByText('TEST MODE — no real payment')).toBeVisible();
  });

  test('says "Failed to create checkout session" when the answer has no url', async ({ page }) => {
    await readyToPay(page);
    await page.route('**/api/create-payment', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{}' }));
    await page.goto('/payment');
    await waitForApp(page);
    await page.getByRole('button', { name: 'Pay $250.00 with Stripe' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Failed to create checkout session' })).toBeVisible();
  });

  test('shows the server’s message and the toast "Payment failed" when the request fails', async ({ page }) => {
    await readyToPay(page);
    await page.route('**/api/create-payment', (route) =>
      route.fulfill({ status: 502, contentType: 'application/json', body: JSON.stringify({ error: 'The payment provider is not responding. Please try again in a minute.' }) }),
    );
    await page.goto('/payment');
    await waitForApp(page);
    const pay = page.getByRole('button', { name: 'Pay $250.00 with Stripe' });
    await pay.click();
    await expect(page.getByRole('alert').filter({ hasText: 'The payment provider is not responding' })).toBeVisible();
    await expect(notifications(page)).toContainText('Payment failed');
    await expect(pay).toBeEnabled();
    await expectNoAxeViolations(page);
  });

  test('an answer lost on the way back (a timeout) and Pay pressed again opens the checkout the first request made: one order', async ({ page }) => {
    await readyToPay(page);
    const requests: { key: string | null; answer: { url: string; invoiceNumber: string } }[] = [];
    await page.route('**/api/create-payment', async (route) => {
      // The server takes the request and answers; only the first answer never reaches the page.
      const response = await route.fetch();
      requests.push({ key: route.request().headers()['idempotency-key'] ?? null, answer: (await response.json()) as { url: string; invoiceNumber: string } });
      if (requests.length === 1) await route.abort('timedout');
      else await route.fulfill({ response });
    });
    await page.addInitScript(() => {
      window.open = () => null;
    });
    await page.goto('/payment');
    await waitForApp(page);
    const pay = page.getByRole('button', { name: 'Pay $250.00 with Stripe' });
    await pay.click();
    await expect(page.getByRole('alert').filter({ hasText: 'Failed to process payment. Please try again.' })).toBeVisible();
    await pay.click();
    await expect(page).toHaveURL(/\/api\/sandbox\/checkout\//);
    expect(requests).toHaveLength(2);
    expect(requests[0]?.key).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(requests[1]?.key).toBe(requests[0]?.key);
    expect(requests[1]?.answer).toEqual(requests[0]?.answer);
    expect(page.url()).toContain(requests[0]?.answer.url ?? 'no url');
  });

  test('reads "Processing..." and is disabled while the request runs', async ({ page }) => {
    await readyToPay(page);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/create-payment', async (route) => {
      await held;
      await route.fulfill({ status: 200, contentType: 'application/json', body: '{}' });
    });
    await page.goto('/payment');
    await waitForApp(page);
    await page.getByRole('button', { name: 'Pay $250.00 with Stripe' }).click();
    await expect(page.getByRole('button', { name: 'Processing...' })).toBeDisabled();
    release();
    await expect(page.getByRole('button', { name: 'Pay $250.00 with Stripe' })).toBeEnabled();
  });
});

test('the success page without a session shows a client-made invoice number and empties the cart', async ({ page }) => {
  await readyToPay(page);
  await page.goto('/payment-success');
  await waitForApp(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText(/INV-\d{8}/);
  await expect(page.getByRole('link', { name: 'Return to Homepage' })).toHaveAttribute('href', '/');
  await expect(page.getByRole('button', { name: 'Download Invoice' })).toBeVisible();
  await expect(page.locator('main a[href="mailto:support@keshoglobal.co.ke"]').first()).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.sessionStorage.getItem('checkoutData'))).toBeNull();
  await expect.poll(() => page.evaluate(() => window.localStorage.getItem('kesho.cart') ?? '')).not.toContain('essay-editing');
});
