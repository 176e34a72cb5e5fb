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
