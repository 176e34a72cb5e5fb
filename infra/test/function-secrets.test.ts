import { Match, Template } from 'aws-cdk-lib/assertions';
import { DARAJA_SECRET_NAMES, NEWSLETTER_TOKEN_SECRET_NAME, STRIPE_SECRET_KEY_NAME, STRIPE_WEBHOOK_SECRET_NAME } from '../lib/payments/payment-secrets';
import { buildTestApp } from './support/test-app';

type FunctionResource = { Properties: { Description: string; Environment: { Variables: Record<string, unknown> }; Role: { 'Fn::GetAtt': [string, string] } } };

const SECRET_NAMES = {
  stripeKey: STRIPE_SECRET_KEY_NAME,
  stripeWebhook: STRIPE_WEBHOOK_SECRET_NAME,
  newsletterToken: NEWSLETTER_TOKEN_SECRET_NAME,
  darajaConsumerKey: DARAJA_SECRET_NAMES.consumerKey,
  darajaConsumerSecret: DARAJA_SECRET_NAMES.consumerSecret,
  darajaPasskey: DARAJA_SECRET_NAMES.passkey,
} as const;
type SecretKey = keyof typeof SECRET_NAMES;

/** The variable that carries each secret's ARN. */
const ARN_VARIABLE: Readonly<Record<SecretKey, string>> = {
  stripeKey: 'STRIPE_SECRET_ARN',
  stripeWebhook: 'STRIPE_WEBHOOK_SECRET_ARN',
  newsletterToken: 'SUBSCRIPTION_TOKEN_SECRET_ARN',
  darajaConsumerKey: 'DARAJA_CONSUMER_KEY_ARN',
  darajaConsumerSecret: 'DARAJA_CONSUMER_SECRET_ARN',
  darajaPasskey: 'DARAJA_PASSKEY_ARN',
};

const DARAJA: readonly SecretKey[] = ['darajaConsumerKey', 'darajaConsumerSecret', 'darajaPasskey'];

/** What each deployed function may read, written out here so a change to the shared table shows up as a failing test. */
const EXPECTED: Readonly<Record<string, readonly SecretKey[]>> = {
  'create-payment': ['stripeKey'],
  'checkout-session': ['stripeKey', ...DARAJA],
  'stripe-webhook': ['stripeWebhook'],
  'fulfil-order': ['stripeKey'],
  'reconcile-orders': ['stripeKey', ...DARAJA],
  enquiries: [],
  subscriptions: ['newsletterToken'],
  'mpesa-payment': DARAJA,
  'mpesa-callback': DARAJA,
  'client-events': [],
  'mail-events': [],
};

describe('each payment function is given only the secrets it reads', () => {
  const template = Template.fromStack(
    buildTestApp({ context: { mpesaShortcode: '174379', darajaBaseUrl: 'https://api.safaricom.co.ke', kesPerUsd: '131.4', kesRateDate: '2026-11-22' } }).stacks.payments,
  );
  const functions = Object.values(
    template.findResources('AWS::Lambda::Function', { Properties: { Description: Match.stringLikeRegexp('^Kesho payments: ') } }) as Record<string, FunctionResource>,
  );
  const functionNamed = (name: string): FunctionResource => {
    const found = functions.find((fn) => fn.Properties.Description === `Kesho payments: ${name}`);
    if (!found) throw new Error(`no function ${name}`);
    return found;
  };
  const secretIds = Object.fromEntries(
    Object.entries(SECRET_NAMES).map(([key, name]) => {
      const ids = Object.keys(template.findResources('AWS::SecretsManager::Secret', { Properties: { Name: name } }));
      if (ids.length !== 1) throw new Error(`expected one secret ${name}, found ${ids.length}`);
      return [key, ids[0] as string];
    }),
  ) as Record<SecretKey, string>;
  const policies = Object.values(template.findResources('AWS::IAM::Policy')) as Array<{
    Properties: { Roles: unknown; PolicyDocument: { Statement: Array<{ Action: string | string[]; Resource: unknown }> } };
  }>;

  /** The secrets a function's role may read (GetSecretValue on the secret's ARN). */
  const readableSecrets = (fn: FunctionResource): SecretKey[] => {
    const roleId = fn.Properties.Role['Fn::GetAtt'][0];
    const statements = policies
      .filter((policy) => JSON.stringify(policy.Properties.Roles).includes(`"${roleId}"`))
      .flatMap((policy) => policy.Properties.PolicyDocument.Statement)
      .filter((statement) => [statement.Action].flat().includes('secretsmanager:GetSecretValue'));
    return (Object.keys(secretIds) as SecretKey[]).filter((key) => statements.some((statement) => JSON.stringify(statement.Resource).includes(`"${secretIds[key]}"`)));
  };

  test('covers all eleven functions', () => {
    expect(functions.map((fn) => fn.Properties.Description.replace('Kesho payments: ', '')).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  test.each(Object.entries(EXPECTED))('%s may read exactly its own secrets', (name, expected) => {
    expect(readableSecrets(functionNamed(name)).sort()).toEqual([...expected].sort());
  });

  test.each(Object.entries(EXPECTED))('%s finds only its own secrets in its environment, by ARN', (name, expected) => {
    const variables = functionNamed(name).Properties.Environment.Variables;
    const secretVariables = Object.keys(variables).filter((key) => key.endsWith('_ARN') || /SECRET|PASSKEY|CONSUMER_KEY/.test(key));
    expect(secretVariables.sort()).toEqual(expected.map((key) => ARN_VARIABLE[key]).sort());
    for (const key of expected) expect(variables[ARN_VARIABLE[key]]).toEqual({ Ref: secretIds[key] });
  });

  test('gives the Daraja settings (shortcode, origin, KES rate) only to the functions that talk to Daraja', () => {
    for (const [name, expected] of Object.entries(EXPECTED)) {
      const settings = Object.keys(functionNamed(name).Properties.Environment.Variables).filter((key) => /^(DARAJA_SHORTCODE|DARAJA_BASE_URL|KES_PER_USD|KES_RATE_DATE)$/.test(key));
      expect([name, settings.sort()]).toEqual([name, expected.includes('darajaPasskey') ? ['DARAJA_BASE_URL', 'DARAJA_SHORTCODE', 'KES_PER_USD', 'KES_RATE_DATE'] : []]);
    }
  });

  test('keeps the Stripe key from the enquiries, newsletter and M-Pesa functions, and the webhook secret from all but the webhook', () => {
    for (const name of ['enquiries', 'subscriptions', 'mpesa-payment', 'mpesa-callback']) expect(readableSecrets(functionNamed(name))).not.toContain('stripeKey');
    for (const name of Object.keys(EXPECTED).filter((name) => name !== 'stripe-webhook')) expect(readableSecrets(functionNamed(name))).not.toContain('stripeWebhook');
  });
});
