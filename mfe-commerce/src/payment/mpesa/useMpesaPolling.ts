import { useEffect, useEffectEvent } from 'react';
import { MPESA_POLL_SCHEDULE, mpesaPollDelayMs } from '@kesho/site-rules/mpesa';
import { getMpesaPayment, type MpesaPaymentState } from '../../api/mpesaClient';
import { PaymentError } from '../../api/paymentsClient';

/** The first polls' interval: while the payer is most likely answering the prompt. */
export const MPESA_POLL_INTERVAL_MS = MPESA_POLL_SCHEDULE.firstIntervalMs;
/** The longest a Retry-After is honoured for: past it the page asks again anyway (and the server says so again). */
export const MPESA_MAX_RETRY_AFTER_MS = 60_000;

/** What one poll (or the end of polling) found. */
export type PollResult = { readonly kind: 'answered'; readonly payment: MpesaPaymentState } | { readonly kind: 'refused'; readonly message: string } | { readonly kind: 'gave-up' };

/** Throttled or unavailable for now: asking later can help (429, 503). */
const isBusy = (error: unknown): error is PaymentError => error instanceof PaymentError && (error.status === 429 || error.status === 503);

/**
 * Follows a payment until the phone has answered: every state comes from the server. While `active`,
 * asks for `paymentId` on the schedule of @kesho/operations/api-throttles (every 2 s for the first 20 s,
 * then further apart up to every 10 s, three minutes in all: the schedule the API's status route is
 * sized for) and tells `onResult` what it found: each answer (pending, paid or an outcome; it stops at
 * anything but pending), a refusal of the request itself (a 4xx other than 429: asking again cannot
 * help), or that it gave up after three minutes. A poll the server could not answer is asked again,
 * later each time it fails in a row; a 429 or 503 waits at least its Retry-After (at most a minute).
 */
export function useMpesaPolling(paymentId: string | null, active: boolean, onResult: (result: PollResult) => void) {
  const report = useEffectEvent(onResult);
  useEffect(() => {
    if (!paymentId || !active) return undefined;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let index = 0;
    let failuresInARow = 0;
    const startedAt = Date.now();
    const poll = async () => {
      let wait = mpesaPollDelayMs(index, Date.now() - startedAt);
      try {
        const payment = await getMpesaPayment(paymentId);
        if (cancelled) return;
        failuresInARow = 0;
        report({ kind: 'answered', payment });
        if (payment.outcome !== 'pending') return;
      } catch (error) {
        if (cancelled) return;
        if (error instanceof PaymentError && error.status !== null && error.status >= 400 && error.status < 500 && error.status !== 429) {
          report({ kind: 'refused', message: error.message });
          return;
        }
        // Unreachable, throttled or unavailable: back off (doubling, up to the schedule's longest step).
        failuresInARow += 1;
        wait = Math.max(wait, Math.min(MPESA_POLL_SCHEDULE.maxIntervalMs, MPESA_POLL_SCHEDULE.firstIntervalMs * 2 ** failuresInARow));
        if (isBusy(error) && error.retryAfterMs !== null) wait = Math.max(wait, Math.min(error.retryAfterMs, MPESA_MAX_RETRY_AFTER_MS));
      }
      index += 1;
      if (Date.now() - startedAt + wait > MPESA_POLL_SCHEDULE.totalMs) {
        report({ kind: 'gave-up' });
        return;
      }
      timer = setTimeout(() => void poll(), wait);
    };
    void poll();
    return () => {
      cancelled = true;
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [paymentId, active]);
}
