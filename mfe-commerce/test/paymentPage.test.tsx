import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError } from 'axios';
import PaymentPage from '../src/pages/PaymentPage';
import { catalogueItem, fakePaymentsApi, renderPage, resetBrowserState, saveCart, saveCheckout, validCheckoutData } from './helpers';

const STRIPE_URL = 'https://checkout.stripe.com/c/pay/cs_test_a1b2c3';

beforeEach(() => {
  resetBrowserState();
  jest.restoreAllMocks();
});

function renderReadyToPay() {
  saveCart([catalogueItem('essay-editing', 1), catalogueItem('basic-consultation', 3)]);
  saveCheckout();
  return renderPage(PaymentPage, '/payment');
}

const payButton = () => screen.getByRole('button', { name: 'Pay $325.00 with Stripe' });

function fakeTab() {
  return { opener: {} as unknown } as Window;
}

describe('arriving at the payment page', () => {
  test('without saved checkout details it goes back to the quote builder', () => {
    saveCart([catalogueItem('essay-editing', 1)]);
    const { navigate } = renderPage(PaymentPage, '/payment');
    expect(navigate).toHaveBeenCalledWith('/custom-quote', { replace: true });
  });

  test('with an empty cart it goes back to the quote builder', () => {
    saveCheckout();
    const { navigate } = renderPage(PaymentPage, '/payment');
    expect(navigate).toHaveBeenCalledWith('/custom-quote', { replace: true });
  });

  test('with a cart and saved details it shows the title, the order and the pay button', () => {
    const { navigate } = renderReadyToPay();
    expect(navigate).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { level: 1, name: 'Complete Your Payment' })).toBeInTheDocument();
    expect(screen.getByText('Secure payment powered by Stripe')).toBeInTheDocument();
    const lines = within(screen.getByRole('region', { name: 'Order Summary' })).getAllByRole('listitem');
    expect(lines.map((line) => line.textContent)).toEqual(['Essay EditingQty: 1$250.00', 'Basic ConsultationQty: 3$75.00']);
    expect(screen.getByText('Total').nextElementSibling).toHaveTextContent('$325.00');
    expect(payButton()).toBeEnabled();
    expect(screen.getByText('Secure payment • SSL encrypted')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('link', { name: 'Refund Policy' })).toHaveAttribute('href', '/refund');
  });
});

describe('paying', () => {
  test('sends the items in dollars with the saved details and opens Stripe in a new tab', async () => {
    const user = userEvent.setup({ delay: null });
    const api = fakePaymentsApi(() => ({ status: 200, data: { url: STRIPE_URL, invoiceNumber: 'INV-00000042' } }));
    const tab = fakeTab();
    const open = jest.spyOn(window, 'open').mockReturnValue(tab);
    const { shell } = renderReadyToPay();
    await user.click(payButton());
    expect(await screen.findByRole('status')).toHaveTextContent('Stripe Checkout has opened in a new tab');

    expect(api.requests).toEqual([
      {
        method: 'POST',
        url: '/api/create-payment',
        params: undefined,
        body: {
          items: [
            { id: 'essay-editing', name: 'Essay Editing', price: 250, quantity: 1 },
            { id: 'basic-consultation', name: 'Basic Consultation', price: 25, quantity: 3 },
          ],
          customerData: validCheckoutData,
        },
        idempotencyKey: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
      },
    ]);
    expect(open).toHaveBeenCalledWith(STRIPE_URL, '_blank');
    expect(tab.opener).toBeNull();
    expect(shell.toasts.at(-1)?.message).toBe('Redirecting to Stripe Checkout...');
    expect(screen.getByRole('link', { name: /Open Stripe Checkout again/ })).toHaveAttribute('href', STRIPE_URL);
    expect(payButton()).toBeEnabled();
  });

  test('the button reads Processing... and is disabled while the request runs', async () => {
    const user = userEvent.setup({ delay: null });
    let answer: (value: { status: number; data: unknown }) => void = () => undefined;
    const api = fakePaymentsApi(() => new Promise((resolve) => (answer = resolve)));
    jest.spyOn(window, 'open').mockReturnValue(fakeTab());
    renderReadyToPay();
    await user.click(payButton());
    await waitFor(() => expect(api.requests).toHaveLength(1));
    const busy = screen.getByRole('button', { name: 'Processing...' });
    expect(busy).toBeDisabled();
    await act(async () => answer({ status: 200, data: { url: STRIPE_URL, invoiceNumber: 'INV-00000042' } }));
    expect(await screen.findByRole('button', { name: 'Pay $325.00 with Stripe' })).toBeEnabled();
  });

  test('when the browser blocks the new tab it goes to Stripe in the same tab', async () => {
    const user = userEvent.setup({ delay: null });
    fakePaymentsApi(() => ({ status: 200, data: { url: STRIPE_URL, invoiceNumber: 'INV-00000042' } }));
    const open = jest.spyOn(window, 'open').mockReturnValue(null);
    const jsdomNavigation = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { shell } = renderReadyToPay();
    await user.click(payButton());
    await waitFor(() => expect(open).toHaveBeenCalledTimes(1));
    expect(shell.toasts.at(-1)?.message).toBe('Redirecting to Stripe Checkout...');
    // jsdom cannot leave the page: it reports the attempted navigation instead of performing it.
    await waitFor(() => expect(jsdomNavigation).toHaveBeenCalled());
    expect(String(jsdomNavigation.mock.calls[0]?.[0])).toMatch(/navigation/i);
    expect(screen.queryByText(/opened in a new tab/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Processing...' })).toBeDisabled();
  });

  test('a response without a url shows "Failed to create checkout session"', async () => {
    const user = userEvent.setup({ delay: null });
    fakePaymentsApi(() => ({ status: 200, data: { invoiceNumber: 'INV-00000042' } }));
    const open = jest.spyOn(window, 'open');
    const { shell } = renderReadyToPay();
    await user.click(payButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to create checkout session');
    expect(shell.toasts.at(-1)).toEqual({ message: 'Payment failed', options: { variant: 'error' } });
    expect(open).not.toHaveBeenCalled();
    expect(payButton()).toBeEnabled();
  });

  test("a 429 on starting the card payment shows the server's words and leaves the button to try again", async () => {
    const user = userEvent.setup({ delay: null });
    const words = 'Many payments were started from your connection in the last few minutes. Please try again in 7 minutes.';
    fakePaymentsApi(() => ({ status: 429, data: { error: words } }));
    const open = jest.spyOn(window, 'open');
    renderReadyToPay();
    await user.click(payButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(words);
    expect(open).not.toHaveBeenCalled();
    expect(payButton()).toBeEnabled();
  });

  test('a url that is not a web address is never opened', async () => {
    const user = userEvent.setup({ delay: null });
    fakePaymentsApi(() => ({ status: 200, data: { url: 'javascript:alert(1)', invoiceNumber: 'INV-00000042' } }));
    const open = jest.spyOn(window, 'open');
    renderReadyToPay();
    await user.click(payButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to create checkout session');
    expect(open).not.toHaveBeenCalled();
  });

  test("a rejected request shows the server's message and each field problem in plain words", async () => {
    const user = userEvent.setup({ delay: null });
    fakePaymentsApi(() => ({
      status: 400,
      data: {
        error: 'Some of your order details are not valid.',
        fieldErrors: { 'customerData.email': 'Invalid email address', 'items[1].quantity': 'Quantity must be from 1 to 10' },
      },
    }));
    const { shell } = renderReadyToPay();
    await user.click(payButton());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Some of your order details are not valid.');
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Email: Invalid email address', 'Quantity of Basic Consultation: Quantity must be from 1 to 10']);
    expect(within(alert).getByRole('link', { name: 'Check your details' })).toHaveAttribute('href', '/checkout');
    expect(shell.toasts.at(-1)).toEqual({ message: 'Payment failed', options: { variant: 'error' } });
  });

  test('a network failure shows the fallback message, not the library’s "Network Error"', async () => {
    const user = userEvent.setup({ delay: null });
    fakePaymentsApi(() => new AxiosError('Network Error', AxiosError.ERR_NETWORK));
    renderReadyToPay();
    await user.click(payButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to process payment. Please try again.');
  });

  test('an error without a message shows the fallback message', async () => {
    const user = userEvent.setup({ delay: null });
    fakePaymentsApi(() => new Error(''));
    const { shell } = renderReadyToPay();
    await user.click(payButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to process payment. Please try again.');
    expect(shell.toasts.at(-1)).toEqual({ message: 'Payment failed', options: { variant: 'error' } });
  });

  test('a server error without a message shows the fallback message', async () => {
    const user = userEvent.setup({ delay: null });
    fakePaymentsApi(() => ({ status: 502, data: '<html>Bad gateway</html>' }));
    renderReadyToPay();
    await user.click(payButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to process payment. Please try again.');
  });

  test('saved details that disappeared before paying show "Checkout data not found"', async () => {
    const user = userEvent.setup({ delay: null });
    const api = fakePaymentsApi(() => ({ status: 200, data: { url: STRIPE_URL } }));
    const { shell } = renderReadyToPay();
    window.sessionStorage.clear();
    await user.click(payButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Checkout data not found');
    expect(shell.toasts.at(-1)).toEqual({ message: 'Payment failed', options: { variant: 'error' } });
    expect(api.requests).toEqual([]);
  });

  test('a retry after a failure clears the old error', async () => {
    const user = userEvent.setup({ delay: null });
    let attempt = 0;
    fakePaymentsApi(() => (++attempt === 1 ? { status: 503, data: { error: 'Payments are paused for maintenance.' } } : { status: 200, data: { url: STRIPE_URL } }));
    jest.spyOn(window, 'open').mockReturnValue(fakeTab());
    renderReadyToPay();
    await user.click(payButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Payments are paused for maintenance.');
    await user.click(payButton());
    expect(await screen.findByRole('status')).toHaveTextContent('Stripe Checkout has opened in a new tab');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
