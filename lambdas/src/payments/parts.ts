/**
 * Card payments: Stripe (the SDK, with the Stripe secrets this function reads) or the sandbox; and
 * create-payment's service, which opens a checkout. No mail here: opening a checkout sends none.
 */
import { createStartCheckout } from '../orders/startCheckout';
import { ordersStore, paymentAttempts } from '../orders/parts';
import { dynamoDocuments } from '../runtime/dynamo';
import { part } from '../runtime/foundation';
import { rereadSecret, resolveOptionalSecret, secretReader } from '../runtime/secrets';
import { createSandboxPayments, type SandboxPayments } from './sandbox';
import { createStripePayments } from './stripe';
import type { PaymentsProvider } from './types';

export interface CardPayments {
  readonly provider: PaymentsProvider;
  /** Only without Stripe: the sandbox's own controls (its test page pays and declines through them). */
  readonly sandbox: SandboxPayments | null;
}

export const cardPayments = part(async (foundation): Promise<CardPayments> => {
  const { config, clock, logger } = foundation;
  if (config.payments.provider === 'stripe') {
    // Only the Stripe secrets this function reads are in its configuration, so only those are fetched.
    const reader = secretReader(foundation);
    const { secretKey: keySource, webhookSecret: webhookSource } = config.payments;
    const [secretKey, webhookSecret] = await Promise.all([resolveOptionalSecret('stripeSecretKey', keySource, reader), resolveOptionalSecret('stripeWebhookSecret', webhookSource, reader)]);
    const provider = createStripePayments({
      ...(secretKey !== undefined ? { secretKey } : {}),
      ...(webhookSecret !== undefined ? { webhookSecret } : {}),
      // A key from Secrets Manager is read again when Stripe refuses it (rolled in the dashboard, put by ops).
      ...(keySource?.kind === 'secrets-manager' ? { rereadSecretKey: rereadSecret('stripeSecretKey', keySource, reader) } : {}),
      onKeyReread: (changed) => logger.warn('secret.reread', { secret: 'stripeSecretKey', why: 'stripe-401', changed }),
      publicSiteUrl: config.publicSiteUrl,
      api: config.payments.api,
      clock,
    });
    return { provider, sandbox: null };
  }
  const sandbox = createSandboxPayments({ client: dynamoDocuments(foundation), tableName: config.ordersTable, publicSiteUrl: config.publicSiteUrl, clock });
  return { provider: sandbox, sandbox };
});

export const startCheckout = part(async (foundation) =>
  createStartCheckout({
    orders: ordersStore(foundation),
    payments: (await cardPayments(foundation)).provider,
    attempts: paymentAttempts(foundation),
    clock: foundation.clock,
    logger: foundation.logger,
    metrics: foundation.metrics,
  }),
);
