/**
 * The composition root: from one config and a set of clients to the services the handlers call.
 * AWS and the local runtime differ only in the clients they hand in (endpoints, credentials).
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { LambdaClient } from '@aws-sdk/client-lambda';
import type { AppConfig } from '../config';
import type { Logger } from '../log';
import { createFulfilOrder, type FulfilOrder } from '../fulfilment/fulfilOrder';
import type { FulfilmentFailures } from '../fulfilment/failures';
import { createLambdaFulfilmentQueue } from '../fulfilment/queue';
import { createCheckoutStatus, type CheckoutStatus } from '../orders/checkoutStatus';
import { createConfirmOrder } from '../orders/confirmOrder';
import { createReconcileOrders, type ReconcileOrders } from '../orders/reconcile';
import { createStartCheckout, type StartCheckout } from '../orders/startCheckout';
import { createOrdersStore, type OrdersStore } from '../orders/store';
import { createPaymentAttemptsStore } from '../orders/attempts';
import { composeMpesa, type MpesaServices } from '../mpesa/compose';
import { MPESA_PAYMENT_ID_PATTERN } from '../mpesa/service';
import { createSandboxPayments } from '../payments/sandbox';
import { createSandboxCheckout, type SandboxCheckout } from '../payments/sandboxCheckout';
import { createStripePayments } from '../payments/stripe';
import type { PaymentsProvider } from '../payments/types';
import { createWebhookReceiver, type ReceiveWebhook } from '../payments/webhookReceiver';
import { createMailRuntime } from '../mail/runtime';
import { createSendReceipt, type SendReceipt } from '../receipts/sendReceipt';
import type { MailRuntime, MailTransport } from '../mail/types';
import { createLeadServices, type LeadServices } from '../leads/services';
import { resolveOptionalSecret, type SecretReader } from './secrets';
import { createReceiveClientEvents, type ClientEventSink, type KnownBuilds, type ReceiveClientEvents } from '../clientEvents/service';
import { createEmfSink } from '../clientEvents/sinks';
import { createPointerDocumentBuilds } from '../clientEvents/knownBuilds';

/** LeadServices: the contact form's enquiries and the newsletter (src/leads/). */
export interface Services extends LeadServices {
  readonly startCheckout: StartCheckout;
  readonly checkoutStatus: CheckoutStatus;
  readonly receiveWebhook: ReceiveWebhook;
  readonly fulfilOrder: FulfilOrder;
  /** Only in sandbox mode: with Stripe configured the test checkout does not exist. */
  readonly sandboxCheckout: SandboxCheckout | null;
  /** null when M-Pesa is switched off (production without Daraja credentials). */
  readonly mpesa: MpesaServices | null;
  readonly reconcileOrders: ReconcileOrders;
  /** The client events endpoint (errors and Web Vitals from visitors' browsers). */
  readonly receiveClientEvents: ReceiveClientEvents;
}

export interface Runtime {
  readonly config: AppConfig;
  readonly logger: Logger;
  readonly orders: OrdersStore;
  readonly payments: PaymentsProvider;
  readonly services: Services;
  readonly mail: MailRuntime;
  readonly sendReceipt: SendReceipt;
}

export interface RuntimeClients {
  readonly dynamo: DynamoDBDocumentClient;
  readonly lambda: LambdaClient;
  readonly secrets: SecretReader;
  readonly clock?: () => Date;
  /** Folder of the file mail transport (`<DATA_DIR>/mail` locally). */
  readonly mailDirectory?: string;
  /** The fulfilment failure queue the reconciliation drains (SQS in AWS, a folder locally). */
  readonly fulfilmentFailures?: FulfilmentFailures;
  /** Replaces the configured mail transport (tests). */
  readonly mailTransport?: MailTransport;
  /**
   * Where client events go and which builds they may name. Default (AWS): EMF lines on stdout, and
   * the builds of the site's published pointer document.
   */
  readonly clientEvents?: { readonly sink: ClientEventSink; readonly knownBuilds: KnownBuilds };
}

export async function composeRuntime(config: AppConfig, logger: Logger, clients: RuntimeClients): Promise<Runtime> {
  const clock = clients.clock ?? (() => new Date());
  const orders = createOrdersStore(clients.dynamo, config.ordersTable);
  const attempts = createPaymentAttemptsStore(clients.dynamo, config.ordersTable);
  const mail = createMailRuntime(config.mail, {
    dynamo: clients.dynamo,
    tableName: config.ordersTable,
    clock,
    ...(clients.mailDirectory !== undefined ? { mailDirectory: clients.mailDirectory } : {}),
    ...(clients.mailTransport !== undefined ? { mailTransport: clients.mailTransport } : {}),
  });

  let payments: PaymentsProvider;
  let sandboxCheckout: SandboxCheckout | null = null;
  const sendReceipt = createSendReceipt({
    outbox: mail.outbox,
    orders,
    context: { supportEmail: mail.supportEmail, publicSiteUrl: config.publicSiteUrl },
    clock,
    logger,
  });
  const confirmWith = (provider: PaymentsProvider) => createConfirmOrder({ orders, payments: provider, clock, logger, sendReceipt });

  if (config.payments.provider === 'stripe') {
    // Only the Stripe secrets this function reads are in its configuration, so only those are fetched.
    const [secretKey, webhookSecret] = await Promise.all([
      resolveOptionalSecret(config.payments.secretKey, clients.secrets),
      resolveOptionalSecret(config.payments.webhookSecret, clients.secrets),
    ]);
    payments = createStripePayments({
      ...(secretKey !== undefined ? { secretKey } : {}),
      ...(webhookSecret !== undefined ? { webhookSecret } : {}),
      publicSiteUrl: config.publicSiteUrl,
      api: config.payments.api,
      clock,
    });
  } else {
    const sandbox = createSandboxPayments({ client: clients.dynamo, tableName: config.ordersTable, publicSiteUrl: config.publicSiteUrl, clock });
    payments = sandbox;
    sandboxCheckout = createSandboxCheckout(sandbox, confirmWith(sandbox));
  }

  const confirmOrder = confirmWith(payments);
  const leads = createLeadServices({
    config,
    dynamo: clients.dynamo,
    outbox: mail.outbox,
    supportEmail: mail.supportEmail,
    tokenSecret: await resolveOptionalSecret(config.leads.tokenSecret, clients.secrets),
    clock,
    logger,
  });
  const mpesa = await composeMpesa(config, { dynamo: clients.dynamo, orders, attempts, secrets: clients.secrets, clock, logger, sendReceipt });
  // Reconciliation re-reads each pending order from where it is paid: M-Pesa payments from Daraja.
  const confirmAny: typeof confirmOrder = (request) => (mpesa && MPESA_PAYMENT_ID_PATTERN.test(request.sessionId) ? mpesa.payments.confirm(request) : confirmOrder(request));
  return {
    config,
    logger,
    orders,
    payments,
    mail,
    sendReceipt,
    services: {
      startCheckout: createStartCheckout({ orders, payments, clock, logger, attempts }),
      checkoutStatus: createCheckoutStatus(confirmOrder),
      receiveWebhook: createWebhookReceiver(payments, createLambdaFulfilmentQueue(clients.lambda, config.fulfilOrderFunctionName), logger),
      fulfilOrder: createFulfilOrder(confirmOrder, logger),
      sandboxCheckout,
      ...leads,
      mpesa,
      receiveClientEvents: createReceiveClientEvents({
        sink: clients.clientEvents?.sink ?? createEmfSink(),
        knownBuilds: clients.clientEvents?.knownBuilds ?? createPointerDocumentBuilds(`${config.publicSiteUrl}/mfe/remotes.json`),
        logger,
        clock,
      }),
      reconcileOrders: createReconcileOrders({
        orders,
        confirmOrder: confirmAny,
        sendReceipt,
        clock,
        logger,
        pendingAgeSeconds: config.reconcile.pendingAgeSeconds,
        ...(clients.fulfilmentFailures ? { failures: clients.fulfilmentFailures } : {}),
      }),
    },
  };
}
