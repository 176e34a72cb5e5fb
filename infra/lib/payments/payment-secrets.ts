/**
 * The secrets of the payment functions: Stripe's two and Daraja's three (placeholders ops fill) and the
 * generated newsletter link-signing key; and giving each function the ARNs of, and read access to,
 * only the secrets its entry in @kesho/operations/functions lists.
 *
 * Daraja's secrets exist whether M-Pesa is on or not: they are retained under fixed names, so a
 * stack that made them only with M-Pesa on would fail its next deploy with M-Pesa on again (the
 * names taken by its own retained secrets). With M-Pesa off no function is given them.
 */
import { RemovalPolicy, type Stack } from 'aws-cdk-lib';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { SECRET_VARIABLES, type FunctionSecret } from '@kesho/operations/function-secrets';
import { secretsOf, type DeployedFunctionName } from '@kesho/operations/functions';
import { acknowledge } from '../nag';

export const STRIPE_SECRET_KEY_NAME = 'kesho/stripe/secret-key';
export const STRIPE_WEBHOOK_SECRET_NAME = 'kesho/stripe/webhook-signing-secret';
export const NEWSLETTER_TOKEN_SECRET_NAME = 'kesho/newsletter/token-secret';
export const DARAJA_SECRET_NAMES = {
  consumerKey: 'kesho/mpesa/consumer-key',
  consumerSecret: 'kesho/mpesa/consumer-secret',
  passkey: 'kesho/mpesa/passkey',
} as const;

export interface DarajaSecrets {
  readonly consumerKey: Secret;
  readonly consumerSecret: Secret;
  readonly passkey: Secret;
}

export class PaymentSecrets {
  readonly stripeSecretKey: Secret;
  readonly stripeWebhookSecret: Secret;
  readonly newsletterTokenSecret: Secret;
  readonly daraja: DarajaSecrets;
  /** Without M-Pesa no function is told of Daraja's secrets, and M-Pesa answers 503. */
  private readonly mpesa: boolean;
  /** Each secret kind of @kesho/operations/function-secrets, as the secrets that hold it, in the order of its variables there. */
  private readonly holding: Readonly<Record<FunctionSecret, readonly Secret[]>>;

  /** Built in the stack's own scope: the secrets' logical ids must never change (their names are fixed and retained). */
  constructor(stack: Stack, props: { readonly mpesa: boolean }) {
    // Created with a random placeholder value (CloudFormation cannot create an empty secret); ops put
    // the real values once with `aws secretsmanager put-secret-value` and stack updates never touch them.
    this.stripeSecretKey = new Secret(stack, 'StripeSecretKey', {
      secretName: STRIPE_SECRET_KEY_NAME,
      description: 'Stripe secret API key (sk_live_… or a restricted rk_live_… key), set by ops',
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.stripeWebhookSecret = new Secret(stack, 'StripeWebhookSecret', {
      secretName: STRIPE_WEBHOOK_SECRET_NAME,
      description: 'Signing secret (whsec_…) of the Stripe webhook endpoint /api/stripe-webhook, set by ops',
      removalPolicy: RemovalPolicy.RETAIN,
    });

    this.newsletterTokenSecret = new Secret(stack, 'NewsletterTokenSecret', {
      secretName: NEWSLETTER_TOKEN_SECRET_NAME,
      description: 'HMAC key of the newsletter confirm/unsubscribe links (generated; rotating it voids links already sent)',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
      removalPolicy: RemovalPolicy.RETAIN,
    });

    // Same lifecycle as Stripe's: placeholders made here, the real values put once by ops.
    this.mpesa = props.mpesa;
    this.daraja = {
      consumerKey: new Secret(stack, 'DarajaConsumerKey', {
        secretName: DARAJA_SECRET_NAMES.consumerKey,
        description: 'Daraja app consumer key, set by ops',
        removalPolicy: RemovalPolicy.RETAIN,
      }),
      consumerSecret: new Secret(stack, 'DarajaConsumerSecret', {
        secretName: DARAJA_SECRET_NAMES.consumerSecret,
        description: 'Daraja app consumer secret, set by ops',
        removalPolicy: RemovalPolicy.RETAIN,
      }),
      passkey: new Secret(stack, 'DarajaPasskey', {
        secretName: DARAJA_SECRET_NAMES.passkey,
        description: 'Lipa na M-Pesa Online passkey of the shortcode, set by ops',
        removalPolicy: RemovalPolicy.RETAIN,
      }),
    };
    this.holding = {
      stripeSecretKey: [this.stripeSecretKey],
      stripeWebhookSecret: [this.stripeWebhookSecret],
      newsletterTokenSecret: [this.newsletterTokenSecret],
      darajaCredentials: this.mpesa ? [this.daraja.consumerKey, this.daraja.consumerSecret, this.daraja.passkey] : [],
    };
  }

  /** A function's own secrets: their ARNs in its environment, and read access to those alone. */
  give(name: DeployedFunctionName, fn: NodejsFunction): void {
    for (const kind of secretsOf(name)) {
      this.holding[kind].forEach((secret, index) => {
        const variables = SECRET_VARIABLES[kind][index];
        if (!variables) throw new Error(`@kesho/operations/function-secrets names no variable for secret ${index + 1} of ${kind}`);
        fn.addEnvironment(variables.arn, secret.secretArn);
        secret.grantRead(fn);
      });
    }
  }

  acknowledgeFindings(): void {
    for (const secret of [this.stripeSecretKey, this.stripeWebhookSecret, ...Object.values(this.daraja)]) {
      acknowledge(secret, {
        id: 'AwsSolutions-SMG4',
        reason:
          'Stripe and Daraja keys are issued and rolled in the Stripe dashboard and on the Daraja portal, which Secrets Manager rotation cannot drive; ops put each new value with put-secret-value.',
      });
    }
    acknowledge(this.newsletterTokenSecret, {
      id: 'AwsSolutions-SMG4',
      reason: 'Rotating the link-signing key would void every confirmation and unsubscribe link already mailed; it is rotated by hand, knowingly.',
    });
  }
}
