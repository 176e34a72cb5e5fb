/**
 * Every key the site keeps in the visitor's browser, named once: the shell, the commerce remote and the
 * Cookie Policy (which must list them truthfully) all read them from here.
 */
export const STORAGE_KEYS = {
  /** localStorage: the visitor's cookie choice, one of COOKIE_CONSENT_VALUES. */
  cookieConsent: 'cookieConsent',
  /** localStorage: when the cookie choice was made; the choice lasts one year, then the banner asks again. */
  cookieConsentDate: 'cookieConsentDate',
  /** localStorage: the cart, so it survives a reload and is shared by tabs. */
  cart: 'kesho.cart',
  /** sessionStorage: the checkout details carried from /checkout to /payment, each string trimmed. */
  checkoutData: 'checkoutData',
} as const;

/**
 * The cookies the site's server (the CloudFront functions in AWS) sets, only while a canary runs or
 * for a preview link (@kesho/release-model/build-choice): first-party, HttpOnly, never read by scripts.
 */
export const SITE_COOKIES = {
  /** A random number from 0 to 9999 that keeps a browser on one build while a canary runs; 90 days. */
  bucket: 'kesho-bucket',
  /** The preview link a member of staff opened, until it expires or they exit the preview. */
  preview: 'kesho-preview',
} as const;

/** The values the cookie banner writes under `STORAGE_KEYS.cookieConsent`; the Cookie Policy names them. */
export const COOKIE_CONSENT_VALUES = {
  accepted: 'accepted',
  rejected: 'rejected',
} as const;

export type CookieConsent = (typeof COOKIE_CONSENT_VALUES)[keyof typeof COOKIE_CONSENT_VALUES];

export function isCookieConsent(value: unknown): value is CookieConsent {
  return Object.values(COOKIE_CONSENT_VALUES).some((choice) => choice === value);
}
