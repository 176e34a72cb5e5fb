/**
 * Translates the site's one list of security headers (@kesho/release-model/security-headers, also sent by the
 * local server) into CloudFront's response-headers policy. CloudFront models some headers as typed
 * "security headers" and refuses those names as custom headers, so each header goes to exactly one
 * place; a header this file does not know becomes a custom header, and a value CloudFront cannot
 * express fails the synth instead of being silently dropped.
 */
import { Duration } from 'aws-cdk-lib';
import { HeadersFrameOption, HeadersReferrerPolicy, type ResponseCustomHeader, type ResponseHeadersPolicyProps, type ResponseSecurityHeadersBehavior } from 'aws-cdk-lib/aws-cloudfront';

function enumMember<T extends string>(members: Record<string, T>, value: string, header: string): T {
  const member = Object.values(members).find((candidate) => candidate === value);
  if (!member) throw new Error(`CloudFront cannot send ${header}: ${value}`);
  return member;
}

function parseStrictTransportSecurity(value: string): NonNullable<ResponseSecurityHeadersBehavior['strictTransportSecurity']> {
  const directives = value.split(';').map((directive) => directive.trim().toLowerCase());
  const maxAge = directives.find((directive) => directive.startsWith('max-age='));
  const seconds = maxAge ? Number(maxAge.slice('max-age='.length)) : Number.NaN;
  if (!Number.isInteger(seconds) || seconds < 0) throw new Error(`Strict-Transport-Security has no valid max-age: ${value}`);
  const known = new Set(['includesubdomains', 'preload']);
  const unknown = directives.filter((directive) => directive !== maxAge && directive !== '' && !known.has(directive));
  if (unknown.length > 0) throw new Error(`CloudFront cannot send Strict-Transport-Security directives ${unknown.join(', ')}`);
  return {
    accessControlMaxAge: Duration.seconds(seconds),
    includeSubdomains: directives.includes('includesubdomains'),
    preload: directives.includes('preload'),
    override: true,
  };
}

export type HeadersPolicyConfig = Pick<ResponseHeadersPolicyProps, 'securityHeadersBehavior' | 'customHeadersBehavior'>;

export function responseHeadersPolicyConfig(headers: Readonly<Record<string, string>>): HeadersPolicyConfig {
  const security: {
    -readonly [K in keyof ResponseSecurityHeadersBehavior]: ResponseSecurityHeadersBehavior[K];
  } = {};
  const customHeaders: ResponseCustomHeader[] = [];
  for (const [name, value] of Object.entries(headers)) {
    switch (name.toLowerCase()) {
      case 'content-security-policy':
        security.contentSecurityPolicy = { contentSecurityPolicy: value, override: true };
        break;
      case 'strict-transport-security':
        security.strictTransportSecurity = parseStrictTransportSecurity(value);
        break;
      case 'x-content-type-options':
        if (value.toLowerCase() !== 'nosniff') throw new Error(`CloudFront cannot send X-Content-Type-Options: ${value}`);
        security.contentTypeOptions = { override: true };
        break;
      case 'x-frame-options':
        security.frameOptions = { frameOption: enumMember(HeadersFrameOption, value.toUpperCase(), name), override: true };
        break;
      case 'referrer-policy':
        security.referrerPolicy = { referrerPolicy: enumMember(HeadersReferrerPolicy, value, name), override: true };
        break;
      case 'x-xss-protection':
        throw new Error('X-XSS-Protection needs its own mapping before CloudFront can send it');
      default:
        customHeaders.push({ header: name, value, override: true });
    }
  }
  return {
    securityHeadersBehavior: security,
    customHeadersBehavior: { customHeaders },
  };
}
