/**
 * The payments API's route throttles, sized from a stated peak: infra deploys them as the HTTP API
 * stage's route settings (infra/lib/api-limits.ts), the local runtime answers 429 over them as API
 * Gateway does (lambdas/src/local/api.ts), and the M-Pesa page's polling schedule
 * (MPESA_POLL_SCHEDULE) is what the status route is sized for. infra/REFERENCE.md ("API limits") writes
 * the arithmetic down.
 *
 * API Gateway keeps one token bucket per route and stage: up to `burstLimit` requests at once, refilled
 * at `rateLimit` per second; a request finding it empty gets 429 with no Retry-After.
 */
import { API_ROUTES } from './api-routes';
import { MPESA_POLL_SCHEDULE } from '@kesho/site-rules/mpesa';

export { MPESA_POLL_SCHEDULE };

export interface RouteThrottle {
  /** Steady-state requests per second. */
  readonly rateLimit: number;
  /** Requests the bucket holds: what may arrive at one moment. */
  readonly burstLimit: number;
}

/**
 * The peak every payment route is sized for. Not an average: the minutes after a school's fee
 * deadline reminder or a campaign mail, when families pay at once (twice the "about 20 at once" that
 * the first limits already refused).
 */
export const API_PEAK = {
  /** Families paying in the same minutes (card or M-Pesa), each from its own phone or computer. */
  payersAtOnce: 50,
  /** Requests each payer's page starts a payment with in a minute (the start, one retry). */
  startsPerPayerPerMinute: 2,
  /** Headroom over the peak's steady rate, for the pages a payer also loads and for clock skew. */
  headroom: 1.2,
} as const;

/** The most requests per second one payer's page sends to a route at its fastest. */
export const PER_PAYER_PEAK_RATE = {
  /** M-Pesa status polls (plus the rate read when the page opens, once). */
  mpesaStatus: 1000 / MPESA_POLL_SCHEDULE.firstIntervalMs,
  /** The success page's order lookups (every 2 s for 30 s). */
  checkoutLookup: 1 / 2,
  starts: API_PEAK.startsPerPayerPerMinute / 60,
} as const;

/** Up to the next multiple of 5: limits a person can read and compare. */
const roundUp5 = (value: number): number => Math.ceil(value / 5) * 5;

/** A route a payer's page reads at `perPayerRate` at its fastest: the peak's rate with headroom, a bucket of every payer at once and two seconds of it. */
function sizedForPayers(perPayerRate: number): RouteThrottle {
  const rateLimit = Math.max(10, roundUp5(API_PEAK.payersAtOnce * perPayerRate * API_PEAK.headroom));
  return { rateLimit, burstLimit: Math.max(API_PEAK.payersAtOnce, 2 * rateLimit) };
}

/** The stage-wide default (any route without its own setting). */
export const DEFAULT_ROUTE_THROTTLE: RouteThrottle = { rateLimit: 25, burstLimit: 50 };
/** The contact and newsletter forms: a person sends one; a flood meets 429 before the handlers' own limits. */
export const LEAD_ROUTE_THROTTLE: RouteThrottle = { rateLimit: 5, burstLimit: 10 };
/** Visitors' beacons: one per page left, sampled; refused before they compete with payments. */
export const CLIENT_EVENTS_ROUTE_THROTTLE: RouteThrottle = { rateLimit: 20, burstLimit: 40 };
/** Stripe's webhook: a few events per payment, retried by Stripe with backoff. */
export const WEBHOOK_ROUTE_THROTTLE: RouteThrottle = { rateLimit: 10, burstLimit: 20 };

/** `"POST /api/stripe-webhook"`: how API Gateway keys route settings. */
export const routeKeyOf = (method: string, path: string): string => `${method} ${path}`;

/** Every route of @kesho/operations/api-routes, one per method, with its throttle. */
export const ROUTE_THROTTLES: Readonly<Record<string, RouteThrottle>> = {
  // Payers: sized from API_PEAK.
  'GET /api/mpesa-payment': sizedForPayers(PER_PAYER_PEAK_RATE.mpesaStatus),
  'GET /api/checkout-session': sizedForPayers(PER_PAYER_PEAK_RATE.checkoutLookup),
  'POST /api/mpesa-payment': sizedForPayers(PER_PAYER_PEAK_RATE.starts),
  'POST /api/create-payment': sizedForPayers(PER_PAYER_PEAK_RATE.starts),
  // Providers: one M-Pesa callback per push (every payer at once), Stripe's few events per payment.
  'POST /api/mpesa/callback/{token}': sizedForPayers(PER_PAYER_PEAK_RATE.starts),
  'POST /api/stripe-webhook': WEBHOOK_ROUTE_THROTTLE,
  'POST /api/client-events': CLIENT_EVENTS_ROUTE_THROTTLE,
  'POST /api/enquiries': LEAD_ROUTE_THROTTLE,
  'POST /api/subscriptions': LEAD_ROUTE_THROTTLE,
  'GET /api/subscriptions/confirm': LEAD_ROUTE_THROTTLE,
  'POST /api/subscriptions/confirm': LEAD_ROUTE_THROTTLE,
  'GET /api/subscriptions/unsubscribe': LEAD_ROUTE_THROTTLE,
  'POST /api/subscriptions/unsubscribe': LEAD_ROUTE_THROTTLE,
};

/** The throttle of a route (method and the route's path as API_ROUTES writes it). */
export function routeThrottleOf(method: string, path: string): RouteThrottle {
  return ROUTE_THROTTLES[routeKeyOf(method, path)] ?? DEFAULT_ROUTE_THROTTLE;
}

/** Every deployed route key has its own line above (a new route must be sized, not defaulted). */
export function unsizedRoutes(): string[] {
  return API_ROUTES.flatMap((route) => route.methods.map((method) => routeKeyOf(method, route.path))).filter((key) => !(key in ROUTE_THROTTLES));
}

/** API Gateway's token bucket per route, as the local runtime plays it: take() is false when the request gets 429. */
export function createRouteBuckets(now: () => number = Date.now): { take(method: string, path: string): boolean } {
  const buckets = new Map<string, { tokens: number; at: number }>();
  return {
    take(method, path) {
      const key = routeKeyOf(method, path);
      const { rateLimit, burstLimit } = routeThrottleOf(method, path);
      const at = now();
      const bucket = buckets.get(key) ?? { tokens: burstLimit, at };
      bucket.tokens = Math.min(burstLimit, bucket.tokens + ((at - bucket.at) / 1000) * rateLimit);
      bucket.at = at;
      buckets.set(key, bucket);
      if (bucket.tokens < 1) return false;
      bucket.tokens -= 1;
      return true;
    },
  };
}
