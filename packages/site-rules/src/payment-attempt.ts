/**
 * One payment per checkout attempt. The payment page makes a random key for each attempt and sends
 * it with every request that starts the payment (a double tap, a retry after a timeout, a reload
 * while the phone is ringing): the payment API answers a repeated key with the order and payment it
 * started the first time, so a family never pays twice for one click (lambdas/src/orders/attempts.ts).
 */

/** The request header that carries the key (the name Stripe's and other payment APIs use). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** 22 to 64 URL-safe characters: the page sends 128 random bits in base64url (22 characters). */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{22,64}$/;

export const PAYMENT_ATTEMPT_MESSAGES = {
  invalidKey: `The ${IDEMPOTENCY_KEY_HEADER} header must be 22 to 64 letters, digits, "-" or "_".`,
  otherDetails: 'This payment was already started with different details. Please reload the page and try again.',
  inProgress: 'Your payment is already being started. Please wait a moment, then try again.',
} as const;

/**
 * Why a request that starts a payment was refused for now (429 with Retry-After; the sizes and the
 * reasoning behind them are in lambdas/src/orders/paymentLimits.ts and the README's security section).
 */
export type PaymentLimitReason = 'client' | 'phone-busy' | 'phone';

/** "a minute", "2 minutes": how long a refused payer waits, in words. */
export function waitInWords(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes === 1 ? 'a minute' : `${minutes} minutes`;
}

/** What the payment page shows for a 429 on starting a payment: what happened, how long to wait, what else to do. */
export function paymentLimitMessage(reason: PaymentLimitReason, retryAfterSeconds: number): string {
  const wait = waitInWords(retryAfterSeconds);
  switch (reason) {
    case 'phone-busy':
      return `We already sent an M-Pesa request to this phone. Answer it on the phone or let it end, then try again in ${wait}.`;
    case 'phone':
      return `This phone has been sent several M-Pesa requests in the last few minutes. Please try again in ${wait}, or pay by card.`;
    case 'client':
      return `Many payments were started from your connection in the last few minutes. Please try again in ${wait}.`;
  }
  return reason satisfies never;
}

/** A 429 without the server's words (a hop in front of the API refused it). */
export const PAYMENT_LIMIT_FALLBACK_MESSAGE = 'Too many payment attempts in a short time. Please wait a minute and try again.';
