/**
 * The first gate of every JSON endpoint: media type, size and syntax. Whatever a client sends, the
 * result is either a parsed value or a 4xx answer, never an exception.
 */
import { header, rawBody, type ApiGatewayEvent, type ApiGatewayResult } from './apiGateway';
import { WrittenNumber } from '@kesho/site-rules/money';
import { mediaTypeOf } from './mediaType';
import { errorResponse } from './responses';
import { decodeUtf8Body } from './utf8Body';

export const MAX_JSON_BODY_BYTES = 16 * 1024;

export type JsonBodyResult = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly response: ApiGatewayResult };

export interface JsonBodyOptions {
  /**
   * Numbers JavaScript would write otherwise than the client did ("25.00", "2.5e1",
   * "25.0000000000000001") arrive as a WrittenNumber with the client's text, so an amount is judged as
   * written (@kesho/site-rules/money). For bodies our own pages send (orders), never for a provider's
   * callback, whose amounts ("Amount": 1.00) are read as numbers.
   */
  readonly keepWrittenNumbers?: boolean;
}

/** JSON.parse's reviver gets each value's source text (Node 21+, every supported browser). */
const keepWrittenNumbers = (_key: string, value: unknown, context?: { readonly source?: string }): unknown =>
  typeof value === 'number' && typeof context?.source === 'string' && context.source !== String(value) ? new WrittenNumber(context.source) : value;

export function readJsonBody(event: ApiGatewayEvent, options: JsonBodyOptions = {}): JsonBodyResult {
  if (!isJsonMediaType(header(event, 'content-type'))) {
    return { ok: false, response: errorResponse(415, 'Send the request as JSON with the header Content-Type: application/json.') };
  }
  const bytes = rawBody(event);
  if (bytes.length > MAX_JSON_BODY_BYTES) {
    return { ok: false, response: errorResponse(413, `The request is too large. The limit is ${MAX_JSON_BODY_BYTES / 1024} KB.`) };
  }
  const decoded = decodeUtf8Body(bytes);
  if (!decoded.ok) return { ok: false, response: errorResponse(400, decoded.message) };
  try {
    return { ok: true, value: JSON.parse(decoded.text, options.keepWrittenNumbers ? keepWrittenNumbers : undefined) as unknown };
  } catch {
    return { ok: false, response: errorResponse(400, 'The request body is not valid JSON.') };
  }
}

function isJsonMediaType(contentType: string | undefined): boolean {
  const { type, utf8 } = mediaTypeOf(contentType);
  return type === 'application/json' && utf8;
}
