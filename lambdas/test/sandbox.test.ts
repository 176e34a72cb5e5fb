import { formatUsd } from '@kesho/site-rules/money';
import { startFakeStripe } from './support/fakeStripe';
import { catalogueItem, validOrder } from './support/orders';
import { postJson, startTestServer, type TestServer } from './support/testServer';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.close();
});

async function createSandboxCheckout(): Promise<{ invoiceNumber: string; url: string; sessionId: string }> {
  const response = await postJson(`${server.origin}/api/create-payment`, validOrder([catalogueItem('university-research', 2), catalogueItem('career-counseling')]));
  expect(response.status).toBe(200);
  const { invoiceNumber, url } = (await response.json()) as { invoiceNumber: string; url: string };
  const sessionId = url.split('/').at(-1) ?? '';
  return { invoiceNumber, url, sessionId };
}

function submit(url: string): Promise<Response> {
  return fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: '', redirect: 'manual' });
}

async function checkoutStatus(sessionId: string): Promise<string> {
  const response = await fetch(`${server.origin}/api/checkout-session?session_id=${sessionId}`);
  return ((await response.json()) as { status: string }).status;
}

describe('the sandbox checkout', () => {
  it('is announced as simulated payments at start-up', () => {
    expect(server.api.startupMessage).toMatch(/SIMULATED \(sandbox/);
  });

  it('runs create → test page → Pay → 303 to the success page → paid', async () => {
    const { invoiceNumber, url, sessionId } = await createSandboxCheckout();
    expect(url).toBe(`${server.origin}/api/sandbox/checkout/${sessionId}`);
    expect(sessionId).toMatch(/^cs_sandbox_[0-9a-f]{32}$/);

    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('cache-control')).toBe('no-store');
    const html = await page.text();
    expect(html).toContain('TEST MODE — no real payment');
    expect(html).toContain(invoiceNumber);
    expect(html).toContain('University Research');
    expect(html).toContain(formatUsd(30_000));
    expect(html).toContain(`Pay ${formatUsd(80_000)} (test)`);
    expect(html).toContain(`<form method="post" action="/api/sandbox/checkout/${sessionId}/pay">`);
    expect(html).toContain(`<form method="post" action="/api/sandbox/checkout/${sessionId}/decline">`);
    expect(html).not.toMatch(/<script/i);
    expect(await checkoutStatus(sessionId)).toBe('pending');

    const paid = await submit(`${url}/pay`);
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`/payment-success?session_id=${sessionId}`);
    expect(await checkoutStatus(sessionId)).toBe('paid');
    expect((await server.api.runtime.orders.getOrder(invoiceNumber))?.statusReason).toBe('sandbox-pay');

    const afterwards = await (await fetch(url)).text();
    expect(afterwards).toContain('This test payment is complete.');
    expect(afterwards).not.toContain('<form');
  });

  it('does not change a paid order when Pay or Decline is sent again', async () => {
    const { url, sessionId } = await createSandboxCheckout();
    await submit(`${url}/pay`);
    const again = await submit(`${url}/pay`);
    expect(again.headers.get('location')).toBe(`/payment-success?session_id=${sessionId}`);
    const decline = await submit(`${url}/decline`);
    expect(decline.status).toBe(303);
    expect(decline.headers.get('location')).toBe(`/payment-success?session_id=${sessionId}`);
    expect(await checkoutStatus(sessionId)).toBe('paid');
  });

  it('runs Decline → 303 to the failure page → failed', async () => {
    const { url, sessionId } = await createSandboxCheckout();
    const declined = await submit(`${url}/decline`);
    expect(declined.status).toBe(303);
    expect(declined.headers.get('location')).toBe('/payment-failure');
    expect(await checkoutStatus(sessionId)).toBe('failed');
    const pay = await submit(`${url}/pay`);
    expect(pay.headers.get('location')).toBe('/payment-failure');
    expect(await checkoutStatus(sessionId)).toBe('failed');
    expect(await (await fetch(url)).text()).toContain('This test payment was declined.');
  });

  it('answers 404 pages for unknown or malformed sessions and 405 for the wrong method', async () => {
    const unknown = await fetch(`${server.origin}/api/sandbox/checkout/cs_sandbox_${'0'.repeat(32)}`);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('Test checkout not found');
    expect((await fetch(`${server.origin}/api/sandbox/checkout/not-a-session`)).status).toBe(404);
    expect((await submit(`${server.origin}/api/sandbox/checkout/cs_sandbox_${'1'.repeat(32)}/pay`)).status).toBe(404);
    const { url } = await createSandboxCheckout();
    expect((await fetch(`${url}/pay`)).status).toBe(405);
    expect((await submit(url)).status).toBe(405);
  });

  it('refuses webhooks, since nothing can sign them in sandbox mode', async () => {
    const response = await postJson(`${server.origin}/api/stripe-webhook`, { id: 'evt_1', type: 'checkout.session.completed' }, { 'Stripe-Signature': 't=1,v1=abc' });
    expect(response.status).toBe(400);
  });
});

describe('with a Stripe key configured', () => {
  it('has no sandbox routes', async () => {
    const stripe = await startFakeStripe();
    const stripeServer = await startTestServer({ env: stripe.env('whsec_sandboxRoutesTest') });
    try {
      expect(stripeServer.api.startupMessage).toMatch(/real Stripe \(test mode\)/);
      const page = await fetch(`${stripeServer.origin}/api/sandbox/checkout/cs_sandbox_${'a'.repeat(32)}`);
      expect(page.status).toBe(404);
      expect(await page.json()).toEqual({ error: 'Not found.' });
      expect((await submit(`${stripeServer.origin}/api/sandbox/checkout/cs_sandbox_${'a'.repeat(32)}/pay`)).status).toBe(404);
    } finally {
      await stripeServer.close();
      await stripe.close();
    }
  });
});
