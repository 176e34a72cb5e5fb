/**
 * Limits on the payments API beyond the stage-wide throttle: every route gets its own route throttle
 * (@kesho/operations/api-throttles, sized from a stated peak), so a flood on one cannot starve another
 * (the webhook, the M-Pesa status polls, the beacons), and
 * fulfil-order has reserved concurrency, so a burst of paid orders neither takes the account's
 * whole Lambda concurrency nor is starved by the web-facing functions.
 */
import type { HttpStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { CfnStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { CfnFunction, type IFunction } from 'aws-cdk-lib/aws-lambda';
import { CLIENT_EVENTS_ROUTE_THROTTLE, ROUTE_THROTTLES, routeKeyOf, WEBHOOK_ROUTE_THROTTLE } from '@kesho/operations/api-throttles';
import { DEPLOYED_FUNCTIONS, FUNCTIONS } from '@kesho/operations/functions';
import { DEPLOYED_ROUTES, type ApiThrottle } from './payments/payments-api';

export interface ApiLimits {
  /**
   * Each route's own stage throttle, by route key ("GET /api/mpesa-payment"): @kesho/operations/api-throttles,
   * sized from its stated peak (API_PEAK: 50 families paying at once, the M-Pesa page's polling
   * schedule); the local runtime answers 429 over the same table.
   */
  readonly routes: Readonly<Record<string, ApiThrottle>>;
  /** The Stripe webhook: Stripe retries with backoff, so a modest rate suffices even for a backlog. */
  readonly webhook: ApiThrottle;
  /** Visitors' beacons (POST /api/client-events): one per page left, sampled; a flood of them is
   *  dropped at the edge of the API rather than competing with payments for concurrency. */
  readonly clientEvents: ApiThrottle;
  /**
   * Reserved concurrent executions of fulfil-order; 0 reserves none (an account still at the new
   * account's quota of 10 cannot reserve any: Lambda keeps 10 unreserved).
   */
  readonly fulfilOrderConcurrency: number;
}

export const DEFAULT_API_LIMITS: ApiLimits = {
  routes: ROUTE_THROTTLES,
  webhook: WEBHOOK_ROUTE_THROTTLE,
  clientEvents: CLIENT_EVENTS_ROUTE_THROTTLE,
  // fulfil-order's entry in @kesho/operations/functions; the app's configuration may set another.
  fulfilOrderConcurrency: FUNCTIONS['fulfil-order'].aws.reservedConcurrency,
};

/** `"POST /api/stripe-webhook"`: how API Gateway keys route settings. */
export const routeKey = (route: { readonly method: string; readonly path: string }): string => routeKeyOf(route.method, route.path);

/** Providers' callbacks (Stripe's webhook, Daraja's STK callback: `aws.providerCallback` in @kesho/operations/functions): not counted by the WAF's per-address rules. */
export const PROVIDER_CALLBACKS: ReadonlySet<string> = new Set(DEPLOYED_FUNCTIONS.filter(([, spec]) => spec.providerCallback).map(([name]) => name));

function throttleFor(route: { readonly method: string; readonly path: string }, limits: ApiLimits): ApiThrottle {
  const throttle = limits.routes[routeKey(route)];
  // A new route is sized from the peak, never left to a default (operations/api-throttles.ts).
  if (!throttle) throw new Error(`${routeKey(route)} has no throttle in @kesho/operations/api-throttles (ROUTE_THROTTLES): size it from API_PEAK`);
  return throttle;
}

export function applyApiLimits(stage: HttpStage, fulfilOrder: IFunction, limits: ApiLimits = DEFAULT_API_LIMITS): void {
  const cfnStage = stage.node.defaultChild;
  if (!(cfnStage instanceof CfnStage)) throw new Error(`${stage.node.path} has no CloudFormation stage`);
  cfnStage.addPropertyOverride(
    'RouteSettings',
    Object.fromEntries(
      DEPLOYED_ROUTES.map((route) => {
        const throttle = throttleFor(route, limits);
        return [routeKey(route), { ThrottlingRateLimit: throttle.rateLimit, ThrottlingBurstLimit: throttle.burstLimit }];
      }),
    ),
  );
  const cfnFunction = fulfilOrder.node.defaultChild;
  if (!(cfnFunction instanceof CfnFunction)) throw new Error(`${fulfilOrder.node.path} has no CloudFormation function`);
  // 0 means no reservation, never a reservation of 0 (which would stop the function).
  cfnFunction.reservedConcurrentExecutions = limits.fulfilOrderConcurrency > 0 ? limits.fulfilOrderConcurrency : undefined;
}
