/**
 * Every service at once, for the local runtime: it serves every function in one process, so it
 * builds each service once, top to bottom (configuration → clients → services), and local/api.ts
 * makes each function's handler over them with the handler module's own `createXHandler`. The
 * handlers share these services, and so does whoever looks behind the local API (its timer, the
 * tests). Everything is built at start, so a bad setting or secret shows then, not at the first
 * request. Deployed handlers never import this module (the build refuses src/local/ in a handler
 * bundle): a deployed function builds only its own services (handlers/<function>.ts, `buildX`).
 */
import type { LambdaClient } from '@aws-sdk/client-lambda';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { resolveSecret, type SecretReader } from '../clients/secrets';
import { createReceiveClientEvents, type ClientEventSink, type KnownBuilds } from '../clientEvents/service';
import type { AppConfig } from '../config';
import type { FulfilmentFailures } from '../fulfilment/failures';
import { createFulfilOrder } from '../fulfilment/fulfilOrder';
import { createLambdaFulfilmentQueue } from '../fulfilment/queue';
import { createSubmitEnquiry, leadLimitsOf } from '../leads/enquiries';
import { createRateLimiter } from '../leads/rateLimit';
import { createSubscriptions } from '../leads/subscriptions';
import { createTokenSigner } from '../leads/tokens';
import type { Logger } from '../log';
import { createMailEvents } from '../mail/events';
import { createFunctionMail } from '../mail/runtime';
import type { MailRuntime, MailTransport } from '../mail/types';
import type { BusinessMetrics } from '../metrics';
import { confirmByPaymentMethod, createMpesaServices } from '../mpesa/services';
import { createPaymentAttemptsStore } from '../orders/attempts';
import { createCheckoutStatus } from '../orders/checkoutStatus';
import { createConfirmOrder } from '../orders/confirmOrder';
import { createPaymentLimits } from '../orders/paymentLimits';
import { createReconcileOrders } from '../orders/reconcile';
import { createStartCheckout } from '../orders/startCheckout';
import { createOrdersStore, type OrdersStore } from '../orders/store';
import { createCardPayments } from '../payments/cardPayments';
import { createSandboxCheckout } from '../payments/sandboxCheckout';
import type { PaymentsProvider } from '../payments/types';
import { createWebhookReceiver } from '../payments/webhookReceiver';
import { createFunctionReceipts, type SendReceipt } from '../receipts/sendReceipt';

/** The local runtime's configuration (every function's settings and secrets), its logger, its metrics and clock. */
export interface LocalStart {
  readonly config: AppConfig;
  readonly logger: Logger;
  readonly metrics: BusinessMetrics;
  readonly clock: () => Date;
}

/** The local stand-ins for what AWS gives a deployed function. */
export interface LocalClients {
  /** The embedded DynamoDB's orders table. */
  readonly dynamo: DynamoDBDocumentClient;
  /** This server's own Invoke API (stripe-webhook hands fulfil-order its job through it). */
  readonly lambda: LambdaClient;
  readonly secrets: SecretReader;
  /** The mail transport instead of SES: `.eml` files in `<DATA_DIR>/mail`, a test's fake. */
  readonly mailTransport?: MailTransport;
  /** fulfil-order's failure queue, which the reconciliation drains (a folder). */
  readonly fulfilmentFailures: FulfilmentFailures;
  /** Where client events go (a JSON lines file per day) and which builds they may name (the served site's). */
  readonly clientEvents: { readonly sink: ClientEventSink; readonly knownBuilds: KnownBuilds };
  /**
   * Who claims outbox messages, and which claimers are known to be gone (mail/outbox.ts): this
   * process, and every other one (only one process can open a data directory's table).
   */
  readonly outboxOwnership: { readonly owner: string; readonly ownerGone: (owner: string) => boolean };
}

export type LocalServices = Awaited<ReturnType<typeof composeServices>>;

export interface LocalRuntime extends LocalStart {
  readonly dynamo: DynamoDBDocumentClient;
  readonly orders: OrdersStore;
  /** The card provider every handler here shares (the sandbox's, unless a Stripe key is configured). */
  readonly payments: PaymentsProvider;
  readonly mail: MailRuntime;
  readonly sendReceipt: SendReceipt;
  readonly services: LocalServices;
}

async function composeServices(start: LocalStart, clients: LocalClients) {
  const { config, logger, metrics, clock } = start;
  const { dynamo } = clients;
  const tableName = config.ordersTable;

  // The orders table's stores, mail behind the exactly-once outbox, the receipts.
  const orders = createOrdersStore(dynamo, tableName);
  const attempts = createPaymentAttemptsStore(dynamo, tableName);
  const mail = createFunctionMail(start, dynamo, { ...(clients.mailTransport ? { mailTransport: clients.mailTransport } : {}), ownership: clients.outboxOwnership });
  const sendReceipt = createFunctionReceipts(start, mail, orders);
  const rateLimiter = createRateLimiter(dynamo, tableName, clock);
  const paymentLimits = createPaymentLimits(rateLimiter, config.paymentLimits, logger);

  // Card payments (Stripe or the sandbox) and the one routine that settles a card order.
  const card = await createCardPayments(
    start,
    () => dynamo,
    () => clients.secrets,
  );
  const confirmCard = createConfirmOrder({ orders, payments: card.provider, clock, logger, metrics, sendReceipt });

  // M-Pesa (Daraja or its sandbox; null when switched off), through the same orders store and receipts.
  const mpesa = await createMpesaServices({ config, clock, logger, metrics, dynamo, orders, attempts, sendReceipt, limits: paymentLimits, secrets: () => clients.secrets });
  const confirmAny = confirmByPaymentMethod(confirmCard, mpesa);

  // The forms.
  const limits = leadLimitsOf(config);
  const tokenSource = config.leads.tokenSecret;
  const tokenSecret = tokenSource === undefined ? undefined : await resolveSecret('newsletterTokenSecret', tokenSource, clients.secrets);
  const subscriptions =
    tokenSecret === undefined
      ? null
      : createSubscriptions({
          dynamo,
          tableName,
          outbox: mail.outbox,
          tokens: createTokenSigner(tokenSecret),
          publicSiteUrl: config.publicSiteUrl,
          rateLimiter,
          limits,
          clock,
          logger,
        });

  return {
    orders,
    mail,
    sendReceipt,
    payments: card.provider,
    startCheckout: createStartCheckout({ orders, payments: card.provider, attempts, clock, logger, metrics }),
    paymentLimits,
    checkoutStatus: createCheckoutStatus(confirmCard),
    receiveWebhook: createWebhookReceiver(card.provider, createLambdaFulfilmentQueue(clients.lambda, config.fulfilOrderFunctionName), logger),
    fulfilOrder: createFulfilOrder(confirmCard, logger),
    sandboxCheckout: card.sandbox ? createSandboxCheckout(card.sandbox, confirmCard) : null,
    mpesa,
    reconcileOrders: createReconcileOrders({
      orders,
      confirmOrder: confirmAny,
      sendReceipt,
      clock,
      logger,
      metrics,
      pendingAgeSeconds: config.reconcile.pendingAgeSeconds,
      failures: clients.fulfilmentFailures,
    }),
    submitEnquiry: createSubmitEnquiry({ dynamo, tableName, outbox: mail.outbox, supportEmail: mail.supportEmail, rateLimiter, limits, clock, logger }),
    subscriptions,
    receiveClientEvents: createReceiveClientEvents({ sink: clients.clientEvents.sink, knownBuilds: clients.clientEvents.knownBuilds, logger, clock }),
    mailEvents: createMailEvents({ client: dynamo, tableName, metrics, logger, clock }),
  };
}

/** Builds every service: a configuration or secret problem shows at start, not at the first request. */
export async function composeLocalRuntime(start: LocalStart, clients: LocalClients): Promise<LocalRuntime> {
  const services = await composeServices(start, clients);
  return {
    ...start,
    dynamo: clients.dynamo,
    orders: services.orders,
    payments: services.payments,
    mail: services.mail,
    sendReceipt: services.sendReceipt,
    services,
  };
}
