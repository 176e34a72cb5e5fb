/** localStorage["cookieConsent"] = "accepted" | "rejected" (SPEC §3). */
export const COOKIE_CONSENT_KEY = 'cookieConsent';
export type CookieConsent = 'accepted' | 'rejected';

export function readCookieConsent(storage: Storage | undefined): CookieConsent | null {
  try {
    const value = storage?.getItem(COOKIE_CONSENT_KEY);
    return value === 'accepted' || value === 'rejected' ? value : null;
  } catch {
    return null;
  }
}

export function storeCookieConsent(storage: Storage | undefined, choice: CookieConsent): void {
  try {
    storage?.setItem(COOKIE_CONSENT_KEY, choice);
  } catch {
    // Storage can be full or disabled (private mode): the choice then lasts for this page view only.
  }
}
