/**
 * A Content-Type header read by the `content-type` package (RFC 9110: case, spaces, quoted parameter
 * values), for the body gates (jsonBody.ts, formBody.ts) and the local runtime's event (local/httpEvent.ts).
 */
import { parse } from 'content-type';

export interface MediaType {
  /** The media type in lower case, "" when the header is absent or names none. */
  readonly type: string;
  /** The charset parameter says UTF-8, or there is none (the body gates read UTF-8 only). */
  readonly utf8: boolean;
}

export function mediaTypeOf(header: string | undefined): MediaType {
  const { type, parameters } = parse(header ?? '');
  const charset = parameters.charset?.toLowerCase();
  return { type, utf8: charset === undefined || charset === 'utf-8' };
}
