/**
 * The payment API of `npm start`. The site server (serve.ts) hands every request to handle(); this
 * module answers /api/* by turning the Node request into the API Gateway event AWS would build and
 * calling the very handler modules that are deployed, and it answers the Lambda Invoke API so the
 * webhook's asynchronous hand-off and the smoke test run through the real @aws-sdk/client-lambda.
 *
 * Storage is dynalite on disk under dataDir (orders survive restarts and crashes); payments are the
 * sandbox unless a Stripe key is configured.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { LambdaClient } from '@aws-sdk/client-lambda';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { loadConfig, type AppConfig } from '../config';
import { createCheckoutSessionHandler } from '../handlers/checkout-session';
import { createCreatePaymentHandler } from '../handlers/create-payment';
import { createClientEventsHandler } from '../handlers/client-events';
import { createEnquiriesHandler } from '../handlers/enquiries';
import { createReleaseHistoryBuilds } from '../clientEvents/knownBuilds';
import { clientEventsDirectoryOf, createFileSink } from '../clientEvents/sinks';
import { apiRouteFor, type ApiHandlerName } from '@kesho/operations/api-routes';
import { BACKEND_FUNCTIONS, FUNCTIONS, specOf, type BackendFunction } from '@kesho/operations/functions';
import { createRouteBuckets } from '@kesho/operations/api-throttles';
import { createSubscriptionsHandler } from '../handlers/subscriptions';
import { createFulfilOrderHandler } from '../handlers/fulfil-order';
import { createMailEventsHandler } from '../handlers/mail-events';
import { createMpesaCallbackHandler } from '../handlers/mpesa-callback';
import { createMpesaPaymentHandler } from '../handlers/mpesa-payment';
import { createMpesaSandboxHandler } from '../handlers/mpesa-sandbox';
import { createReconcileOrdersHandler } from '../handlers/reconcile-orders';
import { createSandboxCheckoutHandler } from '../handlers/sandbox-checkout';
import { createStripeWebhookHandler } from '../handlers/stripe-webhook';
import type { ApiGatewayEvent, HttpHandler, LambdaContext } from '../http/apiGateway';
import { errorResponse, SERVER_ERROR_MESSAGE } from '../http/responses';
import { createDirectoryFulfilmentFailures } from '../fulfilment/failures';
import { createLogger, writeToStdout } from '../log';
import { createBusinessMetrics } from '../metrics';
import { runInOrderScope } from '../orderContext';
import type { OrdersStore } from '../orders/store';
import { summariseOrder, type OrderSummary } from '../orders/story';
import { INVOICE_NUMBER_PATTERN } from '../orders/types';
import { openLocalLog } from './logFile';
import { createFileTransport, mailDirectoryOf } from '../mail/fileTransport';
import { escapeHtml } from '../http/html';
import type { MailEventEnvelope } from '../mail/localEvents';
import type { MailTransport } from '../mail/types';
import { DOCUMENT_CLIENT_OPTIONS } from '../clients/dynamo';
import { createSecretsManagerReader } from '../clients/secrets';
import { composeLocalRuntime, type LocalRuntime } from './runtime';
import { ensureOrdersTable, LOCAL_AWS_CLIENT, localDynamoFolderOf, startEmbeddedDynamo } from './embeddedDynamo';
import { readRequestBody, toApiGatewayEvent, writeResult } from './httpEvent';
import { INVOKE_PATH, answerInvoke, type LocalFunction } from './invokeApi';

/** The local mailbox: the file transport's `.eml` files under DATA_DIR/mail (read by @kesho/lambdas/local-mailbox, as `npm run mail` reads it). */
export { mailDirectoryOf } from '../mail/fileTransport';

/** The local stand-in for fulfil-order's on-failure SQS queue. */
export function fulfilmentFailuresDirectoryOf(dataDir: string): string {
  return path.join(dataDir, 'fulfilment-failures');
}

/** A plain-text notice to ops (the local server's watch sends them); `to`: one address, else the support address (SUPPORT_EMAIL). */
export interface OpsNotice {
  readonly subject: string;
  readonly text: string;
  readonly to?: string;
}

export interface LocalApi {
  handle(req: IncomingMessage, res: ServerResponse): Promise<boolean>;
  /**
   * Mails ops a notice through the API's own mail transport (MAIL_TRANSPORT: file, an `.eml` under
   * DATA_DIR/mail that `npm run mail` lists; or SES), not through the outbox: the local server's watch
   * tells ops this way what the release publisher tells them through SNS in AWS (the kesho-alarms topic,
   * mailed to the environment's alarmEmail).
   */
  notifyOps(notice: OpsNotice): Promise<void>;
  close(): Promise<void>;
  readonly startupMessage: string;
}

export interface LocalApiOptions {
  /** Where the embedded DynamoDB keeps its files. */
  dataDir: string;
  /** This server's own origin: the default PUBLIC_SITE_URL and the local Lambda endpoint. */
  publicOrigin: string;
  /**
   * The site being served (dist/site): client events may name only the builds its release records know
   * (its edge record dist/site/edge/state.json, whose history names every build released, canaries and
   * previews too, and dist/builds-made.json beside it) and the routes its pointer documents (the live one
   * and each variant folder's) declare. Without it, no build is known and every client event is dropped.
   */
  siteDir?: string;
  env?: NodeJS.ProcessEnv;
  /**
   * Answer 429 (`{"message":"Too Many Requests"}`, no Retry-After) over each route's throttle as API
   * Gateway does in AWS (@kesho/operations/api-throttles: one token bucket per route). `npm start` sets it
   * (API_ROUTE_THROTTLES); tests that are not about it leave it off.
   */
  routeThrottles?: boolean;
}

/** What tests may change on top of LocalApiOptions. */
export interface LocalApiTestOptions extends LocalApiOptions {
  /** Replaces the configured mail transport (a transport that fails on demand). */
  mailTransport?: MailTransport;
  /** false: the lines go to DATA_DIR/logs only (the tests read them there; stdout stays quiet). */
  logToStdout?: boolean;
}

/** LocalApi plus what tests need to look behind it. */
export interface LocalApiInternals extends LocalApi {
  /** Every service the handlers run over (local/runtime.ts), built once at start. */
  readonly runtime: LocalRuntime;
  /** Resolves when every background (Event) invocation, retries included, has finished and every log line written so far is in the log file. */
  settled(): Promise<void>;
}

/** API Gateway refuses payloads over 10 MB; locally 1 MB is plenty and bounds memory. */
export const LOCAL_MAX_BODY_BYTES = 1024 * 1024;
/** Lambda retries a failed asynchronous invocation twice; locally the waits are seconds, not minutes. */
const ASYNC_RETRY_DELAYS_MS = [1_000, 2_000] as const;
/** SES publishes a message's events after its send call has answered: the stand-in's come this much later. */
const MAIL_EVENTS_DELAY_MS = 100;

type LocalPageFunction = { [K in BackendFunction]: (typeof FUNCTIONS)[K] extends { readonly localPagesUnder: string } ? K : never }[BackendFunction];
type EventFunction = Exclude<BackendFunction, ApiHandlerName | LocalPageFunction>;

type HttpFunction = ApiHandlerName | LocalPageFunction;

/**
 * Every handler module of @kesho/operations/functions, by its function's name (the types hold these maps
 * to the table), made with the module's own `createXHandler` over the local runtime's services (the
 * same ones every other handler uses here): those that answer HTTP (the API's routes, the sandboxes'
 * local-only pages), and those that only events start.
 */
function httpHandlersOf(runtime: LocalRuntime): Readonly<Record<HttpFunction, HttpHandler>> {
  const { config, logger, metrics, services } = runtime;
  return {
    'create-payment': createCreatePaymentHandler({ config, logger, startCheckout: services.startCheckout, paymentLimits: services.paymentLimits }),
    enquiries: createEnquiriesHandler({ config, logger, metrics, submitEnquiry: services.submitEnquiry }),
    'checkout-session': createCheckoutSessionHandler({ logger, checkoutStatus: services.checkoutStatus, mpesa: services.mpesa }),
    'stripe-webhook': createStripeWebhookHandler({ logger, receiveWebhook: services.receiveWebhook }),
    'mpesa-payment': createMpesaPaymentHandler({ config, logger, mpesa: services.mpesa }),
    'mpesa-callback': createMpesaCallbackHandler({ logger, mpesa: services.mpesa }),
    subscriptions: createSubscriptionsHandler({ config, logger, metrics, subscriptions: services.subscriptions }),
    'client-events': createClientEventsHandler({ config, logger, receiveClientEvents: services.receiveClientEvents }),
    'sandbox-checkout': createSandboxCheckoutHandler({ logger, sandboxCheckout: services.sandboxCheckout }),
    'mpesa-sandbox': createMpesaSandboxHandler({ logger, mpesa: services.mpesa }),
  };
}

function eventHandlersOf(runtime: LocalRuntime): Readonly<Record<EventFunction, LocalFunction>> {
  const { logger, services } = runtime;
  return {
    'fulfil-order': createFulfilOrderHandler({ logger, fulfilOrder: services.fulfilOrder }),
    // The schedule's event says nothing: the run reads the table.
    'reconcile-orders': createReconcileOrdersHandler(services.reconcileOrders),
    // SES's events of a message (in AWS through EventBridge; here the file transport's stand-in events).
    'mail-events': createMailEventsHandler(services.mailEvents),
  };
}

/** The sandboxes' test pages: local only, never deployed. */
const LOCAL_ONLY_ROUTES: readonly { readonly under: string; readonly fn: LocalPageFunction }[] = BACKEND_FUNCTIONS.flatMap((fn) => {
  const under = specOf(fn).localPagesUnder;
  return under ? [{ under, fn: fn as LocalPageFunction }] : [];
});

/** The function answering a request path: the deployed route table's, or a local-only sandbox page's. */
export function localFunctionFor(pathname: string): HttpFunction | undefined {
  const route = apiRouteFor(pathname);
  if (route) return route.handler;
  return LOCAL_ONLY_ROUTES.find((candidate) => pathname.startsWith(`${candidate.under}/`))?.fn;
}

export async function createLocalApi(options: LocalApiOptions): Promise<LocalApi> {
  return startLocalApi(options);
}

export async function startLocalApi(options: LocalApiTestOptions): Promise<LocalApiInternals> {
  const publicOrigin = options.publicOrigin.replace(/\/+$/, '');
  const config = loadConfig(options.env, { runtime: 'local', defaultPublicSiteUrl: publicOrigin });
  const dataDir = path.resolve(options.dataDir);
  // Every function's lines (logs and EMF metrics) on stdout and in DATA_DIR/logs/api.jsonl: the local stand-in for CloudWatch Logs.
  // LOG_LEVEL=silent (and the tests) keep stdout quiet; the file still gets every line the level lets through.
  const localLog = openLocalLog(dataDir, config.logLevel === 'silent' || options.logToStdout === false ? () => undefined : writeToStdout);
  const logger = createLogger(config.logLevel, { service: 'kesho-local', write: localLog.write });
  const metrics = createBusinessMetrics(localLog.write);

  const fulfilmentFailures = createDirectoryFulfilmentFailures(fulfilmentFailuresDirectoryOf(dataDir));
  const dynamo = await startEmbeddedDynamo(localDynamoFolderOf(dataDir));
  const processOwner = randomUUID();
  const dynamoClient = new DynamoDBClient({ endpoint: dynamo.endpoint, ...LOCAL_AWS_CLIENT });
  const lambdaClient = new LambdaClient({ endpoint: publicOrigin, ...LOCAL_AWS_CLIENT });
  const secretsClient = new SecretsManagerClient({});
  const destroyClients = () => {
    dynamoClient.destroy();
    lambdaClient.destroy();
    secretsClient.destroy();
  };

  // The file transport's stand-in SES events, run by the mail-events function's own handler (bound below).
  let deliverMailEvents: (events: readonly MailEventEnvelope[]) => void = () => undefined;
  let runtime: LocalRuntime;
  try {
    await ensureOrdersTable(dynamoClient, config.ordersTable);
    runtime = await composeLocalRuntime(
      { config, logger, metrics, clock: () => new Date() },
      {
        dynamo: DynamoDBDocumentClient.from(dynamoClient, DOCUMENT_CLIENT_OPTIONS),
        lambda: lambdaClient,
        secrets: createSecretsManagerReader(secretsClient),
        fulfilmentFailures,
        // Only this process can open DATA_DIR's table (LevelDB's lock): a claim made by any other
        // process is a crashed one's, and the first reconciliation after a restart sends it.
        outboxOwnership: { owner: processOwner, ownerGone: (owner) => owner !== processOwner },
        clientEvents: {
          sink: createFileSink(clientEventsDirectoryOf(dataDir)),
          knownBuilds: createReleaseHistoryBuilds(options.siteDir ?? path.join(dataDir, 'no-site', 'site')),
        },
        ...(options.mailTransport
          ? { mailTransport: options.mailTransport }
          : config.mail.transport === 'file'
            ? { mailTransport: createFileTransport({ directory: mailDirectoryOf(dataDir), from: config.mail.from, onEvents: (events) => deliverMailEvents(events) }) }
            : {}),
      },
    );
  } catch (error) {
    destroyClients();
    await dynamo.close();
    await localLog.close();
    throw error;
  }

  const background = new Set<Promise<void>>();
  let closing = false;

  // Each invocation as in AWS: in an order scope of its own named after its function.
  const inOrderScope =
    <E, C, R>(name: string, run: (event: E, context: C) => Promise<R>) =>
    (event: E, context: C): Promise<R> =>
      runInOrderScope(() => run(event, context), {}, { fn: name });
  const httpHandlers = Object.fromEntries(Object.entries(httpHandlersOf(runtime)).map(([name, handler]) => [name, inOrderScope(name, handler)])) as Record<HttpFunction, HttpHandler>;
  const eventHandlers = Object.fromEntries(Object.entries(eventHandlersOf(runtime)).map(([name, run]) => [name, inOrderScope(name, run)])) as Record<EventFunction, LocalFunction>;
  // Lambda's Invoke API by function name; fulfil-order by the fixed name the others' configuration gives it.
  const functions = new Map<string, LocalFunction>([
    ...Object.entries(httpHandlers).map(([name, handler]) => [name, asFunction(handler)] as const),
    ...Object.entries(eventHandlers).map(([name, run]) => [name === 'fulfil-order' ? config.fulfilOrderFunctionName : name, run] as const),
    // Local only: what `npm run orders -- show` prints of the store while this server holds its files.
    ['order-story', async (payload) => orderStory(runtime.orders, payload)],
  ]);

  // In AWS an EventBridge schedule runs reconcile-orders; here a timer does, one run at a time.
  let reconciling: Promise<void> | undefined;
  const reconcileTimer = setInterval(() => {
    if (reconciling || closing) return;
    reconciling = eventHandlers['reconcile-orders']({}, { awsRequestId: `reconcile-${Date.now()}`, functionName: 'reconcile-orders' })
      .then(
        () => undefined,
        (error: unknown) => logger.error('local.reconcile_failed', { error }),
      )
      .finally(() => {
        reconciling = undefined;
      });
  }, config.reconcile.intervalSeconds * 1000);
  // The timer alone must not keep a process (a test, a script) alive.
  reconcileTimer.unref();

  const runInBackground = (name: string, run: () => Promise<unknown>, payload: unknown): void => {
    const job = (async () => {
      for (let attempt = 0; ; attempt += 1) {
        try {
          await run();
          return;
        } catch (error) {
          const delay = ASYNC_RETRY_DELAYS_MS[attempt];
          logger.error('local.invoke.failed', { function: name, attempt: attempt + 1, willRetry: delay !== undefined && !closing, error });
          if (delay === undefined || closing) {
            // fulfil-order's on-failure destination, as in AWS: the reconciliation drains it.
            if (name === config.fulfilOrderFunctionName)
              await fulfilmentFailures.record(payload, error).catch((recordError: unknown) => logger.error('local.invoke.failure_not_recorded', { function: name, error: recordError }));
            return;
          }
          await new Promise((resolve) => setTimeout(resolve, delay));
        }
      }
    })();
    background.add(job);
    void job.finally(() => background.delete(job));
  };

  // In AWS EventBridge invokes mail-events asynchronously for each SES event; here each stand-in event
  // is such an invocation, with Lambda's retries (an event that outran its sender is tried again).
  deliverMailEvents = (events) => {
    const run = functions.get('mail-events');
    if (!run || closing) return;
    for (const [index, event] of events.entries()) {
      runInBackground(
        'mail-events',
        async () => {
          await new Promise((resolve) => setTimeout(resolve, MAIL_EVENTS_DELAY_MS * (index + 1)));
          await run(event, { awsRequestId: `mail-event-${randomUUID()}`, functionName: 'mail-events' });
        },
        event,
      );
    }
  };

  const settled = async (): Promise<void> => {
    while (background.size > 0) await Promise.allSettled([...background]);
    await localLog.flushed();
  };

  const routeBuckets = options.routeThrottles ? createRouteBuckets() : undefined;
  const serveApi = async (req: IncomingMessage, res: ServerResponse, url: URL, body: Buffer): Promise<void> => {
    const method = (req.method ?? 'GET').toUpperCase();
    const fn = localFunctionFor(url.pathname);
    if (!fn) return writeResult(res, errorResponse(404, 'Not found.'), method);
    const route = apiRouteFor(url.pathname);
    // API Gateway's stage throttle answers before any function runs, with its own body and no Retry-After.
    if (route && routeBuckets && !routeBuckets.take(method, route.path))
      return writeResult(res, { statusCode: 429, headers: {}, body: JSON.stringify({ message: 'Too Many Requests' }) }, method);
    const event: ApiGatewayEvent = toApiGatewayEvent(req, url, body);
    const result = await httpHandlers[fn](event, { awsRequestId: event.requestContext.requestId, functionName: 'local' });
    writeResult(res, result, method);
  };

  // Requests still being answered: closing waits for them, so none meets a closed database.
  const inFlight = new Set<Promise<boolean>>();
  const handle = (req: IncomingMessage, res: ServerResponse): Promise<boolean> => {
    const answer = answerRequest(req, res);
    inFlight.add(answer);
    answer.finally(() => inFlight.delete(answer)).catch(() => undefined);
    return answer;
  };

  const answerRequest = async (req: IncomingMessage, res: ServerResponse): Promise<boolean> => {
    let url: URL;
    try {
      url = new URL(req.url ?? '/', publicOrigin);
    } catch {
      return false;
    }
    const isApi = url.pathname === '/api' || url.pathname.startsWith('/api/');
    const invoke = INVOKE_PATH.exec(url.pathname);
    if (!isApi && !invoke) return false;
    const method = (req.method ?? 'GET').toUpperCase();
    try {
      const read = await readRequestBody(req, LOCAL_MAX_BODY_BYTES);
      if (read.kind === 'too-large') {
        writeResult(res, errorResponse(413, `The request is too large. The limit is ${LOCAL_MAX_BODY_BYTES / 1024} KB.`), method);
      } else if (invoke?.[1]) {
        await answerInvoke(req, res, invoke[1], read.body, { functions, runInBackground });
      } else {
        await serveApi(req, res, url, read.body);
      }
    } catch (error) {
      logger.error('local.request_failed', { path: url.pathname, error });
      if (!res.headersSent && !res.destroyed) writeResult(res, errorResponse(500, SERVER_ERROR_MESSAGE), method);
      else res.destroy();
    }
    return true;
  };

  let closed: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closed ??= (async () => {
      closing = true;
      clearInterval(reconcileTimer);
      await reconciling;
      await Promise.allSettled([...inFlight]);
      await settled();
      destroyClients();
      await dynamo.close();
      await localLog.close();
    })();
    return closed;
  };

  const notifyOps = async ({ subject, text, to }: OpsNotice): Promise<void> => {
    await runtime.mail.transport.send({ to: to ?? runtime.mail.supportEmail, subject, text, html: `<p>${escapeHtml(text)}</p>` });
  };

  return { handle, notifyOps, close, settled, runtime, startupMessage: startupMessage(config, dataDir) };
}

/** The order a payload `{ invoiceNumber }` names, summarised without the customer's details; null when there is none. */
async function orderStory(orders: OrdersStore, payload: unknown): Promise<OrderSummary | null> {
  const invoiceNumber = (payload as { invoiceNumber?: unknown } | null)?.invoiceNumber;
  if (typeof invoiceNumber !== 'string' || !INVOICE_NUMBER_PATTERN.test(invoiceNumber)) throw new TypeError('The payload names no invoice number (INV- and 8 digits)');
  const order = await orders.getOrder(invoiceNumber);
  return order ? summariseOrder(order) : null;
}

function asFunction(handler: HttpHandler): LocalFunction {
  return (payload, context: LambdaContext) => {
    if (!isApiGatewayEvent(payload)) throw new TypeError('The payload is not an API Gateway HTTP API (2.0) event');
    return handler(payload, context);
  };
}

function isApiGatewayEvent(payload: unknown): payload is ApiGatewayEvent {
  if (typeof payload !== 'object' || payload === null) return false;
  const event = payload as Partial<Record<keyof ApiGatewayEvent, unknown>>;
  const http = (event.requestContext as { http?: { method?: unknown } } | undefined)?.http;
  return typeof event.rawPath === 'string' && typeof event.headers === 'object' && event.headers !== null && typeof http?.method === 'string';
}

function startupMessage(config: AppConfig, dataDir: string): string {
  const mpesa =
    config.mpesa.provider === 'daraja'
      ? ` M-Pesa uses Daraja at ${config.mpesa.baseUrl} (callbacks to ${config.publicSiteUrl}/api/mpesa/callback/…).`
      : config.mpesa.provider === 'sandbox'
        ? ' M-Pesa is SIMULATED (no DARAJA_* set): a local TEST MODE page plays the phone.'
        : '';
  const mail = config.mail.transport === 'file' ? `Mail is written to ${mailDirectoryOf(dataDir)} as .eml files (npm run mail lists them).` : 'Mail is sent through Amazon SES.';
  const storage = `Orders are stored in ${localDynamoFolderOf(dataDir)}. ${mail}${mpesa}`;
  if (config.payments.provider === 'sandbox') {
    return `Payments are SIMULATED (sandbox, no STRIPE_SECRET_KEY set): checkout opens a local TEST MODE page and no money moves. ${storage}`;
  }
  const { secretKey, api } = config.payments;
  // The local runtime reads every secret, so with Stripe chosen the key is always there.
  const mode = secretKey?.kind === 'secrets-manager' ? 'key from Secrets Manager' : secretKey && /^(sk|rk)_live_/.test(secretKey.value) ? 'LIVE mode: real cards are charged' : 'test mode';
  const endpoint = api.host ? ` through the Stripe-compatible API at ${api.protocol ?? 'https'}://${api.host}${api.port ? `:${api.port}` : ''}` : '';
  return `Payments use real Stripe (${mode})${endpoint}. Stripe sends webhooks to ${config.publicSiteUrl}/api/stripe-webhook. ${storage}`;
}
