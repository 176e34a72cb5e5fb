import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MPESA_MESSAGES, MPESA_OUTCOME_MESSAGES, rateLine, usdCentsToKes } from '@kesho/common/mpesa';
import { formatKes } from '@kesho/common/money';
import PaymentPage from '../src/pages/PaymentPage';
import { MPESA_PAGE_MESSAGES } from '../src/payment/MpesaPayment';
import { catalogueItem, fakePaymentsApi, renderPage, resetBrowserState, saveCart, saveCheckout, validCheckoutData } from './helpers';

const PAYMENT_ID = 'mp_AAAAAAAAAAAAAAAAAAAAAA';
const KES = formatKes(usdCentsToKes(32_500));

const state = (outcome: string, extra: Record<string, unknown> = {}) => ({
  status: 200,
  data: {
    payment: {
      paymentId: PAYMENT_ID,
      invoiceNumber: 'INV-00000042',
      outcome,
      message: outcome === 'pending' ? MPESA_MESSAGES.waiting : MPESA_OUTCOME_MESSAGES[outcome as 'cancelled'],
      receiptNumber: null,
      amountKes: usdCentsToKes(32_500),
      phone: '+254 712 345 678',
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

function renderReadyToPay(path = '/payment') {
  saveCart([catalogueItem('essay-editing', 1), catalogueItem('basic-consultation', 3)]);
  saveCheckout();
  window.history.replaceState({}, '', path);
  return renderPage(PaymentPage, '/payment');
}

describe('choosing M-Pesa', () => {
  test('card is the default; M-Pesa shows the KES amount with the rate and its date before paying', async () => {
    const user = userEvent.setup({ delay: null });
    renderReadyToPay();
    expect(screen.getByRole('radio', { name: 'Card' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Pay $325.00 with Stripe' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'M-Pesa' }));
    expect(screen.queryByRole('button', { name: 'Pay $325.00 with Stripe' })).not.toBeInTheDocument();
    expect(await screen.findByText(KES)).toBeInTheDocument();
    expect(screen.getByText(rateLine())).toBeInTheDocument();
    expect(screen.getByRole('button', { name: `Pay ${KES} with M-Pesa` })).toBeInTheDocument();
  });

  test('a wrong number gets the clear message on the labelled field, and nothing is sent', async () => {
    const user = userEvent.setup({ delay: null });
    const api = fakePaymentsApi(() => state('pending'));
    renderReadyToPay();
    await user.click(screen.getByRole('radio', { name: 'M-Pesa' }));
    const input = await screen.findByLabelText(MPESA_PAGE_MESSAGES.phoneLabel);
    await user.type(input, '0812 345 678');
    await user.click(screen.getByRole('button', { name: `Pay ${KES} with M-Pesa` }));
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(expect.stringContaining(MPESA_MESSAGES.phoneInvalid));
    expect(input).toHaveFocus();
    expect(api.requests).toEqual([]);
  });

  test('sends the order with the normalised number, waits for the phone, and ends on the success page when paid', async () => {
    const user = userEvent.setup({ delay: null });
    let answer = state('pending');
    const api = fakePaymentsApi(() => answer);
    const { navigate } = renderReadyToPay();
    await user.click(screen.getByRole('radio', { name: 'M-Pesa' }));
    await user.type(await screen.findByLabelText(MPESA_PAGE_MESSAGES.phoneLabel), '0712 345 678');
    await user.click(screen.getByRole('button', { name: `Pay ${KES} with M-Pesa` }));

    expect(await screen.findByRole('heading', { name: MPESA_MESSAGES.waiting })).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent(`We sent a request for ${KES} to +254 712 345 678`);
    expect(screen.getByRole('link', { name: MPESA_PAGE_MESSAGES.sandboxLink })).toHaveAttribute('href', `/api/mpesa/sandbox/${PAYMENT_ID}`);
    expect(api.requests[0]).toMatchObject({ method: 'POST', url: '/api/mpesa-payment', body: { phone: '254712345678', customerData: validCheckoutData } });
    expect(window.location.search).toBe(`?mpesa=${PAYMENT_ID}`);

    answer = state('paid', { receiptNumber: 'SB0A1B2C3D' });
    await waitFor(() => expect(navigate).toHaveBeenCalledWith(`/payment-success?session_id=${PAYMENT_ID}`), { timeout: 5_000 });
    expect(api.requests.at(-1)).toMatchObject({ method: 'GET', url: '/api/mpesa-payment', params: { payment_id: PAYMENT_ID } });
  });

  test.each(['cancelled', 'timeout', 'insufficient-funds', 'wrong-pin'])('a %s answer shows its message with Try again and Pay by card', async (outcome) => {
    const user = userEvent.setup({ delay: null });
    fakePaymentsApi(() => state(outcome));
    renderReadyToPay(`/payment?mpesa=${PAYMENT_ID}`);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(MPESA_OUTCOME_MESSAGES[outcome as 'cancelled']);
    expect(screen.getByRole('heading', { name: MPESA_OUTCOME_MESSAGES[outcome as 'cancelled'] })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: MPESA_PAGE_MESSAGES.tryAgain }));
    expect(screen.getByLabelText(MPESA_PAGE_MESSAGES.phoneLabel)).toBeInTheDocument();
    expect(window.location.search).toBe('');
  });

  test('Pay by card goes back to the unchanged card path', async () => {
    const user = userEvent.setup({ delay: null });
    fakePaymentsApi(() => state('cancelled'));
    renderReadyToPay(`/payment?mpesa=${PAYMENT_ID}`);
    await screen.findByRole('alert');
    await user.click(screen.getByRole('button', { name: MPESA_PAGE_MESSAGES.payByCard }));
    expect(screen.getByRole('radio', { name: 'Card' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Pay $325.00 with Stripe' })).toBeEnabled();
  });

  test('a server refusal is shown with its problems', async () => {
    const user = userEvent.setup({ delay: null });
    fakePaymentsApi(() => ({ status: 400, data: { error: MPESA_MESSAGES.amountTooLarge } }));
    renderReadyToPay();
    await user.click(screen.getByRole('radio', { name: 'M-Pesa' }));
    await user.type(await screen.findByLabelText(MPESA_PAGE_MESSAGES.phoneLabel), '+254712345678');
    await act(() => user.click(screen.getByRole('button', { name: `Pay ${KES} with M-Pesa` })));
    expect(await screen.findByRole('alert')).toHaveTextContent(MPESA_MESSAGES.amountTooLarge);
  });
});
