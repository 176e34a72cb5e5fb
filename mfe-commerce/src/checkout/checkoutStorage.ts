import { CHECKOUT_STORAGE_KEY, checkoutSchema, type CheckoutData } from '@kesho/common/checkout-schema';

/** Browser-only helpers for `sessionStorage["checkoutData"]` (SPEC §3); call them from effects and handlers. */

function sessionStorageOrNull(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** The trimmed checkout data that is saved and sent: exactly the six fields of SPEC §3. */
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
  sessionStorageOrNull()?.setItem(CHECKOUT_STORAGE_KEY, JSON.stringify(data));
  return data;
}

/** The saved checkout data, or null when there is none or it no longer passes the checkout rules. */
export function readCheckoutData(): CheckoutData | null {
  let raw: string | null = null;
  try {
    raw = sessionStorageOrNull()?.getItem(CHECKOUT_STORAGE_KEY) ?? null;
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

/**
 * Saved values to prefill the form with, even if they would no longer pass validation (the
 * visitor fixes them there). Non-text values are dropped.
 */
export interface CheckoutDraft {
  fullName?: string;
  email?: string;
  phone?: string;
  companyName?: string;
  notes?: string;
  acceptTerms?: boolean;
}

export function readCheckoutDraft(): CheckoutDraft {
  let raw: string | null = null;
  try {
    raw = sessionStorageOrNull()?.getItem(CHECKOUT_STORAGE_KEY) ?? null;
  } catch {
    return {};
  }
  if (raw === null) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return {};
  }
  if (typeof parsed !== 'object' || parsed === null) return {};
  const source = parsed as Record<string, unknown>;
  const draft: CheckoutDraft = {};
  for (const key of ['fullName', 'email', 'phone', 'companyName', 'notes'] as const) {
    const value = source[key];
    if (typeof value === 'string') draft[key] = value;
  }
  if (typeof source.acceptTerms === 'boolean') draft.acceptTerms = source.acceptTerms;
  return draft;
}

export function removeCheckoutData(): void {
  try {
    sessionStorageOrNull()?.removeItem(CHECKOUT_STORAGE_KEY);
  } catch {
    // Nothing to remove when storage is blocked.
  }
}
