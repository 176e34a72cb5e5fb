/**
 * Limits on starting payments, per client and per M-Pesa phone, counted with the forms' limiter
 * (leads/rateLimit.ts: hashed keys in the orders table, expiring with TTL), so they hold across every
 * Lambda instance and the same code enforces them locally. They are asked only when a new order is
 * about to be stored: a repeat of an attempt (the same Idempotency-Key: a double tap, a retry after a
 * timeout, a reload) answers what the first request started and is never counted.
 *
 * Sizes (configuration, the same defaults locally and in AWS; README "Security"):
 * - 20 new orders per client per quarter hour, card and M-Pesa together. A family that retries
 *   honestly starts a handful (each failed or declined payment and each changed package is a new
 *   attempt); 20 leaves room for several families behind one address (Safaricom's mobile data
 *   shares addresses between many subscribers) while 40 orders in seconds from one client are refused.
 * - One M-Pesa push waiting per phone: the next push to that phone is refused until the first one's
 *   outcome is known (paid, cancelled, wrong PIN, timed out: recorded when the page, the callback or
 *   the reconciliation asks Daraja) or, if nobody asks, for MPESA_PUSH_HOLD_SECONDS (120 s: Daraja's
 *   prompt gives up on the phone after about a minute). A payer answers one prompt at a time anyway.
 * - 5 pushes per phone per quarter hour: a wrong PIN, a cancelled prompt, a timeout and a top-up
 *   after "insufficient funds" still leave a fifth push to pay; a stranger's phone rings at most
 *   5 times in a quarter hour, and only after each prompt ended.
 * Fixed windows: at a window's edge a client may start up to twice its limit in a short span.
 */
import type { PaymentLimitReason } from '@kesho/site-rules/payment-attempt';
import type { PaymentLimitsConfig } from '../config';
import type { Logger } from '../log';
import type { HoldRule, RateLimiter, RateLimitRule } from '../leads/rateLimit';

export const PAYMENT_LIMIT_WINDOW_SECONDS = 15 * 60;

/** The sizes (config/paymentLimits.ts reads them; PAYMENT_LIMITS_DEFAULTS are the numbers above). */
export type PaymentLimitSettings = PaymentLimitsConfig;

/** The visitor starting a payment: its address (http/apiGateway.ts clientAddress, never X-Forwarded-For). */
export interface PaymentClient {
  readonly ip: string;
}

export type AdmissionResult = { readonly kind: 'admitted' } | { readonly kind: 'rate-limited'; readonly reason: PaymentLimitReason; readonly retryAfterSeconds: number };

/** Asked once, just before a new order is stored. */
export type Admission = () => Promise<AdmissionResult>;

export interface PaymentLimits {
  /** A card order from this client. */
  forOrder(client: PaymentClient): Admission;
  /** An M-Pesa order from this client, whose push (`paymentId`) would ring `msisdn`. */
  forPush(client: PaymentClient, msisdn: string, paymentId: string): Admission;
  /** The push's outcome is known, or it never reached the phone: the phone is free for the next one. */
  pushEnded(msisdn: string, paymentId: string): Promise<void>;
}

const ADMITTED: AdmissionResult = { kind: 'admitted' };

export function createPaymentLimits(limiter: RateLimiter, settings: PaymentLimitSettings, logger: Logger): PaymentLimits {
  const perClient: RateLimitRule = { scope: 'payment-client', limit: settings.ordersPerClient, windowSeconds: PAYMENT_LIMIT_WINDOW_SECONDS };
  const perPhone: RateLimitRule = { scope: 'mpesa-phone', limit: settings.pushesPerPhone, windowSeconds: PAYMENT_LIMIT_WINDOW_SECONDS };
  const phoneHold: HoldRule = { scope: 'mpesa-phone-waiting', seconds: settings.pushHoldSeconds };

  const refused = (reason: PaymentLimitReason, retryAfterSeconds: number): AdmissionResult => {
    // No address and no number: the reason and the wait say enough to ops.
    logger.warn('payment.rate_limited', { reason, retryAfterSeconds });
    return { kind: 'rate-limited', reason, retryAfterSeconds };
  };

  const admitOrder = async (client: PaymentClient): Promise<AdmissionResult> => {
    const hit = await limiter.hit(perClient, client.ip);
    return hit.limited ? refused('client', hit.retryAfterSeconds) : ADMITTED;
  };

  return {
    forOrder: (client) => () => admitOrder(client),

    forPush: (client, msisdn, paymentId) => async () => {
      const order = await admitOrder(client);
      if (order.kind !== 'admitted') return order;
      if (settings.pushHoldSeconds > 0) {
        const held = await limiter.hold(phoneHold, msisdn, paymentId);
        if (!held.held) return refused('phone-busy', held.retryAfterSeconds);
      }
      const hit = await limiter.hit(perPhone, msisdn);
      if (!hit.limited) return ADMITTED;
      if (settings.pushHoldSeconds > 0) await limiter.release(phoneHold, msisdn, paymentId);
      return refused('phone', hit.retryAfterSeconds);
    },

    async pushEnded(msisdn, paymentId) {
      if (settings.pushHoldSeconds > 0) await limiter.release(phoneHold, msisdn, paymentId);
    },
  };
}
