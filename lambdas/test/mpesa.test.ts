import { randomBytes } from 'node:crypto';
import { MPESA_MESSAGES, MPESA_OUTCOME_MESSAGES, usdCentsToKes } from '@kesho/site-rules/mpesa';
import { PAYMENT_ATTEMPT_MESSAGES } from '@kesho/site-rules/payment-attempt';
import path from 'node:path';
import { site } from '@kesho/site-rules/site';
import { loadConfig } from '../src/config';
import { listMailbox } from '../src/mail/mailbox';
import { startFakeDaraja, type FakeDaraja, type FakePush } from './support/fakeDaraja';
import { catalogueItem, validOrder } from './support/orders';
import { postJson, startTestServer, type TestServer } from './support/testServer';

interface Payment {
  paymentId: string;
  invoiceNumber: string;
  status: string;
  outcome: string;
  message: string;
  receiptNumber: string | null;
  amountKes: number;
  kesPerUsd: string;
  rateDate: string;
  phone: string;
  amountCents: number;
  sandboxUrl?: string;
}

const CONFIGURED_RATE = { kesPerUsd: '131.4', rateDate: '2026-11-22' } as const;

const order = () => ({ ...validOrder([catalogueItem('essay-editing', 2), catalogueItem('visa-guidance')]), phone: '0712 345 678' });

async function start(server: TestServer, body: unknown = order()): Promise<Payment> {
  const response = await postJson(`${server.origin}/api/mpesa-payment`, body);
  expect(response.status).toBe(200);
  return ((await response.json()) as { payment: Payment }).payment;
}

async function poll(server: TestServer, paymentId: string): Promise<Payment> {
  const response = await fetch(`${server.origin}/api/mpesa-payment?payment_id=${paymentId}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { payment: Payment }).payment;
}

describe('M-Pesa through Daraja (a Daraja-compatible server)', () => {
  let daraja: FakeDaraja;
  let server: TestServer;

  beforeAll(async () => {
    daraja = await startFakeDaraja();
    server = await startTestServer({
      env: {
        ...daraja.env,
        // Ops' rate, not the code's default: the charge and GET /api/mpesa-payment must both follow it.
        KES_PER_USD: CONFIGURED_RATE.kesPerUsd,
        KES_RATE_DATE: CONFIGURED_RATE.rateDate,
      },
    });
  });
  afterAll(async () => {
    await server.close();
    await daraja.close();
  });

  const pushOf = (): FakePush => daraja.pushes.at(-1)!;
  const callback = (push: FakePush, body: unknown = daraja.callbackBody(push)) => {
    const token = new URL(String(push.body.CallBackURL)).pathname.split('/').at(-1);
    return postJson(`${server.origin}/api/mpesa/callback/${token}`, body);
  };

  it('stores the order priced by the server, converts at the configured rate and sends the push', async () => {
    const payment = await start(server);
    const push = pushOf();
    expect(payment).toMatchObject({ status: 'pending', outcome: 'pending', message: MPESA_MESSAGES.waiting, receiptNumber: null, phone: '+254 7•• ••• 678' });
    expect(payment).toMatchObject(CONFIGURED_RATE);
    expect(payment.amountKes).toBe(usdCentsToKes(payment.amountCents, CONFIGURED_RATE.kesPerUsd));
    expect(payment.amountKes).not.toBe(usdCentsToKes(payment.amountCents));
    expect(push.body).toMatchObject({ Amount: payment.amountKes, PhoneNumber: '254712345678', PartyA: '254712345678', AccountReference: payment.invoiceNumber });
    expect(String(push.body.CallBackURL)).toMatch(new RegExp(`^${server.origin}/api/mpesa/callback/[A-Za-z0-9_-]{43}$`));
    expect(String(push.body.CallBackURL)).not.toContain(payment.paymentId);
    expect(payment.sandboxUrl).toBeUndefined();
    const stored = await server.api.runtime.services.mpesa!.store.getPayment(payment.paymentId);
    expect(stored).toMatchObject({ amountKes: payment.amountKes, kesPerUsd: payment.kesPerUsd, rateDate: payment.rateDate, checkoutRequestId: push.checkoutRequestId });
    expect(await server.api.runtime.orders.getOrder(payment.invoiceNumber)).toMatchObject({ status: 'pending', checkoutSessionId: payment.paymentId });
  });

  it('answers a payment id with the phone masked: the status answer never holds the whole number (issue 40, item 6)', async () => {
    const payment = await start(server);
    expect(payment.phone).toBe('+254 7•• ••• 678');
    const response = await fetch(`${server.origin}/api/mpesa-payment?payment_id=${payment.paymentId}`);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(JSON.parse(text).payment.phone).toBe('+254 7•• ••• 678');
    for (const whole of ['254712345678', '712345678', '712 345 678', '0712345678']) expect(text).not.toContain(whole);
  });

  it('answers the configured rate and its date to GET /api/mpesa-payment, the rate /payment shows', async () => {
    const response = await fetch(`${server.origin}/api/mpesa-payment`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ rate: CONFIGURED_RATE });
  });

  it('waits while the phone has not answered, then settles paid once with the receipt; duplicates and late callbacks change nothing', async () => {
    const payment = await start(server);
    const push = pushOf();
    expect((await poll(server, payment.paymentId)).outcome).toBe('pending');

    daraja.complete(push.checkoutRequestId, 0);
    const first = await callback(push);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
    const paid = await poll(server, payment.paymentId);
    expect(paid).toMatchObject({ status: 'paid', outcome: 'paid', message: MPESA_OUTCOME_MESSAGES.paid, receiptNumber: push.result!.receipt });

    expect((await callback(push)).status).toBe(200);
    expect((await callback(push, daraja.callbackBody(push, { receipt: 'TKLATE0001' }))).status).toBe(200);
    expect((await callback(push, daraja.callbackBody(push, { resultCode: 1032 }))).status).toBe(200);
    const after = await poll(server, payment.paymentId);
    expect(after).toMatchObject({ status: 'paid', receiptNumber: push.result!.receipt });
    const order = await server.api.runtime.orders.getOrder(payment.invoiceNumber);
    expect(order?.statusReason).toBe('mpesa-callback');
    // The receipt goes out once (customer + support copy), however many callbacks and polls follow.
    expect(order).toMatchObject({ receiptStatus: 'sent' });
    const receipts = (await listMailbox(path.join(server.dataDir, 'mail'))).filter((mail) => mail.subject.includes(payment.invoiceNumber));
    expect(receipts.map((mail) => mail.to).sort()).toEqual(['amani@example.com', site.email].sort());

    // The success page reads the same summary through checkout-session.
    const success = await fetch(`${server.origin}/api/checkout-session?session_id=${payment.paymentId}`);
    expect(success.status).toBe(200);
    expect(await success.json()).toMatchObject({ invoiceNumber: payment.invoiceNumber, status: 'paid', receiptNumber: push.result!.receipt });
  });

  it('never marks paid on a forged callback the query does not confirm', async () => {
    const payment = await start(server);
    const push = pushOf();
    expect((await callback(push, daraja.callbackBody(push, { resultCode: 0 }))).status).toBe(200);
    expect(await poll(server, payment.paymentId)).toMatchObject({ status: 'pending', outcome: 'pending', receiptNumber: null });

    daraja.complete(push.checkoutRequestId, 1032);
    const cancelled = await poll(server, payment.paymentId);
    expect(cancelled).toMatchObject({ status: 'failed', outcome: 'cancelled', message: MPESA_OUTCOME_MESSAGES.cancelled, receiptNumber: null });
  });

  it('five identical starts with one Idempotency-Key at once send one push and all answer its payment', async () => {
    const before = daraja.pushes.length;
    const key = randomBytes(16).toString('base64url');
    const responses = await Promise.all(Array.from({ length: 5 }, () => postJson(`${server.origin}/api/mpesa-payment`, order(), { 'Idempotency-Key': key })));
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);
    const payments = await Promise.all(responses.map(async (response) => ((await response.json()) as { payment: Payment }).payment));
    expect(new Set(payments.map((payment) => `${payment.paymentId} ${payment.invoiceNumber}`)).size).toBe(1);
    expect(daraja.pushes.length - before).toBe(1);

    // A reload while the phone rings sends the same request again: still the one push.
    const again = await postJson(`${server.origin}/api/mpesa-payment`, order(), { 'Idempotency-Key': key });
    expect(((await again.json()) as { payment: Payment }).payment.paymentId).toBe(payments[0]?.paymentId);
    expect(daraja.pushes.length - before).toBe(1);
  });

  it('refuses the key of a started payment for another phone (409) and a malformed key (400), sending no push', async () => {
    const key = randomBytes(16).toString('base64url');
    await postJson(`${server.origin}/api/mpesa-payment`, order(), { 'Idempotency-Key': key });
    const before = daraja.pushes.length;
    const otherPhone = await postJson(`${server.origin}/api/mpesa-payment`, { ...order(), phone: '0722 000 111' }, { 'Idempotency-Key': key });
    expect(otherPhone.status).toBe(409);
    expect(await otherPhone.json()).toEqual({ error: PAYMENT_ATTEMPT_MESSAGES.otherDetails });
    const malformed = await postJson(`${server.origin}/api/mpesa-payment`, order(), { 'Idempotency-Key': 'short' });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ error: PAYMENT_ATTEMPT_MESSAGES.invalidKey });
    expect(daraja.pushes.length).toBe(before);
  });

  it('settles a paid query as paid even when a callback names another amount or phone, holding the order for review and its receipt number back', async () => {
    const payment = await start(server);
    const push = pushOf();
    daraja.complete(push.checkoutRequestId, 0);
    await callback(push, daraja.callbackBody(push, { amount: Number(push.body.Amount) - 1 }));
    expect(await poll(server, payment.paymentId)).toMatchObject({ status: 'paid', receiptNumber: null });
    const held = await server.api.runtime.orders.getOrder(payment.invoiceNumber);
    expect(held?.review).toMatchObject({ why: 'mpesa-callback-mismatch' });
    expect(held?.expiresAt).toBeUndefined();
    // The push's own callback still names the receipt.
    await callback(push);
    expect(await poll(server, payment.paymentId)).toMatchObject({ status: 'paid', receiptNumber: push.result!.receipt });

    const other = await start(server);
    const otherPush = pushOf();
    daraja.complete(otherPush.checkoutRequestId, 0);
    await callback(otherPush, daraja.callbackBody(otherPush, { phone: '254799999999' }));
    expect(await poll(server, other.paymentId)).toMatchObject({ status: 'paid', receiptNumber: null });
    expect((await server.api.runtime.orders.getOrder(other.invoiceNumber))?.review).toMatchObject({ why: 'mpesa-callback-mismatch' });
    const report = await server.api.runtime.services.reconcileOrders();
    expect(report.heldForReview).toBeGreaterThanOrEqual(2);
  });

  it('never strands a paid order: a disagreeing callback before the payer pays, the payment, a poll, then the real callback', async () => {
    const payment = await start(server);
    const push = pushOf();
    // A callback that disagrees (wrong amount) arrives before the payer has done anything.
    push.result = { resultCode: 0, resultDesc: 'x', receipt: 'TKWRONG001' };
    const wrong = daraja.callbackBody(push, { amount: Number(push.body.Amount) + 100 });
    delete push.result;
    await callback(push, wrong);
    expect((await poll(server, payment.paymentId)).status).toBe('pending');
    // The payer pays; the page polls before Daraja's real callback.
    daraja.complete(push.checkoutRequestId, 0);
    expect((await poll(server, payment.paymentId)).status).toBe('paid');
    await callback(push);
    const paid = await poll(server, payment.paymentId);
    expect(paid).toMatchObject({ status: 'paid', receiptNumber: push.result!.receipt });
    const order = await server.api.runtime.orders.getOrder(payment.invoiceNumber);
    expect(order).toMatchObject({ status: 'paid', receiptStatus: 'sent', review: { why: 'mpesa-callback-mismatch' } });
    expect(order?.expiresAt).toBeUndefined();
  });

  it('keeps a callback that arrives before the query knows, and uses it once the query says paid', async () => {
    const payment = await start(server);
    const push = pushOf();
    push.result = { resultCode: 0, resultDesc: 'x', receipt: 'TKEARLY001' };
    const body = daraja.callbackBody(push);
    delete push.result;
    await callback(push, body);
    expect((await poll(server, payment.paymentId)).status).toBe('pending');
    push.result = { resultCode: 0, resultDesc: 'ok', receipt: 'TKEARLY001' };
    expect(await poll(server, payment.paymentId)).toMatchObject({ status: 'paid', receiptNumber: 'TKEARLY001' });
  });

  it.each([
    [1, 'insufficient-funds'],
    [1037, 'timeout'],
    [2001, 'wrong-pin'],
    [1032, 'cancelled'],
    [17, 'failed'],
  ] as const)('Daraja result %i → failed order, outcome %s with its message', async (code, outcome) => {
    const payment = await start(server);
    daraja.complete(pushOf().checkoutRequestId, code);
    expect(await poll(server, payment.paymentId)).toMatchObject({ status: 'failed', outcome, message: MPESA_OUTCOME_MESSAGES[outcome], receiptNumber: null });
  });

  it('refuses a bad phone, with the other field errors, before anything is stored or pushed', async () => {
    const pushes = daraja.pushes.length;
    for (const phone of ['0812345678', '', undefined, '+255712345678']) {
      const response = await postJson(`${server.origin}/api/mpesa-payment`, { ...order(), phone });
      expect(response.status).toBe(400);
      const body = (await response.json()) as { fieldErrors: Record<string, string> };
      expect(body.fieldErrors.phone).toBe(phone ? MPESA_MESSAGES.phoneInvalid : MPESA_MESSAGES.phoneRequired);
    }
    const both = await postJson(`${server.origin}/api/mpesa-payment`, { ...order(), items: [], phone: 'x' });
    expect(Object.keys(((await both.json()) as { fieldErrors: object }).fieldErrors).sort()).toEqual(['items', 'phone']);
    expect(daraja.pushes.length).toBe(pushes);
  });

  it('refuses an order above M-Pesa’s limit and a tampered price', async () => {
    const big = { ...validOrder([{ id: 'custom-big', name: 'Full application support', price: 2500, quantity: 1 }]), phone: '0712345678' };
    const response = await postJson(`${server.origin}/api/mpesa-payment`, big);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: MPESA_MESSAGES.amountTooLarge });
    const tampered = order();
    tampered.items[0]!.price = 1;
    expect((await postJson(`${server.origin}/api/mpesa-payment`, tampered)).status).toBe(409);
  });

  it('answers bad callbacks and status requests with 4xx', async () => {
    const payment = await start(server);
    const push = pushOf();
    expect((await postJson(`${server.origin}/api/mpesa/callback/${'a'.repeat(43)}`, daraja.callbackBody(push))).status).toBe(404);
    expect((await postJson(`${server.origin}/api/mpesa/callback/short`, daraja.callbackBody(push))).status).toBe(404);
    expect((await callback(push, { Body: {} })).status).toBe(400);
    expect((await callback(push, 'not json')).status).toBe(400);
    expect((await fetch(String(push.body.CallBackURL), { method: 'POST', body: '{}', headers: { 'Content-Type': 'text/plain' } })).status).toBe(415);
    expect((await fetch(String(push.body.CallBackURL))).status).toBe(405);
    expect((await fetch(`${server.origin}/api/mpesa-payment?payment_id=`)).status).toBe(400);
    expect((await fetch(`${server.origin}/api/mpesa-payment?payment_id=nope`)).status).toBe(400);
    expect((await fetch(`${server.origin}/api/mpesa-payment?payment_id=mp_${'A'.repeat(22)}`)).status).toBe(404);
    expect((await fetch(`${server.origin}/api/mpesa-payment`, { method: 'PUT' })).status).toBe(405);
    expect((await fetch(`${server.origin}/api/mpesa/sandbox/${payment.paymentId}`)).status).toBe(404);
  });

  it('reconciliation settles a pending M-Pesa order from Daraja’s query when no callback or poll came', async () => {
    const reconciling = await startTestServer({
      env: {
        ...daraja.env,
        RECONCILE_PENDING_AGE_SECONDS: '1',
        RECONCILE_INTERVAL_SECONDS: '3600',
      },
    });
    try {
      const paid = await start(reconciling);
      daraja.complete(pushOf().checkoutRequestId, 0);
      const cancelled = await start(reconciling);
      daraja.complete(pushOf().checkoutRequestId, 1032);
      const waiting = await start(reconciling);
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      const report = await reconciling.api.runtime.services.reconcileOrders();
      expect(report).toMatchObject({ settled: 2, failed: 0 });
      expect(await reconciling.api.runtime.orders.getOrder(paid.invoiceNumber)).toMatchObject({ status: 'paid', statusReason: expect.stringMatching(/reconcil/) });
      expect((await reconciling.api.runtime.orders.getOrder(cancelled.invoiceNumber))?.status).toBe('failed');
      expect((await reconciling.api.runtime.orders.getOrder(waiting.invoiceNumber))?.status).toBe('pending');
    } finally {
      await reconciling.close();
    }
  });

  it('answers 502 and fails the order when Daraja is unreachable', async () => {
    await daraja.close();
    try {
      const response = await postJson(`${server.origin}/api/mpesa-payment`, order());
      expect(response.status).toBe(502);
    } finally {
      daraja = await startFakeDaraja();
    }
  });
});

describe('the built-in M-Pesa sandbox (no Daraja credentials)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const answer = (payment: Payment, action: string) =>
    fetch(`${server.origin}${payment.sandboxUrl}/${action}`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: '', redirect: 'manual' });

  it('is announced at start-up and shows a clearly marked test phone', async () => {
    expect(server.api.startupMessage).toMatch(/M-Pesa is SIMULATED/);
    const payment = await start(server);
    expect(payment.sandboxUrl).toBe(`/api/mpesa/sandbox/${payment.paymentId}`);
    const page = await fetch(`${server.origin}${payment.sandboxUrl}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('TEST MODE — no real payment');
    expect(html).toContain(payment.invoiceNumber);
    for (const action of ['approve', 'cancel', 'timeout', 'insufficient-funds', 'wrong-pin']) expect(html).toContain(`${payment.sandboxUrl}/${action}`);
  });

  it('approve → 303 back to the waiting page → paid with an M-Pesa style receipt', async () => {
    const payment = await start(server);
    const response = await answer(payment, 'approve');
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`/payment?mpesa=${payment.paymentId}`);
    const paid = await poll(server, payment.paymentId);
    expect(paid).toMatchObject({ status: 'paid', outcome: 'paid' });
    expect(paid.receiptNumber).toMatch(/^SB[0-9A-F]{8}$/);
    expect(paid.sandboxUrl).toBeUndefined();
    // A second answer changes nothing.
    expect((await answer(payment, 'cancel')).status).toBe(303);
    expect(await poll(server, payment.paymentId)).toMatchObject({ status: 'paid', receiptNumber: paid.receiptNumber });
  });

  it.each([
    ['cancel', 'cancelled'],
    ['timeout', 'timeout'],
    ['insufficient-funds', 'insufficient-funds'],
    ['wrong-pin', 'wrong-pin'],
  ])('%s → failed with the %s message', async (action, outcome) => {
    const payment = await start(server);
    expect((await answer(payment, action)).status).toBe(303);
    expect(await poll(server, payment.paymentId)).toMatchObject({ status: 'failed', outcome, message: MPESA_OUTCOME_MESSAGES[outcome as 'cancelled'] });
  });

  it('answers unknown payments and actions with 404', async () => {
    const payment = await start(server);
    expect((await fetch(`${server.origin}/api/mpesa/sandbox/mp_${'B'.repeat(22)}`)).status).toBe(404);
    expect((await answer(payment, 'steal')).status).toBe(404);
    expect((await fetch(`${server.origin}${payment.sandboxUrl}/approve`)).status).toBe(405);
  });
});

describe('M-Pesa configuration', () => {
  const daraja = { DARAJA_CONSUMER_KEY: 'k', DARAJA_CONSUMER_SECRET: 's', DARAJA_PASSKEY: 'p', DARAJA_SHORTCODE: '174379' };
  const production = {
    NODE_ENV: 'production',
    PUBLIC_SITE_URL: 'https://kesho.example',
    ORDERS_TABLE: 't',
    FULFIL_ORDER_FUNCTION_NAME: 'f',
    STRIPE_SECRET_KEY: 'sk_test_x',
    STRIPE_WEBHOOK_SECRET: 'whsec_x',
    MAIL_TRANSPORT: 'ses',
    SUBSCRIPTION_TOKEN_SECRET_ARN: 'arn:aws:secretsmanager:x:1:secret:newsletter',
  };

  it('is the sandbox locally without credentials and off in production', () => {
    expect(loadConfig({}).mpesa).toEqual({ provider: 'sandbox' });
    expect(loadConfig(production).mpesa).toEqual({ provider: 'off' });
  });

  it('needs all four Daraja values, and in production the base URL', () => {
    expect(() => loadConfig({ DARAJA_CONSUMER_KEY: 'k' })).toThrow(/DARAJA_CONSUMER_SECRET.*DARAJA_PASSKEY.*DARAJA_SHORTCODE/);
    expect(() => loadConfig({ ...production, ...daraja })).toThrow(/DARAJA_BASE_URL/);
    expect(loadConfig({ ...production, ...daraja, DARAJA_BASE_URL: 'https://api.safaricom.co.ke/', KES_PER_USD: '129.25', KES_RATE_DATE: '2026-11-20' }).mpesa).toMatchObject({
      provider: 'daraja',
      baseUrl: 'https://api.safaricom.co.ke',
      shortcode: '174379',
    });
    expect(loadConfig(daraja).mpesa).toMatchObject({ provider: 'daraja', baseUrl: 'https://sandbox.safaricom.co.ke' });
  });

  it('reads secrets by ARN and refuses a malformed shortcode or base URL', () => {
    const arns = {
      DARAJA_CONSUMER_KEY_ARN: 'arn:aws:secretsmanager:x:1:secret:k',
      DARAJA_CONSUMER_SECRET_ARN: 'arn:aws:secretsmanager:x:1:secret:s',
      DARAJA_PASSKEY_ARN: 'arn:aws:secretsmanager:x:1:secret:p',
      DARAJA_SHORTCODE: '174379',
    };
    expect(loadConfig(arns).mpesa).toMatchObject({ consumerKey: { kind: 'secrets-manager', arn: arns.DARAJA_CONSUMER_KEY_ARN } });
    expect(() => loadConfig({ ...daraja, DARAJA_SHORTCODE: 'abc' })).toThrow(/DARAJA_SHORTCODE/);
    expect(() => loadConfig({ ...daraja, DARAJA_BASE_URL: 'ftp://x/y' })).toThrow(/DARAJA_BASE_URL/);
  });

  it('talks to Daraja over https only, outside the local runtime (whose fake Daraja is on loopback http)', () => {
    const plain = { ...daraja, DARAJA_BASE_URL: 'http://api.safaricom.co.ke' };
    expect(() => loadConfig(plain)).toThrow('DARAJA_BASE_URL must be an https origin such as https://api.safaricom.co.ke');
    expect(() => loadConfig({ ...production, ...plain, KES_PER_USD: '129.25', KES_RATE_DATE: '2026-11-20' })).toThrow(/DARAJA_BASE_URL must be an https origin/);
    expect(loadConfig({ ...daraja, DARAJA_BASE_URL: 'http://127.0.0.1:4567' }, { runtime: 'local' }).mpesa).toMatchObject({ baseUrl: 'http://127.0.0.1:4567' });
    expect(loadConfig({ ...daraja, DARAJA_BASE_URL: 'https://sandbox.safaricom.co.ke' }).mpesa).toMatchObject({ baseUrl: 'https://sandbox.safaricom.co.ke' });
  });

  it('takes http:// in the local runtime only for a loopback host: any other Daraja gets the credentials and phones over https (issue 40, item 8)', () => {
    const local = { runtime: 'local' } as const;
    for (const baseUrl of ['http://127.0.0.1:4567', 'http://localhost:4567', 'http://[::1]:4567', 'http://127.8.9.10']) {
      expect(loadConfig({ ...daraja, DARAJA_BASE_URL: baseUrl }, local).mpesa).toMatchObject({ baseUrl });
    }
    for (const baseUrl of [
      'http://api.safaricom.co.ke',
      'http://sandbox.safaricom.co.ke',
      'http://192.168.1.20:4567',
      'http://10.0.0.5',
      'http://127.0.0.1.evil.example',
      'http://localhost.evil.example',
    ]) {
      expect(() => loadConfig({ ...daraja, DARAJA_BASE_URL: baseUrl }, local)).toThrow(
        'DARAJA_BASE_URL may use http:// only for a loopback host (localhost, 127.0.0.1, [::1]); any other Daraja needs https, such as https://sandbox.safaricom.co.ke',
      );
    }
    expect(loadConfig({ ...daraja, DARAJA_BASE_URL: 'https://sandbox.safaricom.co.ke' }, local).mpesa).toMatchObject({ baseUrl: 'https://sandbox.safaricom.co.ke' });
  });
});
