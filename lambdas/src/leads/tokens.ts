/**
 * Signed newsletter links: `<payload>.<HMAC-SHA256>` in base64url (@kesho/release-model/signed-tokens). The
 * payload names the subscription (a hash, never the address), what the link does and until when; any
 * change to it breaks the signature, and signatures are compared in constant time. Links already
 * mailed stay valid: the format is the one they were signed in.
 */
import { hasSignature, signToken } from '@kesho/release-model/signed-tokens';

export type TokenPurpose = 'confirm' | 'unsubscribe';

export interface TokenClaims {
  readonly subscriptionId: string;
  readonly purpose: TokenPurpose;
  /** Epoch seconds; unsubscribe links never expire (0): a subscriber must always be able to leave. */
  readonly expiresAt: number;
}

export type TokenCheck = { readonly ok: true; readonly claims: TokenClaims } | { readonly ok: false; readonly why: 'invalid' | 'expired' };

export interface TokenSigner {
  sign(claims: TokenClaims): string;
  verify(token: string, purpose: TokenPurpose, now: Date): TokenCheck;
}

export function createTokenSigner(secret: string): TokenSigner {
  if (secret.length < 16) throw new Error('The subscription token secret must be at least 16 characters');
  return {
    sign(claims) {
      const payload = Buffer.from(JSON.stringify({ s: claims.subscriptionId, p: claims.purpose, x: claims.expiresAt })).toString('base64url');
      return signToken(payload, secret, 'base64url');
    },
    verify(token, purpose, now) {
      const match = /^([A-Za-z0-9_-]{1,400})\.([A-Za-z0-9_-]{43})$/.exec(token);
      if (!match?.[1] || !match[2]) return { ok: false, why: 'invalid' };
      const [, payload, signature] = match;
      if (!hasSignature(payload, signature, secret, 'base64url')) return { ok: false, why: 'invalid' };
      let claims: { s?: unknown; p?: unknown; x?: unknown };
      try {
        claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as typeof claims;
      } catch {
        return { ok: false, why: 'invalid' };
      }
      if (typeof claims.s !== 'string' || claims.p !== purpose || typeof claims.x !== 'number') return { ok: false, why: 'invalid' };
      if (claims.x !== 0 && claims.x * 1000 < now.getTime()) return { ok: false, why: 'expired' };
      return { ok: true, claims: { subscriptionId: claims.s, purpose, expiresAt: claims.x } };
    },
  };
}
