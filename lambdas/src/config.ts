/**
 * The only module that reads the environment. Every other module receives the typed config object
 * built here, so a missing or malformed variable is reported once, at start-up, as one error that
 * lists every problem, instead of surfacing later as a half-working payment.
 *
 * Development (and the embedded local runtime) gets working defaults; production (inside AWS Lambda,
 * or NODE_ENV=production outside the local runtime) must name every value explicitly.
 */
import { readKesRate, readMpesaConfig, type KesRate, type MpesaConfig } from './mpesa/config';
import path from 'node:path';
import { FUNCTION_SECRET_KINDS, SECRET_VARIABLES, type FunctionSecret } from '@kesho/common/function-secrets';
import { site } from '@kesho/common/site';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

/** Where a secret comes from: the environment itself, or Secrets Manager (read once at cold start). */
export type SecretSource = { readonly kind: 'value'; readonly value: string } | { readonly kind: 'secrets-manager'; readonly arn: string };

export interface StripeApiEndpoint {
  readonly host?: string;
  readonly port?: number;
  readonly protocol?: 'http' | 'https';
}

/**
 * With Stripe, each of its two secrets is present only in a function that reads it (see
 * @kesho/common/function-secrets): the webhook verifies signatures without the API key, and the
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

export interface MailConfig {
  /** 'file': `.eml` files under the data folder (local default); 'ses': Amazon SES (required in production). */
  readonly transport: 'file' | 'ses';
  /** The From header. */
  readonly from: string;
  /** Receives copies of receipts and the enquiries. */
  readonly supportEmail: string;
  readonly sesConfigurationSet?: string;
}

export interface AppConfig {
  readonly production: boolean;
  /** Origin the customer's browser returns to after checkout, without a trailing slash. */
  readonly publicSiteUrl: string;
  readonly ordersTable: string;
  readonly fulfilOrderFunctionName: string;
  /** FULFILMENT_FAILURE_QUEUE_URL: fulfil-order's on-failure SQS queue, drained by reconcile-orders (AWS only). */
  readonly fulfilmentFailureQueueUrl?: string;
  readonly payments: PaymentsConfig;
  readonly mpesa: MpesaConfig;
  /** KES_PER_USD and KES_RATE_DATE: what M-Pesa payers are charged and shown. */
  readonly kesRate: KesRate;
  readonly logLevel: LogLevel;
  readonly mail: MailConfig;
  readonly leads: LeadsConfig;
  readonly reconcile: ReconcileConfig;
  /**
   * CLIENT_ADDRESS_HEADER: the request header that carries the visitor's address, set by a hop this
   * API trusts (in AWS the distribution's viewer-request function, @kesho/common/viewer-address).
   * Absent (the local runtime): the connection's own address. X-Forwarded-For is never read.
   */
  readonly clientAddressHeader?: string;
}

/** The contact form and the newsletter (src/leads/). */
export interface LeadsConfig {
  /** Signs the newsletter's confirm and unsubscribe links (HMAC-SHA256); only in a function that reads it. */
  readonly tokenSecret?: SecretSource;
  readonly perClientPerHour: number;
  readonly perAddressPerHour: number;
}

export interface ReconcileConfig {
  /** Local runtime only: how often the timer runs (in AWS the EventBridge schedule decides). */
  readonly intervalSeconds: number;
  /** A pending order younger than this is left alone: its customer may still be paying. */
  readonly pendingAgeSeconds: number;
}

export interface LoadConfigOptions {
  /**
   * 'local' is the embedded runtime of `npm start`: never production, and its own origin is the
   * default public site URL.
   */
  readonly runtime?: 'aws' | 'local';
  readonly defaultPublicSiteUrl?: string;
  /**
   * The secrets this function reads (@kesho/common/function-secrets); the others are neither looked
   * up nor required, so they may be absent from its environment. Default: every secret, as the local
   * runtime serves every function.
   */
  readonly secrets?: readonly FunctionSecret[];
}

export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid payments configuration: ${problems.join('; ')}`);
    this.name = 'ConfigError';
  }
}

/**
 * A function used a service that needs a secret it does not read: its entry in
 * @kesho/common/function-secrets (and so its deployed permissions) is missing that secret.
 */
export class SecretNotGivenError extends Error {
  constructor(readonly secret: FunctionSecret) {
    super(`This function does not read the secret ${secret}: add it to the function's entry in @kesho/common/function-secrets`);
    this.name = 'SecretNotGivenError';
  }
}

export const CONFIG_DEFAULTS = {
  publicSiteUrl: 'http://localhost:3000',
  ordersTable: 'kesho-orders',
  fulfilOrderFunctionName: 'fulfil-order',
  logLevel: 'info',
  leadsPerClientPerHour: 30,
  leadsPerAddressPerHour: 5,
  /**
   * Outside production (npm start, tests, a team's local checks) the forms are exercised again and again
   * from one machine and one test address: the same rule, with room for that.
   */
  localLeadsPerClientPerHour: 600,
  localLeadsPerAddressPerHour: 60,
  reconcileIntervalSeconds: 60,
  reconcilePendingAgeSeconds: 300,
} as const;

/**
 * Only for development and tests: links signed with it are forgeable by anyone who reads this file,
 * which is why production refuses to start without SUBSCRIPTION_TOKEN_SECRET(_ARN).
 */
export const DEVELOPMENT_TOKEN_SECRET = 'kesho-local-development-only-subscription-token-secret';

const LOG_LEVELS: readonly LogLevel[] = ['debug', 'info', 'warn', 'error', 'silent'];

type Env = Readonly<Record<string, string | undefined>>;

export function loadConfig(env: Env = process.env, options: LoadConfigOptions = {}): AppConfig {
  const local = options.runtime === 'local';
  const production = !local && (Boolean(env.AWS_LAMBDA_FUNCTION_NAME) || env.NODE_ENV === 'production');
  const missing: string[] = [];
  const invalid: string[] = [];

  const read = (name: string): string | undefined => {
    const value = env[name]?.trim();
    return value ? value : undefined;
  };
  const required = (name: string, devDefault: string): string => {
    const value = read(name);
    if (value !== undefined) return value;
    if (production) missing.push(name);
    return devDefault;
  };

  const publicSiteUrl = required('PUBLIC_SITE_URL', options.defaultPublicSiteUrl ?? CONFIG_DEFAULTS.publicSiteUrl).replace(/\/+$/, '');
  if (!isHttpOrigin(publicSiteUrl)) invalid.push('PUBLIC_SITE_URL must be an http(s) origin such as https://www.example.com');
  const ordersTable = required('ORDERS_TABLE', CONFIG_DEFAULTS.ordersTable);
  const fulfilOrderFunctionName = required('FULFIL_ORDER_FUNCTION_NAME', CONFIG_DEFAULTS.fulfilOrderFunctionName);
  const fulfilmentFailureQueueUrl = read('FULFILMENT_FAILURE_QUEUE_URL');
  if (fulfilmentFailureQueueUrl !== undefined && !/^https:\/\/[a-z0-9.-]+\/\d{12}\/[A-Za-z0-9_.-]{1,80}$/.test(fulfilmentFailureQueueUrl)) {
    invalid.push('FULFILMENT_FAILURE_QUEUE_URL must be an SQS queue URL such as https://sqs.eu-west-1.amazonaws.com/123456789012/name');
  }

  const logLevel = (read('LOG_LEVEL') ?? CONFIG_DEFAULTS.logLevel) as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) invalid.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);

  const needs: ReadonlySet<FunctionSecret> = new Set(options.secrets ?? FUNCTION_SECRET_KINDS);
  // Stripe's and the newsletter's secrets are one variable each; Daraja's three are read in mpesa/config.ts.
  const readSecret = (secret: FunctionSecret): SecretSource | undefined => {
    const [variables] = SECRET_VARIABLES[secret];
    return needs.has(secret) && variables ? secretSource(read, variables.value, variables.arn, invalid) : undefined;
  };
  const secretKey = readSecret('stripeSecretKey');
  const webhookSecret = readSecret('stripeWebhookSecret');
  if (secretKey?.kind === 'value' && !/^(sk|rk)_[A-Za-z0-9_]+$/.test(secretKey.value)) {
    invalid.push('STRIPE_SECRET_KEY must be a secret or restricted key (sk_… or rk_…), never the publishable key');
  }
  if (webhookSecret?.kind === 'value' && !/^whsec_[A-Za-z0-9_]+$/.test(webhookSecret.value)) {
    invalid.push('STRIPE_WEBHOOK_SECRET must be a webhook signing secret (whsec_…)');
  }

  // Outside production the Stripe key chooses Stripe over the sandbox; a function that does not read
  // the key (the webhook) goes by the secret it does read. Production never takes sandbox payments.
  const stripeChosen = needs.has('stripeSecretKey') ? secretKey !== undefined : webhookSecret !== undefined;
  let payments: PaymentsConfig;
  if (production || stripeChosen) {
    if (needs.has('stripeSecretKey') && !secretKey) missing.push('STRIPE_SECRET_KEY (or STRIPE_SECRET_ARN)');
    // Without the signing secret the webhook could only trust unverified JSON, so a Stripe setup
    // without it is refused outright rather than degraded.
    if (needs.has('stripeWebhookSecret') && !webhookSecret) missing.push('STRIPE_WEBHOOK_SECRET (or STRIPE_WEBHOOK_SECRET_ARN)');
    payments = {
      provider: 'stripe',
      ...(secretKey ? { secretKey } : {}),
      ...(webhookSecret ? { webhookSecret } : {}),
      api: stripeApiEndpoint(read, invalid),
    };
  } else {
    payments = { provider: 'sandbox' };
  }

  // A function that never calls Daraja needs no M-Pesa of its own: off in production, the secret-free sandbox elsewhere.
  const mpesa: MpesaConfig = needs.has('darajaCredentials')
    ? readMpesaConfig(read, (valueName, arnName) => secretSource(read, valueName, arnName, invalid), production, local, missing, invalid)
    : production
      ? { provider: 'off' }
      : { provider: 'sandbox' };
  const kesRate = readKesRate(read, production && mpesa.provider === 'daraja', missing, invalid);
  const mail = mailConfig(read, production, missing, invalid);
  const leads = leadsConfig(read, needs.has('newsletterTokenSecret') ? { given: readSecret('newsletterTokenSecret') } : null, production, missing, invalid);
  const reconcile: ReconcileConfig = {
    intervalSeconds: wholeSeconds(read, 'RECONCILE_INTERVAL_SECONDS', CONFIG_DEFAULTS.reconcileIntervalSeconds, invalid),
    pendingAgeSeconds: wholeSeconds(read, 'RECONCILE_PENDING_AGE_SECONDS', CONFIG_DEFAULTS.reconcilePendingAgeSeconds, invalid),
  };

  // In AWS the connection comes from CloudFront, never from the visitor: without the trusted header
  // every visitor of an edge location would share one per-client limit.
  const clientAddressHeader = read('CLIENT_ADDRESS_HEADER')?.toLowerCase();
  if (clientAddressHeader === undefined && !local && env.AWS_LAMBDA_FUNCTION_NAME) missing.push('CLIENT_ADDRESS_HEADER');
  if (clientAddressHeader !== undefined && (!/^[a-z0-9-]{1,64}$/.test(clientAddressHeader) || clientAddressHeader === 'x-forwarded-for')) {
    invalid.push('CLIENT_ADDRESS_HEADER must name a header a trusted hop sets (such as x-kesho-viewer-address), never X-Forwarded-For');
  }

  const problems = [...(missing.length > 0 ? [`Missing env var${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`] : []), ...invalid];
  if (problems.length > 0) throw new ConfigError(problems);

  return {
    production,
    publicSiteUrl,
    ordersTable,
    fulfilOrderFunctionName,
    ...(fulfilmentFailureQueueUrl ? { fulfilmentFailureQueueUrl } : {}),
    payments,
    mpesa,
    kesRate,
    logLevel,
    mail,
    leads,
    reconcile,
    ...(clientAddressHeader ? { clientAddressHeader } : {}),
  };
}

/** `tokenSecretNeeded` null: this function does not read the newsletter's secret; else what its environment gives. */
function leadsConfig(
  read: (name: string) => string | undefined,
  tokenSecretNeeded: { readonly given: SecretSource | undefined } | null,
  production: boolean,
  missing: string[],
  invalid: string[],
): LeadsConfig {
  let tokenSecret = tokenSecretNeeded?.given;
  if (tokenSecretNeeded && !tokenSecret) {
    if (production) missing.push('SUBSCRIPTION_TOKEN_SECRET (or SUBSCRIPTION_TOKEN_SECRET_ARN)');
    tokenSecret = { kind: 'value', value: DEVELOPMENT_TOKEN_SECRET };
  } else if (tokenSecret?.kind === 'value' && tokenSecret.value.length < 32) {
    invalid.push('SUBSCRIPTION_TOKEN_SECRET must be at least 32 characters (e.g. openssl rand -hex 32)');
  }
  const perHour = (name: string, fallback: number): number => {
    const text = read(name);
    if (text === undefined) return fallback;
    const value = Number(text);
    if (!Number.isInteger(value) || value < 1 || value > 10_000) invalid.push(`${name} must be a whole number from 1 to 10000`);
    return value;
  };
  return {
    ...(tokenSecret ? { tokenSecret } : {}),
    perClientPerHour: perHour('LEADS_RATE_LIMIT_PER_CLIENT', production ? CONFIG_DEFAULTS.leadsPerClientPerHour : CONFIG_DEFAULTS.localLeadsPerClientPerHour),
    perAddressPerHour: perHour('LEADS_RATE_LIMIT_PER_ADDRESS', production ? CONFIG_DEFAULTS.leadsPerAddressPerHour : CONFIG_DEFAULTS.localLeadsPerAddressPerHour),
  };
}

function wholeSeconds(read: (name: string) => string | undefined, name: string, fallback: number, invalid: string[]): number {
  const text = read(name);
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < 1 || value > 86_400) {
    invalid.push(`${name} must be a whole number of seconds from 1 to 86400`);
    return fallback;
  }
  return value;
}

const ADDRESS = /^[^\s@<>",;]+@[^\s@<>",;]+\.[^\s@<>",;]+$/;

function mailConfig(read: (name: string) => string | undefined, production: boolean, missing: string[], invalid: string[]): MailConfig {
  const transport = read('MAIL_TRANSPORT');
  if (transport === undefined && production) missing.push('MAIL_TRANSPORT');
  if (transport !== undefined && transport !== 'file' && transport !== 'ses') invalid.push('MAIL_TRANSPORT must be file or ses');
  // A Lambda's file system is thrown away with it: mail "sent" there would reach no one.
  if (transport === 'file' && production) invalid.push('MAIL_TRANSPORT must be ses in production');

  const supportEmail = read('SUPPORT_EMAIL') ?? site.email;
  if (!ADDRESS.test(supportEmail)) invalid.push('SUPPORT_EMAIL must be one e-mail address');
  const from = read('MAIL_FROM') ?? `${site.brand} <${site.email}>`;
  const fromAddress = /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from;
  if (!ADDRESS.test(fromAddress) || /[\r\n]/.test(from)) invalid.push('MAIL_FROM must be an address or "Name <address>"');
  const sesConfigurationSet = read('SES_CONFIGURATION_SET');
  return { transport: transport === 'ses' ? 'ses' : 'file', from, supportEmail, ...(sesConfigurationSet !== undefined ? { sesConfigurationSet } : {}) };
}

function secretSource(read: (name: string) => string | undefined, valueName: string, arnName: string, invalid: string[]): SecretSource | undefined {
  const value = read(valueName);
  const arn = read(arnName);
  if (value !== undefined && arn !== undefined) {
    invalid.push(`Set either ${valueName} or ${arnName}, not both`);
    return undefined;
  }
  if (arn !== undefined) {
    if (!arn.startsWith('arn:')) invalid.push(`${arnName} must be a Secrets Manager ARN`);
    return { kind: 'secrets-manager', arn };
  }
  return value === undefined ? undefined : { kind: 'value', value };
}

function stripeApiEndpoint(read: (name: string) => string | undefined, invalid: string[]): StripeApiEndpoint {
  const host = read('STRIPE_API_HOST');
  const portText = read('STRIPE_API_PORT');
  const protocol = read('STRIPE_API_PROTOCOL');
  let port: number | undefined;
  if (portText !== undefined) {
    port = Number(portText);
    if (!Number.isInteger(port) || port < 1 || port > 65_535) invalid.push('STRIPE_API_PORT must be a port number');
  }
  if (protocol !== undefined && protocol !== 'http' && protocol !== 'https') invalid.push('STRIPE_API_PROTOCOL must be http or https');
  return {
    ...(host !== undefined ? { host } : {}),
    ...(port !== undefined ? { port } : {}),
    ...(protocol === 'http' || protocol === 'https' ? { protocol } : {}),
  };
}

function isHttpOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.pathname === '/' && !url.search && !url.hash;
  } catch {
    return false;
  }
}

export interface SmokeConfig {
  /** Set: a deployed function through the default AWS credential chain; unset: the local runtime. */
  readonly target: 'aws' | 'local';
  readonly functionName: string;
  readonly endpoint: string | undefined;
  /** The enquiries function the smoke test sends one enquiry through; unset against AWS unless named. */
  readonly enquiriesFunctionName: string | undefined;
  /** Who the smoke enquiry comes from (receives the acknowledgement). */
  readonly enquiryEmail: string;
}

export const SMOKE_DEFAULTS = { endpoint: 'http://127.0.0.1:3000', functionName: 'create-payment' } as const;

export function loadSmokeConfig(env: Env = process.env): SmokeConfig {
  const functionName = env.SMOKE_FUNCTION_NAME?.trim();
  const endpoint = env.SMOKE_ENDPOINT?.trim();
  const enquiriesFunctionName = env.SMOKE_ENQUIRIES_FUNCTION_NAME?.trim() || undefined;
  const enquiryEmail = env.SMOKE_EMAIL?.trim();
  if (functionName) {
    // SES's mailbox simulator: the acknowledgement is accepted and discarded, never bouncing off a real domain.
    return { target: 'aws', functionName, endpoint: endpoint || undefined, enquiriesFunctionName, enquiryEmail: enquiryEmail || 'success@simulator.amazonses.com' };
  }
  return {
    target: 'local',
    functionName: SMOKE_DEFAULTS.functionName,
    endpoint: endpoint || SMOKE_DEFAULTS.endpoint,
    enquiriesFunctionName: enquiriesFunctionName ?? 'enquiries',
    enquiryEmail: enquiryEmail || 'smoke-test@example.com',
  };
}

export interface MailboxConfig {
  /** `<DATA_DIR>/mail`, where the local file transport writes. */
  readonly directory: string;
  readonly limit: number;
}

export const MAILBOX_DEFAULT_LIMIT = 20;

/**
 * `npm run mail`. A relative DATA_DIR is resolved from where npm was started (INIT_CWD), as
 * `npm start` resolves it from the repository root, not from the lambdas workspace.
 */
export function loadMailboxConfig(env: Env, defaultDataDir: string, cwd: string): MailboxConfig {
  const base = env.INIT_CWD?.trim() || cwd;
  const dataDir = env.DATA_DIR?.trim() ? path.resolve(base, env.DATA_DIR.trim()) : defaultDataDir;
  const limitText = env.MAIL_LIST_LIMIT?.trim();
  const limit = limitText ? Number(limitText) : MAILBOX_DEFAULT_LIMIT;
  if (!Number.isInteger(limit) || limit < 1) throw new ConfigError(['MAIL_LIST_LIMIT must be a positive whole number']);
  return { directory: path.join(dataDir, 'mail'), limit };
}
