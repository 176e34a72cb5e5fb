/**
 * The one entry that reads a function's environment, once: each concern's reader (one module each in
 * this folder) takes its variables from it and adds what is wrong to one list, so a missing or
 * malformed variable is reported once, at start-up, as one ConfigError naming every problem, instead
 * of surfacing later as a half-working payment. Every other module receives the typed config built here.
 *
 * Development (and the embedded local runtime) gets working defaults; production (inside AWS Lambda,
 * or NODE_ENV=production outside the local runtime) must name every value explicitly.
 * The command-line tools read their own settings: smoke.ts (`npm run smoke`), mailTool.ts (`npm run mail`).
 */
import { FUNCTION_SECRET_KINDS, type FunctionSecret } from '@kesho/operations/function-secrets';
import { readLeadsConfig, type LeadsConfig } from './leads';
import { readMailConfig, type MailConfig } from './mail';
import { readKesRate, readMpesaConfig, type KesRate, type MpesaConfig } from './mpesa';
import { readPaymentLimitsConfig, type PaymentLimitsConfig } from './paymentLimits';
import { readPaymentsConfig, type PaymentsConfig } from './payments';
import { readerOf, throwIfProblems, type Env, type Problems, type ReadContext } from './problems';
import { readReconcileConfig, type ReconcileConfig } from './reconcile';
import { readClientAddressHeader, readSiteConfig, readTracing, type SiteConfig } from './site';

export { ConfigError } from './problems';
export { SecretNotGivenError, type SecretSource } from './secrets';
export type { LeadsConfig, MailConfig, KesRate, MpesaConfig, PaymentLimitsConfig, PaymentsConfig, ReconcileConfig, SiteConfig };
export type { StripeApiEndpoint } from './payments';
export type { LogLevel } from './site';

export interface AppConfig extends SiteConfig {
  readonly production: boolean;
  readonly payments: PaymentsConfig;
  readonly mpesa: MpesaConfig;
  /** KES_PER_USD and KES_RATE_DATE: what M-Pesa payers are charged and shown. */
  readonly kesRate: KesRate;
  readonly mail: MailConfig;
  readonly leads: LeadsConfig;
  /** Limits on starting payments, per client and per M-Pesa phone (the same defaults locally and in AWS). */
  readonly paymentLimits: PaymentLimitsConfig;
  readonly reconcile: ReconcileConfig;
  /** The trusted header with the visitor's address (site.ts); absent: the connection's own address. */
  readonly clientAddressHeader?: string;
  /** Invocations are traced (X-Ray through Powertools Tracer): inside Lambda with tracing on (site.ts). */
  readonly tracing: boolean;
}

export interface LoadConfigOptions {
  /**
   * 'local' is the embedded runtime of `npm start`: never production, and its own origin is the
   * default public site URL.
   */
  readonly runtime?: 'aws' | 'local';
  readonly defaultPublicSiteUrl?: string;
  /**
   * The secrets this function reads (its entry in @kesho/operations/functions); the others are neither looked
   * up nor required, so they may be absent from its environment. Default: every secret, as the local
   * runtime serves every function.
   */
  readonly secrets?: readonly FunctionSecret[];
}

export function loadConfig(env: Env = process.env, options: LoadConfigOptions = {}): AppConfig {
  const localRuntime = options.runtime === 'local';
  const insideLambda = !localRuntime && Boolean(env.AWS_LAMBDA_FUNCTION_NAME);
  const production = insideLambda || (!localRuntime && env.NODE_ENV === 'production');
  const problems: Problems = { missing: [], invalid: [] };
  const context: ReadContext = { read: readerOf(env), production, localRuntime, problems };
  const needs: ReadonlySet<FunctionSecret> = new Set(options.secrets ?? FUNCTION_SECRET_KINDS);

  // The order of the readers is the order of the missing variables in the error.
  const site = readSiteConfig(context, options.defaultPublicSiteUrl);
  const payments = readPaymentsConfig(context, needs);
  const mpesa = readMpesaConfig(context, needs);
  const kesRate = readKesRate(context, production && mpesa.provider === 'daraja');
  const mail = readMailConfig(context);
  const leads = readLeadsConfig(context, needs);
  const paymentLimits = readPaymentLimitsConfig(context);
  const reconcile = readReconcileConfig(context);
  const clientAddressHeader = readClientAddressHeader(context, insideLambda);
  const tracing = readTracing(context, insideLambda);
  throwIfProblems(problems);

  return { production, ...site, payments, mpesa, kesRate, mail, leads, paymentLimits, reconcile, ...(clientAddressHeader ? { clientAddressHeader } : {}), tracing };
}
