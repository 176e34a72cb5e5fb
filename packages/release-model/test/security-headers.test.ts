import { securityHeaders } from '../src/security-headers';

describe('the security headers', () => {
  it('forbid inline scripts and framing', () => {
    const csp = securityHeaders['Content-Security-Policy'];
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
  });
  it('loosen nothing but inline styles (why they stay: security-headers.ts)', () => {
    const loose = (securityHeaders['Content-Security-Policy'] ?? '')
      .split(';')
      .map((directive) => directive.trim())
      .filter((directive) => /'unsafe-|\*|data:|https?:/.test(directive));
    expect(loose).toEqual(["style-src 'self' 'unsafe-inline'", "img-src 'self' data:"]);
  });
});
