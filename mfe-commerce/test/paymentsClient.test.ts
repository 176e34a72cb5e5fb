import { AxiosError } from 'axios';
import { createPayment, describeField, getCheckoutSession, PaymentError } from '../src/api/paymentsClient';
import { openCheckout } from '../src/payment/openCheckout';
import { createRecordingShell, type RecordingShell } from '@kesho/shell-kit/testing';
import { fakePaymentsApi, validCheckoutData } from './helpers';

const lines = [
  { id: 'essay-editing', name: 'Essay Editing', priceCents: 25_000, quantity: 2 },
  { id: 'custom-1732212345678', name: 'Document translation', priceCents: 12_050, quantity: 1 },
];

/** The page's history entry, as the shell gives it: each test starts on a fresh /payment. */
let shell: RecordingShell;
beforeEach(() => {
  shell = createRecordingShell('/payment');
});

describe('createPayment', () => {
  test('posts the lines with prices in dollars and the customer data, and returns the checkout url', async () => {
    const api = fakePaymentsApi(() => ({ status: 200, data: { url: 'https://checkout.stripe.com/c/pay/cs_1', invoiceNumber: 'INV-00000001' } }));
    await expect(createPayment(lines, validCheckoutData, shell)).resolves.toEqual({
      url: 'https://checkout.stripe.com/c/pay/cs_1',
      invoiceNumber: 'INV-00000001',
    });
    expect(api.requests[0]).toEqual({
      method: 'POST',
      url: '/api/create-payment',
      params: undefined,
      body: {
        items: [
          { id: 'essay-editing', name: 'Essay Editing', price: 250, quantity: 2 },
          { id: 'custom-1732212345678', name: 'Document translation', price: 120.5, quantity: 1 },
        ],
        customerData: validCheckoutData,
      },
      idempotencyKey: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
    });
  });

  test('sends one Idempotency-Key per attempt: the same request again (a retry, a double tap) the same key, another package a new one', async () => {
    const api = fakePaymentsApi(() => ({ status: 200, data: { url: 'https://checkout.stripe.com/c/pay/cs_1', invoiceNumber: 'INV-00000001' } }));
    await createPayment(lines, validCheckoutData, shell);
    await createPayment(lines, validCheckoutData, shell);
    await createPayment(lines.slice(0, 1), validCheckoutData, shell);
    const [first, again, other] = api.requests.map((request) => request.idempotencyKey);
    expect(again).toBe(first);
    expect(other).not.toBe(first);
    // Kept in the page's history entry, so a reload of this page sends it again; nothing is stored.
    expect(JSON.stringify(shell.historyState())).toContain(String(other));
    expect(JSON.stringify({ ...window.localStorage, ...window.sessionStorage })).not.toContain(String(other));
  });

  test('a failed request keeps its key: the first may have started a payment that the retry must find', async () => {
    let answer: { status: number; data: unknown } = { status: 502, data: { error: 'The payment provider is not responding.' } };
    const api = fakePaymentsApi(() => answer);
    await expect(createPayment(lines, validCheckoutData, shell)).rejects.toThrow(PaymentError);
    answer = { status: 200, data: { url: 'https://checkout.stripe.com/c/pay/cs_1', invoiceNumber: 'INV-00000001' } };
    await createPayment(lines, validCheckoutData, shell);
    expect(api.requests[1]?.idempotencyKey).toBe(api.requests[0]?.idempotencyKey);
  });

  test('accepts a same-site url such as the local sandbox checkout page', async () => {
    fakePaymentsApi(() => ({ status: 200, data: { url: '/api/sandbox/checkout?session=abc', invoiceNumber: 'INV-00000002' } }));
    await expect(createPayment(lines, validCheckoutData, shell)).resolves.toMatchObject({ url: '/api/sandbox/checkout?session=abc' });
  });

  test.each([
    ['no url', { invoiceNumber: 'INV-1' }],
    ['an empty url', { url: '' }],
    ['a script url', { url: 'javascript:alert(1)' }],
    ['a data url', { url: 'data:text/html,hi' }],
    ['no body', null],
  ])('a response with %s fails with "Failed to create checkout session"', async (_case, data) => {
    fakePaymentsApi(() => ({ status: 200, data }));
    await expect(createPayment(lines, validCheckoutData, shell)).rejects.toThrow(new PaymentError('Failed to create checkout session'));
  });

  test('a 400 answer keeps the server message and lists each field problem with a readable name', async () => {
    fakePaymentsApi(() => ({
      status: 400,
      data: {
        error: 'Invalid order',
        fieldErrors: {
          'customerData.phone': 'Valid phone number is required',
          'items[1].price': 'Custom prices must be between $25 and $2500',
          items: 'Too many items',
        },
      },
    }));
    const failure = await createPayment(lines, validCheckoutData, shell).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PaymentError);
    expect(failure).toMatchObject({
      message: 'Invalid order',
      status: 400,
      customerDetailsRejected: true,
      problems: ['Phone: Valid phone number is required', 'Price of Document translation: Custom prices must be between $25 and $2500', 'Your package: Too many items'],
    });
    // Each problem keeps the path of the field the server refused, so a page can put it on that field.
    const error = failure as PaymentError;
    expect(error.fields.map((field) => field.path)).toEqual(['customerData.phone', 'items[1].price', 'items']);
    expect([error.refused('customerData'), error.refused('items'), error.refused('phone'), error.refused('customerData.email')]).toEqual([true, true, false, false]);
  });

  test('problems with the items alone do not send the visitor back to edit their details', async () => {
    fakePaymentsApi(() => ({ status: 400, data: { error: 'Invalid order', fieldErrors: { 'items[0].quantity': 'Too many' } } }));
    await expect(createPayment(lines, validCheckoutData, shell)).rejects.toMatchObject({ customerDetailsRejected: false });
  });

  test.each([
    [413, 'Your order is too large to process. Please remove some items and try again.'],
    [429, 'Too many payment attempts in a short time. Please wait a minute and try again.'],
    [500, 'Failed to process payment. Please try again.'],
  ])('a %i answer without a message is explained in plain words', async (status, message) => {
    fakePaymentsApi(() => ({ status, data: '' }));
    await expect(createPayment(lines, validCheckoutData, shell)).rejects.toThrow(message);
  });

  test('a timeout shows the fallback message', async () => {
    fakePaymentsApi(() => new AxiosError('timeout of 20000ms exceeded', AxiosError.ECONNABORTED));
    await expect(createPayment(lines, validCheckoutData, shell)).rejects.toThrow('Failed to process payment. Please try again.');
  });
});

describe('getCheckoutSession', () => {
  test('asks for the session by id and returns the order summary', async () => {
    const summary = {
      invoiceNumber: 'INV-00000042',
      status: 'paid',
      amountCents: 32_500,
      currency: 'usd',
      items: [{ name: 'Essay Editing', quantity: 1, amountCents: 25_000 }],
      createdAt: '2025-11-22T08:30:00.000Z',
    };
    const api = fakePaymentsApi(() => ({ status: 200, data: summary }));
    await expect(getCheckoutSession('cs_test_1')).resolves.toEqual(summary);
    expect(api.requests[0]).toMatchObject({ method: 'GET', url: '/api/checkout-session', params: { session_id: 'cs_test_1' } });
  });

  test('an answer of the wrong shape is refused', async () => {
    fakePaymentsApi(() => ({ status: 200, data: { invoiceNumber: 'INV-1', status: 'refunded', amountCents: 100 } }));
    await expect(getCheckoutSession('cs_test_1')).rejects.toThrow('We could not read the status of your payment.');
  });
});

describe('describeField', () => {
  test.each([
    ['customerData.fullName', 'Full name'],
    ['customerData.acceptTerms', 'Terms of Service'],
    ['customerData', 'Your details'],
    ['items[0].name', 'Name of Essay Editing'],
    ['items[0]', 'Essay Editing'],
    ['items[7].price', 'Price of Item 8'],
    ['somethingElse', 'Your order'],
  ])('%s reads as "%s"', (path, label) => {
    expect(describeField(path, lines)).toBe(label);
  });
});

describe('openCheckout', () => {
  function fakeWindow(openResult: Window | null | Error) {
    const assign = jest.fn();
    const target = {
      open: jest.fn(() => {
        if (openResult instanceof Error) throw openResult;
        return openResult;
      }),
      location: { assign },
    } as unknown as Window;
    return { target, assign };
  }

  test('opens a new tab without giving it a handle on this page', () => {
    const tab = { opener: {} } as unknown as Window;
    const { target, assign } = fakeWindow(tab);
    expect(openCheckout('https://checkout.stripe.com/x', target)).toBe('new-tab');
    expect(target.open).toHaveBeenCalledWith('https://checkout.stripe.com/x', '_blank');
    expect(tab.opener).toBeNull();
    expect(assign).not.toHaveBeenCalled();
  });

  test('goes there in the same tab when the new tab is blocked', () => {
    const { target, assign } = fakeWindow(null);
    expect(openCheckout('https://checkout.stripe.com/x', target)).toBe('same-tab');
    expect(assign).toHaveBeenCalledWith('https://checkout.stripe.com/x');
  });

  test('goes there in the same tab when opening throws', () => {
    const { target, assign } = fakeWindow(new Error('blocked'));
    expect(openCheckout('https://checkout.stripe.com/x', target)).toBe('same-tab');
    expect(assign).toHaveBeenCalledWith('https://checkout.stripe.com/x');
  });
});

describe("the answer's Retry-After", () => {
  test('a 429 or 503 carries its Retry-After (seconds) on the PaymentError; other answers none', async () => {
    fakePaymentsApi(() => ({ status: 429, data: { message: 'Too Many Requests' }, headers: { 'retry-after': '12' } }));
    await expect(getCheckoutSession('cs_test_a1')).rejects.toMatchObject({ status: 429, retryAfterMs: 12_000 });
    fakePaymentsApi(() => ({ status: 503, data: {} }));
    await expect(getCheckoutSession('cs_test_a1')).rejects.toMatchObject({ status: 503, retryAfterMs: null });
  });
});
