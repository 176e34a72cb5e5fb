import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { catalogue } from '@kesho/site-rules/catalogue';
import { formatUsd } from '@kesho/site-rules/money';
import CustomQuotePage from '../src/pages/CustomQuotePage';
import { catalogueItem, renderPage, resetBrowserState, saveCart, savedCart } from './helpers';

beforeEach(resetBrowserState);

const packageSummary = () => screen.getByRole('region', { name: 'Your Package' });
const proceedButton = () => screen.getByRole('button', { name: 'Proceed to Checkout' });

describe('the quote builder', () => {
  test('shows the heading and all twelve catalogue services with their prices', () => {
    renderPage(CustomQuotePage, '/custom-quote');
    expect(screen.getByRole('heading', { level: 1, name: 'Build Your Custom Package' })).toBeInTheDocument();
    for (const service of catalogue) {
      const checkbox = screen.getByRole('checkbox', { name: service.name });
      const card = checkbox.closest('li');
      expect(card).not.toBeNull();
      expect(within(card as HTMLElement).getByText(formatUsd(service.priceCents))).toBeInTheDocument();
      expect(within(card as HTMLElement).getByText(service.description)).toBeInTheDocument();
      const slider = screen.getByRole('slider', { name: `Quantity for ${service.name}` });
      expect(slider).toHaveAttribute('min', '1');
      expect(slider).toHaveAttribute('max', '10');
      expect(slider).toHaveAttribute('step', '1');
      expect(slider).toHaveValue('1');
    }
    expect(screen.getAllByRole('checkbox')).toHaveLength(12);
  });

  test('ticking a service adds it with quantity 1 and says so', async () => {
    const user = userEvent.setup({ delay: null });
    const { shell } = renderPage(CustomQuotePage, '/custom-quote');
    await user.click(screen.getByRole('checkbox', { name: 'Essay Editing' }));
    expect(shell.toasts.at(-1)?.message).toBe('1x Essay Editing added to cart');
    expect(within(packageSummary()).getByText('Essay Editing')).toBeInTheDocument();
    expect(within(packageSummary()).getByText('$250.00', { selector: 'p span' })).toBeInTheDocument();
    expect(savedCart()).toEqual({ version: 1, items: [catalogueItem('essay-editing', 1)] });
  });

  test('ticking a service after moving its slider adds the slider quantity', async () => {
    const user = userEvent.setup({ delay: null });
    const { shell } = renderPage(CustomQuotePage, '/custom-quote');
    fireEvent.change(screen.getByRole('slider', { name: 'Quantity for Essay Editing' }), { target: { value: '2' } });
    await user.click(screen.getByRole('checkbox', { name: 'Essay Editing' }));
    expect(shell.toasts.at(-1)?.message).toBe('2x Essay Editing added to cart');
    expect(savedCart()).toEqual({ version: 1, items: [catalogueItem('essay-editing', 2)] });
    expect(within(packageSummary()).getByText('$500.00', { selector: 'p span' })).toBeInTheDocument();
  });

  test('moving the slider of a service in the cart updates its quantity and the total', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage(CustomQuotePage, '/custom-quote');
    await user.click(screen.getByRole('checkbox', { name: 'Visa Guidance' }));
    fireEvent.change(screen.getByRole('slider', { name: 'Quantity for Visa Guidance' }), { target: { value: '3' } });
    expect(savedCart()).toEqual({ version: 1, items: [catalogueItem('visa-guidance', 3)] });
    expect(within(packageSummary()).getByText('3 × $300.00 = $900.00')).toBeInTheDocument();
    expect(within(packageSummary()).getByText('$900.00', { selector: 'p span' })).toBeInTheDocument();
  });

  test('a service restored from a saved cart shows ticked with its saved quantity', () => {
    saveCart([catalogueItem('interview-prep', 4)]);
    renderPage(CustomQuotePage, '/custom-quote');
    expect(screen.getByRole('checkbox', { name: 'Interview Preparation' })).toBeChecked();
    expect(screen.getByRole('slider', { name: 'Quantity for Interview Preparation' })).toHaveValue('4');
  });

  test('unticking a service removes it and says so', async () => {
    const user = userEvent.setup({ delay: null });
    const { shell } = renderPage(CustomQuotePage, '/custom-quote');
    const checkbox = screen.getByRole('checkbox', { name: 'Essay Editing' });
    await user.click(checkbox);
    await user.click(checkbox);
    expect(checkbox).not.toBeChecked();
    expect(shell.toasts.at(-1)?.message).toBe('Service removed from cart');
    expect(within(packageSummary()).queryByText('Essay Editing')).not.toBeInTheDocument();
    expect(savedCart()).toEqual({ version: 1, items: [] });
  });

  test('the remove button in the summary takes a service out of the package', async () => {
    const user = userEvent.setup({ delay: null });
    saveCart([catalogueItem('essay-editing', 1), catalogueItem('visa-guidance', 1)]);
    const { shell } = renderPage(CustomQuotePage, '/custom-quote');
    await user.click(within(packageSummary()).getByRole('button', { name: 'Remove Essay Editing' }));
    expect(shell.toasts.at(-1)?.message).toBe('Service removed from cart');
    expect(screen.getByRole('checkbox', { name: 'Essay Editing' })).not.toBeChecked();
    expect(savedCart()).toEqual({ version: 1, items: [catalogueItem('visa-guidance', 1)] });
  });

  test('proceeding with an empty cart shows an error toast and stays on the page', async () => {
    const user = userEvent.setup({ delay: null });
    const { shell } = renderPage(CustomQuotePage, '/custom-quote');
    await user.click(proceedButton());
    expect(shell.toasts.at(-1)).toEqual({ message: 'Please select at least one service', options: { variant: 'error' } });
    expect(shell.navigations).toEqual([]);
  });

  test('proceeding with services in the cart goes to checkout', async () => {
    const user = userEvent.setup({ delay: null });
    const { shell } = renderPage(CustomQuotePage, '/custom-quote');
    await user.click(screen.getByRole('checkbox', { name: 'Basic Consultation' }));
    await user.click(proceedButton());
    expect(shell.navigations).toEqual(['/checkout']);
  });

  test('only one Proceed to Checkout button is visible at a time', () => {
    renderPage(CustomQuotePage, '/custom-quote');
    expect(screen.getAllByRole('button', { name: 'Proceed to Checkout' })).toHaveLength(1);
    // The other one (in the summary on small screens, in the bottom bar on large ones) is display: none.
    expect(screen.getAllByText('Proceed to Checkout', { selector: 'button' })).toHaveLength(2);
  });
});

describe('the custom service form', () => {
  const nameField = () => screen.getByRole('textbox', { name: 'Service name' });
  const priceField = () => screen.getByRole('spinbutton', { name: /Price \(USD\)/ });
  const addButton = () => screen.getByRole('button', { name: 'Add to Package' });

  test('a blank name and no price show both messages and focus the name', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage(CustomQuotePage, '/custom-quote');
    await user.type(nameField(), '   ');
    await user.click(addButton());
    expect(await screen.findByText('Please enter a service name')).toBeInTheDocument();
    expect(screen.getByText('Price must be between $25 and $2500')).toBeInTheDocument();
    expect(nameField()).toHaveFocus();
    expect(nameField()).toHaveAttribute('aria-invalid', 'true');
    expect(nameField()).toHaveAccessibleDescription('Please enter a service name');
    expect(savedCart()).toEqual({ version: 1, items: [] });
  });

  test.each(['24.99', '2500.01', '0', '-30'])('a price of %s is refused with the range message', async (price) => {
    const user = userEvent.setup({ delay: null });
    renderPage(CustomQuotePage, '/custom-quote');
    await user.type(nameField(), 'Document translation');
    await user.type(priceField(), price);
    await user.click(addButton());
    expect(await screen.findByText('Price must be between $25 and $2500')).toBeInTheDocument();
    expect(priceField()).toHaveFocus();
    expect(savedCart()).toEqual({ version: 1, items: [] });
  });

  test.each([
    ['25', 2_500],
    ['2500', 250_000],
    ['120.5', 12_050],
  ])('a price of %s is accepted', async (price, cents) => {
    const user = userEvent.setup({ delay: null });
    jest.spyOn(Date, 'now').mockReturnValue(1_732_212_345_678);
    const { shell } = renderPage(CustomQuotePage, '/custom-quote');
    await user.type(nameField(), '  Document translation  ');
    await user.type(priceField(), price);
    fireEvent.change(screen.getByRole('slider', { name: 'Quantity' }), { target: { value: '2' } });
    await user.click(addButton());
    expect(shell.toasts.at(-1)).toEqual({ message: 'Custom service added to cart', options: { variant: 'success' } });
    expect(savedCart()).toEqual({
      version: 1,
      items: [{ id: 'custom-1732212345678', name: 'Document translation', priceCents: cents, icon: 'DollarSign', quantity: 2 }],
    });
    expect(nameField()).toHaveValue('');
    expect(priceField()).toHaveValue(null);
    expect(screen.getByRole('slider', { name: 'Quantity' })).toHaveValue('1');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    jest.restoreAllMocks();
  });

  test.each(['VIP Unlimited', 'vip-unlimited', 'Custom: Essay Editing'])('the catalogue name "%s" is refused for a custom service', async (name) => {
    const user = userEvent.setup({ delay: null });
    renderPage(CustomQuotePage, '/custom-quote');
    await user.type(nameField(), name);
    await user.type(priceField(), '30');
    await user.click(addButton());
    expect(await screen.findByText('This name belongs to one of our services: choose it from the list or give yours another name')).toBeInTheDocument();
    expect(nameField()).toHaveFocus();
    expect(savedCart()).toEqual({ version: 1, items: [] });
  });

  test.each([['\u202e'], ['\u2066'], ['\u200b'], ['\u001b']])('a name carrying %j is refused', async (character) => {
    const user = userEvent.setup({ delay: null });
    renderPage(CustomQuotePage, '/custom-quote');
    await user.type(nameField(), `Courier${character}service`);
    await user.type(priceField(), '30');
    await user.click(addButton());
    expect(await screen.findByText('Please remove hidden or control characters')).toBeInTheDocument();
    expect(savedCart()).toEqual({ version: 1, items: [] });
  });

  test('a custom service shows as "Custom: …" in the package summary', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage(CustomQuotePage, '/custom-quote');
    await user.type(nameField(), 'Courier');
    await user.type(priceField(), '30');
    await user.click(addButton());
    expect(await screen.findByText('Custom: Courier')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove Custom: Courier' })).toBeInTheDocument();
  });

  test('two custom services added in the same millisecond get different ids', async () => {
    const user = userEvent.setup({ delay: null });
    jest.spyOn(Date, 'now').mockReturnValue(1_732_212_345_678);
    renderPage(CustomQuotePage, '/custom-quote');
    for (const name of ['Translation', 'Courier']) {
      await user.type(nameField(), name);
      await user.type(priceField(), '30');
      await user.click(addButton());
    }
    const saved = savedCart() as { items: { id: string }[] };
    expect(saved.items.map((item) => item.id)).toEqual(['custom-1732212345678', 'custom-1732212345679']);
    jest.restoreAllMocks();
  });

  test('a price with more than two decimals is refused', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage(CustomQuotePage, '/custom-quote');
    await user.type(nameField(), 'Courier');
    await user.type(priceField(), '30.125');
    await user.click(addButton());
    expect(await screen.findByText('Enter the price in dollars and cents, with at most two decimal places')).toBeInTheDocument();
  });
});
