/** The card payments: Stripe, or the built-in sandbox outside production when no Stripe key is set. */
import { SECRET_VARIABLES, type FunctionSecret } from '@kesho/operations/function-secrets';
import type { ReadContext } from './problems';
import { checkSecretValue, secretSource, type SecretSource } from './secrets';

export interface StripeApiEndpoint {
  readonly host?: string;
  readonly port?: number;
  readonly protocol?: 'http' | 'https';
}

/**
 * With Stripe, each of its two secrets is present only in a function that reads it (see
 * @kesho/operations/functions): the webhook verifies signatures without the API key, and the
 * functions that call Stripe's API never see the signing secret.
 */
export type PaymentsConfig =
  | { readonly provider: 'sandbox' }
  | {
      readonly provider: 'stripe';
      readonly secretKey?: SecretSource;
      readonly webhookSecret?: SecretSource;
      /** Only set by tests, which point the SDK at a local Stripe-compatible server. */
      readonly api: StripeApiEndpoint;
    };

/** Stripe's and the newsletter's secrets are one variable each (Daraja's three are read in mpesa.ts). */
export function singleSecret({ read, problems }: ReadContext, needs: ReadonlySet<FunctionSecret>, secret: FunctionSecret): SecretSource | undefined {
  const [variables] = SECRET_VARIABLES[secret];
  return needs.has(secret) && variables ? secretSource(read, variables.value, variables.arn, problems) : undefined;
}

export function readPaymentsConfig(context: ReadContext, needs: ReadonlySet<FunctionSecret>): PaymentsConfig {
  const { production, problems } = context;
  const secretKey = singleSecret(context, needs, 'stripeSecretKey');
  const webhookSecret = singleSecret(context, needs, 'stripeWebhookSecret');
  // Values from Secrets Manager are checked the same way when they are read (clients/secrets.ts).
  checkSecretValue(problems, 'stripeSecretKey', secretKey);
  checkSecretValue(problems, 'stripeWebhookSecret', webhookSecret);

  // Outside production the Stripe key chooses Stripe over the sandbox; a function that does not read
  // the key (the webhook) goes by the secret it does read. Production never takes sandbox payments.
  const stripeChosen = needs.has('stripeSecretKey') ? secretKey !== undefined : webhookSecret !== undefined;
  if (!production && !stripeChosen) return { provider: 'sandbox' };
  if (needs.has('stripeSecretKey') && !secretKey) problems.missing.push('STRIPE_SECRET_KEY (or STRIPE_SECRET_ARN)');
  // Without the signing secret the webhook could only trust unverified JSON, so a Stripe setup
  // without it is refused outright rather than degraded.
  if (needs.has('stripeWebhookSecret') && !webhookSecret) problems.missing.push('STRIPE_WEBHOOK_SECRET (or STRIPE_WEBHOOK_SECRET_ARN)');
  return {
    provider: 'stripe',
    ...(secretKey ? { secretKey } : {}),
    ...(webhookSecret ? { webhookSecret } : {}),
    api: stripeApiEndpoint(context),
  };
}

function stripeApiEndpoint({ read, problems }: ReadContext): StripeApiEndpoint {
  const host = read('STRIPE_API_HOST');
  const portText = read('STRIPE_API_PORT');
  const protocol = read('STRIPE_API_PROTOCOL');
  let port: number | undefined;
  if (portText !== undefined) {
    port = Number(portText);
    if (!Number.isInteger(port) || port < 1 || port > 65_535) problems.invalid.push('STRIPE_API_PORT must be a port number');
  }
  if (protocol !== undefined && protocol !== 'http' && protocol !== 'https') problems.invalid.push('STRIPE_API_PROTOCOL must be http or https');
  return {
    ...(host !== undefined ? { host } : {}),
    ...(port !== undefined ? { port } : {}),
    ...(protocol === 'http' || protocol === 'https' ? { protocol } : {}),
  };
}
