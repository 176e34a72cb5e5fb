/**
 * The functions of the payment backend, one entry each, written once. Each entry is lambdas/src/handlers/<name>.ts
 * and says everything about that function the rest of the repo needs:
 * - the CDK app (infra/lib/payments/) deploys each entry with `aws` as one function: its memory, timeout,
 *   architecture, tracing, the secrets it may read, what it may do in the orders table, whether it may
 *   send mail, whom it may invoke, its schedule, its reserved concurrency, whether it is deployed
 *   through a canary (safe deploys) and the API routes it answers;
 * - the local runtime (lambdas/src/local/api.ts) serves the same routes with the same handler modules,
 *   plus the local-only sandbox pages (entries without `aws`), and runs the schedule on a timer;
 * - the lambdas build (lambdas/build.mjs) bundles exactly these handlers, and the bundle tests
 *   (lambdas/test/handlerBundles.test.ts) check each bundle against what its entry says it uses.
 * Derived views: @kesho/operations/api-routes (the route table), @kesho/operations/pre-traffic-probes (the safe
 * deploys), secretsOf below. A new function is one entry here and its handler file.
 */
import { CLIENT_EVENTS_PATH } from './client-events';
import type { FunctionSecret } from './function-secrets';
import { MPESA_SANDBOX_PATH } from '@kesho/site-rules/mpesa';
import { ORDERS_TABLE_INDEXES, type TableIndex } from './orders-table';

export type ApiMethod = 'GET' | 'POST';

/** One path of the payments API and the methods it answers; `{name}` in a path is one path segment. */
export interface FunctionRoute {
  readonly methods: readonly ApiMethod[];
  readonly path: string;
}

export type TableItemAction = 'dynamodb:GetItem' | 'dynamodb:PutItem' | 'dynamodb:UpdateItem';

/** What a deployed function is, as the CDK app deploys it. */
export interface DeployedFunction {
  /** Chosen from `npm run bench -- lambda-sizing` (infra/REFERENCE.md, "Memory and architecture"). */
  readonly memoryMb: number;
  readonly timeoutSeconds: number;
  readonly architecture: 'arm64';
  /** X-Ray active tracing (Powertools Tracer inside: lambdas/src/clients/tracing.ts). */
  readonly tracing: boolean;
  /** Item actions on the orders table, and Query on these indexes; absent: no access to the table at all. */
  readonly table?: { readonly items: readonly TableItemAction[]; readonly queries?: readonly TableIndex[] };
  /** May send mail from the SES identity (ses:SendEmail/SendRawEmail on it). */
  readonly sendsMail: boolean;
  /** The functions it may invoke (asynchronously: Lambda's Invoke API). */
  readonly invokes?: readonly string[];
  /** Deployed under the fixed name `<stack>-<function>`, which other functions' configuration names. */
  readonly fixedName?: boolean;
  /** Run by an EventBridge schedule at this rate (locally: config's reconcile interval). */
  readonly scheduleMinutes?: number;
  /** Reserved concurrent executions by default (the app's configuration may change it; 0: none). */
  readonly reservedConcurrency?: number;
  /**
   * Money passes through it: deployed through its alias `live` with a CodeDeploy canary, rolled back
   * when the deploying version's p99 duration passes this (several times its healthy time, well under its timeout).
   */
  readonly safeDeploy?: { readonly latencyP99Ms: number };
  /** A provider calls it (Stripe's webhook, Daraja's callback), not a visitor's browser: the WAF's per-address rules do not count it. */
  readonly providerCallback?: boolean;
}

/**
 * What `npm run bench -- lambdas` holds each handler's bundle (lambdas/dist/handlers/<name>/index.js) and
 * cold module load to: a form handler's bundle, a payment handler's, any handler's; and the module load
 * of the handlers a visitor waits on (median of 10 fresh processes). The bundled AWS SDK core and the
 * Stripe SDK are the floor of a payment handler (the runtime's own SDK measured slower to load).
 */
export const HANDLER_BUDGETS = { bundleKb: { form: 460, payment: 720, any: 1024 }, visitorLoadMs: 60 } as const;

export interface FunctionSpec {
  /** Its bundle's budget (HANDLER_BUDGETS.bundleKb), and whether a visitor waits on its cold module load (HANDLER_BUDGETS.visitorLoadMs). */
  readonly budget: { readonly bundle: keyof typeof HANDLER_BUDGETS.bundleKb; readonly visitorWaitsOnLoad: boolean };
  /** The API routes it answers (in AWS through API Gateway, locally through the same table). */
  readonly routes: readonly FunctionRoute[];
  /** The secrets it reads at its start (their variables: @kesho/operations/function-secrets). */
  readonly secrets: readonly FunctionSecret[];
  /** It may send an order's receipt (it can make an order paid), with the invoice PDF. */
  readonly sendsReceipts: boolean;
  /** How it is deployed; absent: local only (a sandbox's test pages, which exist only without Stripe or Daraja). */
  readonly aws?: DeployedFunction;
  /** Local only: the test pages it serves, every path under this one. */
  readonly localPagesUnder?: string;
}

const ITEM_WRITES = ['dynamodb:PutItem', 'dynamodb:GetItem', 'dynamodb:UpdateItem'] as const satisfies readonly TableItemAction[];
const ITEM_READS_THEN_WRITES = ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'] as const satisfies readonly TableItemAction[];

/**
 * Secrets (why each function needs what it reads):
 * - the Stripe secret key: whoever opens a Checkout session or re-reads one to settle an order;
 * - the webhook signing secret: only stripe-webhook, which verifies the signature locally and hands
 *   the event on without calling Stripe;
 * - the newsletter token secret: only subscriptions, which signs and checks the mailed links;
 * - Daraja's credentials: whoever starts an STK push or settles an M-Pesa payment from Daraja's query;
 * - none: enquiries, client-events, mail-events, and the two sandboxes' test pages.
 *
 * Memory (Lambda gives CPU in proportion to memory, 1 vCPU at 1769 MB, and each step below is
 * CPU-bound, so its duration is its CPU time divided by the size's share of a vCPU):
 * - a visitor waits: create-payment (cold start 138 ms of CPU, warm p99 13 ms: 1536 MB keeps the warm
 *   p99 near 15 ms), checkout-session and mpesa-payment (the success page and the M-Pesa poll may settle
 *   the order and draw its invoice, 350 ms of CPU the first time): 1536 MB; enquiries and subscriptions
 *   (a 60 ms module load, a mail composed): 1024 MB;
 * - nobody waits on the second: stripe-webhook, fulfil-order, mpesa-callback, reconcile-orders: 512 MB,
 *   room for drawing invoices (181 MB resident) at a third of a vCPU;
 * - client-events (24 KB, 4 ms of CPU to load, 48 MB resident; since issue 40 it counts visitors on the
 *   orders table for the canary verdict, and the DynamoDB client makes its bundle 69 → 292 KB, its load
 *   ~11 → ~38 ms of CPU and 52 → 64 MB resident, measured in one process on the shared machine): 128 MB.
 *
 * The orders table: create-payment stores the order and attaches the Checkout session; confirming
 * (success page, fulfilment, reconciliation) reads the order, changes its status with conditional
 * updates and claims the receipt's outbox record with a conditional PutItem. The forms store an
 * enquiry or a subscription, count rate limits (UpdateItem ADD) and keep their mail outbox records,
 * all with conditional writes. create-payment and mpesa-payment count the payment limits (UpdateItem
 * ADD, and the hold of a phone while its push waits: a conditional UpdateItem; every function that
 * settles an M-Pesa payment frees the hold with one). mpesa-payment stores order + payment + callback
 * token and settles; the callback and the success page (checkout-session, for mp_ ids) read them and
 * record Daraja's answer with conditional updates. client-events counts each visitor's events per
 * build and day for the canary verdict (UpdateItem ADD on `clientevents#…` counters that expire with
 * TTL; lambdas/src/clientEvents/clients.ts), nothing else. mail-events writes SES's events on the outbox
 * records (a conditional update, and a read when its condition fails). stripe-webhook never touches the table.
 * Only the reconciliation queries, and only the indexes it reads; nothing may scan the table.
 *
 * Mail: the five that can make an order paid and so send its receipt, and the two forms.
 *
 * Safe deploys' p99 (a warm create-payment answers in ~10 ms plus Stripe's ~300–800 ms; Daraja's STK
 * push and query take seconds), so a version stuck on a dependency or twice as slow is caught while it
 * serves a tenth of the requests.
 */
export const FUNCTIONS = {
  'create-payment': {
    budget: { bundle: 'payment', visitorWaitsOnLoad: true },
    routes: [{ methods: ['POST'], path: '/api/create-payment' }],
    secrets: ['stripeSecretKey'],
    sendsReceipts: false,
    aws: { memoryMb: 1536, timeoutSeconds: 15, architecture: 'arm64', tracing: true, table: { items: ITEM_WRITES }, sendsMail: false, safeDeploy: { latencyP99Ms: 3000 } },
  },
  'checkout-session': {
    budget: { bundle: 'payment', visitorWaitsOnLoad: false },
    routes: [{ methods: ['GET'], path: '/api/checkout-session' }],
    secrets: ['stripeSecretKey', 'darajaCredentials'],
    sendsReceipts: true,
    aws: { memoryMb: 1536, timeoutSeconds: 15, architecture: 'arm64', tracing: true, table: { items: ITEM_READS_THEN_WRITES }, sendsMail: true, safeDeploy: { latencyP99Ms: 3000 } },
  },
  'stripe-webhook': {
    budget: { bundle: 'payment', visitorWaitsOnLoad: false },
    routes: [{ methods: ['POST'], path: '/api/stripe-webhook' }],
    secrets: ['stripeWebhookSecret'],
    sendsReceipts: false,
    // Only hands a paid session to fulfil-order, asynchronously.
    aws: { memoryMb: 512, timeoutSeconds: 15, architecture: 'arm64', tracing: true, sendsMail: false, invokes: ['fulfil-order'], safeDeploy: { latencyP99Ms: 1500 }, providerCallback: true },
  },
  'fulfil-order': {
    budget: { bundle: 'payment', visitorWaitsOnLoad: false },
    routes: [],
    secrets: ['stripeSecretKey'],
    sendsReceipts: true,
    // Its fixed name is in every function's configuration (FULFIL_ORDER_FUNCTION_NAME); reserved
    // concurrency, so a burst of paid orders neither takes the account's whole Lambda concurrency nor is
    // starved by the web-facing functions.
    aws: { memoryMb: 512, timeoutSeconds: 60, architecture: 'arm64', tracing: true, table: { items: ITEM_READS_THEN_WRITES }, sendsMail: true, fixedName: true, reservedConcurrency: 5 },
  },
  enquiries: {
    budget: { bundle: 'form', visitorWaitsOnLoad: true },
    routes: [{ methods: ['POST'], path: '/api/enquiries' }],
    secrets: [],
    sendsReceipts: false,
    aws: { memoryMb: 1024, timeoutSeconds: 15, architecture: 'arm64', tracing: true, table: { items: ITEM_WRITES }, sendsMail: true },
  },
  subscriptions: {
    budget: { bundle: 'form', visitorWaitsOnLoad: true },
    routes: [
      { methods: ['POST'], path: '/api/subscriptions' },
      // GET shows the page with one button, POST (the button, or RFC 8058 one-click) acts.
      { methods: ['GET', 'POST'], path: '/api/subscriptions/confirm' },
      { methods: ['GET', 'POST'], path: '/api/subscriptions/unsubscribe' },
    ],
    secrets: ['newsletterTokenSecret'],
    sendsReceipts: false,
    aws: { memoryMb: 1024, timeoutSeconds: 15, architecture: 'arm64', tracing: true, table: { items: ITEM_WRITES }, sendsMail: true },
  },
  'mpesa-payment': {
    budget: { bundle: 'payment', visitorWaitsOnLoad: true },
    routes: [{ methods: ['GET', 'POST'], path: '/api/mpesa-payment' }],
    secrets: ['darajaCredentials'],
    sendsReceipts: true,
    // Daraja's STK push and query can each take several seconds.
    aws: { memoryMb: 1536, timeoutSeconds: 29, architecture: 'arm64', tracing: true, table: { items: ITEM_WRITES }, sendsMail: true, safeDeploy: { latencyP99Ms: 10000 } },
  },
  'mpesa-callback': {
    budget: { bundle: 'payment', visitorWaitsOnLoad: false },
    routes: [{ methods: ['POST'], path: '/api/mpesa/callback/{token}' }],
    secrets: ['darajaCredentials'],
    sendsReceipts: true,
    aws: {
      memoryMb: 512,
      timeoutSeconds: 29,
      architecture: 'arm64',
      tracing: true,
      table: { items: ['dynamodb:GetItem', 'dynamodb:UpdateItem'] },
      sendsMail: true,
      safeDeploy: { latencyP99Ms: 5000 },
      providerCallback: true,
    },
  },
  'reconcile-orders': {
    budget: { bundle: 'payment', visitorWaitsOnLoad: false },
    routes: [],
    secrets: ['stripeSecretKey', 'darajaCredentials'],
    sendsReceipts: true,
    // One run re-reads every pending order from Stripe (5 s per call at worst) and sends due receipts.
    aws: {
      memoryMb: 512,
      timeoutSeconds: 300,
      architecture: 'arm64',
      tracing: true,
      table: { items: ITEM_READS_THEN_WRITES, queries: ORDERS_TABLE_INDEXES },
      sendsMail: true,
      scheduleMinutes: 5,
    },
  },
  'client-events': {
    budget: { bundle: 'any', visitorWaitsOnLoad: false },
    // Visitors' browsers' errors and Web Vitals (shell/src/telemetry): an untrusted stream, its own throttle.
    routes: [{ methods: ['POST'], path: CLIENT_EVENTS_PATH }],
    secrets: [],
    sendsReceipts: false,
    // Reads the published pointer document (which builds are real), counts each visitor per build and
    // day on the orders table (the canary verdict's figures) and writes EMF lines: nothing else.
    // Untraced: a trace per beacon would cost more than the beacon and show nobody waiting (its handler carries no tracer either).
    aws: { memoryMb: 128, timeoutSeconds: 5, architecture: 'arm64', tracing: false, table: { items: ['dynamodb:UpdateItem'] }, sendsMail: false },
  },
  'mail-events': {
    budget: { bundle: 'any', visitorWaitsOnLoad: false },
    // Run by EventBridge for each SES event of the kesho-mail configuration set (infra/lib/payments/mail-events.ts).
    routes: [],
    secrets: [],
    sendsReceipts: false,
    // One read and one conditional write of a message's outbox record per event, nobody waiting: 256 MB, not measured by the bench yet.
    aws: { memoryMb: 256, timeoutSeconds: 10, architecture: 'arm64', tracing: true, table: { items: ['dynamodb:GetItem', 'dynamodb:UpdateItem'] }, sendsMail: false },
  },
  'sandbox-checkout': {
    budget: { bundle: 'any', visitorWaitsOnLoad: false },
    routes: [],
    secrets: [],
    sendsReceipts: true,
    localPagesUnder: '/api/sandbox/checkout',
  },
  'mpesa-sandbox': {
    budget: { bundle: 'any', visitorWaitsOnLoad: false },
    routes: [],
    secrets: [],
    sendsReceipts: true,
    localPagesUnder: MPESA_SANDBOX_PATH,
  },
} as const satisfies Readonly<Record<string, FunctionSpec>>;

export type BackendFunction = keyof typeof FUNCTIONS;
/** The functions the CDK app deploys (every entry with `aws`). */
export type DeployedFunctionName = { [K in BackendFunction]: (typeof FUNCTIONS)[K] extends { readonly aws: DeployedFunction } ? K : never }[BackendFunction];

export const BACKEND_FUNCTIONS = Object.keys(FUNCTIONS) as BackendFunction[];

/** Each function's entry, as the general shape (for code that reads any field of any entry). */
export function specOf(fn: BackendFunction): FunctionSpec {
  return FUNCTIONS[fn];
}

/** The deployed functions and how each is deployed, in the table's order. */
export const DEPLOYED_FUNCTIONS: readonly (readonly [DeployedFunctionName, DeployedFunction])[] = BACKEND_FUNCTIONS.flatMap((fn) => {
  const { aws } = specOf(fn);
  return aws ? [[fn as DeployedFunctionName, aws] as const] : [];
});

export function secretsOf(fn: BackendFunction): readonly FunctionSecret[] {
  return FUNCTIONS[fn].secrets;
}
