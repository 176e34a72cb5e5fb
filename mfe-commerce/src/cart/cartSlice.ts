import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { QUANTITY_MAX, QUANTITY_MIN } from '@kesho/site-rules/catalogue';
import type { CartItem, NewCartItem } from './types';

export interface CartState {
  readonly items: readonly CartItem[];
  /**
   * False until the saved cart has been read from localStorage. The server render and the first
   * client render both see `false`, so they agree; pages show a neutral state until it flips.
   */
  readonly hydrated: boolean;
}

export interface CartRootState {
  readonly cart: CartState;
}

export const initialCartState: CartState = { items: [], hydrated: false };

/**
 * The server accepts quantities 1 to 10, so the cart never holds more: a cart that
 * reached checkout with 11 of something could only end in a rejected payment.
 */
function clampQuantity(quantity: number): number {
  return Math.min(QUANTITY_MAX, Math.max(QUANTITY_MIN, Math.floor(quantity)));
}

const cartSlice = createSlice({
  name: 'cart',
  initialState: initialCartState,
  reducers: {
    /** An item already present goes up by one; a new one comes in with quantity 1 (or the given quantity). */
    addItem(state, action: PayloadAction<NewCartItem>) {
      const { quantity, ...product } = action.payload;
      const existing = state.items.find((item) => item.id === product.id);
      if (existing) {
        existing.quantity = clampQuantity(existing.quantity + 1);
        return;
      }
      const initial = quantity !== undefined && Number.isFinite(quantity) ? clampQuantity(quantity) : QUANTITY_MIN;
      state.items.push({ ...product, quantity: initial });
    },
    removeItem(state, action: PayloadAction<string>) {
      state.items = state.items.filter((item) => item.id !== action.payload);
    },
    /** A quantity of 0 or less removes the item. */
    updateQuantity(state, action: PayloadAction<{ id: string; quantity: number }>) {
      const { id, quantity } = action.payload;
      if (Number.isNaN(quantity)) return;
      if (quantity <= 0) {
        state.items = state.items.filter((item) => item.id !== id);
        return;
      }
      const existing = state.items.find((item) => item.id === id);
      if (existing) existing.quantity = clampQuantity(quantity);
    },
    clearCart(state) {
      state.items = [];
    },
    /** Replaces the items with a saved copy (first load, or another tab's change) and marks the cart hydrated. */
    cartRestored(state, action: PayloadAction<readonly CartItem[]>) {
      state.items = action.payload.map((item) => ({ ...item }));
      state.hydrated = true;
    },
  },
});

export const { addItem, removeItem, updateQuantity, clearCart, cartRestored } = cartSlice.actions;
export const cartReducer = cartSlice.reducer;

export const selectItems = (state: CartRootState): readonly CartItem[] => state.cart.items;
export const selectHydrated = (state: CartRootState): boolean => state.cart.hydrated;
export const selectTotalCents = (state: CartRootState): number => state.cart.items.reduce((total, item) => total + item.priceCents * item.quantity, 0);
/** The number of units in the cart (Σ quantity), e.g. for a badge. */
export const selectCount = (state: CartRootState): number => state.cart.items.reduce((count, item) => count + item.quantity, 0);
