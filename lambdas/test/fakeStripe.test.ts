/** The fake Stripe must be as strict as Stripe, or the tests that rely on it prove nothing. */
import Stripe from 'stripe';
import { startFakeStripe, type FakeStripe } from './support/fakeStripe';

let fake: FakeStripe;
let stripe: Stripe;

beforeAll(async () => {
  fake = await startFakeStripe();
  stripe = new Stripe(fake.secretKey, { host: fake.host, port: fake.port, protocol: 'http', maxNetworkRetries: 0 });
});

afterAll(async () => {
  await fake.close();
});

const validParams = (): Stripe.Checkout.SessionCreateParams => ({
  mode: 'payment',
  line_items: [{ price_data: { currency: 'usd', unit_amount: 2_500, product_data: { name: 'Basic Consultation' } }, quantity: 1 }],
  success_url: 'http://127.0.0.1/payment-success?session_id={CHECKOUT_SESSION_ID}',
  cancel_url: 'http://127.0.0.1/payment-failure',
});

describe('the fake Stripe', () => {
  it('creates and returns a Checkout Session through the real SDK', async () => {
    const created = await stripe.checkout.sessions.create(validParams());
    expect(created).toMatchObject({ object: 'checkout.session', status: 'open', payment_status: 'unpaid', amount_total: 2_500, currency: 'usd' });
    expect((await stripe.checkout.sessions.retrieve(created.id)).id).toBe(created.id);
  });

  it.each([
    ['payment_method_types', { payment_method_types: ['card'] }],
    ['ui_mode', { ui_mode: 'hosted_page' }],
    ['no_such_parameter', { no_such_parameter: 'x' }],
  ])('rejects %s as an unknown parameter, like the 2026-10-28 API', async (param, extra) => {
    await expect(stripe.checkout.sessions.create({ ...validParams(), ...extra } as Stripe.Checkout.SessionCreateParams)).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 400,
      code: 'parameter_unknown',
      param,
    });
  });

  it('rejects unknown line item fields, bad amounts and an expiry outside 30 minutes to 24 hours', async () => {
    const nested = { ...validParams(), line_items: [{ price_data: { currency: 'usd', unit_amount: 2_500, product_data: { name: 'X' }, colour: 'red' }, quantity: 1 }] };
    await expect(stripe.checkout.sessions.create(nested as Stripe.Checkout.SessionCreateParams)).rejects.toMatchObject({ param: 'line_items[0][price_data][colour]' });
    const fractional = { ...validParams(), line_items: [{ price_data: { currency: 'usd', unit_amount: 25.5, product_data: { name: 'X' } }, quantity: 1 }] };
    await expect(stripe.checkout.sessions.create(fractional)).rejects.toMatchObject({ param: 'line_items[0][price_data][unit_amount]' });
    await expect(stripe.checkout.sessions.create({ ...validParams(), expires_at: Math.floor(Date.now() / 1000) + 20 * 60 })).rejects.toMatchObject({ param: 'expires_at' });
  });

  it('answers a repeated idempotency key with the first session', async () => {
    const first = await stripe.checkout.sessions.create(validParams(), { idempotencyKey: 'same-order' });
    const again = await stripe.checkout.sessions.create(validParams(), { idempotencyKey: 'same-order' });
    expect(again.id).toBe(first.id);
  });

  it('refuses a wrong key and reports unknown sessions as 404', async () => {
    const stranger = new Stripe('sk_test_wrong', { host: fake.host, port: fake.port, protocol: 'http', maxNetworkRetries: 0 });
    await expect(stranger.checkout.sessions.create(validParams())).rejects.toMatchObject({ statusCode: 401 });
    await expect(stripe.checkout.sessions.retrieve('cs_test_missing')).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing' });
  });
});
