/**
 * The services alone, with hand-made fakes where a provider would be and an in-memory dynalite
 * where DynamoDB would be: no mocking framework, no network beyond loopback.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ensureOrdersTable } from '../src/local/embeddedDynamo';
import { storedOrder } from './support/orders';
import { startTestTable, type TestTable } from './support/table';
import { createLogger, redactSecrets, silentLogger } from '../src/log';
import { createConfirmOrder, decideStatus } from '../src/orders/confirmOrder';
import { createStartCheckout } from '../src/orders/startCheckout';
import { createOrdersStore, type OrdersStore } from '../src/orders/store';
import type { Order, OrderDraft } from '../src/orders/types';
import { createSandboxPayments } from '../src/payments/sandbox';
import { PaymentProviderError, type CheckoutSessionState, type PaymentsProvider } from '../src/payments/types';
import { resolveSecret, type SecretReader } from '../src/clients/secrets';

const TABLE = 'orders-under-test';
let table: TestTable;
let client: DynamoDBClient;
let documents: DynamoDBDocumentClient;
let orders: OrdersStore;

beforeAll(async () => {
  table = await startTestTable(TABLE);
  ({ client, documents } = table);
  await ensureOrdersTable(client, TABLE);
  orders = createOrdersStore(documents, TABLE);
});

afterAll(async () => {
  await table.close();
});

const draft: OrderDraft = {
  lines: [{ id: 'essay-editing', name: 'Essay Editing', unitAmountCents: 25_000, quantity: 2, amountCents: 50_000 }],
  totalCents: 50_000,
  customer: { fullName: 'Amani Wanjiru', email: 'amani@example.com', phone: '+254712345678' },
};

function order(overrides: Partial<Order> = {}): Order {
  return storedOrder(draft, overrides);
}

function session(overrides: Partial<CheckoutSessionState> = {}): CheckoutSessionState {
  return {
    sessionId: 'cs_test_1',
    status: 'complete',
    paymentStatus: 'paid',
    amountTotalCents: 50_000,
    currency: 'usd',
    orderRef: 'INV-00000001',
    orderId: 'order-1',
    paymentFailed: false,
    ...overrides,
  };
}

function fakeProvider(state: CheckoutSessionState | null, created: Order[] = []): PaymentsProvider {
  return {
    name: 'stripe',
    async createCheckout(placed) {
      created.push(placed);
      return { sessionId: 'cs_test_1', url: 'https://checkout.example/cs_test_1' };
    },
    retrieveSession: async () => state,
    verifyWebhook: async () => {
      throw new Error('not used');
    },
  };
}

describe('decideStatus', () => {
  it('pays only a complete, paid session with the order’s amount and currency', () => {
    expect(decideStatus(session(), order())).toEqual({ kind: 'change', to: 'paid' });
    expect(decideStatus(session({ paymentStatus: 'no_payment_required' }), order())).toEqual({ kind: 'change', to: 'paid' });
    expect(decideStatus(session({ amountTotalCents: 49_999 }), order())).toEqual({ kind: 'hold', why: 'amount-mismatch' });
    expect(decideStatus(session({ currency: 'eur' }), order())).toEqual({ kind: 'hold', why: 'amount-mismatch' });
    expect(decideStatus(session({ paymentStatus: 'unpaid' }), order())).toEqual({ kind: 'hold', why: 'awaiting-payment' });
    expect(decideStatus(session({ status: 'open', paymentStatus: 'unpaid' }), order())).toEqual({ kind: 'hold', why: 'awaiting-payment' });
  });

  it('refuses a session that belongs to another order', () => {
    expect(decideStatus(session({ orderRef: 'INV-99999999' }), order())).toEqual({ kind: 'hold', why: 'order-mismatch' });
    expect(decideStatus(session({ orderId: 'someone-else' }), order())).toEqual({ kind: 'hold', why: 'order-mismatch' });
  });

  it('expires on an expired session and fails only when the provider says the payment failed', () => {
    expect(decideStatus(session({ status: 'expired', paymentStatus: 'unpaid' }), order())).toEqual({ kind: 'change', to: 'expired' });
    expect(decideStatus(session({ paymentStatus: 'unpaid', paymentFailed: true }), order())).toEqual({ kind: 'change', to: 'failed' });
    expect(decideStatus(session({ status: 'open', paymentStatus: 'unpaid' }), order())).toEqual({ kind: 'hold', why: 'awaiting-payment' });
  });

  it('moves a failed or expired order to paid when the provider says it is paid, and nothing else after settling', () => {
    expect(decideStatus(session(), order({ status: 'failed' }))).toEqual({ kind: 'change', to: 'paid' });
    expect(decideStatus(session(), order({ status: 'expired' }))).toEqual({ kind: 'change', to: 'paid' });
    expect(decideStatus(session(), order({ status: 'paid' }))).toEqual({ kind: 'hold', why: 'settled' });
    expect(decideStatus(session({ status: 'expired', paymentStatus: 'unpaid' }), order({ status: 'paid' }))).toEqual({ kind: 'hold', why: 'settled' });
    expect(decideStatus(session({ paymentStatus: 'unpaid', paymentFailed: true }), order({ status: 'expired' }))).toEqual({ kind: 'hold', why: 'settled' });
    expect(decideStatus(session({ amountTotalCents: 1 }), order({ status: 'failed' }))).toEqual({ kind: 'hold', why: 'amount-mismatch' });
  });
});

describe('the orders store', () => {
  it('never overwrites an order with the same invoice number', async () => {
    expect(await orders.insertOrder(order({ invoiceNumber: 'INV-10000001' }))).toBe('created');
    expect(await orders.insertOrder(order({ invoiceNumber: 'INV-10000001', orderId: 'intruder', totalCents: 1 }))).toBe('duplicate');
    expect((await orders.getOrder('INV-10000001'))?.orderId).toBe('order-1');
  });

  it('changes status only from the expected state', async () => {
    await orders.insertOrder(order({ invoiceNumber: 'INV-10000002' }));
    const paid = await orders.changeStatus('INV-10000002', { from: 'pending', to: 'paid', at: 'later', reason: 'test' });
    expect(paid).toMatchObject({ status: 'paid', updatedAt: 'later', statusReason: 'test' });
    expect(await orders.changeStatus('INV-10000002', { from: 'pending', to: 'expired', at: 'even later', reason: 'late' })).toBeNull();
    expect(await orders.changeStatus('INV-00000404', { from: 'pending', to: 'paid', at: 'x', reason: 'x' })).toBeNull();
  });
});

describe('startCheckout', () => {
  it('draws a new invoice number when one is already taken', async () => {
    await orders.insertOrder(order({ invoiceNumber: 'INV-20000001' }));
    const numbers = ['INV-20000001', 'INV-20000001', 'INV-20000002'];
    const created: Order[] = [];
    const start = createStartCheckout({
      orders,
      payments: fakeProvider(null, created),
      clock: () => new Date('2026-01-01T00:00:00Z'),
      logger: silentLogger,
      newInvoiceNumber: () => numbers.shift() ?? 'INV-29999999',
    });
    expect(await start(draft)).toEqual({ kind: 'created', url: 'https://checkout.example/cs_test_1', invoiceNumber: 'INV-20000002' });
    expect(created[0]).toMatchObject({ invoiceNumber: 'INV-20000002', status: 'pending', createdAt: '2026-01-01T00:00:00.000Z' });
    expect((await orders.getOrder('INV-20000002'))?.checkoutSessionId).toBe('cs_test_1');
  });

  it('gives up after five collisions rather than loop forever', async () => {
    await orders.insertOrder(order({ invoiceNumber: 'INV-30000001' }));
    const start = createStartCheckout({ orders, payments: fakeProvider(null), clock: () => new Date(), logger: silentLogger, newInvoiceNumber: () => 'INV-30000001' });
    await expect(start(draft)).rejects.toThrow('No free invoice number after 5 attempts');
  });

  it('reports a provider failure and fails the orphaned order', async () => {
    const failing: PaymentsProvider = { ...fakeProvider(null), createCheckout: async () => Promise.reject(new PaymentProviderError('down')) };
    const start = createStartCheckout({ orders, payments: failing, clock: () => new Date(), logger: silentLogger, newInvoiceNumber: () => 'INV-40000001' });
    expect(await start(draft)).toEqual({ kind: 'provider-error' });
    expect((await orders.getOrder('INV-40000001'))?.status).toBe('failed');
  });
});

describe('confirmOrder', () => {
  it('reports a session the provider does not know, or one without an order here', async () => {
    const confirmUnknown = createConfirmOrder({ orders, payments: fakeProvider(null), clock: () => new Date(), logger: silentLogger });
    expect(await confirmUnknown({ sessionId: 'cs_test_x', source: 'test' })).toEqual({ kind: 'unknown-session' });
    const confirmOrphan = createConfirmOrder({ orders, payments: fakeProvider(session({ orderRef: 'INV-00000404' })), clock: () => new Date(), logger: silentLogger });
    expect(await confirmOrphan({ sessionId: 'cs_test_1', source: 'test' })).toEqual({ kind: 'unknown-session' });
  });

  it('changes a pending order once and reports later calls as no change', async () => {
    await orders.insertOrder(order({ invoiceNumber: 'INV-50000001', orderId: 'order-5' }));
    const confirm = createConfirmOrder({
      orders,
      payments: fakeProvider(session({ orderRef: 'INV-50000001', orderId: 'order-5' })),
      clock: () => new Date('2026-02-02T00:00:00Z'),
      logger: silentLogger,
    });
    const first = await confirm({ sessionId: 'cs_test_1', source: 'first' });
    const second = await confirm({ sessionId: 'cs_test_1', source: 'second' });
    expect(first).toMatchObject({ kind: 'order', changed: true, order: { status: 'paid', statusReason: 'first', updatedAt: '2026-02-02T00:00:00.000Z' } });
    expect(second).toMatchObject({ kind: 'order', changed: false, order: { status: 'paid', statusReason: 'first' } });
  });

  it('corrects a failed order the provider later reports paid, and logs it for review', async () => {
    await orders.insertOrder(order({ invoiceNumber: 'INV-50000002', orderId: 'order-52', status: 'failed' }));
    const lines: string[] = [];
    const paidSession = session({ orderRef: 'INV-50000002', orderId: 'order-52' });
    const confirm = createConfirmOrder({
      orders,
      payments: fakeProvider(paidSession),
      clock: () => new Date('2026-02-03T00:00:00Z'),
      logger: createLogger('info', (line) => lines.push(line)),
    });
    expect(await confirm({ sessionId: 'cs_test_1', source: 'checkout.session.async_payment_succeeded' })).toMatchObject({ changed: true, order: { status: 'paid' } });
    const review = lines.map((line) => JSON.parse(line) as Record<string, unknown>).find((entry) => entry.event === 'order.confirm.needs_review');
    expect(review).toMatchObject({ level: 'error', invoiceNumber: 'INV-50000002', why: 'paid-after-settled', status: 'failed' });
    const held = await orders.getOrder('INV-50000002');
    expect(held?.review).toEqual({ why: 'paid-after-settled', at: '2026-02-03T00:00:00.000Z', source: 'checkout.session.async_payment_succeeded' });
    expect(held?.expiresAt).toBeUndefined();
  });

  it('holds a paid session whose amount does not match, keeps the first reason, and lists it until cleared', async () => {
    await orders.insertOrder(order({ invoiceNumber: 'INV-50000003', orderId: 'order-53' }));
    expect((await orders.getOrder('INV-50000003'))?.expiresAt).toEqual(expect.any(Number));
    const confirm = createConfirmOrder({
      orders,
      payments: fakeProvider(session({ orderRef: 'INV-50000003', orderId: 'order-53', amountTotalCents: 100 })),
      clock: () => new Date('2026-02-04T00:00:00Z'),
      logger: silentLogger,
    });
    expect(await confirm({ sessionId: 'cs_test_1', source: 'webhook' })).toMatchObject({ changed: false, order: { status: 'pending' } });
    await confirm({ sessionId: 'cs_test_1', source: 'reconcile' });
    const held = await orders.getOrder('INV-50000003');
    expect(held?.review).toEqual({ why: 'amount-mismatch', at: '2026-02-04T00:00:00.000Z', source: 'webhook' });
    expect(held?.expiresAt).toBeUndefined();
    expect((await orders.findOrdersForReview()).map((found) => found.invoiceNumber)).toContain('INV-50000003');
    await orders.markForReview('INV-00000404', { why: 'amount-mismatch', at: '2026-02-04T00:00:00.000Z', source: 'test' });
    expect(await orders.getOrder('INV-00000404')).toBeNull();
  });
});

describe('the sandbox provider', () => {
  it('expires an unpaid session after its time and refuses to pay it', async () => {
    let now = new Date('2026-03-01T10:00:00Z');
    const sandbox = createSandboxPayments({ client: documents, tableName: TABLE, publicSiteUrl: 'http://127.0.0.1:1', clock: () => now });
    const placed = order({ invoiceNumber: 'INV-60000001', orderId: 'order-6' });
    await orders.insertOrder(placed);
    const { sessionId, url } = await sandbox.createCheckout(placed);
    expect(url).toBe(`http://127.0.0.1:1/api/sandbox/checkout/${sessionId}`);
    expect(await sandbox.retrieveSession(sessionId)).toEqual({
      sessionId,
      status: 'open',
      paymentStatus: 'unpaid',
      amountTotalCents: 50_000,
      currency: 'usd',
      orderRef: 'INV-60000001',
      orderId: 'order-6',
      paymentFailed: false,
    });

    now = new Date('2026-03-01T10:36:00Z');
    expect((await sandbox.retrieveSession(sessionId))?.status).toBe('expired');
    expect((await sandbox.pay(sessionId))?.state).toBe('expired');
    const confirm = createConfirmOrder({ orders, payments: sandbox, clock: () => now, logger: silentLogger });
    expect(await confirm({ sessionId, source: 'sandbox-pay' })).toMatchObject({ changed: true, order: { status: 'expired' } });
  });

  it('knows nothing of malformed or foreign session ids', async () => {
    const sandbox = createSandboxPayments({ client: documents, tableName: TABLE, publicSiteUrl: 'http://127.0.0.1:1' });
    expect(await sandbox.retrieveSession('cs_test_fromStripe')).toBeNull();
    expect(await sandbox.viewCheckout(`cs_sandbox_${'f'.repeat(32)}`)).toBeNull();
  });
});

describe('secrets and logs', () => {
  it('reads a secret from Secrets Manager only when it is given by ARN', async () => {
    const asked: string[] = [];
    const reader: SecretReader = { read: async (arn) => (asked.push(arn), 'sk_live_fromSecretsManager') };
    expect(await resolveSecret('stripeSecretKey', { kind: 'value', value: 'sk_test_inline' }, reader)).toBe('sk_test_inline');
    expect(await resolveSecret('stripeSecretKey', { kind: 'secrets-manager', arn: 'arn:aws:secretsmanager:x' }, reader)).toBe('sk_live_fromSecretsManager');
    expect(asked).toEqual(['arn:aws:secretsmanager:x']);
  });

  it('writes JSON lines without Stripe secrets', () => {
    const lines: string[] = [];
    const logger = createLogger('info', (line) => lines.push(line));
    logger.debug('hidden');
    logger.error('stripe.failed', { error: new Error('Invalid API Key provided: sk_live_51HxYzSecret and whsec_abc123') });
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0] ?? '{}') as { level: string; event: string; error: { name: string; message: string } };
    expect(entry).toMatchObject({ level: 'error', event: 'stripe.failed', error: { name: 'Error', message: 'Invalid API Key provided: sk_[redacted] and whsec_[redacted]' } });
    expect(redactSecrets('rk_test_123 sk_test_abc')).toBe('rk_[redacted] sk_[redacted]');
  });

  it('writes no e-mail address, even one quoted by a provider error', () => {
    const lines: string[] = [];
    const logger = createLogger('info', (line) => lines.push(line));
    logger.error('receipt.send_failed', { invoiceNumber: 'INV-00000001', error: new Error('Identities failed the check: amani.w@example.co.ke, <b@x.com>') });
    expect(lines[0]).toContain('"invoiceNumber":"INV-00000001"');
    expect(lines[0]).toContain('Identities failed the check: [address], <[address]>');
    expect(lines[0]).not.toContain('@');
  });
});
