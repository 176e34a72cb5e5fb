/**
 * The payment attempt of a request that starts a payment: the page's Idempotency-Key header with a
 * fingerprint of what was asked (orders/attempts.ts), and the answers to an attempt that cannot go on.
 */
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_PATTERN, PAYMENT_ATTEMPT_MESSAGES, paymentLimitMessage, type PaymentLimitReason } from '@kesho/site-rules/payment-attempt';
import { attemptFingerprint } from '../orders/attempts';
import type { PaymentAttempt } from '../orders/startCheckout';
import { header, type ApiGatewayEvent, type ApiGatewayResult } from './apiGateway';
import { errorResponse } from './responses';

export type AttemptRead = { readonly ok: true; readonly attempt?: PaymentAttempt } | { readonly ok: false; readonly response: ApiGatewayResult };

/**
 * No header: no attempt (each request starts its own order, as for a page built before keys). A
 * malformed key is refused rather than ignored, so a client's bug cannot silently double-charge.
 */
export function readPaymentAttempt(event: ApiGatewayEvent, request: unknown): AttemptRead {
  const key = header(event, IDEMPOTENCY_KEY_HEADER)?.trim();
  if (key === undefined || key === '') return { ok: true };
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) return { ok: false, response: errorResponse(400, PAYMENT_ATTEMPT_MESSAGES.invalidKey) };
  return { ok: true, attempt: { key, fingerprint: attemptFingerprint(request) } };
}

/** Seconds a page waits before asking again about an attempt still being started. */
const IN_PROGRESS_RETRY_SECONDS = 2;

export function attemptResponse(kind: 'attempt-other-details' | 'attempt-in-progress'): ApiGatewayResult {
  return kind === 'attempt-other-details'
    ? errorResponse(409, PAYMENT_ATTEMPT_MESSAGES.otherDetails)
    : errorResponse(409, PAYMENT_ATTEMPT_MESSAGES.inProgress, undefined, { 'Retry-After': String(IN_PROGRESS_RETRY_SECONDS) });
}

/** Over a limit on starting payments: 429, how long to wait, and the words the payment page shows. */
export function rateLimitedResponse({ reason, retryAfterSeconds }: { readonly reason: PaymentLimitReason; readonly retryAfterSeconds: number }): ApiGatewayResult {
  return errorResponse(429, paymentLimitMessage(reason, retryAfterSeconds), undefined, { 'Retry-After': String(retryAfterSeconds) });
}
