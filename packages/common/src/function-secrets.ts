/**
 * Which secrets each Lambda function of the payment backend reads. The handlers (lambdas/) load only
 * these at cold start and refuse to start without them; the CDK app (infra/) gives each function only
 * these ARNs and read access to nothing else. One table, so a function can neither be deployed with a
 * secret it never uses nor ship a need the stack does not grant.
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

/**
 * Why each function needs what it reads:
 * - the Stripe secret key: whoever opens a Checkout session or re-reads one to settle an order
 *   (create-payment, checkout-session, fulfil-order, reconcile-orders);
 * - the webhook signing secret: only stripe-webhook, which verifies the signature locally and hands
 *   the event on without calling Stripe;
 * - the newsletter token secret: only subscriptions, which signs and checks the mailed links;
 * - Daraja's credentials: whoever starts an STK push or settles an M-Pesa payment from Daraja's query
 *   (mpesa-payment, mpesa-callback, checkout-session for an M-Pesa success page, reconcile-orders);
 * - none: enquiries, client-events, and the two sandboxes' test pages, which exist only without Stripe or Daraja.
 */
export const FUNCTION_SECRETS = {
  'create-payment': ['stripeSecretKey'],
  'checkout-session': ['stripeSecretKey', 'darajaCredentials'],
  'stripe-webhook': ['stripeWebhookSecret'],
  'fulfil-order': ['stripeSecretKey'],
  'reconcile-orders': ['stripeSecretKey', 'darajaCredentials'],
  enquiries: [],
  'client-events': [],
  subscriptions: ['newsletterTokenSecret'],
  'mpesa-payment': ['darajaCredentials'],
  'mpesa-callback': ['darajaCredentials'],
  'sandbox-checkout': [],
  'mpesa-sandbox': [],
} as const satisfies Readonly<Record<string, readonly FunctionSecret[]>>;

export type BackendFunction = keyof typeof FUNCTION_SECRETS;

export function secretsOf(fn: BackendFunction): readonly FunctionSecret[] {
  return FUNCTION_SECRETS[fn];
}
