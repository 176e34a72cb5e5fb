/** Card payments: Stripe (the SDK, with the Stripe secrets this function reads) or the sandbox that stands in for it. */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { AppConfig } from '../config';
import type { Logger } from '../log';
import { rereadSecret, resolveOptionalSecret, type SecretReader } from '../clients/secrets';
import { createSandboxPayments, type SandboxPayments } from './sandbox';
import { createStripePayments } from './stripe';
import type { PaymentsProvider } from './types';

export interface CardPayments {
  readonly provider: PaymentsProvider;
  /** Only without Stripe: the sandbox's own controls (its test page pays and declines through them). */
  readonly sandbox: SandboxPayments | null;
}

/**
 * Stripe with only the Stripe secrets this function reads (its configuration holds only those, so only
 * those are fetched, through `secrets()`, made only then), or the sandbox on the orders table (`dynamo()`, made only then).
 */
export async function createCardPayments(
  { config, clock, logger }: { readonly config: AppConfig; readonly clock: () => Date; readonly logger: Logger },
  dynamo: () => DynamoDBDocumentClient,
  secrets: () => SecretReader,
): Promise<CardPayments> {
  if (config.payments.provider === 'stripe') {
    const reader = secrets();
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
  const sandbox = createSandboxPayments({ client: dynamo(), tableName: config.ordersTable, publicSiteUrl: config.publicSiteUrl, clock });
  return { provider: sandbox, sandbox };
}
