import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { site } from '@kesho/site-rules/site';
import PaymentFailurePage from '../src/pages/PaymentFailurePage';
import PaymentSuccessPage from '../src/pages/PaymentSuccessPage';
import { POLL_INTERVAL_MS } from '../src/payment-success/useCheckoutLookup';
import { catalogueItem, fakePaymentsApi, renderPage, resetBrowserState, saveCart, saveCheckout, savedCart } from './helpers';

beforeEach(() => {
  resetBrowserState();
  jest.restoreAllMocks();
});

afterEach(() => {
  jest.useRealTimers();
});

function sessionSummary(status: string, invoiceNumber = 'INV-00004242') {
  return {
    invoiceNumber,
    status,
    amountCents: 32_500,
    currency: 'usd',
    items: [
      { name: 'Essay Editing', quantity: 1, amountCents: 25_000 },
      { name: 'Basic Consultation', quantity: 3, amountCents: 7_500 },
    ],
    createdAt: '2025-11-22T08:30:00.000Z',
  };
}

describe('the payment success page without a session id', () => {
  test('thanks the visitor, shows a client invoice number and empties the cart and the saved details', () => {
    jest.spyOn(Date, 'now').mockReturnValue(1_732_212_345_678);
    saveCart([catalogueItem('essay-editing', 1)]);
    saveCheckout();
    renderPage(PaymentSuccessPage, '/payment-success');
    expect(screen.getByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeInTheDocument();
    expect(screen.getByText('Thank you for your purchase. Your payment has been processed successfully.')).toBeInTheDocument();
    expect(screen.getByText('Invoice Number').nextElementSibling).toHaveTextContent('INV-12345678');
    expect(screen.getByText('A confirmation email with your receipt and invoice has been sent to your email address.')).toBeInTheDocument();
    expect(savedCart()).toEqual({ version: 1, items: [] });
    expect(window.sessionStorage.getItem('checkoutData')).toBeNull();
  });

  test('links home, prints the invoice and offers the support e-mail', async () => {
    const user = userEvent.setup({ delay: null });
    const print = jest.spyOn(window, 'print').mockImplementation(() => undefined);
    renderPage(PaymentSuccessPage, '/payment-success');
    expect(screen.getByRole('link', { name: 'Return to Homepage' })).toHaveAttribute('href', '/');
    await user.click(screen.getByRole('button', { name: 'Download Invoice' }));
    expect(print).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: site.email })).toHaveAttribute('href', `mailto:${site.email}`);
  });

  test('the printable invoice names the company and lists what was bought', () => {
    jest.spyOn(Date, 'now').mockReturnValue(1_732_212_345_678);
    saveCart([catalogueItem('essay-editing', 1), catalogueItem('basic-consultation', 3)]);
    saveCheckout();
    const { container } = renderPage(PaymentSuccessPage, '/payment-success');
    const invoice = container.querySelector('[data-print-only]') as HTMLElement;
    expect(invoice).not.toBeVisible();
    expect(invoice).toHaveTextContent('Invoice number: INV-12345678');
    expect(invoice).toHaveTextContent(site.legalName);
    expect(invoice).toHaveTextContent(`Company number: ${site.companyNumber}`);
    expect(invoice).toHaveTextContent(site.registeredOffice.display);
    expect(invoice).toHaveTextContent(site.email);
    expect(invoice).toHaveTextContent(site.phone.display);
    expect(invoice).toHaveTextContent('Amina Wanjiku');
    const rows = within(invoice)
      .getAllByRole('row', { hidden: true })
      .map((row) => row.textContent);
    expect(rows).toEqual(['ServiceQuantityAmount (USD)', 'Essay Editing1$250.00', 'Basic Consultation3$75.00', 'Total$325.00']);
  });
});

describe('the payment success page with a session id', () => {
  /** The address Stripe (or the M-Pesa page) sends the payer back to. */
  const address = '/payment-success?session_id=cs_test_42';

  test("shows the server's invoice number and the confirmed state, and empties the cart", async () => {
    saveCart([catalogueItem('essay-editing', 1)]);
    saveCheckout();
    const api = fakePaymentsApi(() => ({ status: 200, data: sessionSummary('paid') }));
    renderPage(PaymentSuccessPage, address);
    expect(await screen.findByText('Payment confirmed')).toBeInTheDocument();
    expect(screen.getByText('Invoice Number').nextElementSibling).toHaveTextContent('INV-00004242');
    expect(screen.getByText('Amount').nextElementSibling).toHaveTextContent('$325.00');
    expect(api.requests).toEqual([{ method: 'GET', url: '/api/checkout-session', params: { session_id: 'cs_test_42' }, body: undefined }]);
    await waitFor(() => expect(savedCart()).toEqual({ version: 1, items: [] }));
    expect(window.sessionStorage.getItem('checkoutData')).toBeNull();
  });

  test('while the payment is pending it says so and checks again every 2 seconds until it is paid', async () => {
    jest.useFakeTimers();
    let answers = 0;
    const api = fakePaymentsApi(() => ({ status: 200, data: sessionSummary(++answers < 3 ? 'pending' : 'paid') }));
    renderPage(PaymentSuccessPage, address);
    expect(await screen.findByText('Processing your payment…')).toBeInTheDocument();
    expect(api.requests).toHaveLength(1);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    });
    expect(api.requests).toHaveLength(2);
    expect(screen.getByText('Processing your payment…')).toBeInTheDocument();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    });
    expect(await screen.findByText('Payment confirmed')).toBeInTheDocument();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 3);
    });
    expect(api.requests).toHaveLength(3);
  });

  test('it stops checking after 30 seconds and says the receipt will follow by e-mail', async () => {
    jest.useFakeTimers();
    const api = fakePaymentsApi(() => ({ status: 200, data: sessionSummary('pending') }));
    renderPage(PaymentSuccessPage, address);
    expect(await screen.findByText('Processing your payment…')).toBeInTheDocument();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(40_000);
    });
    expect(api.requests.length).toBeLessThanOrEqual(16);
    const requestsAtLimit = api.requests.length;
    expect(screen.getByText('Your payment is still being confirmed. We will email your receipt as soon as it is.')).toBeInTheDocument();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(10_000);
    });
    expect(api.requests).toHaveLength(requestsAtLimit);
  });

  test('a failed payment is explained, links to the failure page and keeps the cart', async () => {
    saveCart([catalogueItem('essay-editing', 1)]);
    saveCheckout();
    fakePaymentsApi(() => ({ status: 200, data: sessionSummary('failed') }));
    renderPage(PaymentSuccessPage, address);
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Not Completed' })).toBeInTheDocument();
    expect(screen.queryByText('Payment Successful!')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See What To Do Next' })).toHaveAttribute('href', '/payment-failure');
    expect(savedCart()).toEqual({ version: 1, items: [catalogueItem('essay-editing', 1)] });
    expect(window.sessionStorage.getItem('checkoutData')).not.toBeNull();
  });

  test('a session the server does not know is not treated as paid and keeps the cart', async () => {
    saveCart([catalogueItem('essay-editing', 1)]);
    const api = fakePaymentsApi(() => ({ status: 404, data: { error: 'We could not find this checkout session.' } }));
    renderPage(PaymentSuccessPage, address);
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Payment' })).toHaveAttribute('href', '/payment');
    expect(api.requests).toHaveLength(1);
    expect(savedCart()).toEqual({ version: 1, items: [catalogueItem('essay-editing', 1)] });
  });

  test('when the server cannot be reached for 30 seconds it still thanks the visitor and empties the cart', async () => {
    jest.useFakeTimers();
    saveCart([catalogueItem('essay-editing', 1)]);
    fakePaymentsApi(() => new Error('Network Error'));
    renderPage(PaymentSuccessPage, address);
    expect(await screen.findByText('Checking your payment…')).toBeInTheDocument();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(32_000);
    });
    expect(screen.getByText(/We could not check your payment just now/)).toBeInTheDocument();
    expect(screen.getByText('Invoice Number').nextElementSibling).toHaveTextContent('In your confirmation email');
    expect(savedCart()).toEqual({ version: 1, items: [] });
  });

  test('an expired session says it expired', async () => {
    fakePaymentsApi(() => ({ status: 200, data: sessionSummary('expired') }));
    renderPage(PaymentSuccessPage, address);
    expect(await screen.findByText(/payment session expired/)).toBeInTheDocument();
  });
});

describe('the payment failure page', () => {
  test('explains the failure, gives tips and offers retry, the builder and support', () => {
    renderPage(PaymentFailurePage, '/payment-failure');
    expect(screen.getByRole('heading', { level: 1, name: 'Payment Failed' })).toBeInTheDocument();
    expect(screen.getByText(/could not be processed/)).toHaveTextContent('This may be due to insufficient funds, incorrect card details or a network issue.');
    const tips = within(screen.getByRole('list'))
      .getAllByRole('listitem')
      .map((tip) => tip.textContent);
    expect(tips).toEqual([
      'Check that your card details are correct',
      'Ensure your card has sufficient funds',
      'Try a different payment method',
      'Contact your bank to confirm the payment is not being blocked',
    ]);
    expect(screen.getByRole('link', { name: 'Retry Payment' })).toHaveAttribute('href', '/payment');
    expect(screen.getByRole('link', { name: 'Back to Quote Builder' })).toHaveAttribute('href', '/custom-quote');
    expect(screen.getByRole('link', { name: 'Contact our support team' })).toHaveAttribute('href', '/contact');
  });

  test('keeps the cart and the saved details for the retry', async () => {
    const user = userEvent.setup({ delay: null });
    saveCart([catalogueItem('essay-editing', 2)]);
    saveCheckout();
    const { shell } = renderPage(PaymentFailurePage, '/payment-failure');
    await user.click(screen.getByRole('link', { name: 'Retry Payment' }));
    expect(shell.navigations).toEqual(['/payment']);
    expect(savedCart()).toEqual({ version: 1, items: [catalogueItem('essay-editing', 2)] });
    expect(window.sessionStorage.getItem('checkoutData')).not.toBeNull();
  });
});
