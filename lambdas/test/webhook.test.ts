import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { site } from '@kesho/site-rules/site';
import Stripe from 'stripe';
import { listMailbox } from '../src/mail/mailbox';
import type { OrdersStore } from '../src/orders/store';
import { startFakeStripe, type FakeSession, type FakeStripe } from './support/fakeStripe';
import { catalogueItem, validOrder } from './support/orders';
import { postJson, startTestServer, type TestServer } from './support/testServer';

const WEBHOOK_SECRET = 'whsec_webhookTestsSigningSecret';

let stripe: FakeStripe;
let server: TestServer;

beforeAll(async () => {
  stripe = await startFakeStripe();
  server = await startTestServer({ env: stripe.env(WEBHOOK_SECRET) });
});

afterAll(async () => {
  await server.close();
  await stripe.close();
});

afterEach(() => stripe.failWith(null));

interface PlacedOrder {
  readonly invoiceNumber: string;
  readonly sessionId: string;
}

async function placeOrder(): Promise<PlacedOrder> {
  const response = await postJson(`${server.origin}/api/create-payment`, validOrder([catalogueItem('scholarship-assistance')]));
  expect(response.status).toBe(200);
  const { invoiceNumber } = (await response.json()) as { invoiceNumber: string };
  const session = [...stripe.sessions.values()].find((candidate) => candidate.client_reference_id === invoiceNumber);
  if (!session) throw new Error('The fake Stripe has no session for the order');
  return { invoiceNumber, sessionId: session.id };
}

function eventPayload(type: string, session: FakeSession, id = `evt_${randomBytes(12).toString('hex')}`): string {
  const { line_items_sent: _sent, ...object } = session;
  return JSON.stringify({ id, object: 'event', api_version: '2026-10-28.endive', created: Math.floor(Date.now() / 1000), type, livemode: false, pending_webhooks: 1, data: { object } });
}

function sign(payload: string, options: { secret?: string; timestamp?: number } = {}): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? WEBHOOK_SECRET, ...(options.timestamp ? { timestamp: options.timestamp } : {}) });
}

async function deliver(payload: string, signature: string | undefined): Promise<Response> {
  const response = await fetch(`${server.origin}/api/stripe-webhook`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...(signature ? { 'Stripe-Signature': signature } : {}) },
    body: payload,
  });
  await server.api.settled();
  return response;
}

async function deliverEvent(type: string, sessionId: string): Promise<Response> {
  const session = stripe.sessions.get(sessionId);
  if (!session) throw new Error(`No session ${sessionId}`);
  const payload = eventPayload(type, session);
  return deliver(payload, sign(payload));
}

function order(invoiceNumber: string) {
  return server.api.runtime.orders.getOrder(invoiceNumber);
}

/** Counts the status changes that actually happened (a conditional write that won). */
function countStatusChanges(orders: OrdersStore): { readonly count: () => number; restore(): void } {
  const original = orders.changeStatus.bind(orders);
  let wins = 0;
  orders.changeStatus = async (invoiceNumber, change) => {
    const changed = await original(invoiceNumber, change);
    if (changed) wins += 1;
    return changed;
  };
  return {
    count: () => wins,
    restore: () => {
      orders.changeStatus = original;
    },
  };
}

describe('signature verification', () => {
  it('accepts a correctly signed event and marks the order paid through fulfil-order', async () => {
    const placed = await placeOrder();
    stripe.updateSession(placed.sessionId, { status: 'complete', payment_status: 'paid' });
    const response = await deliverEvent('checkout.session.completed', placed.sessionId);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true });
    expect(await order(placed.invoiceNumber)).toMatchObject({ status: 'paid', statusReason: 'checkout.session.completed' });
  });

  it('rejects an event signed with another secret with 400 and changes nothing', async () => {
    const placed = await placeOrder();
    const session = stripe.updateSession(placed.sessionId, { status: 'complete', payment_status: 'paid' });
    const payload = eventPayload('checkout.session.completed', session);
    const response = await deliver(payload, sign(payload, { secret: 'whsec_someoneElsesSecret' }));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'The webhook signature could not be verified.' });
    expect((await order(placed.invoiceNumber))?.status).toBe('pending');
  });

  it('rejects a missing signature, a stale timestamp and a body changed after signing', async () => {
    const placed = await placeOrder();
    const session = stripe.updateSession(placed.sessionId, { status: 'complete', payment_status: 'paid' });
    const payload = eventPayload('checkout.session.completed', session);

    expect((await deliver(payload, undefined)).status).toBe(400);
    expect((await deliver(payload, sign(payload, { timestamp: Math.floor(Date.now() / 1000) - 10 * 60 }))).status).toBe(400);
    expect((await deliver(payload.replace('"livemode":false', '"livemode":true'), sign(payload))).status).toBe(400);
    expect((await deliver(payload, 'not a signature header')).status).toBe(400);
    expect((await order(placed.invoiceNumber))?.status).toBe('pending');
  });
});

describe('confirmation happens exactly once', () => {
  it('trusts the provider, not the event: a signed "completed" for an unpaid session leaves the order pending', async () => {
    const placed = await placeOrder();
    const response = await deliverEvent('checkout.session.completed', placed.sessionId);
    expect(response.status).toBe(200);
    expect((await order(placed.invoiceNumber))?.status).toBe('pending');
  });

  it('ignores a replayed event', async () => {
    const placed = await placeOrder();
    const session = stripe.updateSession(placed.sessionId, { status: 'complete', payment_status: 'paid' });
    const payload = eventPayload('checkout.session.completed', session);
    const signature = sign(payload);
    expect((await deliver(payload, signature)).status).toBe(200);
    const first = await order(placed.invoiceNumber);

    const changes = countStatusChanges(server.api.runtime.orders);
    try {
      expect((await deliver(payload, signature)).status).toBe(200);
      expect((await deliver(payload, signature)).status).toBe(200);
      expect(changes.count()).toBe(0);
    } finally {
      changes.restore();
    }
    expect(await order(placed.invoiceNumber)).toEqual(first);
  });

  it('keeps a paid order paid when a late "expired" event arrives', async () => {
    const placed = await placeOrder();
    stripe.updateSession(placed.sessionId, { status: 'complete', payment_status: 'paid' });
    await deliverEvent('checkout.session.async_payment_succeeded', placed.sessionId);
    await deliverEvent('checkout.session.completed', placed.sessionId);
    stripe.updateSession(placed.sessionId, { status: 'expired', payment_status: 'unpaid' });
    await deliverEvent('checkout.session.expired', placed.sessionId);
    expect(await order(placed.invoiceNumber)).toMatchObject({ status: 'paid', statusReason: 'checkout.session.async_payment_succeeded' });
  });

  it('records an asynchronous payment failure the provider confirms, and a later "completed" does not undo it', async () => {
    const placed = await placeOrder();
    stripe.updateSession(placed.sessionId, { status: 'complete', payment_status: 'unpaid', payment_intent_status: 'requires_payment_method' });
    await deliverEvent('checkout.session.async_payment_failed', placed.sessionId);
    expect((await order(placed.invoiceNumber))?.status).toBe('failed');
    await deliverEvent('checkout.session.completed', placed.sessionId);
    expect((await order(placed.invoiceNumber))?.status).toBe('failed');
    expect(stripe.requests.filter((request) => request.method === 'GET').at(-1)?.params.expand).toEqual(['payment_intent']);
  });

  it('leaves an order pending when a "failed" event arrives for a payment still in progress', async () => {
    const placed = await placeOrder();
    stripe.updateSession(placed.sessionId, { status: 'complete', payment_status: 'unpaid', payment_intent_status: 'processing' });
    await deliverEvent('checkout.session.async_payment_failed', placed.sessionId);
    expect((await order(placed.invoiceNumber))?.status).toBe('pending');
    stripe.updateSession(placed.sessionId, { payment_status: 'paid', payment_intent_status: 'succeeded' });
    await deliverEvent('checkout.session.async_payment_succeeded', placed.sessionId);
    expect((await order(placed.invoiceNumber))?.status).toBe('paid');
  });

  it('expires an unpaid order when its session expires', async () => {
    const placed = await placeOrder();
    stripe.updateSession(placed.sessionId, { status: 'expired' });
    await deliverEvent('checkout.session.expired', placed.sessionId);
    expect(await order(placed.invoiceNumber)).toMatchObject({ status: 'expired', statusReason: 'checkout.session.expired' });
  });

  it('does not confirm a paid session whose amount differs from the order', async () => {
    const placed = await placeOrder();
    stripe.updateSession(placed.sessionId, { status: 'complete', payment_status: 'paid', amount_total: 100 });
    await deliverEvent('checkout.session.completed', placed.sessionId);
    expect((await order(placed.invoiceNumber))?.status).toBe('pending');
  });

  it('settles once when the success page races the webhook', async () => {
    const placed = await placeOrder();
    stripe.updateSession(placed.sessionId, { status: 'complete', payment_status: 'paid' });
    const changes = countStatusChanges(server.api.runtime.orders);
    try {
      const successPage = () => fetch(`${server.origin}/api/checkout-session?session_id=${placed.sessionId}`).then((response) => response.json() as Promise<{ status: string }>);
      const [webhook, ...pages] = await Promise.all([deliverEvent('checkout.session.completed', placed.sessionId), successPage(), successPage(), successPage(), successPage()]);
      expect(webhook?.status).toBe(200);
      expect(pages.map((page) => page.status)).toEqual(['paid', 'paid', 'paid', 'paid']);
      expect(changes.count()).toBe(1);
    } finally {
      changes.restore();
    }
    expect(await order(placed.invoiceNumber)).toMatchObject({ status: 'paid', receiptStatus: 'sent' });
    // One receipt and one support copy, whoever won the race and however many lost it.
    await deliverEvent('checkout.session.completed', placed.sessionId);
    const receipts = (await listMailbox(path.join(server.dataDir, 'mail'))).filter((mail) => mail.subject.includes(placed.invoiceNumber));
    expect(receipts.map((mail) => mail.to).sort()).toEqual(['amani@example.com', site.email].sort());
  });
});

describe('events the backend does not act on', () => {
  it('acknowledges other event types without touching orders', async () => {
    const placed = await placeOrder();
    stripe.updateSession(placed.sessionId, { status: 'complete', payment_status: 'paid' });
    const payload = JSON.stringify({ id: 'evt_other', object: 'event', type: 'payment_intent.succeeded', data: { object: { id: 'pi_123', object: 'payment_intent' } } });
    const response = await deliver(payload, sign(payload));
    expect(response.status).toBe(200);
    expect((await order(placed.invoiceNumber))?.status).toBe('pending');
  });

  it('acknowledges a signed event about a session it does not know', async () => {
    const session = { ...stripe.updateSession((await placeOrder()).sessionId, {}), id: 'cs_test_unknownSessionForThisBackend' };
    const payload = eventPayload('checkout.session.completed', session);
    expect((await deliver(payload, sign(payload))).status).toBe(200);
  });

  it('answers 405 to anything but POST', async () => {
    expect((await fetch(`${server.origin}/api/stripe-webhook`)).status).toBe(405);
  });
});

describe('GET /api/checkout-session', () => {
  const url = (sessionId: string) => `${server.origin}/api/checkout-session?session_id=${encodeURIComponent(sessionId)}`;

  it('answers only what the success page shows', async () => {
    const response = await postJson(
      `${server.origin}/api/create-payment`,
      validOrder([catalogueItem('essay-editing', 2), { id: 'custom-77', name: 'Transcript courier', price: 45, quantity: 1 }]),
    );
    const { invoiceNumber } = (await response.json()) as { invoiceNumber: string };
    const session = [...stripe.sessions.values()].find((candidate) => candidate.client_reference_id === invoiceNumber);
    if (!session) throw new Error('no session');

    const pending = await fetch(url(session.id));
    expect(pending.status).toBe(200);
    expect(pending.headers.get('cache-control')).toBe('no-store');
    const pendingBody = (await pending.json()) as Record<string, unknown>;
    expect(pendingBody).toEqual({
      invoiceNumber,
      status: 'pending',
      amountCents: 54_500,
      currency: 'usd',
      items: [
        { name: 'Essay Editing', quantity: 2, amountCents: 50_000 },
        { name: 'Custom: Transcript courier', quantity: 1, amountCents: 4_500 },
      ],
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });

    stripe.updateSession(session.id, { status: 'complete', payment_status: 'paid' });
    expect(((await (await fetch(url(session.id))).json()) as { status: string }).status).toBe('paid');
  });

  it('answers 400 for a missing or malformed session id and 404 for an unknown one', async () => {
    const missing = await fetch(`${server.origin}/api/checkout-session`);
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ error: 'The session_id parameter is required.' });
    expect((await fetch(url('../../etc/passwd'))).status).toBe(400);
    expect((await fetch(`${url('cs_test_aaaaaaaaaaaa')}&session_id=cs_test_bbbbbbbbbbbb`)).status).toBe(400);
    const unknown = await fetch(url('cs_test_doesNotExistAnywhere'));
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: 'We could not find this checkout session.' });
  });

  it('answers 502 when the provider cannot be reached', async () => {
    const placed = await placeOrder();
    stripe.failWith(503);
    const response = await fetch(url(placed.sessionId));
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({ error: 'We could not reach the payment provider. Please try again in a moment.' });
  });
});
