/**
 * The payments API's routes: every route of every function of @kesho/operations/functions, one entry per
 * path. infra/lib/payments-stack.ts deploys exactly these (one API Gateway route per method, each to its
 * handler's function) and the local runtime (lambdas/src/local/api.ts) serves exactly these, beside its
 * local-only sandbox pages; a test on each side checks it. `{name}` in a path is one path segment.
 */
import { BACKEND_FUNCTIONS, FUNCTIONS, type BackendFunction, type FunctionRoute } from './functions';

export type { ApiMethod } from './functions';

/** The functions that answer a route of the API. */
export type ApiHandlerName = { [K in BackendFunction]: (typeof FUNCTIONS)[K]['routes'] extends readonly [] ? never : K }[BackendFunction];

export interface ApiRoute extends FunctionRoute {
  /** The handler (lambdas/src/handlers/<handler>.ts), deployed as a function of that name. */
  readonly handler: ApiHandlerName;
}

export const API_ROUTES: readonly ApiRoute[] = BACKEND_FUNCTIONS.flatMap((handler) =>
  (FUNCTIONS[handler].routes as readonly FunctionRoute[]).map((route) => ({ methods: route.methods, path: route.path, handler: handler as ApiHandlerName })),
);

export const isApiHandler = (fn: BackendFunction): fn is ApiHandlerName => FUNCTIONS[fn].routes.length > 0;

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
export function apiRouteFor(pathname: string): ApiRoute | undefined {
  return MATCHERS.find(({ matcher }) => matcher.test(pathname))?.route;
}
