/**
 * Issue 40, item 1: nobody can ring a stranger's phone or start orders without end. The probe's
 * sequences against the local API with the default limits (the ones `npm start` and AWS use) and a
 * Daraja-compatible server that counts the PIN prompts; each visitor is named by the trusted viewer
 * address header, as CloudFront's viewer-request function does in AWS.
 */
import { randomBytes } from 'node:crypto';
import { paymentLimitMessage } from '@kesho/site-rules/payment-attempt';
import { VIEWER_ADDRESS_HEADER } from '@kesho/operations/viewer-address';
import { silentLogger } from '../src/log';
import { createRateLimiter } from '../src/leads/rateLimit';
import { createPaymentLimits } from '../src/orders/paymentLimits';
import { startFakeDaraja, type FakeDaraja } from './support/fakeDaraja';
import { catalogueItem, validOrder } from './support/orders';
import { startTestTable, type TestTable } from './support/table';
import { postJson, startTestServer, type TestServer } from './support/testServer';

jest.setTimeout(60_000);

let daraja: FakeDaraja;
let server: TestServer;

beforeAll(async () => {
  daraja = await startFakeDaraja();
  server = await startTestServer({
    env: {
      // '' is unset: the defaults of config/paymentLimits.ts, not the test server's room.
      PAYMENT_RATE_LIMIT_PER_CLIENT: '',
      MPESA_RATE_LIMIT_PER_PHONE: '',
      MPESA_PUSH_HOLD_SECONDS: '',
      CLIENT_ADDRESS_HEADER: VIEWER_ADDRESS_HEADER,
      ...daraja.env,
    },
  });
});

afterAll(async () => {
  await server.close();
  await daraja.close();
});

let viewerCounter = 0;
/** A visitor of its own (in AWS: CloudFront's viewer address, written over whatever the visitor sent). */
const newViewer = () => `198.51.100.${(viewerCounter += 1)}`;
const newKey = () => randomBytes(16).toString('base64url');

const mpesaBody = (phone: string) => ({ ...validOrder([catalogueItem('essay-editing')]), phone });

function pushTo(viewer: string, phone: string, key = newKey(), extra: Record<string, string> = {}): Promise<Response> {
  return postJson(`${server.origin}/api/mpesa-payment`, mpesaBody(phone), { [VIEWER_ADDRESS_HEADER]: viewer, 'Idempotency-Key': key, ...extra });
}

function createPayment(viewer: string, extra: Record<string, string> = {}, key = newKey()): Promise<Response> {
  return postJson(`${server.origin}/api/create-payment`, validOrder(), { [VIEWER_ADDRESS_HEADER]: viewer, 'Idempotency-Key': key, ...extra });
}

const promptsTo = (msisdn: string) => daraja.pushes.filter((push) => push.body.PhoneNumber === msisdn).length;

async function expectRefused(response: Response, reason: 'client' | 'phone-busy' | 'phone'): Promise<number> {
  expect(response.status).toBe(429);
  const retryAfter = Number(response.headers.get('retry-after'));
  expect(Number.isInteger(retryAfter) && retryAfter >= 1).toBe(true);
  expect(await response.json()).toEqual({ error: paymentLimitMessage(reason, retryAfter) });
  return retryAfter;
}

/** The counters are fixed quarter-hour windows: a sequence never straddles the edge of one (it would get a fresh count midway). */
async function awayFromWindowEdge(): Promise<void> {
  const untilEdge = 900_000 - (Date.now() % 900_000);
  if (untilEdge < 15_000) await new Promise((resolve) => setTimeout(resolve, untilEdge + 100));
}

describe('limits on starting payments (the probe of issue 40, item 1)', () => {
  beforeEach(awayFromWindowEdge);

  it('50 pushes to one phone (0712000099) in seconds: one prompt, the other 49 answered 429 with Retry-After', async () => {
    const viewer = newViewer();
    const answers: Response[] = [];
    for (let index = 0; index < 50; index += 1) answers.push(await pushTo(viewer, '0712000099'));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers[0]!.status).toBe(200);
    // The phone holds its waiting push first, then the client's quarter hour runs out (20 orders).
    await expectRefused(answers[1]!, 'phone-busy');
    await expectRefused(answers[49]!, 'client');
    for (const answer of answers.slice(1)) expect(answer.status).toBe(429);
    expect(promptsTo('254712000099')).toBe(1);
  });

  it('25 parallel pushes with different Idempotency-Keys to another phone: one prompt', async () => {
    const viewer = newViewer();
    const answers = await Promise.all(Array.from({ length: 25 }, () => pushTo(viewer, '0712000098')));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(24);
    expect(promptsTo('254712000098')).toBe(1);
  });

  it('the same 25 from 25 different visitors: still one prompt, the phone is the limit', async () => {
    const answers = await Promise.all(Array.from({ length: 25 }, () => pushTo(newViewer(), '0712000097')));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    for (const answer of answers.filter((candidate) => candidate.status !== 200)) await expectRefused(answer, 'phone-busy');
    expect(promptsTo('254712000097')).toBe(1);
  });

  it('40 create-payments with rotating X-Forwarded-For: 20 orders, then 429 (X-Forwarded-For is never read)', async () => {
    const viewer = newViewer();
    const answers: Response[] = [];
    for (let index = 0; index < 40; index += 1) answers.push(await createPayment(viewer, { 'X-Forwarded-For': `203.0.113.${index + 1}` }));
    expect(answers.slice(0, 20).map((answer) => answer.status)).toEqual(Array.from({ length: 20 }, () => 200));
    for (const answer of answers.slice(20)) await expectRefused(answer, 'client');
    const invoices = await Promise.all(answers.slice(0, 20).map(async (answer) => ((await answer.json()) as { invoiceNumber: string }).invoiceNumber));
    expect(new Set(invoices).size).toBe(20);
  });

  it('a refused create-payment stores no order; another visitor is not affected', async () => {
    const viewer = newViewer();
    for (let index = 0; index < 20; index += 1) expect((await createPayment(viewer)).status).toBe(200);
    const before = await server.api.runtime.orders.findOrdersNeedingAttention(new Date(Date.now() + 86_400_000).toISOString());
    expect(before.length).toBeGreaterThanOrEqual(20);
    await expectRefused(await createPayment(viewer), 'client');
    const after = await server.api.runtime.orders.findOrdersNeedingAttention(new Date(Date.now() + 86_400_000).toISOString());
    expect(after.length).toBe(before.length);
    expect((await createPayment(newViewer())).status).toBe(200);
  });

  it('repeats of one attempt (the same Idempotency-Key) are the same payment and never counted', async () => {
    const viewer = newViewer();
    const key = newKey();
    const first = await pushTo(viewer, '0712000096', key);
    expect(first.status).toBe(200);
    const { payment } = (await first.json()) as { payment: { paymentId: string } };
    // A double tap, retries after timeouts, reloads: far more than any limit, all the same push.
    for (let index = 0; index < 30; index += 1) {
      const again = await pushTo(viewer, '0712000096', key);
      expect(again.status).toBe(200);
      expect(((await again.json()) as { payment: { paymentId: string } }).payment.paymentId).toBe(payment.paymentId);
    }
    expect(promptsTo('254712000096')).toBe(1);
    // The client has used one of its 20 orders, not 31.
    for (let index = 0; index < 19; index += 1) expect((await createPayment(viewer)).status).toBe(200);
    await expectRefused(await createPayment(viewer), 'client');
  });

  it('a family retrying honestly is never refused: wrong PIN, cancel, timeout, insufficient funds, then paid: five prompts, one after another', async () => {
    const viewer = newViewer();
    const outcomes = [2001, 1032, 1037, 1, 0];
    for (const resultCode of outcomes) {
      const answer = await pushTo(viewer, '0712000095');
      expect(answer.status).toBe(200);
      const { payment } = (await answer.json()) as { payment: { paymentId: string } };
      daraja.complete(daraja.pushes.at(-1)!.checkoutRequestId, resultCode);
      // The page's poll learns the outcome: the phone is free at once for the next try.
      const polled = await fetch(`${server.origin}/api/mpesa-payment?payment_id=${payment.paymentId}`);
      expect(((await polled.json()) as { payment: { outcome: string } }).payment.outcome).not.toBe('pending');
    }
    expect(promptsTo('254712000095')).toBe(5);
    // A sixth prompt in the same quarter hour is one too many for a stranger's phone: wait, or pay by card.
    const retryAfter = await expectRefused(await pushTo(newViewer(), '0712000095'), 'phone');
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(promptsTo('254712000095')).toBe(5);
  });
});

describe('the phone hold (unit, against dynalite with a controlled clock)', () => {
  let table: TestTable;
  let now: number;
  beforeAll(async () => {
    table = await startTestTable('limits-under-test');
  });
  afterAll(() => table.close());

  it('a push nobody asks about holds the phone for the hold time, then the next push may ring it; only its holder releases it', async () => {
    now = Date.parse('2026-11-27T10:00:00Z');
    const limiter = createRateLimiter(table.documents, 'limits-under-test', () => new Date(now));
    const limits = createPaymentLimits(limiter, { ordersPerClient: 100, pushesPerPhone: 100, pushHoldSeconds: 120 }, silentLogger);
    const client = { ip: '192.0.2.1' };
    expect(await limits.forPush(client, '254712000001', 'mp_first')()).toEqual({ kind: 'admitted' });
    now += 60_000;
    expect(await limits.forPush(client, '254712000001', 'mp_second')()).toEqual({ kind: 'rate-limited', reason: 'phone-busy', retryAfterSeconds: 60 });
    // Another push's end does not free the phone.
    await limits.pushEnded('254712000001', 'mp_second');
    expect((await limits.forPush(client, '254712000001', 'mp_third')()).kind).toBe('rate-limited');
    now += 60_000;
    expect(await limits.forPush(client, '254712000001', 'mp_fourth')()).toEqual({ kind: 'admitted' });
    await limits.pushEnded('254712000001', 'mp_fourth');
    expect(await limits.forPush(client, '254712000001', 'mp_fifth')()).toEqual({ kind: 'admitted' });
  });
});
