/**
 * The limits on starting payments (orders/paymentLimits.ts has the rules and why they are this size).
 * The same defaults locally and in AWS: `npm start` refuses a prompt-bombing client exactly as the
 * deployed API does. Tests and the bench, which start hundreds of orders from one machine, raise them.
 */
import type { ReadContext } from './problems';

export interface PaymentLimitsConfig {
  /** PAYMENT_RATE_LIMIT_PER_CLIENT: new orders (card and M-Pesa) per client per quarter hour. */
  readonly ordersPerClient: number;
  /** MPESA_RATE_LIMIT_PER_PHONE: M-Pesa pushes per phone per quarter hour. */
  readonly pushesPerPhone: number;
  /** MPESA_PUSH_HOLD_SECONDS: how long a push holds its phone when nobody learns its outcome; 0 (not in production): no hold. */
  readonly pushHoldSeconds: number;
}

export const PAYMENT_LIMITS_DEFAULTS: PaymentLimitsConfig = { ordersPerClient: 20, pushesPerPhone: 5, pushHoldSeconds: 120 };

export function readPaymentLimitsConfig({ read, production, problems }: ReadContext): PaymentLimitsConfig {
  const whole = (name: string, fallback: number, min: number, max: number, what: string): number => {
    const text = read(name);
    if (text === undefined) return fallback;
    const value = Number(text);
    if (!/^\d+$/.test(text) || value < min || value > max) {
      problems.invalid.push(`${name} must be ${what}`);
      return fallback;
    }
    return value;
  };
  return {
    ordersPerClient: whole('PAYMENT_RATE_LIMIT_PER_CLIENT', PAYMENT_LIMITS_DEFAULTS.ordersPerClient, 1, 100_000, 'a whole number from 1 to 100000'),
    pushesPerPhone: whole('MPESA_RATE_LIMIT_PER_PHONE', PAYMENT_LIMITS_DEFAULTS.pushesPerPhone, 1, 100_000, 'a whole number from 1 to 100000'),
    pushHoldSeconds: production
      ? whole('MPESA_PUSH_HOLD_SECONDS', PAYMENT_LIMITS_DEFAULTS.pushHoldSeconds, 30, 600, 'a whole number of seconds from 30 to 600 in production')
      : whole('MPESA_PUSH_HOLD_SECONDS', PAYMENT_LIMITS_DEFAULTS.pushHoldSeconds, 0, 600, 'a whole number of seconds from 0 to 600'),
  };
}
