/**
 * The secrets of the payment backend and the variables each arrives in. Which function reads which is
 * its entry's `secrets` in @kesho/operations/functions: the handlers (lambdas/) load only those at cold
 * start and refuse to start without them; the CDK app (infra/) gives each function only those ARNs and
 * read access to nothing else. One table, so a function can neither be deployed with a secret it never
 * uses nor ship a need the stack does not grant.
 */

/** The secrets of the backend; the three Daraja credentials are only ever used together. */
export const FUNCTION_SECRET_KINDS = ['stripeSecretKey', 'stripeWebhookSecret', 'newsletterTokenSecret', 'darajaCredentials'] as const;
export type FunctionSecret = (typeof FUNCTION_SECRET_KINDS)[number];

/** Where one secret arrives: its value itself (local runs, tests), or the ARN of a Secrets Manager secret holding it (AWS). */
export interface SecretVariables {
  readonly value: string;
  readonly arn: string;
}

export const SECRET_VARIABLES: Readonly<Record<FunctionSecret, readonly SecretVariables[]>> = {
  stripeSecretKey: [{ value: 'STRIPE_SECRET_KEY', arn: 'STRIPE_SECRET_ARN' }],
  stripeWebhookSecret: [{ value: 'STRIPE_WEBHOOK_SECRET', arn: 'STRIPE_WEBHOOK_SECRET_ARN' }],
  newsletterTokenSecret: [{ value: 'SUBSCRIPTION_TOKEN_SECRET', arn: 'SUBSCRIPTION_TOKEN_SECRET_ARN' }],
  darajaCredentials: [
    { value: 'DARAJA_CONSUMER_KEY', arn: 'DARAJA_CONSUMER_KEY_ARN' },
    { value: 'DARAJA_CONSUMER_SECRET', arn: 'DARAJA_CONSUMER_SECRET_ARN' },
    { value: 'DARAJA_PASSKEY', arn: 'DARAJA_PASSKEY_ARN' },
  ],
};
