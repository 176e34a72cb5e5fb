/**
 * M-Pesa: Daraja when configured (its secrets from the environment or Secrets Manager), the built-in
 * sandbox otherwise, nothing when switched off in production. A paid M-Pesa order gets its receipt.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { mpesaSandboxPagePath } from '@kesho/site-rules/mpesa';
import type { AppConfig, MpesaConfig } from '../config';
import type { Logger } from '../log';
import type { BusinessMetrics } from '../metrics';
import type { FunctionStart } from '../lambda';
import { createRateLimiter } from '../leads/rateLimit';
import { createFunctionMail } from '../mail/runtime';
import { createPaymentAttemptsStore, type PaymentAttemptsStore } from '../orders/attempts';
import { createPaymentLimits, type PaymentLimits } from '../orders/paymentLimits';
import type { ConfirmOrder } from '../orders/confirmOrder';
import { createOrdersStore, type OrdersStore } from '../orders/store';
import { createFunctionReceipts, type SendReceipt } from '../receipts/sendReceipt';
import { resolveSecret, type SecretReader } from '../clients/secrets';
import { createDarajaClient } from './daraja';
import { createMpesaSandbox, type MpesaSandbox } from './sandbox';
import { createMpesaPayments, MPESA_PAYMENT_ID_PATTERN, type MpesaPayments } from './service';
import { createMpesaStore, type MpesaStore } from './store';

export interface MpesaServices {
  readonly payments: MpesaPayments;
  readonly store: MpesaStore;
  /** Only without Daraja credentials. */
  readonly sandbox: MpesaSandbox | null;
}

export interface MpesaDependencies {
  readonly config: AppConfig;
  readonly clock: () => Date;
  readonly logger: Logger;
  readonly metrics: BusinessMetrics;
  readonly dynamo: DynamoDBDocumentClient;
  readonly orders: OrdersStore;
  /** Only a function that starts payments (mpesa-payment) needs the attempts and the limits. */
  readonly attempts?: PaymentAttemptsStore;
  readonly sendReceipt: SendReceipt;
  readonly limits?: PaymentLimits;
  /** The secret reader, made only when Daraja's credentials are to be read. */
  readonly secrets: () => SecretReader;
}

/** null when M-Pesa is switched off (production without Daraja credentials). */
export async function createMpesaServices({ config, clock, logger, metrics, dynamo, orders, attempts, sendReceipt, limits, secrets }: MpesaDependencies): Promise<MpesaServices | null> {
  const settings = config.mpesa;
  if (settings.provider === 'off') return null;
  const store = createMpesaStore(dynamo, config.ordersTable);
  const common = {
    orders,
    ...(attempts ? { attempts } : {}),
    sendReceipt,
    store,
    publicSiteUrl: config.publicSiteUrl,
    kesPerUsd: config.kesRate.kesPerUsd,
    rateDate: config.kesRate.rateDate,
    clock,
    logger,
    metrics,
    ...(limits ? { limits } : {}),
  };

  if (settings.provider === 'sandbox') {
    const sandbox = createMpesaSandbox(dynamo, config.ordersTable);
    const payments = createMpesaPayments({ ...common, gateway: sandbox, sandboxPageUrl: mpesaSandboxPagePath });
    return { payments, store, sandbox };
  }

  const reader = secrets();
  const fromSecretsManager = [settings.consumerKey, settings.consumerSecret, settings.passkey].some((source) => source.kind === 'secrets-manager');
  const gateway = createDarajaClient({
    baseUrl: settings.baseUrl,
    shortcode: settings.shortcode,
    ...(await darajaCredentials(settings, reader)),
    // Credentials from Secrets Manager are read again when Daraja refuses them (rotated on the Daraja portal, put by ops).
    ...(fromSecretsManager ? { rereadCredentials: () => darajaCredentials(settings, reader, { fresh: true }) } : {}),
    onCredentialsReread: (changed) => logger.warn('secret.reread', { secret: 'darajaCredentials', why: 'daraja-refused', changed }),
    clock,
  });
  return { payments: createMpesaPayments({ ...common, gateway }), store, sandbox: null };
}

/** Daraja's three secrets, each checked for its shape when read from Secrets Manager. */
async function darajaCredentials(settings: Extract<MpesaConfig, { provider: 'daraja' }>, reader: SecretReader, options: { readonly fresh?: boolean } = {}) {
  const [consumerKey, consumerSecret, passkey] = await Promise.all([
    resolveSecret('darajaConsumerKey', settings.consumerKey, reader, options),
    resolveSecret('darajaConsumerSecret', settings.consumerSecret, reader, options),
    resolveSecret('darajaPasskey', settings.passkey, reader, options),
  ]);
  return { consumerKey, consumerSecret, passkey };
}

/**
 * A deployed function's M-Pesa (a handler's build, lambda.ts): its orders and attempts on the orders
 * table, receipts through its mail, the payment limits, Daraja's credentials through `secrets()`.
 */
export async function createFunctionMpesa(start: FunctionStart, dynamo: DynamoDBDocumentClient, secrets: () => SecretReader): Promise<MpesaServices | null> {
  const { config, clock, logger, metrics } = start;
  if (config.mpesa.provider === 'off') return null;
  const orders = createOrdersStore(dynamo, config.ordersTable);
  return createMpesaServices({
    config,
    clock,
    logger,
    metrics,
    dynamo,
    orders,
    attempts: createPaymentAttemptsStore(dynamo, config.ordersTable),
    sendReceipt: createFunctionReceipts(start, createFunctionMail(start, dynamo), orders),
    limits: createPaymentLimits(createRateLimiter(dynamo, config.ordersTable, clock), config.paymentLimits, logger),
    secrets,
  });
}

/**
 * M-Pesa in a function that only settles payments and also confirms card ones (checkout-session's
 * success page, reconcile-orders): through the handler's own orders store and receipts, which its card
 * confirmation shares, and without the attempts and limits only starting a payment uses, so its
 * bundle holds neither.
 */
export async function createSettlingMpesa(
  { config, clock, logger, metrics }: FunctionStart,
  dynamo: DynamoDBDocumentClient,
  secrets: () => SecretReader,
  { orders, sendReceipt }: { readonly orders: OrdersStore; readonly sendReceipt: SendReceipt },
): Promise<MpesaServices | null> {
  return createMpesaServices({ config, clock, logger, metrics, dynamo, orders, sendReceipt, secrets });
}

/**
 * Confirms an order through the payment its session id names: an M-Pesa payment id goes to M-Pesa (when it
 * is configured), any other id to the card provider. The reconciliation's one rule, in AWS and locally.
 */
export function confirmByPaymentMethod(confirmCard: ConfirmOrder, mpesa: { readonly payments: { readonly confirm: ConfirmOrder } } | null): ConfirmOrder {
  return (request) => (mpesa && MPESA_PAYMENT_ID_PATTERN.test(request.sessionId) ? mpesa.payments.confirm(request) : confirmCard(request));
}
