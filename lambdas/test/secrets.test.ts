/**
 * Secrets in a real account (issue 30 item 6): every secret's shape is checked wherever it comes from,
 * a placeholder read from Secrets Manager is never kept by a warm function, and a key the provider
 * refuses (401: rotated) is read again, so a rotation needs no cold start.
 */
import { ConfigError, loadConfig } from '../src/config';
import { awsDocumentClient } from '../src/clients/dynamo';
import { lambdaEventHandler, startFunction } from '../src/lambda';
import { createDarajaClient } from '../src/mpesa/daraja';
import { createCardPayments } from '../src/payments/cardPayments';
import { createSecretsManagerReader, resolveSecret, rereadSecret, SecretFormatError } from '../src/clients/secrets';
import { FAKE_DARAJA, startFakeDaraja } from './support/fakeDaraja';
import { startFakeStripe, type FakeStripe } from './support/fakeStripe';
import { answeringSecretsManager } from './support/secretsManager';

const ARN = 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:kesho/stripe/secret-key';
/** What CloudFormation puts in a secret made without a value: a random password, punctuation included. */
const PLACEHOLDER = 'q`8T;B,m2]Zx^h!V7r$kPz&N(4e)L@u';

/** A Secrets Manager whose values ops change during the test, recording every read that reached it. */
function changingSecretsManager(values: Record<string, string>) {
  const fetched: string[] = [];
  const reader = createSecretsManagerReader(answeringSecretsManager(fetched, (arn) => values[arn] ?? ''));
  return { reader, fetched, values };
}

/** create-payment's card provider as deployed, its key (at ARN) read from `secrets`, talking to the fake Stripe. */
async function deployedStripeProvider(stripe: FakeStripe, secrets: ReturnType<typeof changingSecretsManager>) {
  const env = { ...DEPLOYED, STRIPE_SECRET_ARN: ARN, STRIPE_API_HOST: stripe.host, STRIPE_API_PORT: String(stripe.port), STRIPE_API_PROTOCOL: 'http' };
  return (await createCardPayments(startFunction('create-payment', env), awsDocumentClient, () => secrets.reader)).provider;
}

const DEPLOYED = { NODE_ENV: 'production', PUBLIC_SITE_URL: 'https://www.example.com', ORDERS_TABLE: 'orders', FULFIL_ORDER_FUNCTION_NAME: 'f', MAIL_TRANSPORT: 'ses', LOG_LEVEL: 'silent' };

describe('secret formats, wherever the value comes from', () => {
  it.each([
    ['stripeSecretKey', 'pk_live_publishable', /STRIPE_SECRET_KEY must be a secret or restricted key/],
    ['stripeSecretKey', PLACEHOLDER, /STRIPE_SECRET_KEY must be/],
    ['stripeWebhookSecret', 'sk_live_notAWebhookSecret', /STRIPE_WEBHOOK_SECRET must be a webhook signing secret/],
    ['newsletterTokenSecret', 'short', /SUBSCRIPTION_TOKEN_SECRET must be at least 32 characters/],
    ['darajaConsumerKey', PLACEHOLDER, /DARAJA_CONSUMER_KEY must be/],
    ['darajaPasskey', '{"passkey":"abc"}', /DARAJA_PASSKEY must be/],
  ] as const)('refuses a %s read from Secrets Manager that is %p, without quoting it', async (name, value, message) => {
    const { reader } = changingSecretsManager({ [ARN]: value });
    const read = resolveSecret(name, { kind: 'secrets-manager', arn: ARN }, reader);
    await expect(read).rejects.toBeInstanceOf(SecretFormatError);
    await expect(read).rejects.toThrow(message);
    await expect(read).rejects.not.toThrow(value);
  });

  it('refuses the same shapes from the environment, with the rest of the configuration', () => {
    expect(() =>
      loadConfig({
        DARAJA_CONSUMER_KEY: 'key with spaces',
        DARAJA_CONSUMER_SECRET: 's',
        DARAJA_PASSKEY: 'p!',
        DARAJA_SHORTCODE: '174379',
        STRIPE_SECRET_KEY: 'pk_test_x',
        STRIPE_WEBHOOK_SECRET: 'whsec_test',
      }),
    ).toThrow(
      new ConfigError([
        'STRIPE_SECRET_KEY must be a secret or restricted key (sk_… or rk_…), never the publishable key',
        "DARAJA_CONSUMER_KEY must be the Daraja app's consumer key (letters and digits)",
        'DARAJA_PASSKEY must be the Lipa na M-Pesa Online passkey (letters and digits)',
      ]),
    );
  });
});

describe('a placeholder is never kept while warm', () => {
  it('reconcile-orders, started every 5 minutes before ops put the Stripe key, uses the key from the first run after it is put, without a cold start', async () => {
    const secrets = changingSecretsManager({ [ARN]: PLACEHOLDER });
    const saved = { ...process.env };
    Object.assign(process.env, DEPLOYED, { STRIPE_SECRET_ARN: ARN });
    try {
      // The function's card provider, built as lambda.ts builds a handler: at the first invocation, again after one that failed.
      let builds = 0;
      const invoke = lambdaEventHandler('reconcile-orders', async (start) => {
        builds += 1;
        const { provider } = await createCardPayments(start, awsDocumentClient, () => secrets.reader);
        return async () => provider;
      });
      // A run while the secret holds the stack's placeholder: the build fails (the function's error alarm), nothing is kept.
      await expect(invoke({})).rejects.toBeInstanceOf(SecretFormatError);
      await expect(invoke({})).rejects.toBeInstanceOf(SecretFormatError);
      // A refused value is always read again past the cache: every attempt reached Secrets Manager.
      expect(secrets.fetched.length).toBeGreaterThanOrEqual(3);
      secrets.values[ARN] = 'sk_live_putByOps';
      const provider = await invoke({});
      expect(provider.name).toBe('stripe');
      // Built once: the warm function keeps the good key.
      expect(await invoke({})).toBe(provider);
      expect(builds).toBe(3);
    } finally {
      for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
      Object.assign(process.env, saved);
    }
  });
});

describe('a key the provider refuses is read again (rotation without a cold start)', () => {
  it('Stripe answers 401 for a rolled key: the key is read again past the cache and the call made once more', async () => {
    const stripe = await startFakeStripe('sk_test_rolledKey');
    try {
      const secrets = changingSecretsManager({ [ARN]: 'sk_test_previousKey' });
      const provider = await deployedStripeProvider(stripe, secrets);
      // Ops roll the key in Stripe's dashboard and put the new one: the warm function still holds the old one.
      secrets.values[ARN] = 'sk_test_rolledKey';
      await expect(provider.retrieveSession('cs_test_unknownSession')).resolves.toBeNull();
      expect(secrets.fetched).toEqual([ARN, ARN]);
      // From now on the new key is used without reading again.
      await expect(provider.retrieveSession('cs_test_unknownSession')).resolves.toBeNull();
      expect(secrets.fetched).toHaveLength(2);
    } finally {
      await stripe.close();
    }
  });

  it('a 401 with a key that did not change is Stripe refusing it: no retry, the error goes on', async () => {
    const stripe = await startFakeStripe('sk_test_otherKey');
    try {
      const secrets = changingSecretsManager({ [ARN]: 'sk_test_revokedKey' });
      const provider = await deployedStripeProvider(stripe, secrets);
      await expect(provider.retrieveSession('cs_test_unknownSession')).rejects.toThrow('Stripe did not return the checkout session');
      expect(secrets.fetched).toHaveLength(2);
    } finally {
      await stripe.close();
    }
  });

  it('Daraja refuses rotated credentials: they are read again and the push goes through', async () => {
    const daraja = await startFakeDaraja();
    try {
      const arns = { consumerKey: 'arn:k', consumerSecret: 'arn:s', passkey: 'arn:p' } as const;
      const secrets = changingSecretsManager({ [arns.consumerKey]: 'previousConsumerKey', [arns.consumerSecret]: FAKE_DARAJA.consumerSecret, [arns.passkey]: FAKE_DARAJA.passkey });
      const credentials = async (fresh: boolean) => {
        const read = (name: 'darajaConsumerKey' | 'darajaConsumerSecret' | 'darajaPasskey', arn: string) =>
          fresh ? rereadSecret(name, { kind: 'secrets-manager', arn }, secrets.reader)() : resolveSecret(name, { kind: 'secrets-manager', arn }, secrets.reader);
        return {
          consumerKey: await read('darajaConsumerKey', arns.consumerKey),
          consumerSecret: await read('darajaConsumerSecret', arns.consumerSecret),
          passkey: await read('darajaPasskey', arns.passkey),
        };
      };
      const rereads: boolean[] = [];
      const gateway = createDarajaClient({
        baseUrl: daraja.baseUrl,
        shortcode: FAKE_DARAJA.shortcode,
        ...(await credentials(false)),
        rereadCredentials: () => credentials(true),
        onCredentialsReread: (changed) => rereads.push(changed),
      });
      secrets.values[arns.consumerKey] = FAKE_DARAJA.consumerKey;
      await expect(
        gateway.stkPush({
          msisdn: '254712345678',
          amountKes: 100,
          accountReference: 'INV-00000001',
          description: 'Kesho order',
          callbackUrl: 'https://www.example.com/api/mpesa/callback/x',
        }),
      ).resolves.toMatchObject({ checkoutRequestId: expect.any(String) });
      expect(rereads).toEqual([true]);
      expect(daraja.tokensIssued()).toBe(1);
    } finally {
      await daraja.close();
    }
  });
});
