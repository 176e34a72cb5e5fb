/**
 * Request bodies are UTF-8 text exactly as sent: invalid bytes are refused, and so is a leading
 * byte-order mark, which JSON (RFC 8259 §8.1) and form encoding forbid and a default decoder would
 * silently drop, so the body the handler reads is the body that was signed, logged and stored.
 */
export type Utf8Body = { readonly ok: true; readonly text: string } | { readonly ok: false; readonly message: string };

export const INVALID_UTF8_MESSAGE = 'The request body is not valid UTF-8 text.';
export const BYTE_ORDER_MARK_MESSAGE = 'The request body starts with a byte-order mark (U+FEFF): send UTF-8 text without one.';

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

export function decodeUtf8Body(bytes: Uint8Array): Utf8Body {
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    return { ok: false, message: INVALID_UTF8_MESSAGE };
  }
  if (text.startsWith('\uFEFF')) return { ok: false, message: BYTE_ORDER_MARK_MESSAGE };
  return { ok: true, text };
}
