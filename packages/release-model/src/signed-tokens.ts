/**
 * HMAC-SHA256 signatures and signed tokens, the one way Node code here signs (Node only). A token is
 * `<payload>.<signature of the payload>`; two are handed to visitors and must stay valid as they are:
 * - newsletter links (lambdas/src/leads/tokens.ts): base64url JSON, signed in base64url;
 * - preview links (build-choice.ts previewToken): `<app>.<build>.<expires>`, signed in hex, checked by
 *   the CloudFront functions too, whose runtime has no Node crypto: build-choice.ts takes the HMAC as
 *   a tool (ChoiceTools.hmacHex), which Node callers give as `hmacHex` from here.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export type SignatureEncoding = 'hex' | 'base64url';

/** HMAC-SHA256 of `text` under `key`, in `encoding` (lower-case hex, or base64url without padding). */
export function hmacOf(key: string | Buffer, text: string, encoding: SignatureEncoding): string {
  return createHmac('sha256', key).update(text).digest(encoding);
}

/** HMAC-SHA256 in lower-case hex: preview links' signature (build-choice.ts ChoiceTools.hmacHex). */
export function hmacHex(key: string | Buffer, text: string): string {
  return hmacOf(key, text, 'hex');
}

/** `<payload>.<signature>`. */
export function signToken(payload: string, key: string | Buffer, encoding: SignatureEncoding): string {
  return `${payload}.${hmacOf(key, payload, encoding)}`;
}

/**
 * Whether `signature` is the payload's under `key`, compared in constant time (the decoded bytes, so
 * neither a signature's length nor where it differs tells an attacker anything).
 */
export function hasSignature(payload: string, signature: string, key: string | Buffer, encoding: SignatureEncoding): boolean {
  const given = Buffer.from(signature, encoding);
  const expected = createHmac('sha256', key).update(payload).digest();
  // Buffer.from drops what is not of the encoding: a signature must be exactly the expected one's text.
  return given.length === expected.length && given.toString(encoding) === signature && timingSafeEqual(given, expected);
}

/** The payload of a `<payload>.<signature>` token signed with `key`, else null (no dot, or another signature). */
export function verifiedPayload(token: string, key: string | Buffer, encoding: SignatureEncoding): string | null {
  const dot = token.lastIndexOf('.');
  if (dot < 0) return null;
  const payload = token.slice(0, dot);
  return hasSignature(payload, token.slice(dot + 1), key, encoding) ? payload : null;
}
