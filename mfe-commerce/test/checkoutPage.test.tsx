import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import CheckoutPage from '../src/pages/CheckoutPage';
import { catalogueItem, renderPage, resetBrowserState, saveCart, saveCheckout, validCheckoutData } from './helpers';

beforeEach(resetBrowserState);

const field = (name: RegExp | string) => screen.getByRole('textbox', { name });
const terms = () => screen.getByRole('checkbox', { name: 'I agree to the Terms of Service and Refund Policy' });
const submit = () => screen.getByRole('button', { name: 'Proceed to Payment' });

function renderWithCart() {
  saveCart([catalogueItem('essay-editing', 1), catalogueItem('basic-consultation', 3)]);
  return renderPage(CheckoutPage, '/checkout');
}

describe('checkout with an empty cart', () => {
  test('says the cart is empty and links back to the quote builder', () => {
    renderPage(CheckoutPage, '/checkout');
    expect(screen.getByRole('heading', { name: 'Your cart is empty' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Build Your Package' })).toHaveAttribute('href', '/custom-quote');
    expect(screen.queryByRole('button', { name: 'Proceed to Payment' })).not.toBeInTheDocument();
  });
});

describe('the order summary', () => {
  test('lists each item with its quantity and line price, then subtotal, fee and total', () => {
    renderWithCart();
    const summary = screen.getByRole('region', { name: 'Order Summary' });
    const lines = within(summary).getAllByRole('listitem');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toHaveTextContent('Essay Editing');
    expect(lines[0]).toHaveTextContent('Qty: 1');
    expect(lines[0]).toHaveTextContent('$250.00');
    expect(lines[1]).toHaveTextContent('Basic Consultation');
    expect(lines[1]).toHaveTextContent('Qty: 3');
    expect(lines[1]).toHaveTextContent('$75.00');
    const totals = within(summary)
      .getAllByRole('term')
      .map((term) => `${term.textContent} ${term.nextElementSibling?.textContent}`);
    expect(totals).toEqual(['Subtotal $325.00', 'Processing Fee $0.00', 'Total $325.00']);
  });

  test('shows a custom line as custom, even one that tried to borrow a catalogue name', () => {
    saveCart([catalogueItem('vip-unlimited'), { id: 'custom-1732212345678', name: 'VIP Unlimited', priceCents: 3_000, icon: 'DollarSign', quantity: 1 }]);
    renderPage(CheckoutPage, '/checkout');
    const lines = within(screen.getByRole('region', { name: 'Order Summary' })).getAllByRole('listitem');
    expect(lines[0]).toHaveTextContent(/^VIP Unlimited/);
    expect(lines[1]).toHaveTextContent(/^Custom: VIP Unlimited/);
  });

  test('offers a way back to the quote builder', () => {
    renderWithCart();
    expect(screen.getByRole('link', { name: 'Back to Quote Builder' })).toHaveAttribute('href', '/custom-quote');
  });
});

describe('the checkout form', () => {
  test('has every field of the specification, with a four-row notes box and links to the terms', () => {
    renderWithCart();
    expect(field('Full Name')).toHaveAttribute('autocomplete', 'name');
    expect(field('Email')).toHaveAttribute('type', 'email');
    expect(field('Phone')).toHaveAttribute('type', 'tel');
    expect(field('Company Name (Optional)')).toBeInTheDocument();
    expect(field('Additional Notes (Optional)')).toHaveAttribute('rows', '4');
    expect(terms()).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('link', { name: 'Refund Policy' })).toHaveAttribute('href', '/refund');
  });

  test('an empty submission shows every message under its field, an error toast, and focuses the first field', async () => {
    const user = userEvent.setup({ delay: null });
    const { shell } = renderWithCart();
    await user.click(submit());
    expect(shell.toasts.at(-1)).toEqual({ message: 'Please fix the errors in the form', options: { variant: 'error' } });
    expect(field('Full Name')).toHaveAccessibleDescription('Full name is required');
    expect(field('Email')).toHaveAccessibleDescription('Invalid email address');
    expect(field('Phone')).toHaveAccessibleDescription('Valid phone number is required');
    expect(terms()).toHaveAccessibleDescription('You must accept the terms and conditions');
    expect(screen.getAllByRole('alert')).toHaveLength(4);
    expect(field('Full Name')).toHaveFocus();
    expect(shell.navigations).toEqual([]);
    expect(window.sessionStorage.getItem('checkoutData')).toBeNull();
  });

  test('invalid values keep what was typed and focus the first problem', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithCart();
    await user.type(field('Full Name'), 'A');
    await user.type(field('Email'), 'amina@');
    await user.type(field('Phone'), '0712 345');
    await user.click(terms());
    await user.click(submit());
    expect(field('Full Name')).toHaveValue('A');
    expect(field('Full Name')).toHaveAccessibleDescription('Full name is required');
    expect(field('Email')).toHaveAccessibleDescription('Invalid email address');
    expect(field('Phone')).toHaveAccessibleDescription('Valid phone number is required');
    expect(screen.queryByText('You must accept the terms and conditions')).not.toBeInTheDocument();
    expect(field('Full Name')).toHaveFocus();
  });

  test('a phone of letters, an e-mail without a dotted domain and hidden characters are refused', async () => {
    const user = userEvent.setup({ delay: null });
    const { shell } = renderWithCart();
    await user.type(field('Full Name'), 'Amina\u202eWanjiku');
    await user.type(field('Email'), 'a@b');
    await user.type(field('Phone'), 'aaaaaaaaaa');
    await user.type(field('Company Name (Optional)'), 'Wanjiku\u200bHoldings');
    await user.type(field('Additional Notes (Optional)'), 'Two lines{enter}are fine\u0000');
    await user.click(terms());
    await user.click(submit());
    expect(field('Full Name')).toHaveAccessibleDescription('Please remove hidden or control characters');
    expect(field('Email')).toHaveAccessibleDescription('Invalid email address');
    expect(field('Phone')).toHaveAccessibleDescription('Valid phone number is required');
    expect(field('Company Name (Optional)')).toHaveAccessibleDescription('Please remove hidden or control characters');
    expect(field('Additional Notes (Optional)')).toHaveAccessibleDescription('Please remove hidden or control characters');
    expect(shell.navigations).toEqual([]);
    expect(window.sessionStorage.getItem('checkoutData')).toBeNull();
  });

  test('only the terms missing focuses the terms checkbox', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithCart();
    await user.type(field('Full Name'), 'Amina Wanjiku');
    await user.type(field('Email'), 'amina@example.com');
    await user.type(field('Phone'), '+254700123456');
    await user.click(submit());
    expect(screen.getByRole('alert')).toHaveTextContent('You must accept the terms and conditions');
    expect(terms()).toHaveFocus();
  });

  test('a valid submission saves the trimmed details and goes to payment', async () => {
    const user = userEvent.setup({ delay: null });
    const { shell } = renderWithCart();
    await user.type(field('Full Name'), '  Amina Wanjiku ');
    await user.type(field('Email'), ' amina@example.com  ');
    await user.type(field('Phone'), ' +254 700 123 456 ');
    await user.type(field('Company Name (Optional)'), '  Wanjiku Holdings ');
    await user.type(field('Additional Notes (Optional)'), ' Starting in September. ');
    await user.click(terms());
    await user.click(submit());
    expect(shell.navigations).toEqual(['/payment']);
    expect(JSON.parse(window.sessionStorage.getItem('checkoutData') ?? 'null')).toEqual({
      fullName: 'Amina Wanjiku',
      email: 'amina@example.com',
      phone: '+254 700 123 456',
      companyName: 'Wanjiku Holdings',
      notes: 'Starting in September.',
      acceptTerms: true,
    });
    expect(screen.getByRole('button', { name: 'Processing...' })).toBeDisabled();
    expect(shell.toasts).toEqual([]);
  });

  test('the optional fields may stay empty', async () => {
    const user = userEvent.setup({ delay: null });
    const { shell } = renderWithCart();
    await user.type(field('Full Name'), 'Amina Wanjiku');
    await user.type(field('Email'), 'amina@example.com');
    await user.type(field('Phone'), '+254700123456');
    await user.click(terms());
    await user.click(submit());
    expect(shell.navigations).toEqual(['/payment']);
    expect(JSON.parse(window.sessionStorage.getItem('checkoutData') ?? 'null')).toEqual(validCheckoutData);
  });

  test('details saved earlier in this tab are filled in again', () => {
    saveCheckout({ ...validCheckoutData, companyName: 'Wanjiku Holdings' });
    renderWithCart();
    expect(field('Full Name')).toHaveValue('Amina Wanjiku');
    expect(field('Email')).toHaveValue('amina@example.com');
    expect(field('Phone')).toHaveValue('+254700123456');
    expect(field('Company Name (Optional)')).toHaveValue('Wanjiku Holdings');
    expect(terms()).toBeChecked();
  });
});
