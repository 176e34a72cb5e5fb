/**
 * A local Daraja-compatible server for the tests: the same three endpoints, answering and REFUSING
 * the way Safaricom's sandbox does (wrong credentials, expired or unknown token, a Password that is
 * not base64(shortcode + passkey + Timestamp), a stale or malformed Timestamp, a bad phone number,
 * missing fields). Tests decide each push's outcome and can deliver (or forge) its callback.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const FAKE_DARAJA = {
  consumerKey: 'test-consumer-key',
  consumerSecret: 'test-consumer-secret',
  passkey: 'bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919',
  shortcode: '174379',
} as const;

export interface FakePush {
  readonly checkoutRequestId: string;
  readonly merchantRequestId: string;
  readonly body: Record<string, unknown>;
  result?: { resultCode: number; resultDesc: string; receipt?: string };
}

export interface FakeDaraja {
  readonly baseUrl: string;
  /** The functions' environment (DARAJA_*) that points them at this server with FAKE_DARAJA's credentials. */
  readonly env: Readonly<Record<string, string>>;
  readonly pushes: FakePush[];
  readonly requests: { path: string; status: number }[];
  tokensIssued(): number;
  /** Settle a push as the payer's phone would; the query answers it from now on. */
  complete(checkoutRequestId: string, resultCode: number): FakePush;
  /** The callback Daraja would POST for a settled push (or for any body a forger chooses). */
  callbackBody(push: FakePush, override?: { amount?: number; phone?: string; resultCode?: number; receipt?: string }): Record<string, unknown>;
  revokeTokens(): void;
  /**
   * The consumer key and secret pairs Daraja accepts (its apps on the portal for this shortcode):
   * FAKE_DARAJA's alone until a test adds a second app or deletes the first.
   */
  acceptCredentials(pairs: readonly { readonly consumerKey: string; readonly consumerSecret: string }[]): void;
  close(): Promise<void>;
}

const RESULT_DESCRIPTIONS: Record<number, string> = {
  0: 'The service request is processed successfully.',
  1: 'The balance is insufficient for the transaction.',
  1032: 'Request cancelled by user',
  1037: 'DS timeout user cannot be reached',
  2001: 'The initiator information is invalid.',
};

const TIMESTAMP = /^\d{14}$/;
const MSISDN = /^254[17]\d{8}$/;

function nairobiTimestampToMs(timestamp: string): number {
  const [y, mo, d, h, mi, s] = [timestamp.slice(0, 4), timestamp.slice(4, 6), timestamp.slice(6, 8), timestamp.slice(8, 10), timestamp.slice(10, 12), timestamp.slice(12, 14)].map(Number);
  return Date.UTC(y!, mo! - 1, d!, h!, mi!, s!) - 3 * 3600_000;
}

export async function startFakeDaraja(options: { now?: () => number } = {}): Promise<FakeDaraja> {
  const now = options.now ?? (() => Date.now());
  const tokens = new Set<string>();
  let issued = 0;
  let accepted: readonly { readonly consumerKey: string; readonly consumerSecret: string }[] = [FAKE_DARAJA];
  const pushes: FakePush[] = [];
  const requests: { path: string; status: number }[] = [];

  const send = (req: IncomingMessage, res: ServerResponse, status: number, body: unknown) => {
    requests.push({ path: req.url ?? '', status });
    res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
  };
  const badRequest = (req: IncomingMessage, res: ServerResponse, errorMessage: string) =>
    send(req, res, 400, { requestId: randomBytes(6).toString('hex'), errorCode: '400.002.02', errorMessage: `Bad Request - ${errorMessage}` });

  const checkSigned = (body: Record<string, unknown>): string | null => {
    if (body.BusinessShortCode !== FAKE_DARAJA.shortcode && String(body.BusinessShortCode) !== FAKE_DARAJA.shortcode) return 'Invalid BusinessShortCode';
    const timestamp = String(body.Timestamp ?? '');
    if (!TIMESTAMP.test(timestamp)) return 'Invalid Timestamp';
    if (Math.abs(nairobiTimestampToMs(timestamp) - now()) > 5 * 60_000) return 'Invalid Timestamp';
    const expected = Buffer.from(`${FAKE_DARAJA.shortcode}${FAKE_DARAJA.passkey}${timestamp}`).toString('base64');
    if (body.Password !== expected) return 'Invalid Password';
    return null;
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      if (url.pathname === '/oauth/v1/generate') {
        const expected = accepted.map((pair) => `Basic ${Buffer.from(`${pair.consumerKey}:${pair.consumerSecret}`).toString('base64')}`);
        if (req.method !== 'GET' || url.searchParams.get('grant_type') !== 'client_credentials' || !expected.includes(req.headers.authorization ?? '')) {
          return send(req, res, 400, { errorCode: '400.008.01', errorMessage: 'Invalid Authentication passed' });
        }
        const token = randomBytes(16).toString('hex');
        tokens.add(token);
        issued += 1;
        return send(req, res, 200, { access_token: token, expires_in: '3599' });
      }

      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      if (!bearer || !tokens.has(bearer)) return send(req, res, 401, { errorCode: '404.001.04', errorMessage: 'Invalid Access Token' });
      if (req.method !== 'POST' || !/^application\/json/.test(req.headers['content-type'] ?? '')) return badRequest(req, res, 'Invalid Content-Type');
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
      } catch {
        return badRequest(req, res, 'Invalid JSON');
      }

      if (url.pathname === '/mpesa/stkpush/v1/processrequest') {
        const problem = checkSigned(body);
        if (problem) return badRequest(req, res, problem);
        if (body.TransactionType !== 'CustomerPayBillOnline') return badRequest(req, res, 'Invalid TransactionType');
        if (!Number.isInteger(body.Amount) || (body.Amount as number) < 1 || (body.Amount as number) > 250_000) return badRequest(req, res, 'Invalid Amount');
        if (!MSISDN.test(String(body.PartyA ?? ''))) return badRequest(req, res, 'Invalid PartyA');
        if (!MSISDN.test(String(body.PhoneNumber ?? ''))) return badRequest(req, res, 'Invalid PhoneNumber');
        if (String(body.PartyB) !== FAKE_DARAJA.shortcode) return badRequest(req, res, 'Invalid PartyB');
        try {
          const callback = new URL(String(body.CallBackURL ?? ''));
          if (callback.protocol !== 'http:' && callback.protocol !== 'https:') throw new Error('scheme');
        } catch {
          return badRequest(req, res, 'Invalid CallBackURL');
        }
        const reference = String(body.AccountReference ?? '');
        if (!reference || reference.length > 12) return badRequest(req, res, 'Invalid AccountReference');
        const description = String(body.TransactionDesc ?? '');
        if (!description || description.length > 13) return badRequest(req, res, 'Invalid TransactionDesc');
        const push: FakePush = { checkoutRequestId: `ws_CO_${randomBytes(8).toString('hex')}`, merchantRequestId: randomBytes(6).toString('hex'), body };
        pushes.push(push);
        return send(req, res, 200, {
          MerchantRequestID: push.merchantRequestId,
          CheckoutRequestID: push.checkoutRequestId,
          ResponseCode: '0',
          ResponseDescription: 'Success. Request accepted for processing',
          CustomerMessage: 'Success. Request accepted for processing',
        });
      }

      if (url.pathname === '/mpesa/stkpushquery/v1/query') {
        const problem = checkSigned(body);
        if (problem) return badRequest(req, res, problem);
        const push = pushes.find((candidate) => candidate.checkoutRequestId === body.CheckoutRequestID);
        if (!push) return badRequest(req, res, 'Invalid CheckoutRequestID');
        if (!push.result) return send(req, res, 500, { requestId: randomBytes(6).toString('hex'), errorCode: '500.001.1001', errorMessage: 'The transaction is being processed' });
        return send(req, res, 200, {
          ResponseCode: '0',
          ResponseDescription: 'The service request has been accepted successsfully',
          MerchantRequestID: push.merchantRequestId,
          CheckoutRequestID: push.checkoutRequestId,
          ResultCode: String(push.result.resultCode),
          ResultDesc: push.result.resultDesc,
        });
      }
      return send(req, res, 404, { errorCode: '404.001.01', errorMessage: 'Resource not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    baseUrl,
    env: {
      DARAJA_CONSUMER_KEY: FAKE_DARAJA.consumerKey,
      DARAJA_CONSUMER_SECRET: FAKE_DARAJA.consumerSecret,
      DARAJA_PASSKEY: FAKE_DARAJA.passkey,
      DARAJA_SHORTCODE: FAKE_DARAJA.shortcode,
      DARAJA_BASE_URL: baseUrl,
    },
    pushes,
    requests,
    tokensIssued: () => issued,
    complete(checkoutRequestId, resultCode) {
      const push = pushes.find((candidate) => candidate.checkoutRequestId === checkoutRequestId);
      if (!push) throw new Error(`No push ${checkoutRequestId}`);
      push.result = {
        resultCode,
        resultDesc: RESULT_DESCRIPTIONS[resultCode] ?? 'Failed',
        ...(resultCode === 0 ? { receipt: `TK${randomBytes(4).toString('hex').toUpperCase()}` } : {}),
      };
      return push;
    },
    callbackBody(push, override = {}) {
      const resultCode = override.resultCode ?? push.result?.resultCode ?? 0;
      const stkCallback: Record<string, unknown> = {
        MerchantRequestID: push.merchantRequestId,
        CheckoutRequestID: push.checkoutRequestId,
        ResultCode: resultCode,
        ResultDesc: RESULT_DESCRIPTIONS[resultCode] ?? 'Failed',
      };
      if (resultCode === 0) {
        stkCallback.CallbackMetadata = {
          Item: [
            { Name: 'Amount', Value: override.amount ?? push.body.Amount },
            { Name: 'MpesaReceiptNumber', Value: override.receipt ?? push.result?.receipt ?? 'TKFORGED01' },
            { Name: 'TransactionDate', Value: 20261123101010 },
            { Name: 'PhoneNumber', Value: Number(override.phone ?? push.body.PhoneNumber) },
          ],
        };
      }
      return { Body: { stkCallback } };
    },
    revokeTokens: () => tokens.clear(),
    acceptCredentials: (pairs) => {
      accepted = [...pairs];
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
