/**
 * What ops see (issue 28): Powertools' JSON log lines with the project's rules, one business metric
 * (a CloudWatch EMF line, parsed here as CloudWatch would) per business event, and one story per
 * order: every line about an order carries its invoice number and the correlation id made with it.
 */
import { readFile } from 'node:fs/promises';
import { BUSINESS_METRICS_NAMESPACE, BUSINESS_METRICS_SERVICE, HELD_FOR_REVIEW_EVENT } from '@kesho/operations/ops-events';
import { createLogger, redactPhones } from '../src/log';
import { createBusinessMetrics } from '../src/metrics';
import { createConfirmOrder } from '../src/orders/confirmOrder';
import { createReconcileOrders } from '../src/orders/reconcile';
import { createOrdersStore } from '../src/orders/store';
import type { Order } from '../src/orders/types';
import { createMpesaPayments } from '../src/mpesa/service';
import { createMpesaStore } from '../src/mpesa/store';
import { localLogFileOf } from '../src/local/logFile';
import { formatStory, storyLines, type OrderSummary } from '../src/orders/story';
import { bindOrder, runInOrderScope } from '../src/orderContext';
import type { CheckoutSessionState, PaymentsProvider } from '../src/payments/types';
import { startFunction } from '../src/lambda';
import { DEPLOYED_ENV } from './support/deployedEnv';
import { ensureOrdersTable } from '../src/local/embeddedDynamo';
import { loadConfig } from '../src/config';
import { createFunctionMail } from '../src/mail/runtime';
import { createFunctionReceipts } from '../src/receipts/sendReceipt';
import { catalogueItem, storedOrder, validOrder } from './support/orders';
import { startTestTable, type TestTable } from './support/table';
import { postJson, startTestServer, type TestServer } from './support/testServer';

interface Emf {
  _aws: { Namespace?: string; CloudWatchMetrics: { Namespace: string; Dimensions: string[][]; Metrics: { Name: string; Unit: string }[] }[] };
  [key: string]: unknown;
}

const parse = (lines: readonly string[]) => lines.filter((line) => line.trim()).map((line) => JSON.parse(line) as Record<string, unknown>);
const emfLines = (lines: readonly string[]) => parse(lines).filter((entry): entry is Emf => typeof entry._aws === 'object');
/** The EMF documents of one metric, as CloudWatch would read them. */
const metricsNamed = (lines: readonly string[], name: string) =>
  emfLines(lines).filter((doc) => doc._aws.CloudWatchMetrics.some((set) => set.Metrics.some((metric) => metric.Name === name)));

function expectMetric(lines: readonly string[], name: string, dimensions: Record<string, string> = {}, value = 1): Emf {
  const found = metricsNamed(lines, name).find((doc) => Object.entries(dimensions).every(([key, dimension]) => doc[key] === dimension));
  if (!found) throw new Error(`No ${name} ${JSON.stringify(dimensions)} among:\n${lines.join('\n')}`);
  const [set] = found._aws.CloudWatchMetrics;
  expect(set?.Namespace).toBe(BUSINESS_METRICS_NAMESPACE);
  expect(found.service).toBe(BUSINESS_METRICS_SERVICE);
  // The first dimension set (the one alarms read) is the service and the dimensions asked for.
  expect(set?.Dimensions[0]).toEqual(['service', ...Object.keys(dimensions).filter((key) => key !== 'Reason')]);
  expect(found[name]).toBe(value);
  return found;
}

describe('log lines (Powertools Logger, the project rules on top)', () => {
  it('writes { level, time, event, service, …fields }, drops lines below the level, and describes errors without their stack', () => {
    const lines: string[] = [];
    const logger = createLogger('info', { service: 'create-payment', write: (line) => lines.push(line) });
    logger.debug('hidden');
    logger.error('checkout.provider_failed', { invoiceNumber: 'INV-00000001', error: Object.assign(new Error('boom'), { code: 'ECONNRESET' }) });
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0] ?? '{}') as Record<string, unknown>;
    expect(entry).toMatchObject({
      level: 'error',
      event: 'checkout.provider_failed',
      service: 'create-payment',
      invoiceNumber: 'INV-00000001',
      error: { name: 'Error', message: 'boom', code: 'ECONNRESET' },
    });
    expect(typeof entry.time).toBe('string');
    expect(lines[0]).not.toMatch(/stack|at Object/);
  });

  it.each(['0712345678', '0712 345 678', '+254712345678', '+254 712 345 678', '254712345678', '0112345678', '+44 20 7946 0958'])('writes no phone number such as %s', (phone) => {
    const lines: string[] = [];
    createLogger('info', (line) => lines.push(line)).error('mpesa.refused', { error: new Error(`Daraja refused ${phone}: invalid PartyA`) });
    expect(lines[0]).toContain('Daraja refused [phone]: invalid PartyA');
  });

  it('leaves invoice numbers, receipt numbers, amounts and times alone', () => {
    const text = 'INV-07123456 paid 2026-11-26T07:12:34.000Z receipt SB12345678 amount 13140 id 1795677548661';
    expect(redactPhones(text)).toBe(text);
  });

  it('puts the order of the scope (invoice number, correlation id) and the function on every line', async () => {
    const lines: string[] = [];
    const logger = createLogger('info', (line) => lines.push(line));
    await runInOrderScope(
      async () => {
        logger.info('before');
        bindOrder({ invoiceNumber: 'INV-00000042', correlationId: 'c0ffee00-aaaa-bbbb-cccc-000000000042' });
        logger.info('after');
      },
      {},
      { fn: 'fulfil-order' },
    );
    const [before, after] = parse(lines);
    expect(before).toMatchObject({ event: 'before', function: 'fulfil-order' });
    expect(before).not.toHaveProperty('invoiceNumber');
    expect(after).toMatchObject({ event: 'after', function: 'fulfil-order', invoiceNumber: 'INV-00000042', correlationId: 'c0ffee00-aaaa-bbbb-cccc-000000000042' });
  });

  it('in AWS, adds the cold-start flag and the request id of each invocation', async () => {
    const output: string[] = [];
    // What Lambda sets for an on-demand instance: Powertools reads it to tell a cold start.
    process.env.AWS_LAMBDA_INITIALIZATION_TYPE = 'on-demand';
    const write = jest.spyOn(process.stdout, 'write').mockImplementation((chunk) => (output.push(String(chunk)), true));
    try {
      // The function's start (lambda.ts), from the test's environment instead of process.env.
      const start = startFunction('enquiries', { ...DEPLOYED_ENV, LOG_LEVEL: 'info' });
      const handler = async () => start.logger.info('probe');
      start.addLambdaContext({ awsRequestId: 'req-1', functionName: 'enquiries' });
      await handler();
      start.addLambdaContext({ awsRequestId: 'req-2', functionName: 'enquiries' });
      await handler();
    } finally {
      write.mockRestore();
      delete process.env.AWS_LAMBDA_INITIALIZATION_TYPE;
    }
    const probes = parse(output.join('').split('\n')).filter((entry) => entry.event === 'probe');
    expect(probes.map((entry) => [entry.function_request_id, entry.cold_start, entry.service])).toEqual([
      ['req-1', true, 'enquiries'],
      ['req-2', false, 'enquiries'],
    ]);
  });
});

describe('business metrics and one story per order (the local runtime, its log file read back)', () => {
  let server: TestServer;
  /** The log file once the background work is done and every line written so far has reached it. */
  const lines = async () => {
    await server.api.settled();
    return (await readFile(localLogFileOf(server.dataDir), 'utf8')).split('\n');
  };

  beforeAll(async () => {
    server = await startTestServer({ env: { LOG_LEVEL: 'info' } });
  });
  afterAll(async () => {
    await server.close();
  });

  it('a card purchase: OrdersStarted and OrdersPaid (card), ReceiptsSent, and every line of its story carries its invoice number and one correlation id', async () => {
    const response = await postJson(`${server.origin}/api/create-payment`, validOrder());
    const { invoiceNumber, url } = (await response.json()) as { invoiceNumber: string; url: string };
    await fetch(`${url}/pay`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: '', redirect: 'manual' });
    await server.api.settled();
    const stored = await server.api.runtime.orders.getOrder(invoiceNumber);
    expect(stored?.correlationId).toMatch(/^[0-9a-f-]{36}$/);

    const all = await lines();
    const story = parse(all).filter((entry) => entry.invoiceNumber === invoiceNumber);
    expect(story.map((entry) => entry.event ?? Object.keys(entry).find((key) => /^[A-Z]/.test(key) && key !== 'Method'))).toEqual(
      expect.arrayContaining(['order.created', 'checkout.created', 'order.status_changed', 'receipt.sent', 'OrdersStarted', 'OrdersPaid', 'ReceiptsSent']),
    );
    expect(new Set(story.map((entry) => entry.correlationId))).toEqual(new Set([stored?.correlationId]));
    // The receipt's SES events (the local stand-in's: delivered) join the story through mail-events (issue 41, item 8).
    expect(story.filter((entry) => entry.event === 'mail.delivered').map((entry) => entry.outboxKey)).toEqual(expect.arrayContaining([`receipt#${invoiceNumber}`]));
    expect(new Set(story.filter((entry) => entry.event).map((entry) => entry.function))).toEqual(new Set(['create-payment', 'sandbox-checkout', 'mail-events']));
    expectMetric(all, 'OrdersStarted', { Method: 'card' });
    expectMetric(all, 'OrdersPaid', { Method: 'card' });
    expectMetric(all, 'ReceiptsSent');
  });

  it("npm run orders -- show: the order from the store (through the server's Invoke API) and its timeline, in order, without personal data", async () => {
    const response = await postJson(`${server.origin}/api/create-payment`, validOrder());
    const { invoiceNumber, url } = (await response.json()) as { invoiceNumber: string; url: string };
    await fetch(`${url}/pay`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: '', redirect: 'manual' });
    const invoke = await fetch(`${server.origin}/2015-03-31/functions/order-story/invocations`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ invoiceNumber }),
    });
    const summary = (await invoke.json()) as OrderSummary;
    expect(summary).toMatchObject({ invoiceNumber, status: 'paid', method: 'card', receiptStatus: 'sent', correlationId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(JSON.stringify(summary)).not.toMatch(/Amani|amani@example\.com|712345678/);
    const timeline = storyLines(await lines(), invoiceNumber, summary.correlationId);
    const events = timeline.map((line) => line.text.split(/\s+/).slice(2).join(' '));
    // In time order: the order made, its checkout, paid, the receipt; the metrics between them.
    const position = (pattern: RegExp) => events.findIndex((text) => pattern.test(text));
    expect(position(/order\.created/)).toBeLessThan(position(/checkout\.created/));
    expect(position(/checkout\.created/)).toBeLessThan(position(/order\.status_changed/));
    expect(position(/order\.status_changed/)).toBeLessThan(position(/receipt\.sent/));
    expect(position(/OrdersPaid=1/)).toBeGreaterThan(-1);
    const printed = formatStory(invoiceNumber, summary, timeline, { logFile: 'api.jsonl', store: 'the server' });
    expect(printed).toContain(`Order ${invoiceNumber} (correlation id ${summary.correlationId})`);
    expect(printed).toMatch(/paid \(sandbox-pay\), by card, USD \d+\.\d{2} for 2 lines/);
    expect(printed).not.toMatch(/Amani|Wanjiru|amani@example\.com|712345678/);
  });

  it('a declined card: OrdersFailed by method and reason', async () => {
    const { url } = (await (await postJson(`${server.origin}/api/create-payment`, validOrder())).json()) as { url: string };
    await fetch(`${url}/decline`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: '', redirect: 'manual' });
    const failed = expectMetric(await lines(), 'OrdersFailed', { Method: 'card', Reason: 'declined' });
    expect(failed._aws.CloudWatchMetrics[0]?.Dimensions).toEqual([
      ['service', 'Method'],
      ['service', 'Method', 'Reason'],
    ]);
  });

  it('M-Pesa: started and paid on the test phone, cancelled as OrdersFailed (mpesa, cancelled), the callback lines in the same story', async () => {
    const start = async () => {
      const response = await postJson(`${server.origin}/api/mpesa-payment`, { ...validOrder([catalogueItem('essay-editing')]), phone: '0712 345 678' });
      return ((await response.json()) as { payment: { paymentId: string; invoiceNumber: string; sandboxUrl: string } }).payment;
    };
    const answer = (payment: { sandboxUrl: string }, action: string) =>
      fetch(`${server.origin}${payment.sandboxUrl}/${action}`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: '', redirect: 'manual' });
    const paid = await start();
    await answer(paid, 'approve');
    const cancelled = await start();
    await answer(cancelled, 'cancel');
    const all = await lines();
    expectMetric(all, 'OrdersStarted', { Method: 'mpesa' });
    expectMetric(all, 'OrdersPaid', { Method: 'mpesa' });
    expectMetric(all, 'OrdersFailed', { Method: 'mpesa', Reason: 'cancelled' });
    const story = parse(all).filter((entry) => entry.invoiceNumber === paid.invoiceNumber && entry.event);
    const stored = await server.api.runtime.orders.getOrder(paid.invoiceNumber);
    expect(story.map((entry) => entry.function)).toEqual(expect.arrayContaining(['mpesa-payment', 'mpesa-sandbox']));
    expect(new Set(story.map((entry) => entry.correlationId))).toEqual(new Set([stored?.correlationId]));
    expect(all.join('\n')).not.toMatch(/0712 ?345 ?678|254712345678/);
  });

  it('the forms: enquiries and sign-ups accepted and refused', async () => {
    const enquiry = {
      name: 'Amani Wanjiru',
      email: 'amani@example.com',
      phone: '+254712345678',
      country: 'canada',
      message: 'I would like to study nursing in Canada next year.',
      website: '',
    };
    expect((await postJson(`${server.origin}/api/enquiries`, enquiry)).status).toBe(200);
    expect((await postJson(`${server.origin}/api/enquiries`, { ...enquiry, email: 'not-an-address' })).status).toBe(400);
    expect((await postJson(`${server.origin}/api/subscriptions`, { email: 'reader@example.com', website: '' })).status).toBe(202);
    expect((await postJson(`${server.origin}/api/subscriptions`, { email: 'nope', website: '' })).status).toBe(400);
    // The honeypot answers like a success, yet counts as refused.
    expect((await postJson(`${server.origin}/api/enquiries`, { ...enquiry, website: 'https://spam.example' })).status).toBe(200);
    expect((await postJson(`${server.origin}/api/subscriptions`, { email: 'bot@example.com', website: 'https://spam.example' })).status).toBe(202);
    const all = await lines();
    expectMetric(all, 'EnquiriesAccepted');
    expect(expectMetric(all, 'EnquiriesRefused').reason).toBe('invalid');
    expectMetric(all, 'SignUpsAccepted');
    expect(expectMetric(all, 'SignUpsRefused').reason).toBe('invalid');
    const reasons = (name: string) => metricsNamed(all, name).map((doc) => doc.reason);
    expect(metricsNamed(all, 'EnquiriesAccepted')).toHaveLength(1);
    expect(reasons('EnquiriesRefused')).toEqual(['invalid', 'honeypot']);
    expect(metricsNamed(all, 'SignUpsAccepted')).toHaveLength(1);
    expect(reasons('SignUpsRefused')).toEqual(['invalid', 'honeypot']);
    expect(all.join('\n')).not.toMatch(/amani@example\.com|reader@example\.com|bot@example\.com|\+254712345678/);
  });

  it('each reconciliation run: the levels ops alarm on, and what it settled and left', async () => {
    await server.api.runtime.services.reconcileOrders();
    const all = await lines();
    for (const level of ['OrdersHeldForReview', 'ReceiptsOverdue', 'PendingOrdersBacklog']) expectMetric(all, level, {}, 0);
    expectMetric(all, 'ReconcileSettled', {}, 0);
    expectMetric(all, 'ReconcileLeft', {}, 0);
  });
});

describe('business events met by the services alone (Powertools EMF lines parsed)', () => {
  let table: TestTable;
  beforeAll(async () => {
    table = await startTestTable('observability-orders');
    await ensureOrdersTable(table.client, 'observability-orders');
  });
  afterAll(async () => {
    await table.close();
  });

  const order = (overrides: Partial<Order>): Order =>
    storedOrder(
      {
        lines: [{ id: 'essay-editing', name: 'Essay Editing', unitAmountCents: 25_000, quantity: 1, amountCents: 25_000 }],
        totalCents: 25_000,
        customer: { fullName: 'Amani Wanjiru', email: 'amani@example.com', phone: '+254712345678' },
      },
      { correlationId: 'c0ffee00-0000-0000-0000-000000000001', ...overrides },
    );
  const paidSession = (invoiceNumber: string, orderId: string): CheckoutSessionState => ({
    sessionId: 'cs_test_1',
    status: 'complete',
    paymentStatus: 'paid',
    amountTotalCents: 25_000,
    currency: 'usd',
    orderRef: invoiceNumber,
    orderId,
    paymentFailed: false,
  });
  const provider = (session: CheckoutSessionState): PaymentsProvider => ({
    name: 'stripe',
    createCheckout: () => Promise.reject(new Error('unused')),
    retrieveSession: async () => session,
    verifyWebhook: () => Promise.reject(new Error('unused')),
  });

  it('money taken for an order already failed: OrdersNeedingReview with its reason, beside the error line, both naming the order', async () => {
    const orders = createOrdersStore(table.documents, 'observability-orders');
    await orders.insertOrder(order({ invoiceNumber: 'INV-00000101', orderId: 'order-101', status: 'failed' }));
    const lines: string[] = [];
    const write = (line: string) => lines.push(line);
    const confirm = createConfirmOrder({
      orders,
      payments: provider(paidSession('INV-00000101', 'order-101')),
      clock: () => new Date(),
      logger: createLogger('info', write),
      metrics: createBusinessMetrics(write),
    });
    await runInOrderScope(() => confirm({ sessionId: 'cs_test_1', source: 'checkout.session.completed' }));
    const review = expectMetric(lines, 'OrdersNeedingReview');
    expect(review).toMatchObject({ why: 'paid-after-settled', invoiceNumber: 'INV-00000101', correlationId: 'c0ffee00-0000-0000-0000-000000000001' });
    expect(parse(lines).find((entry) => entry.event === 'order.confirm.needs_review')).toMatchObject({
      invoiceNumber: 'INV-00000101',
      correlationId: 'c0ffee00-0000-0000-0000-000000000001',
    });
    expect((await orders.getOrder('INV-00000101'))?.review?.why).toBe('paid-after-settled');
  });

  it('a checkout that expired unpaid: OrdersExpired by method, naming the order', async () => {
    const orders = createOrdersStore(table.documents, 'observability-orders');
    await orders.insertOrder(order({ invoiceNumber: 'INV-00000104', orderId: 'order-104' }));
    const lines: string[] = [];
    const confirm = createConfirmOrder({
      orders,
      payments: provider({ ...paidSession('INV-00000104', 'order-104'), status: 'expired', paymentStatus: 'unpaid' }),
      clock: () => new Date(),
      logger: createLogger('silent'),
      metrics: createBusinessMetrics((line) => lines.push(line)),
    });
    await runInOrderScope(() => confirm({ sessionId: 'cs_test_1', source: 'checkout.session.expired' }));
    expect(expectMetric(lines, 'OrdersExpired', { Method: 'card' })).toMatchObject({ invoiceNumber: 'INV-00000104', source: 'checkout.session.expired' });
    expect(metricsNamed(lines, 'OrdersPaid')).toEqual([]);
    expect((await orders.getOrder('INV-00000104'))?.status).toBe('expired');
  });

  it("Daraja's status query failing: MpesaQueryFailures", async () => {
    const orders = createOrdersStore(table.documents, 'observability-orders');
    const store = createMpesaStore(table.documents, 'observability-orders');
    await orders.insertOrder(order({ invoiceNumber: 'INV-00000102', orderId: 'order-102' }));
    await store.insertPayment({
      paymentId: 'mp_observabilityTest0001',
      invoiceNumber: 'INV-00000102',
      orderId: 'order-102',
      msisdn: '254712345678',
      amountKes: 3300,
      amountUsdCents: 25_000,
      kesPerUsd: '129.25',
      rateDate: '2026-11-20',
      callbackToken: 'x'.repeat(43),
      createdAt: '2026-01-01T00:00:00.000Z',
    });
    await store.attachPush('mp_observabilityTest0001', { checkoutRequestId: 'ws_CO_1', merchantRequestId: 'm1' });
    const lines: string[] = [];
    const payments = createMpesaPayments({
      orders,
      store,
      gateway: { name: 'daraja', stkPush: () => Promise.reject(new Error('unused')), stkQuery: () => Promise.reject(new Error('Daraja could not be reached')) },
      publicSiteUrl: 'https://www.example.com',
      clock: () => new Date(),
      logger: createLogger('silent'),
      metrics: createBusinessMetrics((line) => lines.push(line)),
    });
    await expect(runInOrderScope(() => payments.status('mp_observabilityTest0001'))).rejects.toThrow('Daraja could not be reached');
    expect(expectMetric(lines, 'MpesaQueryFailures').invoiceNumber).toBe('INV-00000102');
  });

  it('mail down: ReceiptsFailed and MailSendFailures, the order left with its receipt due', async () => {
    const orders = createOrdersStore(table.documents, 'observability-orders');
    await orders.insertOrder(order({ invoiceNumber: 'INV-00000103', orderId: 'order-103' }));
    const paid = await orders.changeStatus('INV-00000103', { from: 'pending', to: 'paid', at: new Date().toISOString(), reason: 'test' });
    const lines: string[] = [];
    const start = {
      config: loadConfig({ ORDERS_TABLE: 'observability-orders', LOG_LEVEL: 'silent' }, { runtime: 'local' }),
      logger: createLogger('silent'),
      metrics: createBusinessMetrics((line) => lines.push(line)),
      clock: () => new Date(),
    };
    const mail = createFunctionMail(start, table.documents, { mailTransport: { send: () => Promise.reject(new Error('Mail service unavailable')) } });
    const sendReceipt = createFunctionReceipts(start, mail, orders);
    await expect(runInOrderScope(() => sendReceipt(paid as Order))).rejects.toThrow('Mail service unavailable');
    expect(expectMetric(lines, 'ReceiptsFailed').invoiceNumber).toBe('INV-00000103');
    expectMetric(lines, 'MailSendFailures');
    expect((await orders.getOrder('INV-00000103'))?.receiptStatus).toBe('due');
  });

  it('a reconciliation run: held orders, receipts still due 30 minutes after payment, pending orders over an hour old, what it left', async () => {
    const now = new Date('2026-06-01T12:00:00.000Z');
    const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString();
    const held = order({ invoiceNumber: 'INV-00000201', status: 'paid', receiptStatus: 'sent', review: { why: 'amount-mismatch', at: ago(5), source: 'webhook' } });
    const overdue = order({ invoiceNumber: 'INV-00000202', status: 'paid', receiptStatus: 'due', updatedAt: ago(45) });
    const freshlyPaid = order({ invoiceNumber: 'INV-00000203', status: 'paid', receiptStatus: 'due', updatedAt: ago(5) });
    const stale = order({ invoiceNumber: 'INV-00000204', status: 'pending', checkoutSessionId: 'cs_test_stale', createdAt: ago(90) });
    const lines: string[] = [];
    const write = (line: string) => lines.push(line);
    const reconcile = createReconcileOrders({
      orders: {
        findOrdersNeedingAttention: async () => [overdue, freshlyPaid, stale],
        findOrdersForReview: async () => [held],
      } as unknown as ReturnType<typeof createOrdersStore>,
      // The provider still says "open"; every receipt send fails (mail down).
      confirmOrder: async () => ({ kind: 'order', order: stale, changed: false }),
      sendReceipt: () => Promise.reject(new Error('Mail service unavailable')),
      clock: () => now,
      logger: createLogger('info', write),
      metrics: createBusinessMetrics(write),
      pendingAgeSeconds: 300,
    });
    const report = await reconcile();
    expect(report).toMatchObject({ heldForReview: 1, receiptsOverdue: 1, pendingBacklog: 1, failed: 2 });
    expectMetric(lines, 'OrdersHeldForReview', {}, 1);
    expectMetric(lines, 'ReceiptsOverdue', {}, 1);
    expectMetric(lines, 'PendingOrdersBacklog', {}, 1);
    expectMetric(lines, 'ReconcileLeft', {}, 2);
    // Each order's lines name it: the failure of INV-00000202 is logged in its own scope.
    expect(parse(lines).find((entry) => entry.event === 'reconcile.order_failed' && entry.invoiceNumber === 'INV-00000202')).toMatchObject({ correlationId: overdue.correlationId });
    expect(parse(lines).find((entry) => entry.event === HELD_FOR_REVIEW_EVENT)).toMatchObject({ count: 1 });
  });

  it('a reconciliation run that settles a pending order: ReconcileSettled counts it, nothing left', async () => {
    const now = new Date('2026-06-01T12:00:00.000Z');
    const pending = order({ invoiceNumber: 'INV-00000205', status: 'pending', checkoutSessionId: 'cs_test_settled', createdAt: new Date(now.getTime() - 10 * 60_000).toISOString() });
    const lines: string[] = [];
    const reconcile = createReconcileOrders({
      orders: { findOrdersNeedingAttention: async () => [pending], findOrdersForReview: async () => [] } as unknown as ReturnType<typeof createOrdersStore>,
      // The provider says paid: the confirm routine makes the order paid (and sends its receipt).
      confirmOrder: async () => ({ kind: 'order', order: { ...pending, status: 'paid', receiptStatus: 'sent' }, changed: true }),
      sendReceipt: () => Promise.reject(new Error('unused')),
      clock: () => now,
      logger: createLogger('silent'),
      metrics: createBusinessMetrics((line) => lines.push(line)),
      pendingAgeSeconds: 300,
    });
    expect(await reconcile()).toMatchObject({ settled: 1, failed: 0 });
    expectMetric(lines, 'ReconcileSettled', {}, 1);
    expectMetric(lines, 'ReconcileLeft', {}, 0);
    expectMetric(lines, 'PendingOrdersBacklog', {}, 0);
  });
});
