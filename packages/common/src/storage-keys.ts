/**
 * Every key the site keeps in the visitor's browser, named once: the shell, the commerce remote and the
 * Cookie Policy (which must list them truthfully) all read them from here.
 */
export const STORAGE_KEYS = {
  /** localStorage: "accepted" | "rejected" (SPEC §3). */
  cookieConsent: 'cookieConsent',
  /** localStorage: when the cookie choice was made; the choice lasts one year (SPEC §9). */
  cookieConsentDate: 'cookieConsentDate',
  /** localStorage: the cart, so it survives a reload and is shared by tabs. */
  cart: 'kesho.cart',
  /** sessionStorage: the checkout details carried from /checkout to /payment (SPEC §3). */
  checkoutData: 'checkoutData',
} as const;
