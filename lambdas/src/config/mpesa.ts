/**
 * M-Pesa: Daraja's credentials and settings, and the KES rate M-Pesa payers are charged. All four
 * Daraja values or none: none means the built-in sandbox locally, and M-Pesa switched off in
 * production (a deployed site never takes pretend payments).
 */
import type { FunctionSecret } from '@kesho/operations/function-secrets';
import { KES_PER_USD, KES_RATE_DATE, rateHundredths } from '@kesho/site-rules/mpesa';
import { isLoopbackHostname } from '../http/crossSite';
import type { ReadContext } from './problems';
import { checkSecretValue, secretSource, type SecretSource } from './secrets';

export const DARAJA_SANDBOX_BASE_URL = 'https://sandbox.safaricom.co.ke';

export type MpesaConfig =
  | { readonly provider: 'sandbox' }
  | { readonly provider: 'off' }
  | {
      readonly provider: 'daraja';
      readonly baseUrl: string;
      readonly shortcode: string;
      readonly consumerKey: SecretSource;
      readonly consumerSecret: SecretSource;
      readonly passkey: SecretSource;
    };

/**
 * A function that never calls Daraja needs no M-Pesa of its own: off in production, the secret-free
 * sandbox elsewhere. The local runtime (`localRuntime`: `npm start` and the tests, whose fake Daraja
 * answers on a loopback http:// origin) may name an http:// Daraja on a loopback host (localhost,
 * 127.0.0.0/8, [::1]: the request never leaves the machine); any other host, and everywhere outside
 * the local runtime, the credentials and the payer's phone travel over TLS only.
 */
export function readMpesaConfig(context: ReadContext, needs: ReadonlySet<FunctionSecret>): MpesaConfig {
  const { read, production, localRuntime, problems } = context;
  const off: MpesaConfig = production ? { provider: 'off' } : { provider: 'sandbox' };
  if (!needs.has('darajaCredentials')) return off;
  const consumerKey = secretSource(read, 'DARAJA_CONSUMER_KEY', 'DARAJA_CONSUMER_KEY_ARN', problems);
  const consumerSecret = secretSource(read, 'DARAJA_CONSUMER_SECRET', 'DARAJA_CONSUMER_SECRET_ARN', problems);
  const passkey = secretSource(read, 'DARAJA_PASSKEY', 'DARAJA_PASSKEY_ARN', problems);
  const shortcode = read('DARAJA_SHORTCODE');
  const baseUrlText = read('DARAJA_BASE_URL');
  const given = [consumerKey, consumerSecret, passkey, shortcode].filter((value) => value !== undefined).length;
  if (given === 0) return off;

  const { missing, invalid } = problems;
  if (!consumerKey) missing.push('DARAJA_CONSUMER_KEY (or DARAJA_CONSUMER_KEY_ARN)');
  if (!consumerSecret) missing.push('DARAJA_CONSUMER_SECRET (or DARAJA_CONSUMER_SECRET_ARN)');
  if (!passkey) missing.push('DARAJA_PASSKEY (or DARAJA_PASSKEY_ARN)');
  checkSecretValue(problems, 'darajaConsumerKey', consumerKey);
  checkSecretValue(problems, 'darajaConsumerSecret', consumerSecret);
  checkSecretValue(problems, 'darajaPasskey', passkey);
  if (!shortcode) missing.push('DARAJA_SHORTCODE');
  else if (!/^\d{5,7}$/.test(shortcode)) invalid.push('DARAJA_SHORTCODE must be the 5–7 digit paybill or till number');
  // Which Daraja (sandbox or production) is never guessed in production.
  if (!baseUrlText && production) missing.push('DARAJA_BASE_URL');
  const baseUrl = (baseUrlText ?? DARAJA_SANDBOX_BASE_URL).replace(/\/+$/, '');
  if (!/^https?:\/\/[^/?#]+$/.test(baseUrl)) {
    invalid.push('DARAJA_BASE_URL must be an https origin such as https://api.safaricom.co.ke');
  } else if (baseUrl.startsWith('http:') && !(localRuntime && isLoopbackHostname(new URL(baseUrl).hostname))) {
    invalid.push(
      localRuntime
        ? 'DARAJA_BASE_URL may use http:// only for a loopback host (localhost, 127.0.0.1, [::1]); any other Daraja needs https, such as https://sandbox.safaricom.co.ke'
        : 'DARAJA_BASE_URL must be an https origin such as https://api.safaricom.co.ke',
    );
  }
  const none: SecretSource = { kind: 'value', value: '' };
  return { provider: 'daraja', baseUrl, shortcode: shortcode ?? '', consumerKey: consumerKey ?? none, consumerSecret: consumerSecret ?? none, passkey: passkey ?? none };
}

/** The shillings a dollar buys, as ops set it (KES_PER_USD) and the day they set it (KES_RATE_DATE). */
export interface KesRate {
  /** At most two decimals, e.g. "129.25" (the conversion works in hundredths). */
  readonly kesPerUsd: string;
  /** YYYY-MM-DD, shown to the payer beside the rate. */
  readonly rateDate: string;
}

/**
 * The rate is configuration so ops change it without a build. Locally (and in tests) it defaults to
 * @kesho/site-rules/mpesa's constants; a production site that takes real M-Pesa money must be given both
 * (`required`), so a deployed stack never charges at a rate nobody chose for it.
 */
export function readKesRate({ read, problems }: ReadContext, required: boolean): KesRate {
  const rateText = read('KES_PER_USD');
  const dateText = read('KES_RATE_DATE');
  if (required && rateText === undefined) problems.missing.push('KES_PER_USD');
  if (required && dateText === undefined) problems.missing.push('KES_RATE_DATE');
  const kesPerUsd = rateText ?? KES_PER_USD;
  const rateDate = dateText ?? KES_RATE_DATE;
  try {
    rateHundredths(kesPerUsd);
  } catch {
    problems.invalid.push('KES_PER_USD must be a positive number of shillings per US dollar with at most two decimals, such as 129.25');
  }
  if (!isIsoDate(rateDate)) problems.invalid.push('KES_RATE_DATE must be the date the rate was set, as YYYY-MM-DD');
  return { kesPerUsd, rateDate };
}

function isIsoDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === text;
}
