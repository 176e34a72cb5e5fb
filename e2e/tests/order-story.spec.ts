import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { checkOutOneService, dismissCookieBanner, expect, test } from '../support/fixtures';
import { personalDataInServerLog, readServerLog } from '../support/server-log';
import { repoRoot } from '../support/site';

/**
 * One story per order (issue 28): a card payment (the Stripe sandbox) and an M-Pesa payment (the
 * M-Pesa sandbox) through the real pages; every line the local server's functions wrote about each
 * order carries its invoice number and one correlation id, from the function that made the order to
 * the ones that settled it and sent its receipt; `npm run orders -- show` prints the order's timeline;
 * and no line of the server's log holds an e-mail address or a phone number.
 */
const CUSTOMER = { name: 'Baraka Otieno', email: 'baraka.otieno@example.com', phone: '0722 123 456', mpesaPhone: '0712 345 678' };

/** The invoice number the success page shows. */
async function invoiceOnSuccessPage(page: Page): Promise<string> {
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText(/INV-\d{8}/);
  const invoiceNumber = /INV-\d{8}/.exec((await page.getByRole('main').textContent()) ?? '')?.[0];
  if (!invoiceNumber) throw new Error('The success page shows no invoice number');
  return invoiceNumber;
}

/** The order's lines once its receipt is out: the story is complete then. */
async function storyOf(invoiceNumber: string): Promise<Record<string, unknown>[]> {
  await expect.poll(async () => (await readServerLog()).some((line) => line.invoiceNumber === invoiceNumber && line.event === 'receipt.sent'), { timeout: 20_000 }).toBe(true);
  return (await readServerLog()).filter((line) => line.invoiceNumber === invoiceNumber);
}

function expectOneStory(lines: readonly Record<string, unknown>[], functions: readonly string[], metrics: readonly string[]): string {
  const correlationIds = new Set(lines.map((line) => line.correlationId));
  expect([...correlationIds]).toHaveLength(1);
  const [correlationId] = [...correlationIds];
  expect(correlationId).toMatch(/^[0-9a-f-]{36}$/);
  // The functions that made and settled the order wrote about it (the success page's reads, which change nothing, need not).
  expect([...new Set(lines.filter((line) => line.event).map((line) => line.function))]).toEqual(expect.arrayContaining([...functions]));
  const metricNames = lines.flatMap((line) =>
    ((line._aws as { CloudWatchMetrics?: { Metrics: { Name: string }[] }[] } | undefined)?.CloudWatchMetrics ?? []).flatMap((set) => set.Metrics.map((metric) => metric.Name)),
  );
  expect(metricNames).toEqual(expect.arrayContaining([...metrics]));
  return String(correlationId);
}

async function ordersShow(invoiceNumber: string): Promise<string> {
  const { stdout } = await promisify(execFile)('npm', ['run', '--silent', 'orders', '--', 'show', invoiceNumber], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: process.env.KESHO_DATA_DIR, ORDERS_ENDPOINT: process.env.KESHO_BASE_URL },
  });
  return stdout;
}

function expectTimeline(printed: string, invoiceNumber: string, correlationId: string, events: readonly string[]): void {
  expect(printed).toContain(`Order ${invoiceNumber} (correlation id ${correlationId})`);
  expect(printed).toMatch(/\n {2}paid \(/);
  expect(printed).toContain('receipt sent');
  // Each event printed once at least, in the order they happened.
  const positions = events.map((event) => printed.indexOf(` ${event} `));
  for (const position of positions) expect(position).toBeGreaterThan(-1);
  expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  for (const personal of [CUSTOMER.name, CUSTOMER.email, '722 123 456', '712 345 678', '722123456', '712345678']) expect(printed).not.toContain(personal);
}

test.beforeEach(async ({ page }) => {
  await dismissCookieBanner(page);
});

test('a card payment: one correlation id from create-payment to the receipt, and its timeline printed by npm run orders', async ({ page, context }) => {
  test.slow();
  await checkOutOneService(page, 'Essay Editing', CUSTOMER);
  const popup = context.waitForEvent('page');
  await page.getByRole('button', { name: /^Pay .* with Stripe$/ }).click();
  const sandbox = await popup;
  await sandbox.getByRole('button', { name: /^Pay / }).click();
  await expect(sandbox).toHaveURL(/\/payment-success\?session_id=/);
  const invoiceNumber = await invoiceOnSuccessPage(sandbox);

  const lines = await storyOf(invoiceNumber);
  const correlationId = expectOneStory(lines, ['create-payment', 'sandbox-checkout'], ['OrdersStarted', 'OrdersPaid', 'ReceiptsSent']);
  expectTimeline(await ordersShow(invoiceNumber), invoiceNumber, correlationId, ['order.created', 'checkout.created', 'order.status_changed', 'receipt.sent']);
});

test('an M-Pesa payment: one correlation id from mpesa-payment through the test phone to the receipt, and its timeline', async ({ page }) => {
  test.slow();
  await checkOutOneService(page, 'Essay Editing', CUSTOMER);
  await page.getByRole('radio', { name: 'M-Pesa' }).check();
  await page.getByLabel('M-Pesa phone number').fill(CUSTOMER.mpesaPhone);
  await page.getByRole('button', { name: /^Pay KES .* with M-Pesa$/ }).click();
  await expect(page).toHaveURL(/\/payment\?mpesa=mp_/);
  await page.getByRole('link', { name: 'Open the test M-Pesa phone (test mode)' }).click();
  await page.getByRole('button', { name: 'Enter the right PIN and pay (test)' }).click();
  await expect(page).toHaveURL(/\/payment-success\?session_id=mp_/);
  const invoiceNumber = await invoiceOnSuccessPage(page);

  const lines = await storyOf(invoiceNumber);
  const correlationId = expectOneStory(lines, ['mpesa-payment', 'mpesa-sandbox'], ['OrdersStarted', 'OrdersPaid', 'ReceiptsSent']);
  expect(lines.find((line) => line.OrdersStarted !== undefined)?.Method).toBe('mpesa');
  expectTimeline(await ordersShow(invoiceNumber), invoiceNumber, correlationId, ['order.created', 'mpesa.push_sent', 'order.status_changed', 'receipt.sent']);
});

test('no line of the server log holds an e-mail address or a phone number', async () => {
  // Every spec so far wrote through the same server; global-setup checks the whole log again at the end.
  expect(await readServerLog()).not.toHaveLength(0);
  expect(await personalDataInServerLog()).toEqual([]);
});
