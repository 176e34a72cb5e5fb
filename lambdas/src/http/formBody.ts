/**
 * The body gate of the two public forms (enquiries, newsletter). A browser without JavaScript posts
 * `application/x-www-form-urlencoded`; the enhanced forms post JSON. Both become the same flat map of
 * strings, and the caller learns which one it was so it can answer a form post with a redirect.
 */
import { header, rawBody, type ApiGatewayEvent } from './apiGateway';
import { mediaTypeOf } from './mediaType';
import { decodeUtf8Body } from './utf8Body';

/** A contact message is at most ~5 KB of text; 8 KB leaves room for encoding and nothing more. */
export const MAX_FORM_BODY_BYTES = 8 * 1024;

export type FormBodyKind = 'form' | 'json';

export type FormBodyResult =
  | { readonly ok: true; readonly kind: FormBodyKind; readonly fields: Readonly<Record<string, string>> }
  | { readonly ok: false; readonly kind: FormBodyKind | null; readonly status: 400 | 413 | 415; readonly message: string };

export function readFormBody(event: ApiGatewayEvent): FormBodyResult {
  const kind = mediaKind(header(event, 'content-type'));
  if (kind === null) {
    return { ok: false, kind, status: 415, message: 'Send the form as application/x-www-form-urlencoded or as JSON (Content-Type: application/json).' };
  }
  const bytes = rawBody(event);
  if (bytes.length > MAX_FORM_BODY_BYTES) {
    return { ok: false, kind, status: 413, message: `The request is too large. The limit is ${MAX_FORM_BODY_BYTES / 1024} KB.` };
  }
  const decoded = decodeUtf8Body(bytes);
  if (!decoded.ok) return { ok: false, kind, status: 400, message: decoded.message };
  const text = decoded.text;
  if (kind === 'form') {
    const fields = formFieldsOf(text);
    return fields ? { ok: true, kind, fields } : { ok: false, kind, status: 400, message: FORM_ESCAPES_MESSAGE };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, kind, status: 400, message: 'The request body is not valid JSON.' };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, kind, status: 400, message: 'The request body must be a JSON object.' };
  }
  // Only string fields count: anything else is treated as missing, so the schema names the field.
  const fields: Record<string, string> = {};
  for (const [name, field] of Object.entries(value)) if (typeof field === 'string') fields[name] = field;
  return { ok: true, kind, fields };
}

/** The same answer as for the same bytes sent raw (utf8Body.ts): a form's escapes are its bytes. */
export const FORM_ESCAPES_MESSAGE = 'The form must be sent as UTF-8: a percent-escape in it is not UTF-8 (or is malformed).';

/**
 * application/x-www-form-urlencoded, read strictly: "+" is a space and each percent-escape a byte, and
 * the bytes must be UTF-8. URLSearchParams would turn "name=Zo%EB" (Latin-1) into "Zo\uFFFD" and a
 * malformed "%zz" into itself; both are refused here, like the same bytes in a JSON body. Null when refused.
 */
function formFieldsOf(text: string): Record<string, string> | null {
  const fields: Record<string, string> = {};
  for (const pair of text.split('&')) {
    if (pair === '') continue;
    const split = pair.indexOf('=');
    const [rawName, rawValue] = split === -1 ? [pair, ''] : [pair.slice(0, split), pair.slice(split + 1)];
    try {
      const name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      // Like URLSearchParams and Object.fromEntries: the last value of a repeated name wins.
      Object.defineProperty(fields, name, { value: decodeURIComponent(rawValue.replace(/\+/g, ' ')), enumerable: true, writable: true, configurable: true });
    } catch {
      return null;
    }
  }
  return fields;
}

function mediaKind(contentType: string | undefined): FormBodyKind | null {
  const { type, utf8 } = mediaTypeOf(contentType);
  if (!utf8) return null;
  if (type === 'application/json') return 'json';
  if (type === 'application/x-www-form-urlencoded') return 'form';
  return null;
}
