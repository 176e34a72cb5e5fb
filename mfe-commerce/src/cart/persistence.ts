import { MAX_CART_LINES, MAX_ITEM_NAME_LENGTH, QUANTITY_MAX, QUANTITY_MIN } from '@kesho/site-rules/catalogue';
import { STORAGE_KEYS } from '@kesho/site-rules/storage-keys';
import { cartRestored, type CartRootState } from './cartSlice';
import type { CartItem } from './types';

/** The localStorage key of the saved cart. Its value is `{"version":1,"items":[CartItem, …]}`. */
const CART_FORMAT_VERSION = 1;

const MAX_ID_LENGTH = 80;
const MAX_ICON_NAME_LENGTH = 40;
const MAX_PRICE_CENTS = 10_000_000;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isBoundedText(value: unknown, maxLength: number): value is string {
  return typeof value === 'string' && value.trim() !== '' && value.length <= maxLength;
}

function toCartItem(value: unknown): CartItem | null {
  if (!isRecord(value)) return null;
  const { id, name, priceCents, icon, quantity } = value;
  if (!isBoundedText(id, MAX_ID_LENGTH) || !isBoundedText(name, MAX_ITEM_NAME_LENGTH) || !isBoundedText(icon, MAX_ICON_NAME_LENGTH)) {
    return null;
  }
  if (typeof priceCents !== 'number' || !Number.isInteger(priceCents) || priceCents < 0 || priceCents > MAX_PRICE_CENTS) return null;
  if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < QUANTITY_MIN || quantity > QUANTITY_MAX) return null;
  return { id, name, priceCents, icon, quantity };
}

/**
 * Reads a saved cart. Anything another script, an old release or a hand edit could have left there
 * is checked field by field: a value that is not our format gives `null` (ignored), and lines that
 * are not valid items are dropped rather than trusted.
 */
export function parseSavedCart(raw: string | null): CartItem[] | null {
  if (raw === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isRecord(parsed) || parsed.version !== CART_FORMAT_VERSION || !Array.isArray(parsed.items)) return null;
  const items: CartItem[] = [];
  const seen = new Set<string>();
  for (const candidate of parsed.items) {
    const item = toCartItem(candidate);
    if (!item || seen.has(item.id)) continue;
    seen.add(item.id);
    items.push(item);
    if (items.length === MAX_CART_LINES) break;
  }
  return items;
}

export function serializeCart(items: readonly CartItem[]): string {
  return JSON.stringify({
    version: CART_FORMAT_VERSION,
    items: items.map(({ id, name, priceCents, icon, quantity }) => ({ id, name, priceCents, icon, quantity })),
  });
}

interface CartStoreLike {
  getState(): CartRootState;
  dispatch(action: ReturnType<typeof cartRestored>): unknown;
  subscribe(listener: () => void): () => void;
}

function readSafely(storage: Storage): string | null {
  try {
    return storage.getItem(STORAGE_KEYS.cart);
  } catch {
    return null;
  }
}

function writeSafely(storage: Storage, value: string): void {
  try {
    storage.setItem(STORAGE_KEYS.cart, value);
  } catch {
    // Storage full or blocked (private mode): the cart still works for this page view.
  }
}

/** Restores the saved cart into a store that has not been restored yet; a no-op otherwise. */
export function restoreSavedCart(store: CartStoreLike, storage: Storage): void {
  if (store.getState().cart.hydrated) return;
  store.dispatch(cartRestored(parseSavedCart(readSafely(storage)) ?? []));
}

/**
 * Keeps the store and localStorage in step: restores the saved cart once (unless that was done
 * already), saves every change, and applies changes other tabs make (the `storage` event fires only
 * in the other tabs). Returns the function that disconnects it.
 */
export function connectCartPersistence(store: CartStoreLike, storage: Storage, events: Window): () => void {
  const saved = parseSavedCart(readSafely(storage));
  if (!store.getState().cart.hydrated) store.dispatch(cartRestored(saved ?? []));
  let lastWritten: string | null = saved === null ? null : serializeCart(saved);
  const save = () => {
    const serialized = serializeCart(store.getState().cart.items);
    if (serialized === lastWritten) return;
    lastWritten = serialized;
    writeSafely(storage, serialized);
  };
  // A missing or unreadable saved cart is replaced at once; a readable one is left as it is.
  save();
  const unsubscribe = store.subscribe(save);

  const onStorage = (event: StorageEvent) => {
    if (event.storageArea && event.storageArea !== storage) return;
    if (event.key !== null && event.key !== STORAGE_KEYS.cart) return;
    // key null means another tab cleared all of localStorage; a removed key reads as an empty cart.
    const items = event.key === null || event.newValue === null ? [] : parseSavedCart(event.newValue);
    if (items === null) return;
    lastWritten = serializeCart(items);
    store.dispatch(cartRestored(items));
  };
  events.addEventListener('storage', onStorage);

  return () => {
    unsubscribe();
    events.removeEventListener('storage', onStorage);
  };
}
