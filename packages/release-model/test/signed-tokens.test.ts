import { createHmac } from 'node:crypto';
import { hasSignature, hmacHex, hmacOf, signToken, verifiedPayload } from '../src/signed-tokens';

const KEY = 'a-key-of-at-least-sixteen-characters';

describe('signed tokens', () => {
  it("signs HMAC-SHA256 in hex (preview links) and base64url (newsletter links), as Node's crypto does", () => {
    expect(hmacHex(KEY, 'marketing.aaaaaaaaaaaa.1700000000')).toBe(createHmac('sha256', KEY).update('marketing.aaaaaaaaaaaa.1700000000').digest('hex'));
    expect(hmacOf(Buffer.from(KEY), 'payload', 'base64url')).toBe(createHmac('sha256', KEY).update('payload').digest('base64url'));
    expect(signToken('payload', KEY, 'base64url')).toBe(`payload.${createHmac('sha256', KEY).update('payload').digest('base64url')}`);
  });

  it('verifies a token signed with the key, and gives its payload (dots in the payload allowed)', () => {
    expect(verifiedPayload(signToken('marketing.aaaaaaaaaaaa.1700000000', KEY, 'hex'), KEY, 'hex')).toBe('marketing.aaaaaaaaaaaa.1700000000');
    const token = signToken('eyJzIjoiYWJjIn0', KEY, 'base64url');
    const [payload = '', signature = ''] = token.split('.');
    expect(hasSignature(payload, signature, KEY, 'base64url')).toBe(true);
  });

  it('refuses another key, a changed payload, a changed, cut, padded or re-cased signature, and no signature', () => {
    const token = signToken('payload', KEY, 'hex');
    const signature = token.split('.')[1] ?? '';
    expect(verifiedPayload(token, `${KEY}!`, 'hex')).toBeNull();
    expect(verifiedPayload(`payloaD.${signature}`, KEY, 'hex')).toBeNull();
    expect(verifiedPayload(`payload.${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`, KEY, 'hex')).toBeNull();
    expect(verifiedPayload(`payload.${signature.slice(0, -2)}`, KEY, 'hex')).toBeNull();
    expect(verifiedPayload(`payload.${signature}00`, KEY, 'hex')).toBeNull();
    expect(verifiedPayload(`payload.${signature.toUpperCase()}`, KEY, 'hex')).toBeNull();
    expect(verifiedPayload('payload', KEY, 'hex')).toBeNull();
    const base64 = signToken('payload', KEY, 'base64url');
    expect(verifiedPayload(`${base64}=`, KEY, 'base64url')).toBeNull();
  });
});
