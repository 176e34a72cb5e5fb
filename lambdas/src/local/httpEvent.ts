/**
 * Node request ⇄ API Gateway HTTP API (payload 2.0) event and result, as API Gateway itself does
 * it: lower-case header names, repeated values joined by commas, cookies split out, and the body
 * passed byte for byte (as text when it is text, base64 otherwise), so a webhook signature computed
 * over the raw bytes still verifies.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ApiGatewayEvent, ApiGatewayResult } from '../http/apiGateway';
import { mediaTypeOf } from '../http/mediaType';

const TEXT_MEDIA_TYPE = /^(text\/[a-z0-9.+-]+|application\/(json|x-www-form-urlencoded|xml|javascript|[a-z0-9.-]+\+(json|xml)))$/;
// ignoreBOM keeps a leading byte-order mark, so re-encoding the text gives back the very same bytes.
const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

export function toApiGatewayEvent(req: IncomingMessage, url: URL, body: Buffer): ApiGatewayEvent {
  const headers: Record<string, string> = {};
  let cookies: string[] | undefined;
  for (const [name, values] of Object.entries(req.headersDistinct)) {
    if (!values) continue;
    if (name === 'cookie') {
      cookies = values.flatMap((value) =>
        value
          .split(';')
          .map((cookie) => cookie.trim())
          .filter(Boolean),
      );
    } else {
      headers[name] = values.join(',');
    }
  }

  const queryStringParameters: Record<string, string> = {};
  for (const key of new Set(url.searchParams.keys())) queryStringParameters[key] = url.searchParams.getAll(key).join(',');

  const method = (req.method ?? 'GET').toUpperCase();
  return {
    version: '2.0',
    routeKey: '$default',
    rawPath: url.pathname,
    rawQueryString: url.search.replace(/^\?/, ''),
    ...(cookies ? { cookies } : {}),
    headers,
    ...(Object.keys(queryStringParameters).length > 0 ? { queryStringParameters } : {}),
    requestContext: {
      requestId: randomUUID(),
      timeEpoch: Date.now(),
      http: {
        method,
        path: url.pathname,
        protocol: `HTTP/${req.httpVersion}`,
        sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
    },
    ...encodeBody(body, headers['content-type']),
  };
}

function encodeBody(body: Buffer, contentType: string | undefined): { body?: string; isBase64Encoded: boolean } {
  if (body.length === 0) return { isBase64Encoded: false };
  if (TEXT_MEDIA_TYPE.test(mediaTypeOf(contentType).type)) {
    try {
      return { body: strictUtf8.decode(body), isBase64Encoded: false };
    } catch {
      // Not valid UTF-8 despite the label: pass the bytes on untouched.
    }
  }
  return { body: body.toString('base64'), isBase64Encoded: true };
}

/** Every answer of the API is uncacheable and typed, whatever the handler forgot. */
export function writeResult(res: ServerResponse, result: ApiGatewayResult, method: string): void {
  const headers: Record<string, string> = { ...result.headers };
  const has = (name: string) => Object.keys(headers).some((key) => key.toLowerCase() === name);
  if (!has('content-type')) headers['Content-Type'] = 'application/json; charset=utf-8';
  if (!has('cache-control')) headers['Cache-Control'] = 'no-store';
  const body = result.isBase64Encoded ? Buffer.from(result.body, 'base64') : Buffer.from(result.body, 'utf8');
  headers['Content-Length'] = String(body.length);
  res.writeHead(result.statusCode, headers);
  res.end(method === 'HEAD' ? undefined : body);
}

export type BodyReadResult = { readonly kind: 'ok'; readonly body: Buffer } | { readonly kind: 'too-large' };

/** Reads at most `limit` bytes into memory; anything longer is drained and reported, not buffered. */
export async function readRequestBody(req: IncomingMessage, limit: number): Promise<BodyReadResult> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size <= limit) chunks.push(buffer);
  }
  return size > limit ? { kind: 'too-large' } : { kind: 'ok', body: Buffer.concat(chunks) };
}
