/**
 * The decision of the origin-verify authorizer: a request reaches the payments API only when it
 * carries the secret header CloudFront adds, so the execute-api endpoint cannot be called directly
 * (around the WAF and the distribution's headers).
 *
 * Rotation without a gap: the secret's current value is always accepted, and for a window after
 * each rotation the value it replaced (Secrets Manager's AWSPREVIOUS) too, so the distribution keeps
 * working on the old value until ops deploy it with the new version (infra/RUNBOOK.md, Rotating the
 * origin-verify secret). After the window only the current value passes.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { VIEWER_ADDRESS_HEADER } from '@kesho/operations/viewer-address';

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

/** The values the API admits right now (the current one first); cached by the caller as it sees fit. */
export type AcceptedValues = () => Promise<readonly string[]>;

/** An IPv4 or IPv6 address as CloudFront writes it (the viewer-request function); anything else is not logged. */
const VIEWER_ADDRESS = /^[0-9A-Fa-f.:]{2,45}$/;

/**
 * What the API's access log reads as `$context.authorizer.viewerAddress`: the visitor's address the
 * distribution wrote into the viewer header (the execute-api endpoint only sees CloudFront's edge
 * servers). It is one of the authorizer's identity sources, so a cached decision is never another
 * visitor's.
 */
export interface AuthorizerContext {
  readonly viewerAddress: string;
}

export function createAuthorizer(acceptedValues: AcceptedValues) {
  return async (event: AuthorizerEvent): Promise<{ isAuthorized: boolean; context?: AuthorizerContext }> => {
    const value = event.headers?.[ORIGIN_VERIFY_HEADER] ?? event.identitySource?.[0];
    const accepted = await acceptedValues();
    if (accepted.length === 0) throw new Error('The origin-verify secret has no current value');
    // Every value is compared, so the time taken does not tell which one matched.
    const isAuthorized = accepted.map((secret) => isFromCloudFront(value, secret)).includes(true);
    if (!isAuthorized) return { isAuthorized };
    const viewerAddress = event.headers?.[VIEWER_ADDRESS_HEADER] ?? event.identitySource?.[1];
    return { isAuthorized, context: { viewerAddress: typeof viewerAddress === 'string' && VIEWER_ADDRESS.test(viewerAddress) ? viewerAddress : '-' } };
  };
}

/** One version of the secret: its value and when it was put. */
export interface SecretVersion {
  readonly value: string;
  readonly createdAt: Date;
}

/** Reads the version holding a Secrets Manager stage (AWSCURRENT, AWSPREVIOUS); null when no version holds it. */
export type ReadSecretStage = (stage: 'AWSCURRENT' | 'AWSPREVIOUS') => Promise<SecretVersion | null>;

/**
 * The current value, and the previous one while the current is younger than `rotationWindowMs`.
 * Read again at most every `ttlMs`, so a rotation is seen within that time without a deploy.
 */
export function acceptedSecretValues(read: ReadSecretStage, rotationWindowMs: number, ttlMs: number, now: () => number = Date.now): AcceptedValues {
  let cached: { values: readonly string[]; readAt: number; previousUntil: number } | undefined;
  return async () => {
    const at = now();
    if (!cached || at - cached.readAt >= ttlMs) {
      const current = await read('AWSCURRENT');
      if (!current) throw new Error('The origin-verify secret has no current value');
      const previousUntil = current.createdAt.getTime() + rotationWindowMs;
      const previous = at < previousUntil ? await read('AWSPREVIOUS') : null;
      cached = { values: previous ? [current.value, previous.value] : [current.value], readAt: at, previousUntil };
    }
    // The window can close between two reads: the previous value stops passing on time.
    return at < cached.previousUntil ? cached.values : cached.values.slice(0, 1);
  };
}
