/**
 * What each secret must look like, wherever it comes from: an environment variable (checked with the
 * rest of the configuration at start) or Secrets Manager (checked by clients/secrets.ts each time it is
 * read). A value of the wrong shape is refused, never used and never kept: the random placeholder the
 * stack creates before ops put the real value, a publishable Stripe key, a JSON secret.
 */
export type SecretName = 'stripeSecretKey' | 'stripeWebhookSecret' | 'newsletterTokenSecret' | 'darajaConsumerKey' | 'darajaConsumerSecret' | 'darajaPasskey';

interface SecretFormat {
  readonly pattern: RegExp;
  /** The variable a value comes in, for the message. */
  readonly variable: string;
  /** What the value must be, for the message. */
  readonly rule: string;
}

/** Daraja issues keys, secrets and passkeys of letters and digits; the stack's placeholders carry punctuation. */
const DARAJA_CREDENTIAL = /^[A-Za-z0-9_-]+$/;

export const SECRET_FORMATS: Readonly<Record<SecretName, SecretFormat>> = {
  stripeSecretKey: { pattern: /^(sk|rk)_[A-Za-z0-9_]+$/, variable: 'STRIPE_SECRET_KEY', rule: 'a secret or restricted key (sk_… or rk_…), never the publishable key' },
  stripeWebhookSecret: { pattern: /^whsec_[A-Za-z0-9_]+$/, variable: 'STRIPE_WEBHOOK_SECRET', rule: 'a webhook signing secret (whsec_…)' },
  newsletterTokenSecret: { pattern: /^[\s\S]{32,}$/, variable: 'SUBSCRIPTION_TOKEN_SECRET', rule: 'at least 32 characters (e.g. openssl rand -hex 32)' },
  darajaConsumerKey: { pattern: DARAJA_CREDENTIAL, variable: 'DARAJA_CONSUMER_KEY', rule: "the Daraja app's consumer key (letters and digits)" },
  darajaConsumerSecret: { pattern: DARAJA_CREDENTIAL, variable: 'DARAJA_CONSUMER_SECRET', rule: "the Daraja app's consumer secret (letters and digits)" },
  darajaPasskey: { pattern: DARAJA_CREDENTIAL, variable: 'DARAJA_PASSKEY', rule: 'the Lipa na M-Pesa Online passkey (letters and digits)' },
};

/** What is wrong with the value ("STRIPE_SECRET_KEY must be …"), or null when it has the secret's shape. Never quotes the value. */
export function secretFormatProblem(name: SecretName, value: string): string | null {
  const { pattern, variable, rule } = SECRET_FORMATS[name];
  return pattern.test(value) ? null : `${variable} must be ${rule}`;
}
