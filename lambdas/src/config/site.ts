/**
 * What every function is given by the stack: the site's public origin, the table, fulfil-order's
 * name, the trusted header that carries the visitor's address, and the log level.
 */
import type { ReadContext } from './problems';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

const LOG_LEVELS: readonly LogLevel[] = ['debug', 'info', 'warn', 'error', 'silent'];

export interface SiteConfig {
  /** Origin the customer's browser returns to after checkout, without a trailing slash. */
  readonly publicSiteUrl: string;
  readonly ordersTable: string;
  readonly fulfilOrderFunctionName: string;
  /** FULFILMENT_FAILURE_QUEUE_URL: fulfil-order's on-failure SQS queue, drained by reconcile-orders (AWS only). */
  readonly fulfilmentFailureQueueUrl?: string;
  readonly logLevel: LogLevel;
}

export const SITE_DEFAULTS = {
  publicSiteUrl: 'http://localhost:3000',
  ordersTable: 'kesho-orders',
  fulfilOrderFunctionName: 'fulfil-order',
  logLevel: 'info',
} as const;

/** `defaultPublicSiteUrl`: the local runtime's own origin, when it has one. */
export function readSiteConfig({ read, production, problems }: ReadContext, defaultPublicSiteUrl: string = SITE_DEFAULTS.publicSiteUrl): SiteConfig {
  const required = (name: string, devDefault: string): string => {
    const value = read(name);
    if (value !== undefined) return value;
    if (production) problems.missing.push(name);
    return devDefault;
  };
  const publicSiteUrl = required('PUBLIC_SITE_URL', defaultPublicSiteUrl).replace(/\/+$/, '');
  if (!isHttpOrigin(publicSiteUrl)) problems.invalid.push('PUBLIC_SITE_URL must be an http(s) origin such as https://www.example.com');
  const ordersTable = required('ORDERS_TABLE', SITE_DEFAULTS.ordersTable);
  const fulfilOrderFunctionName = required('FULFIL_ORDER_FUNCTION_NAME', SITE_DEFAULTS.fulfilOrderFunctionName);
  const fulfilmentFailureQueueUrl = read('FULFILMENT_FAILURE_QUEUE_URL');
  if (fulfilmentFailureQueueUrl !== undefined && !/^https:\/\/[a-z0-9.-]+\/\d{12}\/[A-Za-z0-9_.-]{1,80}$/.test(fulfilmentFailureQueueUrl)) {
    problems.invalid.push('FULFILMENT_FAILURE_QUEUE_URL must be an SQS queue URL such as https://sqs.eu-west-1.amazonaws.com/123456789012/name');
  }
  const logLevel = (read('LOG_LEVEL') ?? SITE_DEFAULTS.logLevel) as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) problems.invalid.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);
  return { publicSiteUrl, ordersTable, fulfilOrderFunctionName, ...(fulfilmentFailureQueueUrl ? { fulfilmentFailureQueueUrl } : {}), logLevel };
}

/**
 * CLIENT_ADDRESS_HEADER: the request header that carries the visitor's address, set by a hop this
 * API trusts (in AWS the distribution's viewer-request function, @kesho/operations/viewer-address).
 * Absent (the local runtime): the connection's own address. X-Forwarded-For is never read.
 * `insideLambda`: in AWS the connection comes from CloudFront, never from the visitor, so without the
 * trusted header every visitor of an edge location would share one per-client limit.
 */
export function readClientAddressHeader({ read, problems }: ReadContext, insideLambda: boolean): string | undefined {
  const header = read('CLIENT_ADDRESS_HEADER')?.toLowerCase();
  if (header === undefined && insideLambda) problems.missing.push('CLIENT_ADDRESS_HEADER');
  if (header !== undefined && (!/^[a-z0-9-]{1,64}$/.test(header) || header === 'x-forwarded-for')) {
    problems.invalid.push('CLIENT_ADDRESS_HEADER must name a header a trusted hop sets (such as x-kesho-viewer-address), never X-Forwarded-For');
  }
  return header;
}

/**
 * Whether the function traces its invocations (X-Ray through Powertools Tracer, clients/tracing.ts):
 * Powertools' own rule, inside Lambda (AWS_EXECUTION_ENV, set by Lambda's runtime) unless
 * POWERTOOLS_TRACE_ENABLED=false; never in the local runtime, the tests or the bench.
 */
export function readTracing({ read }: ReadContext, insideLambda: boolean): boolean {
  return insideLambda && read('AWS_EXECUTION_ENV') !== undefined && read('POWERTOOLS_TRACE_ENABLED')?.toLowerCase() !== 'false';
}

function isHttpOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.pathname === '/' && !url.search && !url.hash;
  } catch {
    return false;
  }
}
