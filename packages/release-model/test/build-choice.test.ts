import {
  BUCKETS,
  checkPreviewToken,
  chooseBuild,
  EMPTY_EDGE_STATE,
  inCanary,
  parseEdgeState,
  parseEdgeStateText,
  POINTER_KEY,
  previewToken,
  setCookieHeader,
  variantKeyOf,
  variantObjectKey,
} from '../src/build-choice';
import { POINTER_URL } from '../src/pointer-document';
import { buildChoiceCases, hmacHex, PREVIEW_KEY, RANDOM, STATES } from './build-choice-cases';

const NOW = Date.parse('2025-06-01T12:00:00.250Z');

describe('the build a request gets', () => {
  test.each(buildChoiceCases(NOW).map((c) => [c.why, c]))('%s', (_why, { request, state, previewKey, expected }) => {
    const choice = chooseBuild({ ...request, now: NOW, secure: request.secure ?? false }, state, previewKey === undefined ? PREVIEW_KEY : previewKey, {
      hmacHex,
      random: () => RANDOM,
    });
    expect(choice).toEqual(expected);
  });
});

describe('canary shares', () => {
  test.each([1, 10, 50, 99, 12.5])('%s %% of the buckets are in the canary, for every app', (percent) => {
    for (const app of ['shell', 'marketing', 'commerce', 'legal']) {
      let inside = 0;
      for (let bucket = 0; bucket < BUCKETS; bucket++) if (inCanary(bucket, app, percent)) inside += 1;
      expect(inside).toBe(percent * 100);
    }
  });

  test('two apps at 50 % do not take the same half of the browsers', () => {
    let both = 0;
    for (let bucket = 0; bucket < BUCKETS; bucket++) if (inCanary(bucket, 'marketing', 50) && inCanary(bucket, 'legal', 50)) both += 1;
    expect(both).toBeLessThan(BUCKETS / 2);
    expect(both).toBeGreaterThan(0);
  });

  test('a browser keeps its answer: the same bucket gives the same folder every time', () => {
    const request = { kind: 'page' as const, cookies: { 'kesho-bucket': '100' }, userAgent: 'Mozilla/5.0', now: NOW, secure: false };
    const folders = new Set(Array.from({ length: 20 }, () => chooseBuild(request, STATES.marketingCanary, PREVIEW_KEY, { hmacHex, random: Math.random }).folder));
    expect(folders.size).toBe(1);
  });

  test('the combination key names the apps in name order', () => {
    expect(variantKeyOf(['marketing', 'legal'])).toBe('legal+marketing');
  });
});

describe('preview tokens', () => {
  test('a token names the app, the build and its expiry, and is signed', () => {
    const token = previewToken('marketing', 'cccccccccccc', Date.parse('2025-06-02T00:00:00Z'), PREVIEW_KEY, hmacHex);
    expect(token).toMatch(/^marketing\.cccccccccccc\.1748822400\.[0-9a-f]{64}$/);
    expect(checkPreviewToken(token, PREVIEW_KEY, NOW, hmacHex)).toEqual({ ok: true, app: 'marketing', build: 'cccccccccccc', expiresAt: 1748822400000 });
    expect(checkPreviewToken(token, PREVIEW_KEY, Date.parse('2025-06-02T00:00:00Z'), hmacHex)).toEqual({ ok: false, why: 'expired' });
    expect(checkPreviewToken(token.replace('marketing', 'commerce'), PREVIEW_KEY, NOW, hmacHex)).toEqual({ ok: false, why: 'invalid' });
  });

  test.each([
    ['an unknown app name', 'Marketing', 'cccccccccccc'],
    ['a build id that is not one', 'marketing', '../../etc'],
  ])('refuses to sign %s', (_what, app, build) => {
    expect(() => previewToken(app, build, NOW + 1000, PREVIEW_KEY, hmacHex)).toThrow('Cannot sign a preview');
  });
});

describe('the edge state', () => {
  test('reads what a release writes', () => {
    expect(parseEdgeStateText(JSON.stringify(STATES.twoCanaries))).toEqual(STATES.twoCanaries);
    expect(parseEdgeState(STATES.twoCanaries)).toEqual(STATES.twoCanaries);
  });

  test.each([
    ['nothing', undefined],
    ['not JSON', '{'],
    ['a canary without a share', JSON.stringify({ canaries: [{ app: 'marketing', build: 'bbbbbbbbbbbb' }] })],
    ['a share of 100 %', JSON.stringify({ canaries: [{ app: 'marketing', build: 'bbbbbbbbbbbb', percent: 100 }] })],
    ['null', 'null'],
  ])('takes %s for the live site for everyone', (_what, text) => {
    expect(parseEdgeStateText(text)).toEqual(EMPTY_EDGE_STATE);
  });

  test("the pointer document's key is the pointer document module's address", () => {
    expect(`/${POINTER_KEY}`).toBe(POINTER_URL);
  });

  test('a variant folder holds the live layout, its pointer document beside the pages', () => {
    expect(variantObjectKey('f00000000001', 'pages/faq.html')).toBe('variants/f00000000001/pages/faq.html');
    expect(variantObjectKey('f00000000001', 'mfe/remotes.json')).toBe('variants/f00000000001/remotes.json');
  });

  test('cookies are written as Set-Cookie headers', () => {
    expect(setCookieHeader({ name: 'kesho-bucket', value: '7', attributes: 'Path=/; Max-Age=1; SameSite=Lax; HttpOnly' })).toBe('kesho-bucket=7; Path=/; Max-Age=1; SameSite=Lax; HttpOnly');
  });
});
