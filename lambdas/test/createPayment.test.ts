import { randomBytes } from 'node:crypto';
import { CHECKOUT_MESSAGES } from '@kesho/site-rules/checkout-schema';
import { PAYMENT_ATTEMPT_MESSAGES } from '@kesho/site-rules/payment-attempt';
import { CUSTOM_NAME_TAKEN_MESSAGE, MAX_CART_LINES } from '@kesho/site-rules/catalogue';
import { ENCODED_WORD_MESSAGE, UNSAFE_TEXT_MESSAGE } from '@kesho/site-rules/text-rules';
import { INVALID_ORDER_MESSAGE } from '../src/orders/orderRequest';
import { ORDER_MESSAGES } from '../src/orders/orderRequest';
import { startFakeStripe, type FakeStripe } from './support/fakeStripe';
import { catalogueItem, validOrder } from './support/orders';
import { postJson, startTestServer, type TestServer } from './support/testServer';

const WEBHOOK_SECRET = 'whsec_createPaymentTests';

let stripe: FakeStripe;
let server: TestServer;
let endpoint: string;

beforeAll(async () => {
  stripe = await startFakeStripe();
  server = await startTestServer({ env: stripe.env(WEBHOOK_SECRET) });
  endpoint = `${server.origin}/api/create-payment`;
});

afterAll(async () => {
  await server.close();
  await stripe.close();
});

beforeEach(() => {
  stripe.requests.length = 0;
  stripe.failWith(null);
  stripe.onCreate(null);
});

async function expectFieldErrors(body: unknown, expected: Record<string, string>): Promise<void> {
  const response = await postJson(endpoint, body);
  expect(response.status).toBe(400);
  const answer = (await response.json()) as { error: string; fieldErrors: Record<string, string> };
  expect(answer.error).toMatch(/not valid/);
  expect(answer.fieldErrors).toEqual(expect.objectContaining(expected));
  expect(stripe.requests).toHaveLength(0);
}

describe('a valid order', () => {
  it('answers 200 with the provider URL and a server-made invoice number', async () => {
    const response = await postJson(endpoint, validOrder());
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const answer = (await response.json()) as { url: string; invoiceNumber: string };
    expect(answer.invoiceNumber).toMatch(/^INV-\d{8}$/);
    const [session] = [...stripe.sessions.values()].filter((candidate) => candidate.client_reference_id === answer.invoiceNumber);
    expect(answer.url).toBe(session?.url);
  });

  it('creates a Checkout Session whose line items are priced by the server catalogue', async () => {
    const renamed = { ...catalogueItem('essay-editing', 2), name: 'A name the browser made up' };
    const custom = { id: 'custom-1714000000000', name: '  Airport pickup  ', price: 80.5, quantity: 3 };
    const response = await postJson(endpoint, validOrder([renamed, custom]));
    const { invoiceNumber } = (await response.json()) as { invoiceNumber: string };

    expect(stripe.requests).toHaveLength(1);
    const [request] = stripe.requests;
    expect(request?.path).toBe('/v1/checkout/sessions');
    expect(request?.params).toEqual({
      mode: 'payment',
      line_items: [
        { price_data: { currency: 'usd', unit_amount: '25000', product_data: { name: 'Essay Editing' } }, quantity: '2' },
        { price_data: { currency: 'usd', unit_amount: '8050', product_data: { name: 'Custom: Airport pickup' } }, quantity: '3' },
      ],
      customer_email: 'amani@example.com',
      client_reference_id: invoiceNumber,
      // The order's correlation id travels with the session, so the webhook's lines name the same story.
      metadata: { invoiceNumber, orderId: expect.stringMatching(/^[0-9a-f-]{36}$/), correlationId: expect.stringMatching(/^[0-9a-f-]{36}$/) },
      success_url: `${server.origin}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${server.origin}/payment-failure`,
      expires_at: expect.stringMatching(/^\d+$/),
    });
    const expiresInMinutes = (Number(request?.params.expires_at) * 1000 - Date.now()) / 60_000;
    expect(expiresInMinutes).toBeGreaterThan(30);
    expect(expiresInMinutes).toBeLessThan(24 * 60);
    expect(request?.idempotencyKey).toMatch(/^checkout-session-[0-9a-f-]{36}$/);
    expect(request?.stripeVersion).toMatch(/^2026-10-28/);

    const session = [...stripe.sessions.values()].find((candidate) => candidate.client_reference_id === invoiceNumber);
    expect(session?.amount_total).toBe(2 * 25_000 + 3 * 8_050);
  });

  it('writes the pending order before it asks the provider for a session', async () => {
    const seen: (string | undefined)[] = [];
    stripe.onCreate(async () => {
      const invoiceNumber = stripe.requests.at(-1)?.params.client_reference_id as string;
      const order = await server.api.runtime.orders.getOrder(invoiceNumber);
      seen.push(order?.status);
    });
    const response = await postJson(endpoint, validOrder());
    expect(response.status).toBe(200);
    expect(seen).toEqual(['pending']);
  });

  it('keeps the order with its items, integer-cent totals, customer data and session id', async () => {
    const response = await postJson(endpoint, validOrder([catalogueItem('interview-prep', 2)]));
    const { invoiceNumber } = (await response.json()) as { invoiceNumber: string };
    const order = await server.api.runtime.orders.getOrder(invoiceNumber);
    expect(order).toMatchObject({
      invoiceNumber,
      status: 'pending',
      currency: 'usd',
      totalCents: 80_000,
      lines: [{ id: 'interview-prep', name: 'Interview Preparation', unitAmountCents: 40_000, quantity: 2, amountCents: 80_000 }],
      customer: { fullName: 'Amani Wanjiru', email: 'amani@example.com', phone: '+254712345678', notes: 'Looking at universities in Canada.' },
      checkoutSessionId: expect.stringMatching(/^cs_test_/),
    });
    expect(order?.customer.companyName).toBeUndefined();
    expect(Date.parse(order?.createdAt ?? '')).not.toBeNaN();
  });
});

describe('price tampering', () => {
  it('refuses a catalogue item sent at $1 with 409 and sends nothing to the provider', async () => {
    const tampered = { ...catalogueItem('vip-unlimited'), price: 1 };
    const response = await postJson(endpoint, validOrder([catalogueItem('basic-consultation'), tampered]));
    expect(response.status).toBe(409);
    const answer = (await response.json()) as { error: string };
    expect(answer.error).toBe('The price of VIP Unlimited has changed since you built your package. Please review your package and try again.');
    expect(stripe.requests).toHaveLength(0);
  });

  it('refuses a custom item priced outside $25–$2500 with the builder message', async () => {
    await expectFieldErrors(validOrder([{ id: 'custom-1', name: 'Tiny', price: 24.99, quantity: 1 }]), {
      'items[0].price': 'Price must be between $25 and $2500',
    });
    await expectFieldErrors(validOrder([{ id: 'custom-2', name: 'Huge', price: 2500.01, quantity: 1 }]), {
      'items[0].price': 'Price must be between $25 and $2500',
    });
  });

  it('refuses a price with a ninth decimal instead of rounding it away', async () => {
    await expectFieldErrors(validOrder([{ id: 'custom-6', name: 'Airport pickup', price: 25.000000001, quantity: 1 }]), {
      'items[0].price': 'Price must be an amount in US dollars with at most two decimals',
    });
  });
});

describe('invalid input gets 400 with field errors in plain words', () => {
  it('names every broken item field', async () => {
    await expectFieldErrors(
      validOrder([
        { id: 'no-such-service', name: 'X', price: 10, quantity: 1 },
        { ...catalogueItem('essay-editing'), quantity: 0 },
        { ...catalogueItem('visa-guidance'), quantity: 1.5 },
        { id: 'custom-3', name: '   ', price: 30, quantity: 1 },
        { id: 'custom-4', name: 'x'.repeat(121), price: 30, quantity: 1 },
        { id: 'custom-5', name: 'Fine', price: 30.123, quantity: 1 },
      ]),
      {
        'items[0].id': ORDER_MESSAGES.unknownService,
        'items[1].quantity': 'Quantity must be a whole number from 1 to 10',
        'items[2].quantity': 'Quantity must be a whole number from 1 to 10',
        'items[3].name': 'Please enter a service name',
        'items[4].name': 'Service name must be at most 120 characters',
        'items[5].price': 'Price must be an amount in US dollars with at most two decimals',
      },
    );
  });

  it('refuses quantities above 10 and quantities sent as text', async () => {
    await expectFieldErrors(validOrder([{ ...catalogueItem('essay-editing'), quantity: 11 }]), { 'items[0].quantity': ORDER_MESSAGES.quantity });
    await expectFieldErrors(validOrder([{ ...catalogueItem('essay-editing'), quantity: '2' as unknown as number }]), { 'items[0].quantity': ORDER_MESSAGES.quantity });
  });

  it('refuses an empty order, a missing one and one over the line limit', async () => {
    await expectFieldErrors(validOrder([]), { items: 'Add at least one service to your order' });
    await expectFieldErrors({ customerData: validOrder().customerData }, { items: 'Add at least one service to your order' });
    const tooMany = Array.from({ length: MAX_CART_LINES + 1 }, (_, index) => ({ id: `custom-${index}`, name: `Service ${index}`, price: 30, quantity: 1 }));
    await expectFieldErrors(validOrder(tooMany), { items: `An order can have at most ${MAX_CART_LINES} services` });
  });

  it('refuses the same service twice', async () => {
    await expectFieldErrors(validOrder([catalogueItem('essay-editing'), catalogueItem('essay-editing')]), { 'items[1].id': ORDER_MESSAGES.duplicate });
  });

  it('uses the checkout schema’s exact messages for the customer data', async () => {
    await expectFieldErrors(
      { items: [catalogueItem('essay-editing')], customerData: { fullName: ' A ', email: 'not-an-email', phone: '12345', acceptTerms: false } },
      {
        'customerData.fullName': CHECKOUT_MESSAGES.fullName,
        'customerData.email': CHECKOUT_MESSAGES.email,
        'customerData.phone': CHECKOUT_MESSAGES.phone,
        'customerData.acceptTerms': CHECKOUT_MESSAGES.acceptTerms,
      },
    );
  });

  it('does not let yup coerce wrong types into valid ones', async () => {
    await expectFieldErrors(
      { items: [catalogueItem('essay-editing')], customerData: { fullName: 12345678, email: 'a@example.com', phone: 2547123456789, acceptTerms: 'true' } },
      {
        'customerData.fullName': CHECKOUT_MESSAGES.fullName,
        'customerData.phone': CHECKOUT_MESSAGES.phone,
        'customerData.acceptTerms': CHECKOUT_MESSAGES.acceptTerms,
      },
    );
  });

  it('asks for the checkout details when they are missing, and for both parts when the body is not an object', async () => {
    await expectFieldErrors({ items: [catalogueItem('essay-editing')] }, { customerData: 'Enter your checkout details' });
    await expectFieldErrors([1, 2, 3], { items: ORDER_MESSAGES.items, customerData: ORDER_MESSAGES.customerData });
  });

  it('refuses a byte-order mark before the JSON, and bytes that are not UTF-8, saying which', async () => {
    const withMark = await fetch(endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(JSON.stringify(validOrder()))]),
    });
    expect(withMark.status).toBe(400);
    expect(await withMark.json()).toEqual({ error: 'The request body starts with a byte-order mark (U+FEFF): send UTF-8 text without one.' });
    const latin1 = await fetch(endpoint, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: Buffer.from([0x7b, 0x22, 0xe9, 0x22, 0x3a, 0x31, 0x7d]) });
    expect(latin1.status).toBe(400);
    expect(await latin1.json()).toEqual({ error: 'The request body is not valid UTF-8 text.' });
  });

  it('answers 400 for a body that is not JSON', async () => {
    const response = await postJson(endpoint, '{"items": [');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'The request body is not valid JSON.' });
  });
});

describe('protocol errors', () => {
  it('answers 405 with Allow for any method but POST', async () => {
    const response = await fetch(endpoint);
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
    expect(((await response.json()) as { error: string }).error).toBe('Use POST for this address.');
  });

  it('answers 415 for a body that is not declared as JSON', async () => {
    const plain = await fetch(endpoint, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: JSON.stringify(validOrder()) });
    expect(plain.status).toBe(415);
    const form = await fetch(endpoint, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'items=1' });
    expect(form.status).toBe(415);
    const latin1 = await fetch(endpoint, { method: 'POST', headers: { 'Content-Type': 'application/json; charset=iso-8859-1' }, body: '{}' });
    expect(latin1.status).toBe(415);
  });

  it('answers 413 for a body over 16 KB', async () => {
    const order = validOrder();
    order.customerData.notes = 'x'.repeat(17 * 1024);
    const response = await postJson(endpoint, order);
    expect(response.status).toBe(413);
    expect(((await response.json()) as { error: string }).error).toBe('The request is too large. The limit is 16 KB.');
    expect(stripe.requests).toHaveLength(0);
  });
});

describe('provider failures', () => {
  it('answers 400 naming the e-mail, not 502, when Stripe refuses an address the form accepted', async () => {
    const order = validOrder();
    order.customerData.email = 'amani@refused-by-stripe.example';
    stripe.refuseEmail(order.customerData.email);
    const response = await postJson(endpoint, order);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: INVALID_ORDER_MESSAGE, fieldErrors: { 'customerData.email': CHECKOUT_MESSAGES.email } });
    const invoiceNumber = stripe.requests[0]?.params.client_reference_id as string;
    expect(await server.api.runtime.orders.getOrder(invoiceNumber)).toMatchObject({ status: 'failed', statusReason: 'provider-refused-details' });
  });

  it('validates the e-mail before asking Stripe: "a@b" never reaches it', async () => {
    const order = validOrder();
    order.customerData.email = 'a@b';
    await expectFieldErrors(order, { 'customerData.email': CHECKOUT_MESSAGES.email });
  });

  it('answers 502 with a plain message and marks the abandoned order failed', async () => {
    stripe.failWith(500);
    const response = await postJson(endpoint, validOrder());
    expect(response.status).toBe(502);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ error: 'We could not reach the payment provider. Please try again in a moment.' });
    expect(text).not.toMatch(/at .*\.ts|Stripe|stack/i);

    const invoiceNumber = stripe.requests[0]?.params.client_reference_id as string;
    const order = await server.api.runtime.orders.getOrder(invoiceNumber);
    expect(order?.status).toBe('failed');
    expect(order?.statusReason).toBe('provider-error');
  });
});

describe('input hygiene (the form’s own rules, enforced again)', () => {
  const hidden = ['\u202e', '\u2066', '\u2069', '\u200b', '\ufeff', '\ud800', '\u0000', '\u001b'];

  it.each(hidden.map((character) => [JSON.stringify(character), character]))('refuses %s in item names and customer text', async (_label, character) => {
    const order = validOrder([{ id: 'custom-1', name: `Courier${character}service`, price: 40, quantity: 1 }]);
    order.customerData.fullName = `Amani${character}Wanjiru`;
    (order.customerData as Record<string, unknown>).companyName = `Kesho${character}Ltd`;
    (order.customerData as Record<string, unknown>).notes = `Canada${character}please`;
    await expectFieldErrors(order, {
      'items[0].name': UNSAFE_TEXT_MESSAGE,
      'customerData.fullName': UNSAFE_TEXT_MESSAGE,
      'customerData.companyName': UNSAFE_TEXT_MESSAGE,
      'customerData.notes': UNSAFE_TEXT_MESSAGE,
    });
  });

  it('refuses line breaks in one-line fields but keeps them in the notes', async () => {
    const order = validOrder([{ id: 'custom-1', name: 'Courier\nservice', price: 40, quantity: 1 }]);
    order.customerData.fullName = 'Amani\nWanjiru';
    await expectFieldErrors(order, { 'items[0].name': UNSAFE_TEXT_MESSAGE, 'customerData.fullName': UNSAFE_TEXT_MESSAGE });
    const withNotes = validOrder();
    (withNotes.customerData as Record<string, unknown>).notes = 'Line one\nLine two';
    expect((await postJson(endpoint, withNotes)).status).toBe(200);
  });

  it('refuses the phone "aaaaaaaaaa" and the e-mail "a@b" with the checkout messages', async () => {
    const order = validOrder();
    order.customerData.phone = 'aaaaaaaaaa';
    order.customerData.email = 'a@b';
    await expectFieldErrors(order, { 'customerData.phone': CHECKOUT_MESSAGES.phone, 'customerData.email': CHECKOUT_MESSAGES.email });
  });
});

describe('custom lines', () => {
  it.each(['VIP Unlimited', 'vip-unlimited', 'Essay  editing', 'Custom: Premium Package'])('may not take the catalogue name "%s"', async (name) => {
    await expectFieldErrors(validOrder([{ id: 'custom-1', name, price: 30, quantity: 1 }]), { 'items[0].name': CUSTOM_NAME_TAKEN_MESSAGE });
  });

  it.each([
    ['Basic C\u043Ensultation', 'a Cyrillic о'],
    ['VIP Unl\u0456mited', 'a Cyrillic і'],
    ['\u0395ssay Editing', 'a Greek Ε'],
    ['Visa Guidan\u0441e', 'a Cyrillic с'],
  ])('may not take a catalogue name spelt with look-alike letters: "%s" (%s)', async (name) => {
    await expectFieldErrors(validOrder([{ id: 'custom-1', name, price: 30, quantity: 1 }]), { 'items[0].name': CUSTOM_NAME_TAKEN_MESSAGE });
  });

  it('refuses MIME encoded words in names, where mail programs would decode them into header lines', async () => {
    const encoded = '=?utf-8?b?DQpCY2M6IGV2aWxAYXR0YWNrZXIudGVzdA==?=';
    const order = validOrder([{ id: 'custom-1', name: `Courier ${encoded}`, price: 40, quantity: 1 }]);
    order.customerData.fullName = encoded;
    await expectFieldErrors(order, { 'items[0].name': ENCODED_WORD_MESSAGE, 'customerData.fullName': ENCODED_WORD_MESSAGE });
  });

  it('reach the provider and the order labelled "Custom: …"', async () => {
    const response = await postJson(endpoint, validOrder([{ id: 'custom-9', name: 'VIP Unlimited Extra', price: 30, quantity: 1 }]));
    expect(response.status).toBe(200);
    const { invoiceNumber } = (await response.json()) as { invoiceNumber: string };
    const sent = stripe.requests[0]?.params.line_items as { price_data: { product_data: { name: string } } }[];
    expect(sent.map((line) => line.price_data.product_data.name)).toEqual(['Custom: VIP Unlimited Extra']);
    expect((await server.api.runtime.orders.getOrder(invoiceNumber))?.lines.map((line) => line.name)).toEqual(['Custom: VIP Unlimited Extra']);
  });
});

describe('one checkout per attempt (the Idempotency-Key header)', () => {
  const newKey = () => randomBytes(16).toString('base64url');
  const sessionsCreated = () => stripe.requests.filter((request) => request.method === 'POST' && request.path === '/v1/checkout/sessions').length;

  it('five identical requests at once (a double tap, a retry) open one Checkout Session, and all five answer it', async () => {
    // Stripe takes its time, so the five overlap.
    stripe.onCreate(() => new Promise((resolve) => setTimeout(resolve, 300)));
    const key = newKey();
    const body = validOrder();
    const responses = await Promise.all(Array.from({ length: 5 }, () => postJson(endpoint, body, { 'Idempotency-Key': key })));
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);
    const answers = await Promise.all(responses.map((response) => response.json() as Promise<{ url: string; invoiceNumber: string }>));
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    expect(sessionsCreated()).toBe(1);

    // The page's retry after a timeout: the same checkout, still one session.
    const retry = await postJson(endpoint, body, { 'Idempotency-Key': key });
    expect(await retry.json()).toEqual(answers[0]);
    expect(sessionsCreated()).toBe(1);
  });

  it('without a key, each request is an order of its own', async () => {
    await postJson(endpoint, validOrder());
    await postJson(endpoint, validOrder());
    expect(sessionsCreated()).toBe(2);
  });

  it('refuses the key of a started checkout for another package (409) and a malformed key (400), opening nothing', async () => {
    const key = newKey();
    await postJson(endpoint, validOrder(), { 'Idempotency-Key': key });
    stripe.requests.length = 0;
    const other = await postJson(endpoint, validOrder([catalogueItem('visa-guidance')]), { 'Idempotency-Key': key });
    expect(other.status).toBe(409);
    expect(await other.json()).toEqual({ error: PAYMENT_ATTEMPT_MESSAGES.otherDetails });
    for (const malformed of ['short', 'x'.repeat(65), 'not base64url!!!!!!!!!!']) {
      const response = await postJson(endpoint, validOrder(), { 'Idempotency-Key': malformed });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: PAYMENT_ATTEMPT_MESSAGES.invalidKey });
    }
    expect(sessionsCreated()).toBe(0);
  });

  it('a checkout Stripe failed to open frees the key: the retry opens one', async () => {
    const key = newKey();
    stripe.failWith(500);
    const failed = await postJson(endpoint, validOrder(), { 'Idempotency-Key': key });
    expect(failed.status).toBe(502);
    stripe.failWith(null);
    const retried = await postJson(endpoint, validOrder(), { 'Idempotency-Key': key });
    expect(retried.status).toBe(200);
  });
});
