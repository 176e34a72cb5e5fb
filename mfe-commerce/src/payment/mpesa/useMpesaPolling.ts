import { useEffect, useEffectEvent } from 'react';
import { getMpesaPayment, type MpesaPaymentState } from '../../api/mpesaClient';
import { PaymentError } from '../../api/paymentsClient';

export const MPESA_POLL_INTERVAL_MS = 2_000;
/**
 * Status polls (one every MPESA_POLL_INTERVAL_MS: 90 × 2 s = 3 minutes) before the page asks the payer.
 * Daraja gives up on an unanswered prompt after about a minute; three minutes is ample.
 */
const MPESA_POLL_LIMIT = 90;

/** What one poll (or the end of polling) found. */
export type PollResult = { readonly kind: 'answered'; readonly payment: MpesaPaymentState } | { readonly kind: 'refused'; readonly message: string } | { readonly kind: 'gave-up' };

/**
 * Follows a payment until the phone has answered: every state comes from the server. While `active`,
 * asks for `paymentId` every MPESA_POLL_INTERVAL_MS and tells `onResult` what it found: each answer
 * (pending, paid or an outcome; it stops at anything but pending), a refusal of the request itself (a
 * 4xx: asking again cannot help), or that it gave up after MPESA_POLL_LIMIT polls. A poll the server
 * could not answer is asked again.
 */
export function useMpesaPolling(paymentId: string | null, active: boolean, onResult: (result: PollResult) => void) {
  const report = useEffectEvent(onResult);
  useEffect(() => {
    if (!paymentId || !active) return undefined;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let count = 0;
    const poll = async () => {
      count += 1;
      try {
        const payment = await getMpesaPayment(paymentId);
        if (cancelled) return;
        report({ kind: 'answered', payment });
        if (payment.outcome !== 'pending') return;
      } catch (error) {
        if (cancelled) return;
        if (error instanceof PaymentError && error.status !== null && error.status >= 400 && error.status < 500) {
          report({ kind: 'refused', message: error.message });
          return;
        }
      }
      if (count >= MPESA_POLL_LIMIT) {
        report({ kind: 'gave-up' });
        return;
      }
      timer = setTimeout(() => void poll(), MPESA_POLL_INTERVAL_MS);
    };
    void poll();
    return () => {
      cancelled = true;
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [paymentId, active]);
}
