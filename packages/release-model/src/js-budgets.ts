/**
 * How much JavaScript a route may download: gzip KB of every script it requests until the app is
 * ready and the network idle (shell + the remote that serves it). e2e/tests/js-budget.spec.ts holds
 * the production build to them; `npm run bench` prints each route's figure and its scripts beside them.
 */
export const CONTENT_ROUTE_JS_BUDGET_KB = 130;

/** The commerce flow (quote, checkout, payment and its outcome) carries the cart, its forms and their validation. */
export const FLOW_PAGE_JS_BUDGET_KB = 160;

/** The remote whose routes are the commerce flow; every other remote's routes are content routes. */
export const FLOW_REMOTE = 'commerce';

/** The budget of a route served by the named remote. */
export function jsBudgetKbOf(remoteName: string): number {
  return remoteName === FLOW_REMOTE ? FLOW_PAGE_JS_BUDGET_KB : CONTENT_ROUTE_JS_BUDGET_KB;
}
