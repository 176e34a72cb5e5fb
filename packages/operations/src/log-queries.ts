/**
 * The CloudWatch Logs Insights queries ops run, in one place: the stack saves them as query
 * definitions (infra/lib/log-queries.ts) and `npm run orders -- show INV-… --aws` runs the order's
 * story with them (lambdas/src/ordersTool.ts).
 */

/** Saved query names: the console's "Queries" list shows them under `kesho/`. */
export const ORDER_STORY_QUERY_NAME = 'kesho/order-story';
export const API_FORBIDDEN_QUERY_NAME = 'kesho/api-403';
export const API_THROTTLED_QUERY_NAME = 'kesho/api-429';

/** The invoice number the saved order-story query names until ops put theirs in. */
export const ORDER_STORY_PLACEHOLDER = 'INV-00000000';

/** A value inside a double-quoted Logs Insights string. */
function quoted(value: string): string {
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/**
 * Every line the payment functions wrote about an order (log and EMF metric lines alike), oldest
 * first, by its invoice number, or its correlation id once known (the first line names it).
 */
export function orderStoryQuery(invoiceNumber: string, correlationId?: string | null): string {
  const about = [`invoiceNumber = ${quoted(invoiceNumber)}`, ...(correlationId ? [`correlationId = ${quoted(correlationId)}`] : [])].join(' or ');
  return ['fields @timestamp, @log, function, level, event, status, source, why, @message', `| filter ${about}`, '| sort @timestamp asc', '| limit 10000'].join('\n');
}

/** The API's refusals of one status, by route and viewer address (the JSON access log's fields). */
function refusalsQuery(status: number): string {
  return [
    'fields @timestamp, routeKey, status, viewerAddress, authorizerError, integrationError',
    `| filter status = ${status}`,
    '| stats count() as requests by routeKey, viewerAddress, authorizerError',
    '| sort requests desc',
  ].join('\n');
}

/** Which route answered 403 and to whom: the origin-verify authorizer (authorizerError) or a handler. */
export const API_FORBIDDEN_QUERY = refusalsQuery(403);
/** Which route throttled whom (429). */
export const API_THROTTLED_QUERY = refusalsQuery(429);
