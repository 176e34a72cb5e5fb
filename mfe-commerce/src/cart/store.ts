import { configureStore } from '@reduxjs/toolkit';
import { cartReducer, initialCartState, type CartState } from './cartSlice';

export function createCartStore(preloadedCart: CartState = initialCartState) {
  return configureStore({
    reducer: { cart: cartReducer },
    preloadedState: { cart: preloadedCart },
  });
}

export type CartStore = ReturnType<typeof createCartStore>;
export type CartDispatch = CartStore['dispatch'];

let browserStore: CartStore | null = null;

/**
 * One store per browser page for the life of the page, so moving from the quote builder to
 * checkout keeps the restored cart instead of reading storage again. Only ever called in the
 * browser: the server render makes a fresh store per render, so no visitor's cart leaks into
 * another's HTML.
 */
export function getBrowserCartStore(): CartStore {
  browserStore ??= createCartStore();
  return browserStore;
}

let browserCartShown = false;

/**
 * Whether a page of this visit has already shown the restored cart, so a page reached by a
 * client-side navigation may show it at once. Set only by a page React committed: the store alone
 * cannot tell, as a render React discarded (hydration restarts when a tap arrives mid-way) has
 * restored it too, and showing the cart then would not match the server's HTML.
 */
export function browserCartWasShown(): boolean {
  return browserCartShown;
}

export function markBrowserCartShown(): void {
  browserCartShown = true;
}
