/**
 * M-Pesa: Daraja when configured (its secrets from the environment or Secrets Manager), the built-in
 * sandbox otherwise, nothing when switched off in production. A paid M-Pesa order gets its receipt.
 */
import { mpesaSandboxPagePath } from '@kesho/common/mpesa';
import { ordersStore, paymentAttempts } from '../orders/parts';
import { paymentLimits } from '../orders/paymentLimits';
import { sendReceipt } from '../receipts/parts';
import { dynamoDocuments } from '../runtime/dynamo';
import { part } from '../runtime/foundation';
import { resolveSecret, secretReader, type SecretReader } from '../runtime/secrets';
import type { MpesaConfig } from '../config';
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
    metrics: foundation.metrics,
    limits: paymentLimits(foundation),
  };

  if (settings.provider === 'sandbox') {
    const sandbox = createMpesaSandbox(dynamo, config.ordersTable);
    const payments = createMpesaPayments({ ...common, gateway: sandbox, sandboxPageUrl: mpesaSandboxPagePath });
    return { payments, store, sandbox };
  }

  const reader = secretReader(foundation);
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
});

/** Daraja's three secrets, each checked for its shape when read from Secrets Manager. */
async function darajaCredentials(settings: Extract<MpesaConfig, { provider: 'daraja' }>, reader: SecretReader, options: { readonly fresh?: boolean } = {}) {
  const [consumerKey, consumerSecret, passkey] = await Promise.all([
    resolveSecret('darajaConsumerKey', settings.consumerKey, reader, options),
    resolveSecret('darajaConsumerSecret', settings.consumerSecret, reader, options),
    resolveSecret('darajaPasskey', settings.passkey, reader, options),
  ]);
  return { consumerKey, consumerSecret, passkey };
}
