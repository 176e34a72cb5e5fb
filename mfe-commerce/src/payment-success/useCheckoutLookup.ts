import { useEffect, useState } from 'react';
import { useSearchParams } from '@kesho/shell-kit';
import { formatOfficeDate } from '@kesho/site-rules/dates';
import { getCheckoutSession, PaymentError, type CheckoutSessionSummary, type CheckoutStatus } from '../api/paymentsClient';

/** How often a pending payment is asked about again, and for how long before the page stops asking. */
export const POLL_INTERVAL_MS = 2_000;
export const POLL_LIMIT_MS = 30_000;

/** What the success page knows about the payment its link names. */
export type CheckoutLookup =
  /** The first render, on the server and in the browser alike: nothing read yet. */
  | { readonly kind: 'starting' }
  /** No `session_id` in the link: the page makes the invoice number itself. */
  | { readonly kind: 'local'; readonly invoiceNumber: string; readonly dateText: string }
  /** The server has not answered yet. */
  | { readonly kind: 'checking' }
  /** The server's answer; `gaveUp` once a payment still pending has been asked about for the whole limit. */
  | { readonly kind: 'known'; readonly summary: CheckoutSessionSummary; readonly dateText: string; readonly gaveUp: boolean }
  /** The server could not be reached for the whole limit. */
  | { readonly kind: 'unavailable' }
  /** The server does not know the session (or the link is malformed). */
  | { readonly kind: 'not-found' };

/** Without a server order, the invoice number is "INV-" and the last 8 digits of the time. */
function localInvoiceNumber(now: number): string {
  return `INV-${String(now).slice(-8)}`;
}

export const isUnsuccessful = (status: CheckoutStatus): boolean => status === 'failed' || status === 'expired';

/** A 4xx other than 429: the server does not know this session, and asking again cannot help. */
function isUnknownSession(error: unknown): boolean {
  return error instanceof PaymentError && error.status !== null && error.status >= 400 && error.status < 500 && error.status !== 429;
}

/**
 * Reads the payment named by the page's `session_id` from the server, and asks again every
 * POLL_INTERVAL_MS while it is pending or the server cannot be reached, for up to POLL_LIMIT_MS.
 */
export function useCheckoutLookup(): CheckoutLookup {
  const [lookup, setLookup] = useState<CheckoutLookup>({ kind: 'starting' });
  const sessionId = useSearchParams().get('session_id')?.trim();

  useEffect(() => {
    if (!sessionId) {
      const now = Date.now();
      setLookup({ kind: 'local', invoiceNumber: localInvoiceNumber(now), dateText: formatOfficeDate(now) });
      return undefined;
    }
    setLookup({ kind: 'checking' });
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const startedAt = Date.now();

    const poll = async () => {
      let summary: CheckoutSessionSummary | null;
      try {
        summary = await getCheckoutSession(sessionId);
      } catch (error) {
        if (!cancelled && isUnknownSession(error)) {
          setLookup({ kind: 'not-found' });
          return;
        }
        summary = null;
      }
      if (cancelled) return;
      const timeLeft = Date.now() - startedAt + POLL_INTERVAL_MS <= POLL_LIMIT_MS;
      const settled = summary !== null && summary.status !== 'pending';
      if (summary) {
        setLookup({ kind: 'known', summary, dateText: formatOfficeDate(summary.createdAt), gaveUp: !settled && !timeLeft });
      } else if (!timeLeft) {
        setLookup((current) => (current.kind === 'known' ? { ...current, gaveUp: true } : { kind: 'unavailable' }));
      }
      if (!settled && timeLeft) timer = setTimeout(() => void poll(), POLL_INTERVAL_MS);
    };
    void poll();
    return () => {
      cancelled = true;
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [sessionId]);

  return lookup;
}
