import {
  addItem,
  cartReducer,
  cartRestored,
  clearCart,
  initialCartState,
  removeItem,
  selectCount,
  selectItems,
  selectTotalCents,
  updateQuantity,
  type CartState,
} from '../src/cart/cartSlice';
import type { CartItem } from '../src/cart/types';

const essay = { id: 'essay-editing', name: 'Essay Editing', priceCents: 25_000, icon: 'PenTool' };
const consultation = { id: 'basic-consultation', name: 'Basic Consultation', priceCents: 2_500, icon: 'MessageCircle' };

function withItems(...items: CartItem[]): CartState {
  return { items, hydrated: true };
}

describe('cart reducers', () => {
  test('adding a new item puts it in the cart with quantity 1', () => {
    const state = cartReducer(initialCartState, addItem(essay));
    expect(state.items).toEqual([{ ...essay, quantity: 1 }]);
  });

  test('adding a new item with a quantity uses that quantity', () => {
    const state = cartReducer(initialCartState, addItem({ ...essay, quantity: 3 }));
    expect(state.items).toEqual([{ ...essay, quantity: 3 }]);
  });

  test('a new item never starts above 10 or below 1', () => {
    expect(cartReducer(initialCartState, addItem({ ...essay, quantity: 25 })).items[0]?.quantity).toBe(10);
    expect(cartReducer(initialCartState, addItem({ ...essay, quantity: 0 })).items[0]?.quantity).toBe(1);
  });

  test('adding an item that is already in the cart raises its quantity by 1', () => {
    const state = cartReducer(withItems({ ...essay, quantity: 2 }), addItem(essay));
    expect(state.items).toEqual([{ ...essay, quantity: 3 }]);
  });

  test('adding an item already at the maximum of 10 keeps it at 10', () => {
    const state = cartReducer(withItems({ ...essay, quantity: 10 }), addItem(essay));
    expect(state.items[0]?.quantity).toBe(10);
  });

  test('removing an item deletes only that line', () => {
    const state = cartReducer(withItems({ ...essay, quantity: 1 }, { ...consultation, quantity: 2 }), removeItem(essay.id));
    expect(state.items).toEqual([{ ...consultation, quantity: 2 }]);
  });

  test('updating the quantity sets it', () => {
    const state = cartReducer(withItems({ ...essay, quantity: 1 }), updateQuantity({ id: essay.id, quantity: 4 }));
    expect(state.items[0]?.quantity).toBe(4);
  });

  test.each([0, -1, -10])('updating the quantity to %i removes the item', (quantity) => {
    const state = cartReducer(withItems({ ...essay, quantity: 3 }, { ...consultation, quantity: 1 }), updateQuantity({ id: essay.id, quantity }));
    expect(state.items.map((item) => item.id)).toEqual([consultation.id]);
  });

  test('updating the quantity above 10 stores 10', () => {
    const state = cartReducer(withItems({ ...essay, quantity: 1 }), updateQuantity({ id: essay.id, quantity: 11 }));
    expect(state.items[0]?.quantity).toBe(10);
  });

  test('updating the quantity of an item that is not in the cart changes nothing', () => {
    const before = withItems({ ...essay, quantity: 1 });
    expect(cartReducer(before, updateQuantity({ id: 'unknown', quantity: 5 }))).toEqual(before);
  });

  test('clearing empties the cart and keeps it hydrated', () => {
    const state = cartReducer(withItems({ ...essay, quantity: 1 }, { ...consultation, quantity: 2 }), clearCart());
    expect(state).toEqual({ items: [], hydrated: true });
  });

  test('restoring a saved cart replaces the items and marks the cart hydrated', () => {
    const state = cartReducer(initialCartState, cartRestored([{ ...consultation, quantity: 2 }]));
    expect(state).toEqual({ items: [{ ...consultation, quantity: 2 }], hydrated: true });
  });

  test('the cart starts empty and not yet hydrated', () => {
    expect(cartReducer(undefined, { type: '@@init' })).toEqual({ items: [], hydrated: false });
  });
});

describe('cart selectors', () => {
  const root = { cart: withItems({ ...essay, quantity: 1 }, { ...consultation, quantity: 3 }) };

  test('the total is the sum of price times quantity, in cents', () => {
    expect(selectTotalCents(root)).toBe(25_000 + 3 * 2_500);
  });

  test('the count is the number of units in the cart', () => {
    expect(selectCount(root)).toBe(4);
  });

  test('the items are the cart lines in the order they were added', () => {
    expect(selectItems(root).map((item) => item.id)).toEqual([essay.id, consultation.id]);
  });

  test('an empty cart totals zero', () => {
    expect(selectTotalCents({ cart: initialCartState })).toBe(0);
    expect(selectCount({ cart: initialCartState })).toBe(0);
  });
});
