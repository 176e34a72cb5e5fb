import { checkoutSchema, type CheckoutData } from '@kesho/site-rules/checkout-schema';
import { STORAGE_KEYS } from '@kesho/site-rules/storage-keys';
import { sessionStorageOrNull } from './checkoutDraft';

/**
 * Browser-only helpers for `sessionStorage["checkoutData"]` that apply the checkout rules;
 * call them from effects and handlers. Reading a draft or removing the data needs no rules and lives
 * in `checkoutDraft.ts`, so the pages that only do that do not load the validation library.
 */

/** The trimmed checkout data that is saved and sent: exactly the six fields of the checkout form. */
export function normaliseCheckoutData(values: CheckoutData): CheckoutData {
  const cast = checkoutSchema.cast(values, { stripUnknown: true });
  return {
    fullName: cast.fullName,
    email: cast.email,
    phone: cast.phone,
    companyName: cast.companyName ?? '',
    notes: cast.notes ?? '',
    acceptTerms: cast.acceptTerms,
  };
}

export function saveCheckoutData(values: CheckoutData): CheckoutData {
  const data = normaliseCheckoutData(values);
  sessionStorageOrNull()?.setItem(STORAGE_KEYS.checkoutData, JSON.stringify(data));
  return data;
}

/** The saved checkout data, or null when there is none or it no longer passes the checkout rules. */
export function readCheckoutData(): CheckoutData | null {
  let raw: string | null;
  try {
    raw = sessionStorageOrNull()?.getItem(STORAGE_KEYS.checkoutData) ?? null;
  } catch {
    return null;
  }
  if (raw === null) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return normaliseCheckoutData(checkoutSchema.validateSync(parsed, { stripUnknown: true }));
  } catch {
    return null;
  }
}
