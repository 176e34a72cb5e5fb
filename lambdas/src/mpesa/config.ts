/**
 * The M-Pesa part of the configuration (read through config.ts, the only reader of the environment).
 * All four Daraja values or none: none means the built-in sandbox locally, and M-Pesa switched off in
 * production (a deployed site never takes pretend payments).
 */
import { KES_PER_USD, KES_RATE_DATE, rateHundredths } from '@kesho/common/mpesa';
import type { SecretSource } from '../config';

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

type Read = (name: string) => string | undefined;
type ReadSecret = (valueName: string, arnName: string) => SecretSource | undefined;

/**
 * `localRuntime`: the embedded runtime of `npm start` and the tests, whose fake Daraja answers on a
 * loopback http:// origin. Everywhere else the credentials and the payer's phone travel over TLS only.
 */
export function readMpesaConfig(read: Read, readSecret: ReadSecret, production: boolean, localRuntime: boolean, missing: string[], invalid: string[]): MpesaConfig {
  const consumerKey = readSecret('DARAJA_CONSUMER_KEY', 'DARAJA_CONSUMER_KEY_ARN');
  const consumerSecret = readSecret('DARAJA_CONSUMER_SECRET', 'DARAJA_CONSUMER_SECRET_ARN');
  const passkey = readSecret('DARAJA_PASSKEY', 'DARAJA_PASSKEY_ARN');
  const shortcode = read('DARAJA_SHORTCODE');
  const baseUrlText = read('DARAJA_BASE_URL');
  const given = [consumerKey, consumerSecret, passkey, shortcode].filter((value) => value !== undefined).length;
  if (given === 0) return production ? { provider: 'off' } : { provider: 'sandbox' };

  if (!consumerKey) missing.push('DARAJA_CONSUMER_KEY (or DARAJA_CONSUMER_KEY_ARN)');
  if (!consumerSecret) missing.push('DARAJA_CONSUMER_SECRET (or DARAJA_CONSUMER_SECRET_ARN)');
  if (!passkey) missing.push('DARAJA_PASSKEY (or DARAJA_PASSKEY_ARN)');
  if (!shortcode) missing.push('DARAJA_SHORTCODE');
  else if (!/^\d{5,7}$/.test(shortcode)) invalid.push('DARAJA_SHORTCODE must be the 5–7 digit paybill or till number');
  // Which Daraja (sandbox or production) is never guessed in production.
  if (!baseUrlText && production) missing.push('DARAJA_BASE_URL');
  const baseUrl = (baseUrlText ?? DARAJA_SANDBOX_BASE_URL).replace(/\/+$/, '');
  if (!(localRuntime ? /^https?:\/\/[^/?#]+$/ : /^https:\/\/[^/?#]+$/).test(baseUrl)) {
    invalid.push(`DARAJA_BASE_URL must be an ${localRuntime ? '' : 'https '}origin such as https://api.safaricom.co.ke`);
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
 * @kesho/common/mpesa's constants; a production site that takes real M-Pesa money must be given both,
 * so a deployed stack never charges at a rate nobody chose for it.
 */
export function readKesRate(read: Read, required: boolean, missing: string[], invalid: string[]): KesRate {
  const rateText = read('KES_PER_USD');
  const dateText = read('KES_RATE_DATE');
  if (required && rateText === undefined) missing.push('KES_PER_USD');
  if (required && dateText === undefined) missing.push('KES_RATE_DATE');
  const kesPerUsd = rateText ?? KES_PER_USD;
  const rateDate = dateText ?? KES_RATE_DATE;
  try {
    rateHundredths(kesPerUsd);
  } catch {
    invalid.push('KES_PER_USD must be a positive number of shillings per US dollar with at most two decimals, such as 129.25');
  }
  if (!isIsoDate(rateDate)) invalid.push('KES_RATE_DATE must be the date the rate was set, as YYYY-MM-DD');
  return { kesPerUsd, rateDate };
}

function isIsoDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === text;
}
