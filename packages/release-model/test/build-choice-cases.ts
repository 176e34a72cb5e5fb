import { hmacHex } from '../src/signed-tokens';
import { MAX_PREVIEW_LINK_HOURS, previewToken, type BuildChoice, type BuildRequest, type EdgeState } from '../src/build-choice';

/**
 * One table of requests and the build each one gets: the rule's own test, the local server's test
 * and the CloudFront functions' test all run it, so the three cannot drift apart. Runners give the
 * clock (`now`), the preview key (`PREVIEW_KEY`) and a random number that draws bucket 4242.
 */
export interface BuildChoiceCase {
  readonly why: string;
  readonly request: Omit<BuildRequest, 'now' | 'secure'> & { readonly secure?: boolean };
  readonly state: EdgeState;
  /** The preview links' key the edge holds; undefined: PREVIEW_KEY. */
  readonly previewKey?: string | null;
  readonly expected: BuildChoice;
}

export const PREVIEW_KEY = 'preview-key-of-the-build-choice-cases';
/** What the runners' random number gives: a new browser's bucket is 4242. */
export const RANDOM = 0.4242;
/** The preview links' signature, as the Node runners give it (the CloudFront functions use their runtime's crypto). */
export { hmacHex };

export const LIVE_BUILD = 'aaaaaaaaaaaa';
export const CANARY_BUILD = 'bbbbbbbbbbbb';
export const PREVIEW_BUILD = 'cccccccccccc';
export const LEGAL_CANARY_BUILD = 'dddddddddddd';
export const FOLDERS = {
  marketingCanary: 'f00000000001',
  bothCanaries: 'f00000000002',
  legalCanary: 'f00000000003',
  preview: 'f00000000004',
  expired: 'f00000000005',
  invalid: 'f00000000006',
} as const;

const notices = { expired: FOLDERS.expired, invalid: FOLDERS.invalid };
const previews = { [`marketing/${PREVIEW_BUILD}`]: FOLDERS.preview };
export const STATES = {
  nothing: { canaries: [], variants: {}, previews: {}, notices: {} },
  previewOnly: { canaries: [], variants: {}, previews, notices },
  // Marketing at 50 %: buckets 0–577 and 5578–9999 are in it (marketing shifts buckets by 4422).
  marketingCanary: { canaries: [{ app: 'marketing', build: CANARY_BUILD, percent: 50 }], variants: { marketing: FOLDERS.marketingCanary }, previews, notices },
  // Legal at 10 % as well: buckets 8743–9742 (legal shifts by 1257); 9000 is in both.
  twoCanaries: {
    canaries: [
      { app: 'marketing', build: CANARY_BUILD, percent: 50 },
      { app: 'legal', build: LEGAL_CANARY_BUILD, percent: 10 },
    ],
    variants: { marketing: FOLDERS.marketingCanary, legal: FOLDERS.legalCanary, 'legal+marketing': FOLDERS.bothCanaries },
    previews,
    notices,
  },
} satisfies Record<string, EdgeState>;

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const SLACKBOT = 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)';

const bucketCookie = (value: string, secure = false) => ({ name: 'kesho-bucket', value, attributes: `Path=/; Max-Age=7776000; SameSite=Lax; HttpOnly${secure ? '; Secure' : ''}` });
const previewCookie = (value: string, maxAge: number) => ({ name: 'kesho-preview', value, attributes: `Path=/; Max-Age=${maxAge}; SameSite=Lax; HttpOnly` });
const clearPreview = previewCookie('', 0);

const live = (cookies: BuildChoice['cookies'] = [], cacheControl: string | null = null): BuildChoice => ({ folder: null, reason: 'live', cookies, cacheControl, noindex: false });
const canary = (folder: string): BuildChoice => ({ folder, reason: 'canary', cookies: [], cacheControl: 'private, no-cache', noindex: false });
const notice = (folder: string | null, reason: BuildChoice['reason']): BuildChoice => ({ folder, reason, cookies: [clearPreview], cacheControl: 'private, no-store', noindex: true });

/** The table, its preview links signed at `now` (ms): valid for an hour, or expired a minute ago. */
export function buildChoiceCases(now: number): BuildChoiceCase[] {
  const inAnHour = Math.floor(now / 1000) * 1000 + 3_600_000;
  const valid = previewToken('marketing', PREVIEW_BUILD, inAnHour, PREVIEW_KEY, hmacHex);
  const expired = previewToken('marketing', PREVIEW_BUILD, now - 60_000, PREVIEW_KEY, hmacHex);
  const notStaged = previewToken('marketing', CANARY_BUILD, inAnHour, PREVIEW_KEY, hmacHex);
  const otherKey = previewToken('marketing', PREVIEW_BUILD, inAnHour, 'a-key-that-is-not-the-edge-key', hmacHex);
  // The same link with its expiry moved a day later: the signature no longer matches.
  const stretched = valid.replace(/\.(\d+)\./, (_, seconds: string) => `.${Number(seconds) + 86_400}.`);
  // Signed with the right key, for 720 hours (the longest a link may last) and for a year: the second is refused.
  const longestAt = Math.floor(now / 1000) * 1000 + MAX_PREVIEW_LINK_HOURS * 3_600_000;
  const longest = previewToken('marketing', PREVIEW_BUILD, longestAt, PREVIEW_KEY, hmacHex, now);
  const yearPayload = `marketing.${PREVIEW_BUILD}.${Math.floor(now / 1000) + 365 * 86_400}`;
  const forAYear = `${yearPayload}.${hmacHex(PREVIEW_KEY, yearPayload)}`;
  const maxAge = Math.floor((inAnHour - now) / 1000);
  const page = (cookies: Record<string, string> = {}, extra: Partial<BuildChoiceCase['request']> = {}): BuildChoiceCase['request'] => ({
    kind: 'page',
    cookies,
    userAgent: BROWSER,
    ...extra,
  });
  const pointer = (cookies: Record<string, string> = {}, extra: Partial<BuildChoiceCase['request']> = {}): BuildChoiceCase['request'] => page(cookies, { kind: 'pointer', ...extra });

  return [
    { why: 'no canary, no preview: the live site, no cookie', request: page(), state: STATES.nothing, expected: live() },
    { why: 'a bucket cookie without a canary changes nothing', request: page({ 'kesho-bucket': '100' }), state: STATES.nothing, expected: live() },
    {
      why: "a first visit during a canary: live, and a bucket marked for the rest of the visit (this answer is the browser's own)",
      request: page(),
      state: STATES.marketingCanary,
      expected: live([bucketCookie('4242.first')], 'private, no-cache'),
    },
    {
      why: 'the rest of the first visit stays live, whatever the bucket says',
      request: page({ 'kesho-bucket': '100.first' }, { fetchSite: 'same-origin' }),
      state: STATES.marketingCanary,
      expected: live(),
    },
    {
      why: "the first visit's pointer reads stay live too (no flip on the next client navigation)",
      request: pointer({ 'kesho-bucket': '100.first' }, { fetchSite: 'same-origin' }),
      state: STATES.marketingCanary,
      expected: live(),
    },
    {
      why: 'a browser without Fetch Metadata never leaves its first visit',
      request: page({ 'kesho-bucket': '100.first' }),
      state: STATES.marketingCanary,
      expected: live(),
    },
    {
      why: 'entering the site again (typed, a bookmark) starts a visit the bucket decides, and takes the mark off',
      request: page({ 'kesho-bucket': '100.first' }, { fetchSite: 'none' }),
      state: STATES.marketingCanary,
      expected: { ...canary(FOLDERS.marketingCanary), cookies: [bucketCookie('100')] },
    },
    {
      why: 'entering from another site with a bucket outside the share: live, the mark taken off',
      request: page({ 'kesho-bucket': '1000.first' }, { fetchSite: 'cross-site' }),
      state: STATES.marketingCanary,
      expected: live([bucketCookie('1000')], 'private, no-cache'),
    },
    { why: 'a bucket inside the canary share: the canary folder', request: page({ 'kesho-bucket': '100' }), state: STATES.marketingCanary, expected: canary(FOLDERS.marketingCanary) },
    { why: 'the share wraps around the buckets: 9000 is inside too', request: page({ 'kesho-bucket': '9000' }), state: STATES.marketingCanary, expected: canary(FOLDERS.marketingCanary) },
    { why: 'a bucket outside the share: live', request: page({ 'kesho-bucket': '1000' }), state: STATES.marketingCanary, expected: live() },
    {
      why: 'the pointer document agrees with the pages for the same browser',
      request: pointer({ 'kesho-bucket': '100' }),
      state: STATES.marketingCanary,
      expected: canary(FOLDERS.marketingCanary),
    },
    {
      why: 'a bucket that is not a number is drawn again',
      request: page({ 'kesho-bucket': 'x1' }),
      state: STATES.marketingCanary,
      expected: live([bucketCookie('4242.first')], 'private, no-cache'),
    },
    {
      why: 'a bucket beyond 9999 is drawn again',
      request: page({ 'kesho-bucket': '12345' }),
      state: STATES.marketingCanary,
      expected: live([bucketCookie('4242.first')], 'private, no-cache'),
    },
    {
      why: 'in production the bucket cookie is Secure',
      request: page({}, { secure: true }),
      state: STATES.marketingCanary,
      expected: live([bucketCookie('4242.first', true)], 'private, no-cache'),
    },
    { why: 'a bucket in both shares: the folder of both canaries', request: page({ 'kesho-bucket': '9000' }), state: STATES.twoCanaries, expected: canary(FOLDERS.bothCanaries) },
    { why: 'a bucket in one of two shares: that canary alone', request: page({ 'kesho-bucket': '100' }), state: STATES.twoCanaries, expected: canary(FOLDERS.marketingCanary) },
    {
      why: 'a crawler gets the live site whatever its cookie says',
      request: page({ 'kesho-bucket': '100' }, { userAgent: GOOGLEBOT }),
      state: STATES.marketingCanary,
      expected: { ...live(), reason: 'crawler' },
    },
    { why: 'a crawler gets no bucket cookie', request: page({}, { userAgent: GOOGLEBOT }), state: STATES.marketingCanary, expected: { ...live(), reason: 'crawler' } },
    {
      why: 'no user agent at all is taken for a robot',
      request: page({ 'kesho-bucket': '100' }, { userAgent: '' }),
      state: STATES.marketingCanary,
      expected: { ...live(), reason: 'crawler' },
    },

    {
      why: 'a preview link: the staged build, the link kept in a cookie until it expires, nothing cached, noindex',
      request: page({}, { previewParameter: valid }),
      state: STATES.previewOnly,
      expected: { folder: FOLDERS.preview, reason: 'preview', cookies: [previewCookie(valid, maxAge)], cacheControl: 'private, no-store', noindex: true },
    },
    {
      why: 'the preview cookie keeps the browser on the staged build',
      request: page({ 'kesho-preview': valid }),
      state: STATES.previewOnly,
      expected: { folder: FOLDERS.preview, reason: 'preview', cookies: [], cacheControl: 'private, no-store', noindex: true },
    },
    {
      why: "the previewing browser's pointer document is the staged build's",
      request: pointer({ 'kesho-preview': valid }),
      state: STATES.previewOnly,
      expected: { folder: FOLDERS.preview, reason: 'preview', cookies: [], cacheControl: 'private, no-store', noindex: true },
    },
    {
      why: 'a preview wins over the canary bucket',
      request: page({ 'kesho-bucket': '100', 'kesho-preview': valid }),
      state: STATES.marketingCanary,
      expected: { folder: FOLDERS.preview, reason: 'preview', cookies: [], cacheControl: 'private, no-store', noindex: true },
    },
    {
      why: 'a forged link (another key): the live site, saying the link is not valid',
      request: page({}, { previewParameter: otherKey }),
      state: STATES.previewOnly,
      expected: notice(FOLDERS.invalid, 'preview-invalid'),
    },
    {
      why: 'a link whose expiry was changed: not valid',
      request: page({}, { previewParameter: stretched }),
      state: STATES.previewOnly,
      expected: notice(FOLDERS.invalid, 'preview-invalid'),
    },
    {
      why: 'a link signed with the right key for the longest a link may last (720 hours): the preview',
      request: page({}, { previewParameter: longest }),
      state: STATES.previewOnly,
      expected: { folder: FOLDERS.preview, reason: 'preview', cookies: [previewCookie(longest, Math.floor((longestAt - now) / 1000))], cacheControl: 'private, no-store', noindex: true },
    },
    {
      why: 'a link signed with the right key but valid for a year (beyond 720 hours): not valid',
      request: page({}, { previewParameter: forAYear }),
      state: STATES.previewOnly,
      expected: notice(FOLDERS.invalid, 'preview-invalid'),
    },
    {
      why: 'a preview cookie valid for a year: not valid, cleared',
      request: page({ 'kesho-preview': forAYear }),
      state: STATES.previewOnly,
      expected: notice(FOLDERS.invalid, 'preview-invalid'),
    },
    {
      why: 'a link that is not a token at all: not valid',
      request: page({}, { previewParameter: '<script>' }),
      state: STATES.previewOnly,
      expected: notice(FOLDERS.invalid, 'preview-invalid'),
    },
    {
      why: 'an expired link: the live site, saying it expired',
      request: page({}, { previewParameter: expired }),
      state: STATES.previewOnly,
      expected: notice(FOLDERS.expired, 'preview-expired'),
    },
    {
      why: 'a valid link to a build no longer staged: the live site, saying the preview ended',
      request: page({}, { previewParameter: notStaged }),
      state: STATES.previewOnly,
      expected: notice(FOLDERS.expired, 'preview-ended'),
    },
    {
      why: 'a preview cookie that expired while browsing: the live site, saying so, the cookie cleared',
      request: page({ 'kesho-preview': expired }),
      state: STATES.previewOnly,
      expected: notice(FOLDERS.expired, 'preview-expired'),
    },
    {
      why: 'a forged preview cookie: the live site, saying so',
      request: page({ 'kesho-preview': otherKey }),
      state: STATES.previewOnly,
      expected: notice(FOLDERS.invalid, 'preview-invalid'),
    },
    {
      why: 'an expired preview cookie on the pointer document: the live one, cookie cleared',
      request: pointer({ 'kesho-preview': expired }),
      state: STATES.previewOnly,
      expected: notice(null, 'preview-expired'),
    },
    {
      why: 'a preview link on the pointer document is not a preview (the shell never sends one)',
      request: pointer({}, { previewParameter: valid }),
      state: STATES.previewOnly,
      expected: live(),
    },
    {
      why: 'an edge without a preview key takes every link for forged',
      request: page({}, { previewParameter: valid }),
      state: STATES.previewOnly,
      previewKey: null,
      expected: notice(FOLDERS.invalid, 'preview-invalid'),
    },
    {
      why: '"Exit preview": the live site, the cookie cleared, nothing cached',
      request: page({ 'kesho-preview': valid }, { previewParameter: 'exit' }),
      state: STATES.previewOnly,
      expected: notice(null, 'live'),
    },
    {
      why: 'a robot following a preview link sees the live site and keeps it out of the index',
      request: page({}, { previewParameter: valid, userAgent: SLACKBOT }),
      state: STATES.previewOnly,
      expected: { folder: null, reason: 'crawler', cookies: [], cacheControl: 'private, no-store', noindex: true },
    },
  ];
}
