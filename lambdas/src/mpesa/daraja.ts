/**
 * Safaricom's Daraja API, Lipa na M-Pesa Online: an OAuth client-credentials token (cached until a
 * minute before it expires), STK push (`stkpush/v1/processrequest`) and its status query
 * (`stkpushquery/v1/query`). Plain fetch: the API is three JSON calls, and the tests point it at a
 * local Daraja-compatible server that checks every field the way Daraja does.
 */
import { PaymentProviderError } from '../payments/types';
import { MpesaPhoneRefusedError, type MpesaGateway, type StkPushAccepted, type StkQueryResult } from './types';

export interface DarajaCredentials {
  readonly consumerKey: string;
  readonly consumerSecret: string;
  readonly passkey: string;
  /** The paybill / till number (BusinessShortCode and PartyB). */
  readonly shortcode: string;
}

export interface DarajaClientOptions extends DarajaCredentials {
  /** https://sandbox.safaricom.co.ke or https://api.safaricom.co.ke, no trailing slash. */
  readonly baseUrl: string;
  readonly clock?: () => Date;
  readonly fetch?: typeof fetch;
  /** Per call; Daraja answers in well under this when it is healthy. */
  readonly timeoutMs?: number;
  /**
   * Reads the three credentials again past every cache: called once when Daraja refuses them (its
   * OAuth answers 400 or 401, or a call answers 401 with a fresh token), and the call is retried with
   * what changed. Absent (credentials from the environment): no retry.
   */
  readonly rereadCredentials?: () => Promise<Omit<DarajaCredentials, 'shortcode'>>;
  /** Told when a refusal made the credentials be read again, and whether they changed. */
  readonly onCredentialsReread?: (changed: boolean) => void;
  /**
   * A pair read again that Daraja still refuses is read again after these waits (ms) before the call
   * fails: a rotation puts the consumer key and the consumer secret one after the other, and an
   * instance that read between the two puts holds a key of one app and the secret of another
   * (infra/RUNBOOK.md, "Rotating Daraja's credentials").
   */
  readonly rereadRetryDelaysMs?: readonly number[];
  readonly sleep?: (ms: number) => Promise<void>;
}

/** Waits before reading refused credentials once more: the second put of a rotation lands within seconds of the first. */
export const DARAJA_REREAD_RETRY_DELAYS_MS: readonly number[] = [1_000, 2_000, 4_000];

/** Kenya keeps UTC+3 all year (no daylight saving), so Africa/Nairobi is a fixed offset. */
const NAIROBI_OFFSET_MS = 3 * 60 * 60 * 1000;
const TOKEN_SAFETY_MARGIN_MS = 60_000;

/** YYYYMMDDHHmmss in Africa/Nairobi, as Daraja's Timestamp and Password want it. */
export function darajaTimestamp(at: Date): string {
  const nairobi = new Date(at.getTime() + NAIROBI_OFFSET_MS);
  const two = (value: number) => String(value).padStart(2, '0');
  return `${nairobi.getUTCFullYear()}${two(nairobi.getUTCMonth() + 1)}${two(nairobi.getUTCDate())}${two(nairobi.getUTCHours())}${two(nairobi.getUTCMinutes())}${two(nairobi.getUTCSeconds())}`;
}

/** base64(shortcode + passkey + timestamp) */
export function darajaPassword(shortcode: string, passkey: string, timestamp: string): string {
  return Buffer.from(`${shortcode}${passkey}${timestamp}`, 'utf8').toString('base64');
}

/** Daraja's "still waiting for the payer" answer to a query (HTTP 500 with this errorCode). */
const QUERY_PROCESSING_ERROR = '500.001.1001';

export function createDarajaClient(options: DarajaClientOptions): MpesaGateway {
  const clock = options.clock ?? (() => new Date());
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  let cached: { token: string; expiresAt: number } | undefined;
  let credentials = { consumerKey: options.consumerKey, consumerSecret: options.consumerSecret, passkey: options.passkey };

  /** True when the credentials read again differ from those in hand (which they then replace). */
  const refreshCredentials = async (): Promise<boolean> => {
    if (!options.rereadCredentials) return false;
    const fresh = await options.rereadCredentials();
    const changed = fresh.consumerKey !== credentials.consumerKey || fresh.consumerSecret !== credentials.consumerSecret || fresh.passkey !== credentials.passkey;
    options.onCredentialsReread?.(changed);
    if (changed) {
      credentials = { ...fresh };
      cached = undefined;
    }
    return changed;
  };

  const call = async (path: string, init: RequestInit): Promise<{ status: number; body: Record<string, unknown> }> => {
    let response: Response;
    try {
      response = await doFetch(`${baseUrl}${path}`, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      throw new PaymentProviderError(`Daraja could not be reached (${path})`, { cause: error });
    }
    const text = await response.text();
    let body: Record<string, unknown> = {};
    try {
      const parsed: unknown = text ? JSON.parse(text) : {};
      if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) body = parsed as Record<string, unknown>;
    } catch {
      throw new PaymentProviderError(`Daraja answered ${path} with something that is not JSON (HTTP ${response.status})`);
    }
    return { status: response.status, body };
  };

  const token = async (): Promise<string> => {
    if (cached && cached.expiresAt > clock().getTime()) return cached.token;
    const generate = () => {
      const basic = Buffer.from(`${credentials.consumerKey}:${credentials.consumerSecret}`, 'utf8').toString('base64');
      return call('/oauth/v1/generate?grant_type=client_credentials', { method: 'GET', headers: { Authorization: `Basic ${basic}` } });
    };
    let { status, body } = await generate();
    const refused = () => status === 400 || status === 401;
    // Daraja refuses unknown credentials with 400 (sometimes 401): ops may have rotated them.
    if (refused() && (await refreshCredentials())) ({ status, body } = await generate());
    // Still refused with what was read again: in the middle of a rotation's two puts, wait for the second.
    for (const delay of refused() && options.rereadCredentials ? (options.rereadRetryDelaysMs ?? DARAJA_REREAD_RETRY_DELAYS_MS) : []) {
      await (options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))))(delay);
      if (await refreshCredentials()) ({ status, body } = await generate());
      if (!refused()) break;
    }
    const accessToken = typeof body.access_token === 'string' ? body.access_token : '';
    const expiresIn = Number(body.expires_in);
    if (status !== 200 || !accessToken || !Number.isFinite(expiresIn)) throw new PaymentProviderError(`Daraja refused the OAuth credentials (HTTP ${status})`);
    cached = { token: accessToken, expiresAt: clock().getTime() + expiresIn * 1000 - TOKEN_SAFETY_MARGIN_MS };
    return accessToken;
  };

  /** `payload` is built for each try: a retry after new credentials signs with the new passkey. */
  const postJson = async (path: string, payload: () => Record<string, unknown>) => {
    const send = async () => call(path, { method: 'POST', headers: { Authorization: `Bearer ${await token()}`, 'Content-Type': 'application/json' }, body: JSON.stringify(payload()) });
    const result = await send();
    if (result.status !== 401) return result;
    // A token revoked early or credentials rotated: a fresh token (and credentials, when they changed), one more try.
    cached = undefined;
    await refreshCredentials();
    return send();
  };

  const signed = () => {
    const timestamp = darajaTimestamp(clock());
    return { BusinessShortCode: options.shortcode, Password: darajaPassword(options.shortcode, credentials.passkey, timestamp), Timestamp: timestamp };
  };

  return {
    name: 'daraja',

    async stkPush(request): Promise<StkPushAccepted> {
      const { status, body } = await postJson('/mpesa/stkpush/v1/processrequest', () => ({
        ...signed(),
        TransactionType: 'CustomerPayBillOnline',
        Amount: request.amountKes,
        PartyA: request.msisdn,
        PartyB: options.shortcode,
        PhoneNumber: request.msisdn,
        CallBackURL: request.callbackUrl,
        AccountReference: request.accountReference.slice(0, 12),
        TransactionDesc: request.description.slice(0, 13),
      }));
      const checkoutRequestId = typeof body.CheckoutRequestID === 'string' ? body.CheckoutRequestID : '';
      const merchantRequestId = typeof body.MerchantRequestID === 'string' ? body.MerchantRequestID : '';
      if (status === 200 && String(body.ResponseCode) === '0' && checkoutRequestId) return { checkoutRequestId, merchantRequestId };
      const message = typeof body.errorMessage === 'string' ? body.errorMessage : String(body.ResponseDescription ?? '');
      if (status === 400 && /phone|PartyA/i.test(message)) throw new MpesaPhoneRefusedError(message);
      throw new PaymentProviderError(`Daraja refused the STK push (HTTP ${status}: ${message || 'no description'})`);
    },

    async stkQuery(checkoutRequestId): Promise<StkQueryResult> {
      const { status, body } = await postJson('/mpesa/stkpushquery/v1/query', () => ({ ...signed(), CheckoutRequestID: checkoutRequestId }));
      if (body.errorCode === QUERY_PROCESSING_ERROR) return { state: 'processing' };
      if (status === 200 && String(body.ResponseCode) === '0' && body.ResultCode !== undefined) {
        const resultCode = Number(body.ResultCode);
        if (!Number.isInteger(resultCode)) throw new PaymentProviderError('Daraja answered the query with a malformed ResultCode');
        return { state: 'done', resultCode, resultDesc: String(body.ResultDesc ?? '') };
      }
      throw new PaymentProviderError(`Daraja refused the STK query (HTTP ${status}: ${String(body.errorMessage ?? body.ResponseDescription ?? 'no description')})`);
    },
  };
}
