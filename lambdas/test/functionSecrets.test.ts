import { readdirSync } from 'node:fs';
import path from 'node:path';
import { answeringSecretsManager } from './support/secretsManager';
import { SECRET_VARIABLES, type FunctionSecret } from '@kesho/operations/function-secrets';
import { BACKEND_FUNCTIONS, secretsOf, type BackendFunction } from '@kesho/operations/functions';
import Stripe from 'stripe';
import { ConfigError, SecretNotGivenError, loadConfig } from '../src/config';
import { buildSubscriptions } from '../src/handlers/subscriptions';
import { awsDocumentClient } from '../src/clients/dynamo';
import { createSecretsManagerReader, type SecretReader } from '../src/clients/secrets';
import { startFunction, type FunctionStart } from '../src/lambda';
import { createCardPayments } from '../src/payments/cardPayments';
import type { ApiGatewayEvent } from '../src/http/apiGateway';
import { DEPLOYED_ENV } from './support/deployedEnv';

/** Daraja's settings that travel with its credentials. */
const DARAJA_SETTINGS = { DARAJA_SHORTCODE: '174379', DARAJA_BASE_URL: 'https://api.safaricom.co.ke', KES_PER_USD: '129.25', KES_RATE_DATE: '2026-11-20' };

const arnOf = (variable: string) => `arn:aws:secretsmanager:eu-west-1:123456789012:secret:${variable.toLowerCase()}`;

/** The ARN variables of the given secrets, as the CDK stack sets them. */
function secretArns(secrets: readonly FunctionSecret[]): Record<string, string> {
  const env: Record<string, string> = {};
  for (const secret of secrets) {
    for (const variables of SECRET_VARIABLES[secret]) env[variables.arn] = arnOf(variables.arn);
    if (secret === 'darajaCredentials') Object.assign(env, DARAJA_SETTINGS);
  }
  return env;
}

const EVERY_SECRET = Object.keys(SECRET_VARIABLES) as FunctionSecret[];
const FUNCTIONS = BACKEND_FUNCTIONS;

/** A Secrets Manager that answers every ARN with a usable value and records what it was asked. */
function recordingSecretsManager() {
  const fetched: string[] = [];
  const valueOf = (arn: string) => {
    if (arn === arnOf('STRIPE_SECRET_ARN')) return 'sk_test_fromSecretsManager';
    if (arn === arnOf('STRIPE_WEBHOOK_SECRET_ARN')) return 'whsec_fromSecretsManager';
    // Letters, digits and dashes: the shape of a Daraja credential, long enough for the link-signing key.
    return `value-of-${arn.replace(/[^A-Za-z0-9]/g, '')}-long-enough-for-any-signing-key`;
  };
  return { given: { secrets: createSecretsManagerReader(answeringSecretsManager(fetched, valueOf)) }, fetched };
}

type Given = { readonly secrets?: SecretReader };

/**
 * What a handler module builds its services with at cold start: its `build<Function>` from the
 * function's start (lambda.ts), given the recording Secrets Manager (a function that reads no secret
 * makes no reader at all).
 */
async function coldStartOf(fn: BackendFunction): Promise<(env: NodeJS.ProcessEnv, given: Given) => Promise<unknown>> {
  const module = (await import(`../src/handlers/${fn}`)) as Record<string, unknown>;
  const build = Object.entries(module).find(([name]) => name.startsWith('build'))?.[1] as ((start: FunctionStart, given: Given) => unknown) | undefined;
  if (!build) throw new Error(`handlers/${fn}.ts declares no build function`);
  return async (env, given) => build(startFunction(fn, env), given);
}

describe('each function reads only the secrets it needs', () => {
  it('names every handler module in the table, and nothing else', () => {
    const handlers = readdirSync(path.join(__dirname, '../src/handlers')).map((file) => file.replace(/\.ts$/, ''));
    expect(FUNCTIONS.slice().sort()).toEqual(handlers.sort());
  });

  it.each(FUNCTIONS)('%s starts in production with only its own secrets in its environment', (fn) => {
    expect(() => loadConfig({ ...DEPLOYED_ENV, ...secretArns(secretsOf(fn)) }, { secrets: secretsOf(fn) })).not.toThrow();
  });

  it.each(
    FUNCTIONS.flatMap((fn) =>
      secretsOf(fn)
        .filter((secret) => secret !== 'darajaCredentials')
        .map((secret) => [fn, secret] as const),
    ),
  )('%s refuses to start without its %s, in one error naming it', (fn, secret) => {
    const env = { ...DEPLOYED_ENV, ...secretArns(secretsOf(fn)) };
    const [variables] = SECRET_VARIABLES[secret];
    if (!variables) throw new Error(`${secret} has no variables`);
    delete (env as Record<string, string>)[variables.arn];
    expect(() => loadConfig(env, { secrets: secretsOf(fn) })).toThrow(new ConfigError([`Missing env var ${variables.value} (or ${variables.arn})`]));
  });

  it('refuses a Daraja function given only part of the credentials, naming what is missing; none at all switches M-Pesa off', () => {
    const secrets = secretsOf('mpesa-payment');
    const partial = { ...DEPLOYED_ENV, ...secretArns(secrets) } as Record<string, string>;
    delete partial.DARAJA_PASSKEY_ARN;
    expect(() => loadConfig(partial, { secrets })).toThrow(new ConfigError(['Missing env var DARAJA_PASSKEY (or DARAJA_PASSKEY_ARN)']));
    expect(loadConfig(DEPLOYED_ENV, { secrets }).mpesa).toEqual({ provider: 'off' });
  });

  it('lets the enquiries function start with no secret at all, and never looks at one it was given', () => {
    const config = loadConfig({ ...DEPLOYED_ENV, STRIPE_SECRET_KEY: 'pk_not_even_valid', SUBSCRIPTION_TOKEN_SECRET: 'short' }, { secrets: secretsOf('enquiries') });
    expect(config.payments).toEqual({ provider: 'stripe', api: {} });
    expect(config.leads.tokenSecret).toBeUndefined();
    expect(config.mpesa).toEqual({ provider: 'off' });
  });

  it.each(FUNCTIONS)('%s builds its services at cold start fetching exactly its own secrets, even when given every ARN', async (fn) => {
    const secretsManager = recordingSecretsManager();
    const coldStart = await coldStartOf(fn);
    await coldStart({ ...DEPLOYED_ENV, ...secretArns(EVERY_SECRET) }, secretsManager.given);
    const expected = secretsOf(fn).flatMap((secret) => SECRET_VARIABLES[secret].map((variables) => arnOf(variables.arn)));
    expect(secretsManager.fetched.slice().sort()).toEqual(expected.slice().sort());
  });

  it('fails the cold start with one clear error, fetching nothing, when a needed secret is missing', () => {
    const env = { ...DEPLOYED_ENV, ...secretArns(['stripeWebhookSecret', 'newsletterTokenSecret']) };
    expect(() => startFunction('create-payment', env)).toThrow(new ConfigError(['Missing env var STRIPE_SECRET_KEY (or STRIPE_SECRET_ARN)']));
  });

  it('verifies Stripe webhooks with the signing secret alone, and cannot call Stripe without the key', async () => {
    const secretsManager = recordingSecretsManager();
    const start = startFunction('stripe-webhook', { ...DEPLOYED_ENV, ...secretArns(secretsOf('stripe-webhook')) });
    const { provider } = await createCardPayments(start, awsDocumentClient, () => secretsManager.given.secrets);
    const payload = JSON.stringify({ id: 'evt_1', object: 'event', type: 'checkout.session.completed', data: { object: { id: 'cs_test_abcdefgh', object: 'checkout.session' } } });
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_fromSecretsManager' });
    await expect(provider.verifyWebhook(Buffer.from(payload), header)).resolves.toEqual({
      id: 'evt_1',
      type: 'checkout.session.completed',
      sessionId: 'cs_test_abcdefgh',
      invoiceNumber: null,
      correlationId: null,
    });
    await expect(provider.retrieveSession('cs_test_abcdefgh')).rejects.toThrow(SecretNotGivenError);
  });

  it('answers a newsletter request with a plain 500 (and no signing) in a function not given the link secret', async () => {
    expect(startFunction('enquiries', DEPLOYED_ENV).config.leads.tokenSecret).toBeUndefined();
    const event = {
      version: '2.0',
      rawPath: '/api/subscriptions/confirm',
      rawQueryString: 'token=x',
      queryStringParameters: { token: 'x' },
      headers: {},
      isBase64Encoded: false,
      requestContext: { http: { method: 'GET', path: '/api/subscriptions/confirm', sourceIp: '127.0.0.1' }, requestId: 'r1' },
    } as unknown as ApiGatewayEvent;
    // The newsletter's handler built from the start of a function that reads no secret (enquiries').
    const handler = await buildSubscriptions(startFunction('enquiries', DEPLOYED_ENV));
    const response = await handler(event);
    expect(response.statusCode).toBe(500);
    expect(String(response.body)).not.toMatch(/newsletterTokenSecret|SecretNotGiven/);
  });
});
