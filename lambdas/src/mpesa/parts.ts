/**
 * M-Pesa: Daraja when configured (its secrets from the environment or Secrets Manager), the built-in
 * sandbox otherwise, nothing when switched off in production. A paid M-Pesa order gets its receipt.
 */
import { mpesaSandboxPagePath } from '@kesho/common/mpesa';
import { ordersStore, paymentAttempts } from '../orders/parts';
import { sendReceipt } from '../receipts/parts';
import { dynamoDocuments } from '../runtime/dynamo';
import { part } from '../runtime/foundation';
import { resolveSecret, secretReader } from '../runtime/secrets';
import { createDarajaClient } from './daraja';
import { createMpesaSandbox, type MpesaSandbox } from './sandbox';
import { createMpesaPayments, type MpesaPayments } from './service';
import { createMpesaStore, type MpesaStore } from './store';

export interface MpesaServices {
  readonly payments: MpesaPayments;
  readonly store: MpesaStore;
  /** Only without Daraja credentials. */
  readonly sandbox: MpesaSandbox | null;
}

/** null when M-Pesa is switched off (production without Daraja credentials). */
export const mpesa = part(async (foundation): Promise<MpesaServices | null> => {
  const { config, clock, logger } = foundation;
  const settings = config.mpesa;
  if (settings.provider === 'off') return null;
  const dynamo = dynamoDocuments(foundation);
  const store = createMpesaStore(dynamo, config.ordersTable);
  const common = {
    orders: ordersStore(foundation),
    attempts: paymentAttempts(foundation),
    sendReceipt: sendReceipt(foundation),
    store,
    publicSiteUrl: config.publicSiteUrl,
    kesPerUsd: config.kesRate.kesPerUsd,
    rateDate: config.kesRate.rateDate,
    clock,
    logger,
  };

  if (settings.provider === 'sandbox') {
    const sandbox = createMpesaSandbox(dynamo, config.ordersTable);
    const payments = createMpesaPayments({ ...common, gateway: sandbox, sandboxPageUrl: mpesaSandboxPagePath });
    return { payments, store, sandbox };
  }

  const reader = secretReader(foundation);
  const [consumerKey, consumerSecret, passkey] = await Promise.all([
    resolveSecret(settings.consumerKey, reader),
    resolveSecret(settings.consumerSecret, reader),
    resolveSecret(settings.passkey, reader),
  ]);
  const gateway = createDarajaClient({ baseUrl: settings.baseUrl, shortcode: settings.shortcode, consumerKey, consumerSecret, passkey, clock });
  return { payments: createMpesaPayments({ ...common, gateway }), store, sandbox: null };
});
