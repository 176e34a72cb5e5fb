/**
 * localStorage["cookieConsent"] = "accepted" | "rejected". The Cookie Policy says a choice lasts one
 * year, so the date of the choice is kept beside it and the banner asks again once
 * it is older. A choice stored without a date is honoured as it is.
 */
import { STORAGE_KEYS, isCookieConsent, type CookieConsent } from '@kesho/site-rules/storage-keys';

export type { CookieConsent };
export const COOKIE_CONSENT_LIFETIME_MS = 365 * 24 * 60 * 60 * 1000;

export function readCookieConsent(storage: Storage | undefined, now = Date.now()): CookieConsent | null {
  try {
    const value = storage?.getItem(STORAGE_KEYS.cookieConsent);
    if (!isCookieConsent(value)) return null;
    const decidedAt = Date.parse(storage?.getItem(STORAGE_KEYS.cookieConsentDate) ?? '');
    if (!Number.isNaN(decidedAt) && now - decidedAt > COOKIE_CONSENT_LIFETIME_MS) return null;
    return value;
  } catch {
    return null;
  }
}

export function storeCookieConsent(storage: Storage | undefined, choice: CookieConsent, now = Date.now()): void {
  try {
    storage?.setItem(STORAGE_KEYS.cookieConsent, choice);
    storage?.setItem(STORAGE_KEYS.cookieConsentDate, new Date(now).toISOString());
  } catch {
    // Storage can be full or disabled (private mode): the choice then lasts for this page view only.
  }
}
