import { KES_PER_USD, KES_RATE_DATE } from '@kesho/site-rules/mpesa';
import { ConfigError, loadConfig } from '../src/config';
import { DEVELOPMENT_TOKEN_SECRET } from '../src/config/leads';
import { defaultLocalDataDir } from '../src/config/localTools';
import { loadOrdersToolConfig } from '../src/config/ordersTool';
import { loadSmokeConfig } from '../src/config/smoke';

/** A complete production environment, as the CDK stack sets it (secrets by ARN). */
const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  PUBLIC_SITE_URL: 'https://www.example.com',
  ORDERS_TABLE: 'orders',
  FULFIL_ORDER_FUNCTION_NAME: 'stack-FulfilOrder',
  STRIPE_SECRET_ARN: 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:stripe-key',
  STRIPE_WEBHOOK_SECRET_ARN: 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:stripe-webhook',
  MAIL_TRANSPORT: 'ses',
  SUBSCRIPTION_TOKEN_SECRET_ARN: 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:newsletter-token',
};

describe('loadConfig', () => {
  it('traces invocations only inside Lambda, as Powertools does, unless POWERTOOLS_TRACE_ENABLED=false; never locally', () => {
    const lambda = { ...PRODUCTION_ENV, AWS_LAMBDA_FUNCTION_NAME: 'kesho-create-payment', AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs24.x', CLIENT_ADDRESS_HEADER: 'x-kesho-viewer-address' };
    expect(loadConfig(lambda).tracing).toBe(true);
    expect(loadConfig({ ...lambda, POWERTOOLS_TRACE_ENABLED: 'false' }).tracing).toBe(false);
    expect(loadConfig({ ...lambda, AWS_EXECUTION_ENV: '' }).tracing).toBe(false);
    expect(loadConfig(lambda, { runtime: 'local' }).tracing).toBe(false);
    expect(loadConfig({}).tracing).toBe(false);
  });

  it('gives development working defaults and the sandbox', () => {
    expect(loadConfig({})).toEqual({
      production: false,
      publicSiteUrl: 'http://localhost:3000',
      ordersTable: 'kesho-orders',
      fulfilOrderFunctionName: 'fulfil-order',
      payments: { provider: 'sandbox' },
      mpesa: { provider: 'sandbox' },
      kesRate: { kesPerUsd: KES_PER_USD, rateDate: KES_RATE_DATE },
      logLevel: 'info',
      mail: { transport: 'file', from: 'Kesho Global Education <support@keshoglobal.co.ke>', supportEmail: 'support@keshoglobal.co.ke' },
      leads: { tokenSecret: { kind: 'value', value: DEVELOPMENT_TOKEN_SECRET }, perClientPerHour: 600, perAddressPerHour: 60 },
      paymentLimits: { ordersPerClient: 20, pushesPerPhone: 5, pushHoldSeconds: 120 },
      reconcile: { intervalSeconds: 60, pendingAgeSeconds: 300 },
      tracing: false,
    });
  });

  it('limits starting payments with the same defaults locally and in production; each limit may be set, the phone hold only switched off outside production', () => {
    const defaults = { ordersPerClient: 20, pushesPerPhone: 5, pushHoldSeconds: 120 };
    expect(loadConfig({}, { runtime: 'local' }).paymentLimits).toEqual(defaults);
    expect(loadConfig(PRODUCTION_ENV).paymentLimits).toEqual(defaults);
    expect(loadConfig({ PAYMENT_RATE_LIMIT_PER_CLIENT: '50', MPESA_RATE_LIMIT_PER_PHONE: '3', MPESA_PUSH_HOLD_SECONDS: '0' }).paymentLimits).toEqual({
      ordersPerClient: 50,
      pushesPerPhone: 3,
      pushHoldSeconds: 0,
    });
    expect(() => loadConfig({ PAYMENT_RATE_LIMIT_PER_CLIENT: '0', MPESA_RATE_LIMIT_PER_PHONE: 'many', MPESA_PUSH_HOLD_SECONDS: '601' })).toThrow(
      [
        'Invalid configuration: PAYMENT_RATE_LIMIT_PER_CLIENT must be a whole number from 1 to 100000',
        'MPESA_RATE_LIMIT_PER_PHONE must be a whole number from 1 to 100000',
        'MPESA_PUSH_HOLD_SECONDS must be a whole number of seconds from 0 to 600',
      ].join('; '),
    );
    expect(() => loadConfig({ ...PRODUCTION_ENV, MPESA_PUSH_HOLD_SECONDS: '0' })).toThrow(/MPESA_PUSH_HOLD_SECONDS must be a whole number of seconds from 30 to 600 in production/);
  });

  it('lets the local runtime use its own origin as the public site URL unless one is set', () => {
    expect(loadConfig({}, { runtime: 'local', defaultPublicSiteUrl: 'http://127.0.0.1:4321' }).publicSiteUrl).toBe('http://127.0.0.1:4321');
    expect(loadConfig({ PUBLIC_SITE_URL: 'https://shop.example.com/' }, { runtime: 'local', defaultPublicSiteUrl: 'http://127.0.0.1:4321' }).publicSiteUrl).toBe('https://shop.example.com');
  });

  it('lists every missing variable in one error inside Lambda', () => {
    expect(() => loadConfig({ AWS_LAMBDA_FUNCTION_NAME: 'create-payment' })).toThrow(
      new ConfigError([
        'Missing env vars PUBLIC_SITE_URL, ORDERS_TABLE, FULFIL_ORDER_FUNCTION_NAME, STRIPE_SECRET_KEY (or STRIPE_SECRET_ARN), STRIPE_WEBHOOK_SECRET (or STRIPE_WEBHOOK_SECRET_ARN), MAIL_TRANSPORT, SUBSCRIPTION_TOKEN_SECRET (or SUBSCRIPTION_TOKEN_SECRET_ARN), CLIENT_ADDRESS_HEADER',
      ]),
    );
  });

  it('takes the visitor address from a header only when configured, never from X-Forwarded-For, and requires it inside Lambda', () => {
    expect(loadConfig({}).clientAddressHeader).toBeUndefined();
    expect(loadConfig({ CLIENT_ADDRESS_HEADER: 'X-Kesho-Viewer-Address' }).clientAddressHeader).toBe('x-kesho-viewer-address');
    expect(() => loadConfig({ CLIENT_ADDRESS_HEADER: 'X-Forwarded-For' })).toThrow(/CLIENT_ADDRESS_HEADER must name a header a trusted hop sets/);
    expect(() => loadConfig({ CLIENT_ADDRESS_HEADER: 'x viewer: 1' })).toThrow(/CLIENT_ADDRESS_HEADER must name/);
    expect(loadConfig(PRODUCTION_ENV).clientAddressHeader).toBeUndefined();
    expect(() => loadConfig({ ...PRODUCTION_ENV, AWS_LAMBDA_FUNCTION_NAME: 'enquiries' })).toThrow(/Missing env var CLIENT_ADDRESS_HEADER/);
    expect(loadConfig({ ...PRODUCTION_ENV, AWS_LAMBDA_FUNCTION_NAME: 'enquiries', CLIENT_ADDRESS_HEADER: 'x-kesho-viewer-address' }).clientAddressHeader).toBe('x-kesho-viewer-address');
  });

  it('accepts a production setup with secrets from Secrets Manager', () => {
    const config = loadConfig(PRODUCTION_ENV);
    expect(config.production).toBe(true);
    expect(config.leads.tokenSecret).toEqual({ kind: 'secrets-manager', arn: 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:newsletter-token' });
    expect(config.payments).toEqual({
      provider: 'stripe',
      secretKey: { kind: 'secrets-manager', arn: 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:stripe-key' },
      webhookSecret: { kind: 'secrets-manager', arn: 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:stripe-webhook' },
      api: {},
    });
  });

  it('reads the KES rate ops set, refuses a malformed one and requires it in production only when Daraja takes real money', () => {
    expect(loadConfig({ KES_PER_USD: '131.4', KES_RATE_DATE: '2026-11-22' }).kesRate).toEqual({ kesPerUsd: '131.4', rateDate: '2026-11-22' });
    for (const [rate, date] of [
      ['0', '2026-11-22'],
      ['-129', '2026-11-22'],
      ['129.255', '2026-11-22'],
      ['abc', '2026-11-22'],
      ['129', '2026-02-30'],
      ['129', '22/11/2026'],
    ]) {
      expect(() => loadConfig({ KES_PER_USD: rate, KES_RATE_DATE: date })).toThrow(ConfigError);
    }
    expect(() => loadConfig({ KES_PER_USD: '0' })).toThrow(/KES_PER_USD must be a positive number/);
    expect(() => loadConfig({ KES_RATE_DATE: '2026-13-01' })).toThrow(/KES_RATE_DATE must be the date the rate was set, as YYYY-MM-DD/);
    const production = PRODUCTION_ENV;
    // M-Pesa off in production: nobody is charged, so no rate is needed.
    expect(loadConfig(production).kesRate).toEqual({ kesPerUsd: KES_PER_USD, rateDate: KES_RATE_DATE });
    const daraja = {
      ...production,
      DARAJA_CONSUMER_KEY_ARN: 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:k',
      DARAJA_CONSUMER_SECRET_ARN: 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:s',
      DARAJA_PASSKEY_ARN: 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:p',
      DARAJA_SHORTCODE: '174379',
      DARAJA_BASE_URL: 'https://api.safaricom.co.ke',
    };
    expect(() => loadConfig(daraja)).toThrow(new ConfigError(['Missing env vars KES_PER_USD, KES_RATE_DATE']));
    expect(loadConfig({ ...daraja, KES_PER_USD: '130', KES_RATE_DATE: '2026-11-23' }).kesRate).toEqual({ kesPerUsd: '130', rateDate: '2026-11-23' });
  });

  it('reads the fulfilment failure queue URL reconcile-orders drains, and refuses anything else', () => {
    expect(loadConfig({}).fulfilmentFailureQueueUrl).toBeUndefined();
    const url = 'https://sqs.eu-west-1.amazonaws.com/123456789012/KeshoPayments-FulfilmentFailures3A1B2C3D-AbCdEf123456';
    expect(loadConfig({ FULFILMENT_FAILURE_QUEUE_URL: url }).fulfilmentFailureQueueUrl).toBe(url);
    for (const bad of ['arn:aws:sqs:eu-west-1:123456789012:failures', 'http://sqs.eu-west-1.amazonaws.com/123456789012/failures', 'https://sqs.eu-west-1.amazonaws.com/failures']) {
      expect(() => loadConfig({ FULFILMENT_FAILURE_QUEUE_URL: bad })).toThrow(/FULFILMENT_FAILURE_QUEUE_URL must be an SQS queue URL/);
    }
  });

  it('never runs the local runtime as production, even with NODE_ENV=production', () => {
    expect(loadConfig({ NODE_ENV: 'production' }, { runtime: 'local' }).payments.provider).toBe('sandbox');
  });

  it('refuses Stripe without the webhook signing secret, even in development', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc' })).toThrow('Missing env var STRIPE_WEBHOOK_SECRET (or STRIPE_WEBHOOK_SECRET_ARN)');
  });

  it('reports malformed values together', () => {
    let error: unknown;
    try {
      loadConfig({
        STRIPE_SECRET_KEY: 'pk_test_publishable',
        STRIPE_WEBHOOK_SECRET: 'secret',
        STRIPE_API_PORT: 'eighty',
        STRIPE_API_PROTOCOL: 'ftp',
        PUBLIC_SITE_URL: 'www.example.com',
        LOG_LEVEL: 'loud',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      'PUBLIC_SITE_URL must be an http(s) origin such as https://www.example.com',
      'LOG_LEVEL must be one of debug, info, warn, error, silent',
      'STRIPE_SECRET_KEY must be a secret or restricted key (sk_… or rk_…), never the publishable key',
      'STRIPE_WEBHOOK_SECRET must be a webhook signing secret (whsec_…)',
      'STRIPE_API_PORT must be a port number',
      'STRIPE_API_PROTOCOL must be http or https',
    ]);
    expect((error as Error).message).not.toContain('pk_test_publishable');
  });

  it('refuses a short newsletter token secret and unusable rate limits', () => {
    expect(() => loadConfig({ SUBSCRIPTION_TOKEN_SECRET: 'short', LEADS_RATE_LIMIT_PER_CLIENT: '0', LEADS_RATE_LIMIT_PER_ADDRESS: 'many' })).toThrow(
      new ConfigError([
        'SUBSCRIPTION_TOKEN_SECRET must be at least 32 characters (e.g. openssl rand -hex 32)',
        'LEADS_RATE_LIMIT_PER_CLIENT must be a whole number from 1 to 10000',
        'LEADS_RATE_LIMIT_PER_ADDRESS must be a whole number from 1 to 10000',
      ]),
    );
    expect(loadConfig({ LEADS_RATE_LIMIT_PER_CLIENT: '100' }).leads.perClientPerHour).toBe(100);
  });

  it('limits the forms to 30 posts per client and 5 per address an hour in production, 600 and 60 locally', () => {
    expect(loadConfig(PRODUCTION_ENV).leads).toMatchObject({ perClientPerHour: 30, perAddressPerHour: 5 });
    expect(loadConfig({}, { runtime: 'local' }).leads).toMatchObject({ perClientPerHour: 600, perAddressPerHour: 60 });
    expect(loadConfig({ LEADS_RATE_LIMIT_PER_ADDRESS: '' }, { runtime: 'local' }).leads.perAddressPerHour).toBe(60);
  });

  it('refuses a key and an ARN for the same secret', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_a', STRIPE_SECRET_ARN: 'arn:aws:secretsmanager:x', STRIPE_WEBHOOK_SECRET: 'whsec_a' })).toThrow(
      'Set either STRIPE_SECRET_KEY or STRIPE_SECRET_ARN, not both',
    );
  });

  it('points the SDK at a test server only when asked to', () => {
    const config = loadConfig({ STRIPE_SECRET_KEY: 'sk_test_a', STRIPE_WEBHOOK_SECRET: 'whsec_a', STRIPE_API_HOST: '127.0.0.1', STRIPE_API_PORT: '12111', STRIPE_API_PROTOCOL: 'http' });
    expect(config.payments).toMatchObject({ provider: 'stripe', api: { host: '127.0.0.1', port: 12111, protocol: 'http' } });
  });
});

describe('loadSmokeConfig', () => {
  it('targets the local runtime by default and a deployed function when named', () => {
    expect(loadSmokeConfig({})).toEqual({
      target: 'local',
      functionName: 'create-payment',
      endpoint: 'http://127.0.0.1:3000',
      enquiriesFunctionName: 'enquiries',
      enquiryEmail: 'smoke-test@example.com',
    });
    expect(loadSmokeConfig({ SMOKE_FUNCTION_NAME: 'KeshoPayments-CreatePayment' })).toEqual({
      target: 'aws',
      functionName: 'KeshoPayments-CreatePayment',
      endpoint: undefined,
      enquiriesFunctionName: undefined,
      enquiryEmail: 'success@simulator.amazonses.com',
    });
    expect(loadSmokeConfig({ SMOKE_FUNCTION_NAME: 'a', SMOKE_ENQUIRIES_FUNCTION_NAME: 'KeshoPayments-Enquiries' }).enquiriesFunctionName).toBe('KeshoPayments-Enquiries');
  });
});

describe('loadOrdersToolConfig', () => {
  it('reads the data folder as npm start does and finds the running server where npm start listens', () => {
    expect(loadOrdersToolConfig({}, '/default/.data', '/repo/lambdas')).toEqual({ dataDir: '/default/.data', endpoint: 'http://127.0.0.1:3000', ordersTable: 'kesho-orders' });
    expect(loadOrdersToolConfig({ DATA_DIR: '.data', INIT_CWD: '/repo' }, '/default/.data', '/repo/lambdas').dataDir).toBe('/repo/.data');
    expect(loadOrdersToolConfig({ DATA_DIR: 'tmp/data' }, '/default/.data', '/repo/lambdas').dataDir).toBe('/repo/lambdas/tmp/data');
    expect(loadOrdersToolConfig({ HOST: '0.0.0.0', PORT: '4000' }, '/d', '/c').endpoint).toBe('http://127.0.0.1:4000');
    expect(loadOrdersToolConfig({ HOST: 'localhost' }, '/d', '/c').endpoint).toBe('http://localhost:3000');
    expect(loadOrdersToolConfig({ ORDERS_ENDPOINT: 'http://127.0.0.1:5000/', HOST: 'localhost' }, '/d', '/c').endpoint).toBe('http://127.0.0.1:5000');
  });

  it("defaults to <repo>/.data from a bundled tool's folder (dist/)", () => {
    expect(defaultLocalDataDir('/repo/lambdas/dist')).toBe('/repo/.data');
  });
});
