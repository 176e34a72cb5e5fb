import { STORAGE_KEYS } from '@kesho/site-rules/storage-keys';

/**
 * `sessionStorage["checkoutData"]` without the checkout rules: the saved values as a draft, and their
 * removal. Kept apart from `checkoutStorage.ts`, which validates with the shared yup schema, so that
 * a page needing only these (the success page) does not download and evaluate yup.
 */

export function sessionStorageOrNull(): Storage | null {
  try {
    return window.sessionStorage;
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
  let raw: string | null;
  try {
    raw = sessionStorageOrNull()?.getItem(STORAGE_KEYS.checkoutData) ?? null;
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
    sessionStorageOrNull()?.removeItem(STORAGE_KEYS.checkoutData);
  } catch {
    // Nothing to remove when storage is blocked.
  }
}
