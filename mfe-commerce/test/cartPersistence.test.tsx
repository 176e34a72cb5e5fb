import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CartProvider, useCart } from '../src/cart';
import { STORAGE_KEYS } from '@kesho/site-rules/storage-keys';
import { parseSavedCart, serializeCart } from '../src/cart/persistence';
import { createCartStore } from '../src/cart/store';
import { catalogueItem, resetBrowserState, saveCart, savedCart } from './helpers';

function CartView() {
  const cart = useCart();
  if (!cart.hydrated) return <p>Not restored yet</p>;
  return (
    <div>
      <ul aria-label="Cart">
        {cart.items.map((item) => (
          <li key={item.id}>
            {item.name} × {item.quantity}
          </li>
        ))}
      </ul>
      <p>Total cents: {cart.totalCents}</p>
      <button type="button" onClick={() => cart.addItem(catalogueItem('essay-editing'))}>
        Add essay editing
      </button>
      <button type="button" onClick={() => cart.clearCart()}>
        Clear
      </button>
    </div>
  );
}

function renderCart() {
  return render(
    <CartProvider store={createCartStore()}>
      <CartView />
    </CartProvider>,
  );
}

function sendStorageEvent(key: string | null, newValue: string | null) {
  act(() => {
    window.dispatchEvent(new StorageEvent('storage', { key, newValue, storageArea: window.localStorage }));
  });
}

beforeEach(resetBrowserState);

describe('reading a saved cart', () => {
  test('a saved cart reads back item for item', () => {
    const items = [catalogueItem('essay-editing', 2), catalogueItem('visa-guidance')];
    expect(parseSavedCart(serializeCart(items))).toEqual(items);
  });

  test.each([
    ['text that is not JSON', '{not json'],
    ['a bare list without the format version', JSON.stringify([catalogueItem('essay-editing')])],
    ['another format version', JSON.stringify({ version: 99, items: [] })],
    ['items that are not a list', JSON.stringify({ version: 1, items: 'essay' })],
  ])('%s is ignored', (_case, raw) => {
    expect(parseSavedCart(raw)).toBeNull();
  });

  test('lines that are not valid items are dropped and duplicates are kept once', () => {
    const good = catalogueItem('essay-editing', 2);
    const raw = JSON.stringify({
      version: 1,
      items: [
        good,
        { ...good },
        { ...catalogueItem('visa-guidance'), quantity: 0 },
        { ...catalogueItem('visa-guidance'), quantity: 11 },
        { ...catalogueItem('visa-guidance'), priceCents: 12.5 },
        { ...catalogueItem('visa-guidance'), name: '   ' },
        'essay',
        null,
      ],
    });
    expect(parseSavedCart(raw)).toEqual([good]);
  });
});

describe('cart persistence in the browser', () => {
  test('a reload restores the cart saved before it', async () => {
    const user = userEvent.setup({ delay: null });
    const first = renderCart();
    await user.click(screen.getByRole('button', { name: 'Add essay editing' }));
    await user.click(screen.getByRole('button', { name: 'Add essay editing' }));
    expect(savedCart()).toEqual({ version: 1, items: [catalogueItem('essay-editing', 2)] });
    first.unmount();

    renderCart();
    expect(screen.getByRole('list', { name: 'Cart' })).toHaveTextContent('Essay Editing × 2');
    expect(screen.getByText('Total cents: 50000')).toBeInTheDocument();
  });

  test('malformed saved data is ignored and replaced by an empty cart', () => {
    window.localStorage.setItem(STORAGE_KEYS.cart, '{"version":1,"items":');
    renderCart();
    expect(screen.getByText('Total cents: 0')).toBeInTheDocument();
    expect(savedCart()).toEqual({ version: 1, items: [] });
  });

  test('restoring does not overwrite the saved cart with an empty one', () => {
    saveCart([catalogueItem('visa-guidance', 3)]);
    renderCart();
    expect(savedCart()).toEqual({ version: 1, items: [catalogueItem('visa-guidance', 3)] });
    expect(screen.getByRole('list', { name: 'Cart' })).toHaveTextContent('Visa Guidance × 3');
  });

  test('a change made in another tab shows up in this one', () => {
    renderCart();
    sendStorageEvent(STORAGE_KEYS.cart, serializeCart([catalogueItem('interview-prep', 4)]));
    expect(screen.getByRole('list', { name: 'Cart' })).toHaveTextContent('Interview Preparation × 4');
  });

  test('another tab emptying the cart empties it here too', () => {
    saveCart([catalogueItem('interview-prep', 4)]);
    renderCart();
    sendStorageEvent(STORAGE_KEYS.cart, serializeCart([]));
    expect(screen.getByText('Total cents: 0')).toBeInTheDocument();
  });

  test('another tab clearing all of storage empties the cart here', () => {
    saveCart([catalogueItem('interview-prep', 4)]);
    renderCart();
    sendStorageEvent(null, null);
    expect(screen.getByText('Total cents: 0')).toBeInTheDocument();
  });

  test('a malformed value from another tab is ignored', () => {
    saveCart([catalogueItem('interview-prep', 4)]);
    renderCart();
    sendStorageEvent(STORAGE_KEYS.cart, 'garbage');
    expect(screen.getByRole('list', { name: 'Cart' })).toHaveTextContent('Interview Preparation × 4');
  });

  test('changes to other storage keys are ignored', () => {
    saveCart([catalogueItem('interview-prep', 4)]);
    renderCart();
    sendStorageEvent('cookieConsent', 'accepted');
    expect(screen.getByRole('list', { name: 'Cart' })).toHaveTextContent('Interview Preparation × 4');
  });

  test('clearing the cart saves the empty cart for every tab', async () => {
    const user = userEvent.setup({ delay: null });
    saveCart([catalogueItem('interview-prep', 4)]);
    renderCart();
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(savedCart()).toEqual({ version: 1, items: [] });
  });
});

describe('useCart', () => {
  test('used outside a CartProvider it throws an error', () => {
    const silence = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<CartView />)).toThrow('useCart must be used within a CartProvider');
    silence.mockRestore();
  });

  test('a provider inside another one shares the outer cart', () => {
    saveCart([catalogueItem('visa-guidance', 2)]);
    render(
      <CartProvider store={createCartStore()}>
        <CartProvider>
          <CartView />
        </CartProvider>
      </CartProvider>,
    );
    expect(screen.getByRole('list', { name: 'Cart' })).toHaveTextContent('Visa Guidance × 2');
  });
});
