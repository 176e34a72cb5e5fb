import { createContext, startTransition, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Provider, useDispatch, useSelector } from 'react-redux';
import { addItem, cartRestored, clearCart, removeItem, selectCount, selectHydrated, selectItems, selectTotalCents, updateQuantity } from './cartSlice';
import { connectCartPersistence, restoreSavedCart } from './persistence';
import { browserCartWasShown, createCartStore, getBrowserCartStore, markBrowserCartShown, type CartDispatch, type CartStore } from './store';
import type { CartItem, NewCartItem } from './types';

const CartStoreContext = createContext<CartStore | null>(null);
/** Whether the pages may show the restored cart (see `shown` in CartProvider). */
const CartShownContext = createContext(false);

function localStorageOrNull(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Access itself throws when storage is disabled; the cart then lives for this page view only.
    return null;
  }
}

interface OwnStore {
  readonly store: CartStore;
  /** An earlier page of this visit showed the cart (client-side navigation): shown at once. */
  readonly showAtOnce: boolean;
}

/**
 * The browser's store, with the saved cart restored before anything subscribes to it. Restoring
 * later, from an effect, changed the store under react-redux's subscriptions, which re-render
 * synchronously: one long task on the quote builder right after hydration. Nothing reads the
 * restored cart until `shown` (below), so the first render still matches the server's HTML.
 */
function ownStore(): OwnStore {
  if (typeof window === 'undefined') return { store: createCartStore(), showAtOnce: false };
  const store = getBrowserCartStore();
  const showAtOnce = browserCartWasShown();
  const storage = localStorageOrNull();
  if (storage) restoreSavedCart(store, storage);
  return { store, showAtOnce };
}

/**
 * Every commerce page wraps its content in this. A provider inside another one reuses the outer
 * store, so a host (the standalone harness, a test) can hand in a store of its choice.
 */
export function CartProvider({ store, children }: { store?: CartStore; children: ReactNode }) {
  const outer = useContext(CartStoreContext);
  const [own] = useState<OwnStore | null>(() => (store || outer ? null : ownStore()));
  const active = store ?? outer ?? own?.store ?? null;
  const isNested = !store && outer !== null;
  // The server and the first client render show the "loading" state; swapping it for the restored
  // cart re-renders the whole page (order summary, forms), so that render runs as a transition,
  // in slices that leave the main thread free, instead of one long task. A cart an earlier page of
  // this visit showed (a client-side navigation) is shown at once.
  const [shown, setShown] = useState(() => own?.showAtOnce ?? active?.getState().cart.hydrated ?? false);

  useEffect(() => {
    if (isNested || !active) return undefined;
    const storage = localStorageOrNull();
    let disconnect: (() => void) | undefined;
    if (storage) disconnect = connectCartPersistence(active, storage, window);
    else active.dispatch(cartRestored(active.getState().cart.items));
    startTransition(() => setShown(true));
    if (own) markBrowserCartShown();
    return disconnect;
  }, [active, isNested, own]);

  if (!active) throw new Error('CartProvider has no store');
  if (isNested) return <>{children}</>;
  return (
    <CartStoreContext.Provider value={active}>
      <CartShownContext.Provider value={shown}>
        <Provider store={active}>{children}</Provider>
      </CartShownContext.Provider>
    </CartStoreContext.Provider>
  );
}

const NO_ITEMS: readonly CartItem[] = [];

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
  const restored = useSelector(selectHydrated);
  const shown = useContext(CartShownContext);
  const hydrated = restored && shown;
  return useMemo(
    () => ({
      // Until the cart is shown, the values are the server's (an empty, unrestored cart), whatever
      // the store already holds, so that hydration matches the HTML.
      items: hydrated ? items : NO_ITEMS,
      totalCents: hydrated ? totalCents : 0,
      count: hydrated ? count : 0,
      hydrated,
      addItem: (item: NewCartItem) => dispatch(addItem(item)),
      removeItem: (id: string) => dispatch(removeItem(id)),
      updateQuantity: (id: string, quantity: number) => dispatch(updateQuantity({ id, quantity })),
      clearCart: () => dispatch(clearCart()),
    }),
    [items, totalCents, count, hydrated, dispatch],
  );
}
