/**
 * Settings for a local server that takes a test suite's or the bench's traffic: every order comes from
 * 127.0.0.1 to the same test phones, far beyond what one visitor may start, so the payment limits are
 * raised (they are tested at their real sizes in lambdas/test/paymentLimits.test.ts, whose own test
 * servers use the same values: lambdas may not import scripts). Read by the bench and the e2e server.
 */
export const ROOMY_PAYMENT_LIMITS = Object.freeze({ PAYMENT_RATE_LIMIT_PER_CLIENT: '100000', MPESA_RATE_LIMIT_PER_PHONE: '100000', MPESA_PUSH_HOLD_SECONDS: '0' });
