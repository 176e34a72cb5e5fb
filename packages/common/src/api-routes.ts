/**
 * The payments API's routes, written once. infra/lib/payments-stack.ts deploys exactly these (one API
 * Gateway route per method, each to its handler's function) and the local runtime
 * (lambdas/src/local/api.ts) serves exactly these, beside its local-only sandbox pages; a test on each
 * side checks it. `{name}` in a path is one path segment.
 */
import { CLIENT_EVENTS_PATH } from './client-events';

export type ApiMethod = 'GET' | 'POST';

export interface ApiRoute {
  readonly methods: readonly ApiMethod[];
  readonly path: string;
  /** The handler (lambdas/src/handlers/<handler>.ts), deployed as a function of that name. */
  readonly handler: string;
}

export const API_ROUTES = [
  { methods: ['POST'], path: '/api/create-payment', handler: 'create-payment' },
  { methods: ['GET'], path: '/api/checkout-session', handler: 'checkout-session' },
  { methods: ['POST'], path: '/api/stripe-webhook', handler: 'stripe-webhook' },
  { methods: ['POST'], path: '/api/enquiries', handler: 'enquiries' },
  { methods: ['POST'], path: '/api/subscriptions', handler: 'subscriptions' },
  // GET shows the page with one button, POST (the button, or RFC 8058 one-click) acts.
  { methods: ['GET', 'POST'], path: '/api/subscriptions/confirm', handler: 'subscriptions' },
  { methods: ['GET', 'POST'], path: '/api/subscriptions/unsubscribe', handler: 'subscriptions' },
  // Visitors' browsers' errors and Web Vitals (shell/src/telemetry): an untrusted stream, its own throttle.
  { methods: ['POST'], path: CLIENT_EVENTS_PATH, handler: 'client-events' },
  { methods: ['GET', 'POST'], path: '/api/mpesa-payment', handler: 'mpesa-payment' },
  { methods: ['POST'], path: '/api/mpesa/callback/{token}', handler: 'mpesa-callback' },
] as const satisfies readonly ApiRoute[];

export type ApiHandlerName = (typeof API_ROUTES)[number]['handler'];

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
// "/api/mpesa/callback/{token}" → /^\/api\/mpesa\/callback\/[^/]+$/
const matcherOf = (path: string): RegExp =>
  new RegExp(
    `^${path
      .split(/\{[^}/]+\}/)
      .map(escapeRegExp)
      .join('[^/]+')}$`,
  );
const MATCHERS = API_ROUTES.map((route) => ({ route, matcher: matcherOf(route.path) }));

/** The route serving a request path (any method), or undefined. */
export function apiRouteFor(pathname: string): (typeof API_ROUTES)[number] | undefined {
  return MATCHERS.find(({ matcher }) => matcher.test(pathname))?.route;
}
