import { useEffect, useState } from 'react';
import { getMpesaRate, type MpesaRate } from '../../api/mpesaClient';
import { failureMessage } from '../../api/paymentsClient';

/**
 * The server's rate for one visit of /payment (ops set it in the Lambdas' configuration, so the
 * amount shown is the amount the phone will be asked for): asked the first time M-Pesa is chosen and
 * kept for the rest of the visit, however often the visitor switches between card and M-Pesa. A
 * failed ask is not kept: Try again asks anew.
 */
export interface VisitRate {
  /** The rate once known. */
  known(): MpesaRate | undefined;
  read(): Promise<MpesaRate>;
}

export function createVisitRate(): VisitRate {
  let rate: MpesaRate | undefined;
  let asking: Promise<MpesaRate> | undefined;
  return {
    known: () => rate,
    read() {
      asking ??= getMpesaRate().then(
        (answer) => (rate = answer),
        (error: unknown) => {
          asking = undefined;
          throw error;
        },
      );
      return asking;
    },
  };
}

export type RateState = { readonly kind: 'loading' } | { readonly kind: 'ready'; readonly rate: MpesaRate } | { readonly kind: 'failed'; readonly message: string };

/** The visit's rate as the form shows it, and `retry` for a failed ask. */
export function useMpesaRate(visitRate: VisitRate): { readonly rate: RateState; retry(): void } {
  const [attempt, setAttempt] = useState(0);
  const [rate, setRate] = useState<RateState>(() => {
    const known = visitRate.known();
    return known ? { kind: 'ready', rate: known } : { kind: 'loading' };
  });

  useEffect(() => {
    if (visitRate.known()) return undefined;
    let live = true;
    visitRate.read().then(
      (answer) => {
        if (live) setRate({ kind: 'ready', rate: answer });
      },
      (error: unknown) => {
        if (live) setRate({ kind: 'failed', message: failureMessage(error) });
      },
    );
    return () => {
      live = false;
    };
  }, [visitRate, attempt]);

  return {
    rate,
    retry() {
      setRate({ kind: 'loading' });
      setAttempt((count) => count + 1);
    },
  };
}
