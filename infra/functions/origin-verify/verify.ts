/**
 * The decision of the origin-verify authorizer: a request reaches the payments API only when it
 * carries the secret header CloudFront adds, so the execute-api endpoint cannot be called directly
 * (around the WAF and the distribution's headers).
 */
import { createHash, timingSafeEqual } from 'node:crypto';

export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/** Constant-time: comparing digests hides both the secret's length and where a guess differs. */
export function isFromCloudFront(headerValue: unknown, secret: string): boolean {
  if (secret.length < 32) throw new Error('The origin-verify secret is too short');
  if (typeof headerValue !== 'string' || headerValue === '') return false;
  return timingSafeEqual(digest(headerValue), digest(secret));
}

/** HTTP API (payload 2.0) authorizer event: only the part this authorizer reads. */
export interface AuthorizerEvent {
  readonly headers?: Readonly<Record<string, string | undefined>>;
  readonly identitySource?: readonly string[];
}

export interface SecretSource {
  /** The current secret value; cached by the caller as it sees fit. */
  (): Promise<string>;
}

export function createAuthorizer(readSecret: SecretSource) {
  return async (event: AuthorizerEvent): Promise<{ isAuthorized: boolean }> => {
    const value = event.headers?.[ORIGIN_VERIFY_HEADER] ?? event.identitySource?.[0];
    return { isAuthorized: isFromCloudFront(value, await readSecret()) };
  };
}

/** Re-reads the secret at most every `ttlMs`, so a rotated value is picked up without a deploy. */
export function cachedSecret(read: () => Promise<string>, ttlMs: number, now: () => number = Date.now): SecretSource {
  let cached: { value: string; at: number } | undefined;
  return async () => {
    if (!cached || now() - cached.at >= ttlMs) cached = { value: await read(), at: now() };
    return cached.value;
  };
}
