/**
 * The security headers of every response: the local server sends these and the CloudFront
 * response-headers policy is built from the same values (one source of truth).
 * Styles may be inline (styled-components injects them); scripts never are.
 */
export const contentSecurityPolicy: Readonly<Record<string, string>> = {
  'default-src': "'self'",
  'script-src': "'self'",
  'style-src': "'self' 'unsafe-inline'",
  'img-src': "'self' data:",
  'font-src': "'self'",
  'connect-src': "'self'",
  'object-src': "'none'",
  'base-uri': "'self'",
  'form-action': "'self'",
  'frame-ancestors': "'none'",
};

export function serializeCsp(policy: Readonly<Record<string, string>> = contentSecurityPolicy): string {
  return Object.entries(policy)
    .map(([directive, value]) => (value ? `${directive} ${value}` : directive))
    .join('; ');
}

export const HSTS_MAX_AGE_SECONDS = 63_072_000;

export const securityHeaders: Readonly<Record<string, string>> = {
  'Content-Security-Policy': serializeCsp(),
  'Strict-Transport-Security': `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains; preload`,
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
};

export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';
export const CACHE_NO_CACHE = 'no-cache';
