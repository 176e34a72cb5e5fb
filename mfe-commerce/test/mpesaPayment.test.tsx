import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MPESA_MESSAGES, MPESA_OUTCOME_MESSAGES, rateLine, usdCentsToKes } from '@kesho/site-rules/mpesa';
import { formatKes } from '@kesho/site-rules/money';
import { paymentLimitMessage } from '@kesho/site-rules/payment-attempt';
import PaymentPage from '../src/pages/PaymentPage';
import { MPESA_PAGE_MESSAGES } from '../src/payment/mpesa/MpesaPayment';
import { catalogueItem, fakePaymentsApi, renderPage, resetBrowserState, saveCart, saveCheckout, validCheckoutData } from './helpers';

const PAYMENT_ID = 'mp_AAAAAAAAAAAAAAAAAAAAAA';
/** Ops' rate as the server answers it, deliberately not the code's default: the page must show this one. */
const SERVER_RATE = { kesPerUsd: '131.4', rateDate: '2026-11-22' } as const;
const KES = formatKes(usdCentsToKes(32_500, SERVER_RATE.kesPerUsd));

type Answer = Parameters<typeof fakePaymentsApi>[0];
const isRateRequest = (request: { method: string; url: string; params?: unknown }) => request.method === 'GET' && request.url === '/api/mpesa-payment' && request.params === undefined;
/** The payments API with GET /api/mpesa-payment (no parameter) answering the server's rate. */
const fakeApi = (answer: Answer) => {
  const api = fakePaymentsApi((request) => (isRateRequest(request) ? { status: 200, data: { rate: SERVER_RATE } } : answer(request)));
  return { ...api, paymentRequests: () => api.requests.filter((request) => !isRateRequest(request)) };
};

const state = (outcome: string, extra: Record<string, unknown> = {}) => ({
  status: 200,
  data: {
    payment: {
      paymentId: PAYMENT_ID,
      invoiceNumber: 'INV-00000042',
      outcome,
      message: outcome === 'pending' ? MPESA_MESSAGES.waiting : MPESA_OUTCOME_MESSAGES[outcome as 'cancelled'],
      receiptNumber: null,
      amountKes: usdCentsToKes(32_500, SERVER_RATE.kesPerUsd),
      phone: '+254 7•• ••• 678',
      sandboxUrl: `/api/mpesa/sandbox/${PAYMENT_ID}`,
      ...extra,
    },
  },
});

beforeEach(() => {
  resetBrowserState();
  jest.restoreAllMocks();
});
afterEach(() => jest.useRealTimers());

function renderReadyToPay(address = '/payment') {
  saveCart([catalogueItem('essay-editing', 1), catalogueItem('basic-consultation', 3)]);
  saveCheckout();
  return renderPage(PaymentPage, address);
}

describe('choosing M-Pesa', () => {
  test('card is the default; M-Pesa shows the KES amount at the server’s rate with its date before paying', async () => {
    const user = userEvent.setup({ delay: null });
    const api = fakeApi(() => state('pending'));
    renderReadyToPay();
    expect(screen.getByRole('radio', { name: 'Card' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Pay $325.00 with Stripe' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'M-Pesa' }));
    expect(screen.queryByRole('button', { name: 'Pay $325.00 with Stripe' })).not.toBeInTheDocument();
    expect(await screen.findByText(KES)).toBeInTheDocument();
    expect(screen.getByText(rateLine(SERVER_RATE.kesPerUsd, SERVER_RATE.rateDate))).toBeInTheDocument();
    expect(screen.queryByText(rateLine())).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: `Pay ${KES} with M-Pesa` })).toBeInTheDocument();
    expect(api.requests).toEqual([expect.objectContaining({ method: 'GET', url: '/api/mpesa-payment', params: undefined })]);
  });

  test('when the rate cannot be read, says so and offers Try again and Pay by card; Try again asks the server again', async () => {
    const user = userEvent.setup({ delay: null });
    let rateReply: { status: number; data: unknown } = { status: 503, data: { error: 'M-Pesa payments are not available at the moment. Please pay by card.' } };
    const api = fakePaymentsApi(() => rateReply);
    renderReadyToPay();
    await user.click(screen.getByRole('radio', { name: 'M-Pesa' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('M-Pesa payments are not available at the moment. Please pay by card.');
    expect(screen.queryByLabelText(MPESA_PAGE_MESSAGES.phoneLabel)).not.toBeInTheDocument();
    rateReply = { status: 200, data: { rate: SERVER_RATE } };
    await user.click(screen.getByRole('button', { name: MPESA_PAGE_MESSAGES.tryAgain }));
    expect(await screen.findByRole('button', { name: `Pay ${KES} with M-Pesa` })).toBeInTheDocument();
    expect(api.requests).toHaveLength(2);
  });

  test('a wrong number gets the clear message on the labelled field, and nothing is sent', async () => {
    const user = userEvent.setup({ delay: null });
    const api = fakeApi(() => state('pending'));
    renderReadyToPay();
    await user.click(screen.getByRole('radio', { name: 'M-Pesa' }));
    const input = await screen.findByLabelText(MPESA_PAGE_MESSAGES.phoneLabel);
    await user.type(input, '0812 345 678');
    await user.click(screen.getByRole('button', { name: `Pay ${KES} with M-Pesa` }));
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(expect.stringContaining(MPESA_MESSAGES.phoneInvalid));
    expect(input).toHaveFocus();
    expect(api.paymentRequests()).toEqual([]);
  });

  test('sends the order with the normalised number, waits for the phone, and ends on the success page when paid', async () => {
    const user = userEvent.setup({ delay: null });
    let answer = state('pending');
    const api = fakeApi(() => answer);
    const { navigate, shell } = renderReadyToPay();
    await user.click(screen.getByRole('radio', { name: 'M-Pesa' }));
    await user.type(await screen.findByLabelText(MPESA_PAGE_MESSAGES.phoneLabel), '0712 345 678');
    await user.click(screen.getByRole('button', { name: `Pay ${KES} with M-Pesa` }));

    expect(await screen.findByRole('heading', { name: MPESA_MESSAGES.waiting })).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent(`We sent a request for ${KES} to +254 7•• ••• 678`);
    expect(screen.getByRole('link', { name: MPESA_PAGE_MESSAGES.sandboxLink })).toHaveAttribute('href', `/api/mpesa/sandbox/${PAYMENT_ID}`);
    expect(api.paymentRequests()[0]).toMatchObject({ method: 'POST', url: '/api/mpesa-payment', body: { phone: '254712345678', customerData: validCheckoutData } });
    // The address names the payment (a reload follows it), in place of the page's entry, whose state (the attempt's key) stays.
    expect(navigate).toHaveBeenCalledWith(`/payment?mpesa=${PAYMENT_ID}`, { replace: true, state: expect.objectContaining({ keshoPaymentAttempt: expect.anything() }) });
    expect(shell.search).toBe(`?mpesa=${PAYMENT_ID}`);

    answer = state('paid', { receiptNumber: 'SB0A1B2C3D' });
    await waitFor(() => expect(navigate).toHaveBeenCalledWith(`/payment-success?session_id=${PAYMENT_ID}`), { timeout: 5_000 });
    expect(api.requests.at(-1)).toMatchObject({ method: 'GET', url: '/api/mpesa-payment', params: { payment_id: PAYMENT_ID } });
  });

  test.each(['cancelled', 'timeout', 'insufficient-funds', 'wrong-pin'])('a %s answer shows its message with Try again and Pay by card', async (outcome) => {
    const user = userEvent.setup({ delay: null });
    fakeApi(() => state(outcome));
    const { shell } = renderReadyToPay(`/payment?mpesa=${PAYMENT_ID}`);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(MPESA_OUTCOME_MESSAGES[outcome as 'cancelled']);
    expect(screen.getByRole('heading', { name: MPESA_OUTCOME_MESSAGES[outcome as 'cancelled'] })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: MPESA_PAGE_MESSAGES.tryAgain }));
    expect(screen.getByLabelText(MPESA_PAGE_MESSAGES.phoneLabel)).toBeInTheDocument();
    expect(shell.search).toBe('');
  });

  test('a push the payer declined is over: Try again starts a new attempt (a new key); after an error the attempt and its key carry on', async () => {
    const user = userEvent.setup({ delay: null });
    let answer: { status: number; data: unknown } = { status: 502, data: { error: 'The payment provider is not responding.' } };
    const api = fakeApi(() => answer);
    renderReadyToPay();
    await user.click(screen.getByRole('radio', { name: 'M-Pesa' }));
    const pay = async () => {
      await user.type(await screen.findByLabelText(MPESA_PAGE_MESSAGES.phoneLabel), '0712 345 678');
      await user.click(screen.getByRole('button', { name: `Pay ${KES} with M-Pesa` }));
    };
    await pay();
    await screen.findByRole('alert');
    await user.click(screen.getByRole('button', { name: MPESA_PAGE_MESSAGES.tryAgain }));
    answer = state('cancelled');
    await user.clear(screen.getByLabelText(MPESA_PAGE_MESSAGES.phoneLabel));
    await pay();
    expect(await screen.findByRole('heading', { name: MPESA_OUTCOME_MESSAGES.cancelled })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: MPESA_PAGE_MESSAGES.tryAgain }));
    answer = state('pending');
    await user.clear(screen.getByLabelText(MPESA_PAGE_MESSAGES.phoneLabel));
    await pay();
    await screen.findByRole('heading', { name: MPESA_MESSAGES.waiting });
    const starts = api.paymentRequests().filter((request) => request.method === 'POST');
    expect(starts).toHaveLength(3);
    const [afterError, retried, afterDecline] = starts.map((request) => request.idempotencyKey);
    expect(afterError).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(retried).toBe(afterError);
    expect(afterDecline).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(afterDecline).not.toBe(afterError);
  });

  test('Pay by card goes back to the unchanged card path', async () => {
    const user = userEvent.setup({ delay: null });
    fakeApi(() => state('cancelled'));
    renderReadyToPay(`/payment?mpesa=${PAYMENT_ID}`);
    await screen.findByRole('alert');
    await user.click(screen.getByRole('button', { name: MPESA_PAGE_MESSAGES.payByCard }));
    expect(screen.getByRole('radio', { name: 'Card' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Pay $325.00 with Stripe' })).toBeEnabled();
  });

  test('the rate is asked once per visit, however often the visitor switches between card and M-Pesa', async () => {
    const user = userEvent.setup({ delay: null });
    const api = fakeApi(() => state('pending'));
    renderReadyToPay();
    for (const round of [1, 2, 3]) {
      await user.click(screen.getByRole('radio', { name: 'M-Pesa' }));
      expect(await screen.findByRole('button', { name: `Pay ${KES} with M-Pesa` })).toBeInTheDocument();
      await user.click(screen.getByRole('radio', { name: 'Card' }));
      expect(screen.getByRole('button', { name: 'Pay $325.00 with Stripe' })).toBeInTheDocument();
      expect(api.requests.filter(isRateRequest)).toHaveLength(1);
      expect(round).toBeGreaterThan(0);
    }
  });

  test('a number the server refuses is put on the phone field, by the path the refusal names', async () => {
    const user = userEvent.setup({ delay: null });
    // A number the page's own check lets through but Daraja refuses (the server names the field "phone").
    fakeApi(() => ({ status: 400, data: { error: 'Some details of your order were not accepted.', fieldErrors: { phone: 'Not an M-Pesa line' } } }));
    renderReadyToPay();
    await user.click(screen.getByRole('radio', { name: 'M-Pesa' }));
    const input = await screen.findByLabelText(MPESA_PAGE_MESSAGES.phoneLabel);
    await user.type(input, '0712 345 678');
    await user.click(screen.getByRole('button', { name: `Pay ${KES} with M-Pesa` }));
    await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'));
    expect(input).toHaveAccessibleDescription(expect.stringContaining(MPESA_MESSAGES.phoneInvalid));
    expect(input).toHaveFocus();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  test('a server refusal is shown with its problems', async () => {
    const user = userEvent.setup({ delay: null });
    fakeApi(() => ({ status: 400, data: { error: MPESA_MESSAGES.amountTooLarge } }));
    renderReadyToPay();
    await user.click(screen.getByRole('radio', { name: 'M-Pesa' }));
    await user.type(await screen.findByLabelText(MPESA_PAGE_MESSAGES.phoneLabel), '+254712345678');
    await act(() => user.click(screen.getByRole('button', { name: `Pay ${KES} with M-Pesa` })));
    expect(await screen.findByRole('alert')).toHaveTextContent(MPESA_MESSAGES.amountTooLarge);
  });
  test.each([
    ['phone-busy', 95, 'We already sent an M-Pesa request to this phone. Answer it on the phone or let it end, then try again in 2 minutes.'],
    ['phone', 540, 'This phone has been sent several M-Pesa requests in the last few minutes. Please try again in 9 minutes, or pay by card.'],
    ['client', 30, 'Many payments were started from your connection in the last few minutes. Please try again in a minute.'],
  ] as const)('a 429 on starting the push (%s) is shown in plain words, with Try again and Pay by card', async (reason, seconds, words) => {
    const user = userEvent.setup({ delay: null });
    expect(paymentLimitMessage(reason, seconds)).toBe(words);
    fakeApi(() => ({ status: 429, data: { error: paymentLimitMessage(reason, seconds) } }));
    renderReadyToPay();
    await user.click(screen.getByRole('radio', { name: 'M-Pesa' }));
    await user.type(await screen.findByLabelText(MPESA_PAGE_MESSAGES.phoneLabel), '0712 345 678');
    await act(() => user.click(screen.getByRole('button', { name: `Pay ${KES} with M-Pesa` })));
    expect(await screen.findByRole('alert')).toHaveTextContent(words);
    expect(screen.getByRole('button', { name: MPESA_PAGE_MESSAGES.tryAgain })).toBeEnabled();
    expect(screen.getByRole('button', { name: MPESA_PAGE_MESSAGES.payByCard })).toBeEnabled();
  });
});
