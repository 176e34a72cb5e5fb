/**
 * One payment per checkout attempt, at the service: requests with the same key share the first one's
 * order and checkout; a repeat that arrives while the first still waits on the provider waits for it,
 * and hears "in progress" only past its wait; a provider failure frees the key for a retry; another
 * request under the same key is refused. The HTTP tests (createPayment, mpesa) fire them in parallel.
 */
import { attemptFingerprint, createPaymentAttemptsStore, type PaymentAttemptsStore } from '../src/orders/attempts';
import { silentLogger } from '../src/log';
import { createStartCheckout, type PaymentAttempt } from '../src/orders/startCheckout';
import { createOrdersStore, type OrdersStore } from '../src/orders/store';
import type { Order, OrderDraft } from '../src/orders/types';
import { PaymentProviderError, type PaymentsProvider } from '../src/payments/types';
import { startTestTable, type TestTable } from './support/table';

const TABLE = 'attempts-under-test';
let table: TestTable;
let orders: OrdersStore;
let attempts: PaymentAttemptsStore;

beforeAll(async () => {
  table = await startTestTable(TABLE);
  orders = createOrdersStore(table.documents, TABLE);
  attempts = createPaymentAttemptsStore(table.documents, TABLE);
});
afterAll(() => table.close());

const draft: OrderDraft = {
  lines: [{ id: 'essay-editing', name: 'Essay Editing', unitAmountCents: 25_000, quantity: 2, amountCents: 50_000 }],
  totalCents: 50_000,
  customer: { fullName: 'Amani Wanjiru', email: 'amani@example.com', phone: '+254712345678' },
};

let keys = 0;
const attemptFor = (request: unknown = { method: 'card', draft }): PaymentAttempt => ({
  key: `attempt-key-for-tests-${String((keys += 1)).padStart(4, '0')}`,
  fingerprint: attemptFingerprint(request),
});

/** A provider whose checkouts are counted and, when told, held until released or failed. */
function provider() {
  const created: Order[] = [];
  let gate: { promise: Promise<void>; release: () => void; fail: (error: Error) => void } | null = null;
  const payments: PaymentsProvider = {
    name: 'sandbox',
    async createCheckout(order) {
      created.push(order);
      if (gate) await gate.promise;
      return { sessionId: `cs_${order.orderId}`, url: `https://pay.example/${order.invoiceNumber}` };
    },
    retrieveSession: () => Promise.resolve(null),
    verifyWebhook: () => Promise.reject(new Error('unused')),
  };
  return {
    payments,
    created,
    hold() {
      const held: { promise?: Promise<void>; release: () => void; fail: (error: Error) => void } = { release: () => undefined, fail: () => undefined };
      held.promise = new Promise<void>((resolve, reject) => {
        held.release = resolve;
        held.fail = reject;
      });
      gate = { promise: held.promise, release: () => held.release(), fail: (error) => held.fail(error) };
      return gate;
    },
    open() {
      gate = null;
    },
  };
}

describe('a payment attempt', () => {
  test('five starts of one attempt at once make one order and one checkout, and all five answer it', async () => {
    const { payments, created, hold } = provider();
    const gate = hold();
    const start = createStartCheckout({ orders, payments, clock: () => new Date(), logger: silentLogger, attempts });
    const attempt = attemptFor();
    const answers = Promise.all(Array.from({ length: 5 }, () => start(draft, attempt)));
    setTimeout(gate.release, 300);
    const results = await answers;
    expect(created).toHaveLength(1);
    for (const result of results) expect(result).toEqual(results[0]);
    expect(results[0]).toMatchObject({ kind: 'created', invoiceNumber: created[0]?.invoiceNumber, url: `https://pay.example/${created[0]?.invoiceNumber}` });
    // Later, a retry after a timeout: the same checkout again.
    expect(await start(draft, attempt)).toEqual(results[0]);
    expect(created).toHaveLength(1);
  });

  test('a repeat waits for the first request only so long, then hears that it is in progress', async () => {
    const { payments, created, hold } = provider();
    const gate = hold();
    const start = createStartCheckout({ orders, payments, clock: () => new Date(), logger: silentLogger, attempts, attemptWaitMs: 0 });
    const attempt = attemptFor();
    const first = start(draft, attempt);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await start(draft, attempt)).toEqual({ kind: 'attempt-in-progress' });
    gate.release();
    expect(await first).toMatchObject({ kind: 'created' });
    expect(created).toHaveLength(1);
  });

  test('a provider failure ends the claim: the same attempt may try again and then opens one checkout', async () => {
    const { payments, created, hold, open } = provider();
    const gate = hold();
    const start = createStartCheckout({ orders, payments, clock: () => new Date(), logger: silentLogger, attempts });
    const attempt = attemptFor();
    const first = start(draft, attempt);
    gate.fail(new PaymentProviderError('Stripe is down'));
    expect(await first).toEqual({ kind: 'provider-error' });
    open();
    const retried = await start(draft, attempt);
    expect(retried).toMatchObject({ kind: 'created' });
    expect(created).toHaveLength(2);
    expect((await orders.getOrder(created[0]!.invoiceNumber))?.status).toBe('failed');
  });

  test('the same key for another request (another package, method or phone) is refused and starts nothing', async () => {
    const { payments, created } = provider();
    const start = createStartCheckout({ orders, payments, clock: () => new Date(), logger: silentLogger, attempts });
    const attempt = attemptFor({ method: 'card', draft });
    await start(draft, attempt);
    const other = { ...attempt, fingerprint: attemptFingerprint({ method: 'mpesa', draft, msisdn: '254712345678' }) };
    expect(await start(draft, other)).toEqual({ kind: 'attempt-other-details' });
    expect(created).toHaveLength(1);
  });

  test('a claim older than any function may run (a crashed invocation) is taken over', async () => {
    const { payments, created } = provider();
    const attempt = attemptFor();
    const long = new Date('2026-11-25T10:00:00.000Z');
    const { sha256 } = await import('../src/orders/attempts');
    expect(await attempts.claim(sha256(attempt.key), attempt.fingerprint, long.toISOString(), '2026-11-25T09:58:00.000Z')).toBe('claimed');
    const later = new Date(long.getTime() + 5 * 60_000);
    const start = createStartCheckout({ orders, payments, clock: () => later, logger: silentLogger, attempts, attemptWaitMs: 0 });
    expect(await start(draft, attempt)).toMatchObject({ kind: 'created' });
    expect(created).toHaveLength(1);
  });

  test('without a store or a key, every start is its own order', async () => {
    const { payments, created } = provider();
    const start = createStartCheckout({ orders, payments, clock: () => new Date(), logger: silentLogger });
    const attempt = attemptFor();
    await start(draft, attempt);
    await start(draft, attempt);
    const keyless = createStartCheckout({ orders, payments, clock: () => new Date(), logger: silentLogger, attempts });
    await keyless(draft);
    expect(created).toHaveLength(3);
  });
});
