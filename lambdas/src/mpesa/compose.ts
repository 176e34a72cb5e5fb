/**
 * The M-Pesa part of the composition root: Daraja when configured (secrets from the environment or
 * Secrets Manager), the built-in sandbox otherwise, nothing when switched off in production.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { AppConfig } from '../config';
import type { Logger } from '../log';
import type { PaymentAttemptsStore } from '../orders/attempts';
import type { OrdersStore } from '../orders/store';
import type { SendReceipt } from '../receipts/sendReceipt';
import { resolveSecret, type SecretReader } from '../runtime/secrets';
import { createDarajaClient } from './daraja';
import { createMpesaSandbox, MPESA_SANDBOX_PATH, type MpesaSandbox } from './sandbox';
import { createMpesaPayments, type MpesaPayments } from './service';
import { createMpesaStore, type MpesaStore } from './store';

export interface MpesaServices {
  readonly payments: MpesaPayments;
  readonly store: MpesaStore;
  /** Only without Daraja credentials. */
  readonly sandbox: MpesaSandbox | null;
}

export async function composeMpesa(
  config: AppConfig,
  deps: { dynamo: DynamoDBDocumentClient; orders: OrdersStore; attempts?: PaymentAttemptsStore; secrets: SecretReader; clock: () => Date; logger: Logger; sendReceipt?: SendReceipt },
): Promise<MpesaServices | null> {
  const mpesa = config.mpesa;
  if (mpesa.provider === 'off') return null;
  const store = createMpesaStore(deps.dynamo, config.ordersTable);
  const common = {
    orders: deps.orders,
    store,
    publicSiteUrl: config.publicSiteUrl,
    kesPerUsd: config.kesRate.kesPerUsd,
    rateDate: config.kesRate.rateDate,
    clock: deps.clock,
    logger: deps.logger,
    ...(deps.sendReceipt ? { sendReceipt: deps.sendReceipt } : {}),
    ...(deps.attempts ? { attempts: deps.attempts } : {}),
  };

  if (mpesa.provider === 'sandbox') {
    const sandbox = createMpesaSandbox(deps.dynamo, config.ordersTable);
    const payments = createMpesaPayments({ ...common, gateway: sandbox, sandboxPageUrl: (paymentId) => `${MPESA_SANDBOX_PATH}/${encodeURIComponent(paymentId)}` });
    return { payments, store, sandbox };
  }

  const [consumerKey, consumerSecret, passkey] = await Promise.all([
    resolveSecret(mpesa.consumerKey, deps.secrets),
    resolveSecret(mpesa.consumerSecret, deps.secrets),
    resolveSecret(mpesa.passkey, deps.secrets),
  ]);
  const gateway = createDarajaClient({ baseUrl: mpesa.baseUrl, shortcode: mpesa.shortcode, consumerKey, consumerSecret, passkey, clock: deps.clock });
  return { payments: createMpesaPayments({ ...common, gateway }), store, sandbox: null };
}
