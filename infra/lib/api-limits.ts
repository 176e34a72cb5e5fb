/**
 * Limits on the payments API beyond the stage-wide throttle: the Stripe webhook gets its own route
 * throttle, so a flood of anonymous checkout calls cannot starve the webhook (and the reverse), and
 * fulfil-order has reserved concurrency, so a burst of paid orders neither takes the account's
 * whole Lambda concurrency nor is starved by the web-facing functions.
 */
import type { HttpStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { CfnStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { CfnFunction, type IFunction } from 'aws-cdk-lib/aws-lambda';
import { DEPLOYED_ROUTES, LEAD_HANDLERS, LEAD_ROUTE_THROTTLE, type ApiThrottle } from './payments/payments-api';

export interface ApiLimits {
  /** The Stripe webhook: Stripe retries with backoff, so a modest rate suffices even for a backlog. */
  readonly webhook: ApiThrottle;
  /** Each anonymous browser route (create-payment, checkout-session, mpesa-payment); the contact and
   *  newsletter forms keep their own tighter LEAD_ROUTE_THROTTLE. */
  readonly anonymous: ApiThrottle;
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
  webhook: { rateLimit: 10, burstLimit: 20 },
  anonymous: { rateLimit: 10, burstLimit: 20 },
  clientEvents: { rateLimit: 20, burstLimit: 40 },
  fulfilOrderConcurrency: 5,
};

/** `"POST /api/stripe-webhook"`: how API Gateway keys route settings. */
export const routeKey = (route: { readonly method: string; readonly path: string }): string => `${route.method} ${route.path}`;

/** Providers' callbacks (Stripe's webhook, Daraja's STK callback) share the webhook's throttle. */
export const PROVIDER_CALLBACKS: ReadonlySet<string> = new Set(['stripe-webhook', 'mpesa-callback']);

function throttleFor(handler: string, limits: ApiLimits): ApiThrottle {
  if (PROVIDER_CALLBACKS.has(handler)) return limits.webhook;
  if ((LEAD_HANDLERS as ReadonlySet<string>).has(handler)) return LEAD_ROUTE_THROTTLE;
  if (handler === 'client-events') return limits.clientEvents;
  return limits.anonymous;
}

export function applyApiLimits(stage: HttpStage, fulfilOrder: IFunction, limits: ApiLimits = DEFAULT_API_LIMITS): void {
  const cfnStage = stage.node.defaultChild;
  if (!(cfnStage instanceof CfnStage)) throw new Error(`${stage.node.path} has no CloudFormation stage`);
  cfnStage.addPropertyOverride(
    'RouteSettings',
    Object.fromEntries(
      DEPLOYED_ROUTES.map((route) => {
        const throttle = throttleFor(route.handler, limits);
        return [routeKey(route), { ThrottlingRateLimit: throttle.rateLimit, ThrottlingBurstLimit: throttle.burstLimit }];
      }),
    ),
  );
  const cfnFunction = fulfilOrder.node.defaultChild;
  if (!(cfnFunction instanceof CfnFunction)) throw new Error(`${fulfilOrder.node.path} has no CloudFormation function`);
  // 0 means no reservation, never a reservation of 0 (which would stop the function).
  cfnFunction.reservedConcurrentExecutions = limits.fulfilOrderConcurrency > 0 ? limits.fulfilOrderConcurrency : undefined;
}
