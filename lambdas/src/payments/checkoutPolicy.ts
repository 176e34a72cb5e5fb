/**
 * What every checkout, real or sandbox, has in common: where the customer comes back to and how
 * long the payment page stays open.
 */

/**
 * Stripe accepts expires_at from 30 minutes to 24 hours after creation; five minutes of margin keep
 * a slightly slow clock from landing just under the minimum.
 */
export const CHECKOUT_EXPIRY_MINUTES = 35;

/** Stripe replaces {CHECKOUT_SESSION_ID} with the session's id when it redirects. */
export const SESSION_ID_PLACEHOLDER = '{CHECKOUT_SESSION_ID}';

export function successUrl(publicSiteUrl: string, sessionId: string = SESSION_ID_PLACEHOLDER): string {
  return `${publicSiteUrl}/payment-success?session_id=${sessionId}`;
}

export function cancelUrl(publicSiteUrl: string): string {
  return `${publicSiteUrl}/payment-failure`;
}

export function checkoutExpiry(now: Date): Date {
  return new Date(now.getTime() + CHECKOUT_EXPIRY_MINUTES * 60_000);
}

/** One checkout session per order, however often the request is retried. */
export function checkoutIdempotencyKey(orderId: string): string {
  return `checkout-session-${orderId}`;
}
