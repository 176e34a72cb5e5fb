import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Provider, useDispatch, useSelector } from 'react-redux';
import {
  addItem,
  cartRestored,
  clearCart,
  removeItem,
  selectCount,
  selectHydrated,
  selectItems,
  selectTotalCents,
  updateQuantity,
} from './cartSlice';
import { connectCartPersistence } from './persistence';
import { createCartStore, getBrowserCartStore, type CartDispatch, type CartStore } from './store';
import type { CartItem, NewCartItem } from './types';

const CartStoreContext = createContext<CartStore | null>(null);

function defaultStore(): CartStore {
  return typeof window === 'undefined' ? createCartStore() : getBrowserCartStore();
}

function localStorageOrNull(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Access itself throws when storage is disabled; the cart then lives for this page view only.
    return null;
  }
}

/**
 * Every commerce page wraps its content in this. A provider inside another one reuses the outer
 * store, so a host (the standalone harness, a test) can hand in a store of its choice.
 */
export function CartProvider({ store, children }: { store?: CartStore; children: ReactNode }) {
  const outer = useContext(CartStoreContext);
  const [ownStore] = useState<CartStore | null>(() => (store || outer ? null : defaultStore()));
  const active = store ?? outer ?? ownStore;
  const isNested = !store && outer !== null;

  useEffect(() => {
    if (isNested || !active) return undefined;
    const storage = localStorageOrNull();
    if (!storage) {
      active.dispatch(cartRestored(active.getState().cart.items));
      return undefined;
    }
    return connectCartPersistence(active, storage, window);
  }, [active, isNested]);

  if (!active) throw new Error('CartProvider has no store');
  if (isNested) return <>{children}</>;
  return (
    <CartStoreContext.Provider value={active}>
      <Provider store={active}>{children}</Provider>
    </CartStoreContext.Provider>
  );
}

export interface CartApi {
  readonly items: readonly CartItem[];
  readonly totalCents: number;
  readonly count: number;
  /** False until the saved cart has been restored: render a neutral state until then. */
  readonly hydrated: boolean;
  addItem(item: NewCartItem): void;
  removeItem(id: string): void;
  updateQuantity(id: string, quantity: number): void;
  clearCart(): void;
}

export function useCart(): CartApi {
  if (useContext(CartStoreContext) === null) throw new Error('useCart must be used within a CartProvider');
  const dispatch = useDispatch<CartDispatch>();
  const items = useSelector(selectItems);
  const totalCents = useSelector(selectTotalCents);
  const count = useSelector(selectCount);
  const hydrated = useSelector(selectHydrated);
  return useMemo(
    () => ({
      items,
      totalCents,
      count,
      hydrated,
      addItem: (item: NewCartItem) => dispatch(addItem(item)),
      removeItem: (id: string) => dispatch(removeItem(id)),
      updateQuantity: (id: string, quantity: number) => dispatch(updateQuantity({ id, quantity })),
      clearCart: () => dispatch(clearCart()),
    }),
    [items, totalCents, count, hydrated, dispatch],
  );
}
