/**
 * The ten payment functions, one per handler of lambdas/src/handlers (the sandboxes' are local only):
 * Node.js 24 on ARM with X-Ray active tracing (Powertools Tracer inside: lambdas/src/runtime/tracing.ts) and a log group each, memory sized per function from a measurement, bundled by the one set of esbuild options, with
 * the environment every handler's configuration reads and the secrets and Daraja settings of its own.
 */
import path from 'node:path';
import { Duration, RemovalPolicy, type Stack } from 'aws-cdk-lib';
import { Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { ApiHandlerName } from '@kesho/common/api-routes';
import { secretsOf } from '@kesho/common/function-secrets';
import { VIEWER_ADDRESS_HEADER } from '@kesho/common/viewer-address';
import { LAMBDA_FUNCTION_BASE, PAYMENT_HANDLER_BUNDLING } from '../lambda-bundling';
import {
  acknowledge,
  arnToken,
  BASIC_EXECUTION_REASON,
  LAMBDA_BASIC_EXECUTION_ROLE,
  onFailureDestinationReason,
  SERVERLESS_RULES,
  synchronousOnlyReason,
  WILDCARD_RESOURCE,
  XRAY_REASON,
} from '../nag';
import type { MailSettings } from './mail-identity';
import type { PaymentSecrets } from './payment-secrets';

/** The API's handlers, plus the two that only events start. */
export type PaymentHandlerName = ApiHandlerName | 'fulfil-order' | 'reconcile-orders';

export interface MpesaSettings {
  readonly shortcode: string;
  readonly baseUrl: string;
  /** Shillings per US dollar charged to M-Pesa payers (KES_PER_USD), at most two decimals. */
  readonly kesPerUsd: string;
  /** The day ops set the rate (KES_RATE_DATE, YYYY-MM-DD), shown to the payer. */
  readonly rateDate: string;
}

export interface PaymentFunctionsProps {
  /** Folder of the handler sources, one `<name>.ts` per deployed function (lambdas/src/handlers). */
  readonly handlersDir: string;
  readonly publicSiteUrl: string;
  readonly ordersTableName: string;
  readonly mail: MailSettings;
  /** Unset: M-Pesa is off, and no function is told of Daraja. */
  readonly mpesa?: MpesaSettings;
  readonly secrets: PaymentSecrets;
}

/**
 * Memory per function, chosen from `npm run bench -- lambda-sizing` (infra/README.md, "Memory and
 * architecture"): Lambda gives CPU in proportion to memory (1 vCPU at 1769 MB), and each step below is
 * CPU-bound, so its duration is its CPU time divided by the size's share of a vCPU.
 * - A visitor waits: create-payment (cold start 138 ms of CPU, warm p99 13 ms: 1536 MB keeps the warm
 *   p99 near 15 ms), checkout-session and mpesa-payment (the success page and the M-Pesa poll may settle
 *   the order and draw its invoice, 350 ms of CPU the first time): 1536 MB; enquiries and subscriptions
 *   (a 60 ms module load, a mail composed): 1024 MB.
 * - Nobody waits on the second: stripe-webhook, fulfil-order, mpesa-callback, reconcile-orders: 512 MB,
 *   room for drawing invoices (181 MB resident) at a third of a vCPU.
 * - client-events (24 KB, 4 ms of CPU to load, 48 MB resident; since issue 40 it counts visitors on the
 *   orders table for the canary verdict, and the DynamoDB client makes its bundle 69 → 292 KB, its load
 *   ~11 → ~38 ms of CPU and 52 → 64 MB resident, measured in one process on the shared machine): 128 MB.
 */
export const FUNCTION_MEMORY_MB: Readonly<Record<PaymentHandlerName, number>> = {
  'create-payment': 1536,
  'checkout-session': 1536,
  'mpesa-payment': 1536,
  enquiries: 1024,
  subscriptions: 1024,
  'stripe-webhook': 512,
  'fulfil-order': 512,
  'mpesa-callback': 512,
  'reconcile-orders': 512,
  'client-events': 128,
};

/** Functions without X-Ray active tracing: client-events (a beacon per page left; its handler carries no tracer either). */
export const UNTRACED_HANDLERS: ReadonlySet<PaymentHandlerName> = new Set<PaymentHandlerName>(['client-events']);

const UNTRACED_REASON = "Visitors' beacons: a trace per beacon would cost more than the beacon and show nobody waiting (its handler carries no tracer).";
const RECONCILE_FAILURE_REASON =
  "Run by its schedule every 5 minutes with no retry: a failed run is the next run's work (the orders it left stay pending, the receipts due), so there is no event to keep; its Errors alarm and kesho-reconciliation-silent watch it.";
/** The functions invoked asynchronously, and where their failures go instead of a dead-letter queue; every other one is an API route's. */
const ASYNC_FAILURE_REASONS: Partial<Readonly<Record<PaymentHandlerName, string>>> = {
  'fulfil-order': onFailureDestinationReason('FulfilmentFailures'),
  'reconcile-orders': RECONCILE_FAILURE_REASON,
};

export const toPascalCase = (kebab: string): string => kebab.replace(/(^|-)([a-z])/g, (_match, _dash: string, letter: string) => letter.toUpperCase());

export class PaymentFunctions {
  readonly byName: Readonly<Record<PaymentHandlerName, NodejsFunction>>;

  /** Built in the stack's own scope: each function, role and log group keeps its logical id. */
  constructor(stack: Stack, props: PaymentFunctionsProps) {
    const fulfilOrderFunctionName = `${stack.stackName}-fulfil-order`;
    const environment = {
      PUBLIC_SITE_URL: props.publicSiteUrl,
      ORDERS_TABLE: props.ordersTableName,
      // A literal, not a reference: fulfil-order's own configuration needs it too (no self-reference).
      FULFIL_ORDER_FUNCTION_NAME: fulfilOrderFunctionName,
      // Every handler loads the one configuration, which requires SES in production.
      MAIL_TRANSPORT: 'ses',
      MAIL_FROM: props.mail.from,
      SUPPORT_EMAIL: props.mail.supportEmail,
      // Written by the distribution's viewer-request function (functions/build-choice/edge.ts) over anything the visitor sent.
      CLIENT_ADDRESS_HEADER: VIEWER_ADDRESS_HEADER,
    };
    const darajaSettings = props.mpesa
      ? {
          DARAJA_SHORTCODE: props.mpesa.shortcode,
          DARAJA_BASE_URL: props.mpesa.baseUrl,
          // Ops' KES rate: charged by mpesa-payment and shown on /payment through GET /api/mpesa-payment.
          KES_PER_USD: props.mpesa.kesPerUsd,
          KES_RATE_DATE: props.mpesa.rateDate,
        }
      : {};

    const handler = (name: PaymentHandlerName, options: { timeout: Duration; functionName?: string }) => {
      const fn = new NodejsFunction(stack, toPascalCase(name), {
        ...(options.functionName ? { functionName: options.functionName } : {}),
        description: `Kesho payments: ${name}`,
        entry: path.join(props.handlersDir, `${name}.ts`),
        memorySize: FUNCTION_MEMORY_MB[name],
        timeout: options.timeout,
        logGroup: new LogGroup(stack, `${toPascalCase(name)}Logs`, {
          retention: RetentionDays.THREE_MONTHS,
          removalPolicy: RemovalPolicy.RETAIN,
        }),
        // POWERTOOLS_SERVICE_NAME: the Tracer's service annotation (lambdas/src/runtime/tracing.ts) is the function's name.
        environment: { ...environment, NODE_OPTIONS: '--enable-source-maps', POWERTOOLS_SERVICE_NAME: name },
        ...LAMBDA_FUNCTION_BASE,
        // Visitors' beacons: a trace per beacon would cost more than the beacon and show nobody waiting.
        ...(UNTRACED_HANDLERS.has(name) ? { tracing: Tracing.DISABLED } : {}),
        bundling: PAYMENT_HANDLER_BUNDLING,
      });
      props.secrets.give(name, fn);
      // Whoever reads Daraja's credentials talks to Daraja: its shortcode, origin and ops' KES rate.
      if (secretsOf(name).includes('darajaCredentials')) for (const [key, value] of Object.entries(darajaSettings)) fn.addEnvironment(key, value);
      return fn;
    };

    const apiTimeout = { timeout: Duration.seconds(15) };
    this.byName = {
      'create-payment': handler('create-payment', apiTimeout),
      'checkout-session': handler('checkout-session', apiTimeout),
      'stripe-webhook': handler('stripe-webhook', apiTimeout),
      'fulfil-order': handler('fulfil-order', { timeout: Duration.seconds(60), functionName: fulfilOrderFunctionName }),
      enquiries: handler('enquiries', apiTimeout),
      subscriptions: handler('subscriptions', apiTimeout),
      // Daraja's STK push and query can each take several seconds.
      'mpesa-payment': handler('mpesa-payment', { timeout: Duration.seconds(29) }),
      'mpesa-callback': handler('mpesa-callback', { timeout: Duration.seconds(29) }),
      // One run re-reads every pending order from Stripe (5 s per call at worst) and sends due receipts.
      'reconcile-orders': handler('reconcile-orders', { timeout: Duration.minutes(5) }),
      // Reads the published pointer document (which builds are real), counts each visitor per build and
      // day on the orders table (the canary verdict's figures) and writes EMF lines: nothing else.
      'client-events': handler('client-events', { timeout: Duration.seconds(5) }),
    };
    // The webhook only hands a paid session to fulfil-order, asynchronously.
    this.byName['fulfil-order'].grantInvoke(this.byName['stripe-webhook']);
  }

  acknowledgeFindings(): void {
    for (const [name, fn] of Object.entries(this.byName)) {
      acknowledge(fn, { id: LAMBDA_BASIC_EXECUTION_ROLE, reason: BASIC_EXECUTION_REASON });
      // Untraced functions are given no xray:* on "*", so there is nothing to acknowledge.
      if (!UNTRACED_HANDLERS.has(name as PaymentHandlerName)) acknowledge(fn, { id: WILDCARD_RESOURCE, reason: XRAY_REASON });
      else acknowledge(fn, { id: SERVERLESS_RULES.lambdaTracing, reason: UNTRACED_REASON });
      acknowledge(fn, { id: SERVERLESS_RULES.lambdaDlq, reason: ASYNC_FAILURE_REASONS[name as PaymentHandlerName] ?? synchronousOnlyReason("API Gateway, the API's routes") });
    }
    // Its schedule's run is not retried: no destination either (the next run does the same work).
    acknowledge(this.byName['reconcile-orders'], { id: SERVERLESS_RULES.lambdaAsyncFailureDestination, reason: RECONCILE_FAILURE_REASON });
    acknowledge(this.byName['stripe-webhook'], {
      id: `AwsSolutions-IAM5[Resource::${arnToken(this.byName['fulfil-order'])}:*]`,
      reason: 'grantInvoke covers fulfil-order and its versions/aliases ("<arn>:*"); the webhook can invoke nothing else.',
    });
  }
}
