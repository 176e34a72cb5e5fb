/**
 * Which build a request gets: the live site, a canary share's build, or a signed preview. The one
 * decision the local server (local-server/src/site-server.ts) and the CloudFront functions
 * (infra/functions/build-choice/viewer-functions.ts, bundled from this very module) take for every page and for
 * the pointer document, tested from one table of cases (test/build-choice-cases.ts).
 *
 * A build other than the live one is served from a variant folder: `variants/<folder>/` holds every
 * page of the site as that variant shows it, plus its pointer document (`remotes.json`). The release
 * (scripts/lib/release, or the AWS release publisher) writes the folders and then the edge state that
 * names them; this module only picks a folder:
 *
 *   - a preview link (`?kesho-preview=<token>`, signed with HMAC-SHA256 and expiring) puts that
 *     browser, and only it, on the staged build: a `kesho-preview` cookie keeps it there until it
 *     expires or the visitor follows "Exit preview" (`?kesho-preview=exit`); a forged or expired link
 *     or cookie shows the live site with a notice saying why;
 *   - a running canary puts a share of browsers on its build: a `kesho-bucket` cookie holds a random
 *     number (0–9999), nothing else, and the browser is in an app's canary when its bucket, shifted
 *     by the app's name, falls below the share. A visit never changes builds half-way: a request
 *     without the cookie (a browser's first visit, a browser that keeps no cookies) and every crawler
 *     get the live build, the first visit a bucket marked `.first` that keeps it live until it enters
 *     the site again (a navigation from elsewhere: `Sec-Fetch-Site` none, cross-site or same-site),
 *     which takes the mark off; from then on the bucket decides, on every page and pointer read;
 *   - everything else is live.
 *
 * Written in the subset of JavaScript a CloudFront Function runs (cloudfront-js-2.0: no for-of, no
 * destructuring, no spread, no optional chaining), with its two needs from outside passed in: an
 * HMAC-SHA256 in hex and a random number.
 */

import { POINTER_DOCUMENT_KEY, VARIANT_POINTER_FILE, VARIANTS_PREFIX } from './site-keys';
import { SITE_COOKIES } from '@kesho/site-rules/storage-keys';

export const BUCKET_COOKIE = SITE_COOKIES.bucket;
export const PREVIEW_COOKIE = SITE_COOKIES.preview;
/** The query parameter of a preview link; its value `exit` ends the preview. */
export const PREVIEW_PARAMETER = 'kesho-preview';
export const EXIT_PREVIEW = 'exit';
/** The variant folders, the pointer document and a variant's pointer document: keys of ./site-keys. */
export { VARIANTS_PREFIX, VARIANT_POINTER_FILE };
export const POINTER_KEY = POINTER_DOCUMENT_KEY;
/** Buckets run from 0 to BUCKETS - 1: a share is counted in hundredths of a percent. */
export const BUCKETS = 10000;
/** How long a browser keeps its bucket: 90 days. */
export const BUCKET_MAX_AGE_SECONDS = 90 * 24 * 60 * 60;
/** Every page and pointer answer may differ by these request cookies. */
export const BUILD_CHOICE_VARY = 'Cookie';

/** A canary: a share (1–99 %) of browsers gets `build` of `app`. */
export interface CanaryShare {
  readonly app: string;
  readonly build: string;
  readonly percent: number;
}

/**
 * What the edge knows (the edge record's `edge`, the `state` key of the CloudFront
 * KeyValueStore in AWS): the running canaries, the folder of each combination of canaries a browser
 * can be in (apps joined with "+" in name order), each staged preview's folder ("<app>/<build>") and
 * the folders that show the live site with a notice about a preview link.
 */
export interface EdgeState {
  readonly canaries: readonly CanaryShare[];
  readonly variants: Readonly<Record<string, string>>;
  readonly previews: Readonly<Record<string, string>>;
  readonly notices: { readonly expired?: string; readonly invalid?: string };
}

export const EMPTY_EDGE_STATE: EdgeState = { canaries: [], variants: {}, previews: {}, notices: {} };

export interface BuildRequest {
  /** A page, or the pointer document (/mfe/remotes.json). */
  readonly kind: 'page' | 'pointer';
  /** The request's cookies by name (the first value of each). */
  readonly cookies: Readonly<Record<string, string | undefined>>;
  /** The value of `?kesho-preview=` as sent, if the query has one. */
  readonly previewParameter?: string;
  readonly userAgent: string;
  /** The request's Sec-Fetch-Site header: where the navigation came from (none: typed, a bookmark). */
  readonly fetchSite?: string;
  /** Milliseconds since the epoch. */
  readonly now: number;
  /** HTTPS (always in AWS): cookies get the Secure attribute. */
  readonly secure: boolean;
}

export interface CookieToSet {
  readonly name: string;
  readonly value: string;
  /** What follows "name=value; " in the Set-Cookie header. */
  readonly attributes: string;
}

export type ChoiceReason = 'live' | 'crawler' | 'canary' | 'preview' | 'preview-ended' | 'preview-expired' | 'preview-invalid';

export interface BuildChoice {
  /** The variant folder to serve from; null: the live site. */
  readonly folder: string | null;
  readonly reason: ChoiceReason;
  readonly cookies: readonly CookieToSet[];
  /** Replaces the object's own Cache-Control (`no-cache`) when the answer is this browser's alone; null keeps it. */
  readonly cacheControl: string | null;
  /** The answer must stay out of search engines (X-Robots-Tag: noindex). */
  readonly noindex: boolean;
}

export interface ChoiceTools {
  /** HMAC-SHA256 of `text` under `key`, in lower-case hex. */
  hmacHex(key: string, text: string): string;
  /** A number in [0, 1). */
  random(): number;
}

/** Answers one browser alone, nothing kept: previews, notices, the end of a preview. */
export const CACHE_PRIVATE_NO_STORE = 'private, no-store';
/** Answers one browser alone, revalidated like every page: a canary's, or one that sets the bucket. */
export const CACHE_PRIVATE_NO_CACHE = 'private, no-cache';

/** Search engines, link unfurlers and other robots: always live, never a cookie. */
const CRAWLER = /bot\/|bot\b|crawl|spider|slurp|facebookexternalhit|bingpreview|embedly|linkexpanding|mediapartners-google|^$/i;
/** A bucket, marked `.first` while the browser's first visit lasts. */
const BUCKET_VALUE = /^([0-9]{1,4})(\.first)?$/;
const FIRST_VISIT = '.first';
const APP_NAME = /^[a-z][a-z0-9_]*$/;
const BUILD_ID = /^[0-9a-f]{12}$/;
const TOKEN = /^([a-z][a-z0-9_]*)\.([0-9a-f]{12})\.([0-9]{1,12})\.([0-9a-f]{64})$/;

export function isCrawler(userAgent: string): boolean {
  return CRAWLER.test(userAgent.trim());
}

/** The app's shift of the buckets, so two apps' canaries do not take the same browsers. */
function offsetOf(app: string): number {
  let hash = 0;
  for (let index = 0; index < app.length; index++) hash = (hash * 31 + app.charCodeAt(index)) % BUCKETS;
  return hash;
}

/** Whether a browser in `bucket` is in the canary of `app` at `percent` %. */
export function inCanary(bucket: number, app: string, percent: number): boolean {
  return (bucket + offsetOf(app)) % BUCKETS < Math.round(percent * 100);
}

/** The key of a combination of canaries in EdgeState.variants: the apps in name order, joined by "+". */
export function variantKeyOf(apps: readonly string[]): string {
  return apps.slice().sort().join('+');
}

/** Where a live object is found in a variant folder: "pages/faq.html" → "variants/<folder>/pages/faq.html", the pointer document → its remotes.json. */
export function variantObjectKey(folder: string, liveKey: string): string {
  return liveKey === POINTER_KEY ? `${VARIANTS_PREFIX}${folder}/${VARIANT_POINTER_FILE}` : `${VARIANTS_PREFIX}${folder}/${liveKey}`;
}

/**
 * The longest a preview link may be valid: 720 hours (30 days). A token that names a later expiry is
 * refused as not valid, even with the right key, so no link (whoever signed it) opens a staged build
 * for longer; the release command refuses to sign one (PREVIEW_LINK_HOURS, --hours).
 */
export const MAX_PREVIEW_LINK_HOURS = 720;

/** The payload a preview token signs. */
function previewPayload(app: string, build: string, expiresAtSeconds: number): string {
  return `${app}.${build}.${expiresAtSeconds}`;
}

/** A preview link's token for `build` of `app`, valid until `expiresAt` (ms; `now` + at most MAX_PREVIEW_LINK_HOURS). */
export function previewToken(app: string, build: string, expiresAt: number, key: string, hmacHex: ChoiceTools['hmacHex'], now?: number): string {
  if (!APP_NAME.test(app) || !BUILD_ID.test(build)) throw new Error(`Cannot sign a preview of "${app}" build "${build}"`);
  const signedAt = now === undefined ? Date.now() : now;
  if (expiresAt > signedAt + MAX_PREVIEW_LINK_HOURS * 3600000) throw new Error(`A preview link is valid for at most ${MAX_PREVIEW_LINK_HOURS} hours`);
  const payload = previewPayload(app, build, Math.floor(expiresAt / 1000));
  return `${payload}.${hmacHex(key, payload)}`;
}

/** A preview link's path and query on the site: the staged app's page with its token. */
export function previewPath(route: string, token: string): string {
  return `${route}?${PREVIEW_PARAMETER}=${token}`;
}

/** Compares two strings of equal length in time that does not depend on where they differ. */
function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let index = 0; index < a.length; index++) difference |= a.charCodeAt(index) ^ b.charCodeAt(index);
  return difference === 0;
}

export type PreviewCheck = { readonly ok: true; readonly app: string; readonly build: string; readonly expiresAt: number } | { readonly ok: false; readonly why: 'invalid' | 'expired' };

/** Whether a preview token is ours (its signature) and still valid (its expiry), as seen at `now` (ms). */
export function checkPreviewToken(token: string, key: string | null, now: number, hmacHex: ChoiceTools['hmacHex']): PreviewCheck {
  const match = TOKEN.exec(token);
  if (!match || !key) return { ok: false, why: 'invalid' };
  const app = match[1] as string;
  const build = match[2] as string;
  const expiresAtSeconds = Number(match[3]);
  if (!sameText(hmacHex(key, previewPayload(app, build, expiresAtSeconds)), match[4] as string)) return { ok: false, why: 'invalid' };
  if (expiresAtSeconds * 1000 <= now) return { ok: false, why: 'expired' };
  // Signed, but for longer than any link may last: not one of ours (a key that leaked cannot make a link for ever).
  if (expiresAtSeconds * 1000 > now + MAX_PREVIEW_LINK_HOURS * 3600000) return { ok: false, why: 'invalid' };
  return { ok: true, app, build, expiresAt: expiresAtSeconds * 1000 };
}

function cookie(name: string, value: string, maxAgeSeconds: number, secure: boolean): CookieToSet {
  return { name, value, attributes: `Path=/; Max-Age=${maxAgeSeconds}; SameSite=Lax; HttpOnly${secure ? '; Secure' : ''}` };
}

/** The Set-Cookie header value of a cookie to set. */
export function setCookieHeader(toSet: CookieToSet): string {
  return `${toSet.name}=${toSet.value}; ${toSet.attributes}`;
}

function answer(folder: string | null, reason: ChoiceReason, cookies: CookieToSet[], cacheControl: string | null, noindex: boolean): BuildChoice {
  return { folder, reason, cookies, cacheControl, noindex };
}

/** What a browser gets for a preview token (from a link or its cookie); null when the token is not a preview at all. */
function previewAnswer(request: BuildRequest, token: string, fromLink: boolean, state: EdgeState, previewKey: string | null, tools: ChoiceTools): BuildChoice {
  const clear = cookie(PREVIEW_COOKIE, '', 0, request.secure);
  const check = checkPreviewToken(token, previewKey, request.now, tools.hmacHex);
  const notice = (why: 'expired' | 'invalid', reason: ChoiceReason): BuildChoice =>
    answer(request.kind === 'page' ? state.notices[why] || null : null, reason, [clear], CACHE_PRIVATE_NO_STORE, true);
  if (!check.ok) return notice(check.why, check.why === 'expired' ? 'preview-expired' : 'preview-invalid');
  const folder = state.previews[`${check.app}/${check.build}`];
  // Signed and unexpired, but no longer staged (withdrawn, or its build went live and was replaced).
  if (!folder) return notice('expired', 'preview-ended');
  const keep = fromLink ? [cookie(PREVIEW_COOKIE, token, Math.max(1, Math.floor((check.expiresAt - request.now) / 1000)), request.secure)] : [];
  return answer(folder, 'preview', keep, CACHE_PRIVATE_NO_STORE, true);
}

/**
 * The build a request gets. `previewKey` is the preview links' HMAC key (null: no preview can be
 * valid); `tools.random` draws a new browser's bucket.
 */
export function chooseBuild(request: BuildRequest, state: EdgeState, previewKey: string | null, tools: ChoiceTools): BuildChoice {
  const parameter = request.kind === 'page' ? request.previewParameter : undefined;
  if (isCrawler(request.userAgent)) {
    // A link with a preview token stays out of search engines, whatever it shows.
    return answer(null, 'crawler', [], parameter !== undefined ? CACHE_PRIVATE_NO_STORE : null, parameter !== undefined);
  }
  if (parameter === EXIT_PREVIEW) return answer(null, 'live', [cookie(PREVIEW_COOKIE, '', 0, request.secure)], CACHE_PRIVATE_NO_STORE, true);
  if (parameter !== undefined) return previewAnswer(request, parameter, true, state, previewKey, tools);
  const previewCookie = request.cookies[PREVIEW_COOKIE];
  if (previewCookie) return previewAnswer(request, previewCookie, false, state, previewKey, tools);

  if (state.canaries.length === 0) return answer(null, 'live', [], null, false);
  const bucketMatch = BUCKET_VALUE.exec(request.cookies[BUCKET_COOKIE] || '');
  if (!bucketMatch) {
    // A first visit (or a cookie that is not ours): live, and a bucket for its next visit.
    const drawn = Math.floor(tools.random() * BUCKETS) % BUCKETS;
    return answer(null, 'live', [cookie(BUCKET_COOKIE, `${drawn}${FIRST_VISIT}`, BUCKET_MAX_AGE_SECONDS, request.secure)], CACHE_PRIVATE_NO_CACHE, false);
  }
  const bucket = Number(bucketMatch[1]);
  const setBucket: CookieToSet[] = [];
  if (bucketMatch[2]) {
    const site = request.fetchSite;
    const entering = request.kind === 'page' && (site === 'none' || site === 'cross-site' || site === 'same-site');
    // Still the first visit: live, whatever the bucket says.
    if (!entering) return answer(null, 'live', [], null, false);
    // A new visit: the bucket decides from here on.
    setBucket.push(cookie(BUCKET_COOKIE, String(bucket), BUCKET_MAX_AGE_SECONDS, request.secure));
  }
  const apps: string[] = [];
  for (let index = 0; index < state.canaries.length; index++) {
    const canary = state.canaries[index] as CanaryShare;
    if (inCanary(bucket, canary.app, canary.percent)) apps.push(canary.app);
  }
  const folder = apps.length ? state.variants[variantKeyOf(apps)] : undefined;
  if (folder) return answer(folder, 'canary', setBucket, CACHE_PRIVATE_NO_CACHE, false);
  return answer(null, 'live', setBucket, setBucket.length ? CACHE_PRIVATE_NO_CACHE : null, false);
}

function isTextRecord(value: unknown): value is Record<string, string> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  for (let index = 0; index < keys.length; index++) if (typeof record[keys[index] as string] !== 'string') return false;
  return true;
}

/**
 * Reads an edge state (JSON.parse of what a release wrote); anything unreadable is the live site for
 * everyone (an edge that cannot read its state must not guess a build).
 */
export function parseEdgeState(value: unknown): EdgeState {
  if (typeof value !== 'object' || value === null) return EMPTY_EDGE_STATE;
  const raw = value as { canaries?: unknown; variants?: unknown; previews?: unknown; notices?: unknown };
  const canaries: CanaryShare[] = [];
  if (Array.isArray(raw.canaries)) {
    for (let index = 0; index < raw.canaries.length; index++) {
      const entry = raw.canaries[index] as { app?: unknown; build?: unknown; percent?: unknown } | null;
      if (!entry || typeof entry.app !== 'string' || typeof entry.build !== 'string' || typeof entry.percent !== 'number') return EMPTY_EDGE_STATE;
      if (!(entry.percent > 0 && entry.percent < 100)) return EMPTY_EDGE_STATE;
      canaries.push({ app: entry.app, build: entry.build, percent: entry.percent });
    }
  }
  const variants = isTextRecord(raw.variants) ? raw.variants : {};
  const previews = isTextRecord(raw.previews) ? raw.previews : {};
  const notices = isTextRecord(raw.notices) ? raw.notices : {};
  return { canaries, variants, previews, notices: { expired: notices.expired, invalid: notices.invalid } };
}

/**
 * The header the edge writes on every client-events request (CLIENT_EVENTS_PATH), over whatever the
 * browser sent: the builds its edge state serves besides the live ones, so the client-events
 * endpoint counts a canary's and a preview's events as it counts the live builds'. In AWS the
 * distribution's viewer-request function writes it from the KeyValueStore (the API is reachable only
 * through the distribution: origin-verify); locally the server does, from the edge key-value file.
 */
export const EDGE_BUILDS_HEADER = 'x-kesho-edge-builds';

/** The header's value: "<app>:<build>" of every running canary and staged preview, comma-separated (empty: none). */
export function edgeBuildsOf(state: EdgeState): string {
  const builds: string[] = [];
  for (let index = 0; index < state.canaries.length; index++) {
    const canary = state.canaries[index] as CanaryShare;
    builds.push(`${canary.app}:${canary.build}`);
  }
  const previews = Object.keys(state.previews);
  for (let index = 0; index < previews.length; index++) builds.push((previews[index] as string).replace('/', ':'));
  return builds.join(',');
}

/** The builds a header value names, as "<app> <build>" (what the client-events endpoint looks builds up by). */
export function parseEdgeBuilds(value: string | undefined): Set<string> {
  const builds = new Set<string>();
  const entries = (value ?? '').split(',');
  for (let index = 0; index < entries.length; index++) {
    const parts = (entries[index] as string).trim().split(':');
    if (parts.length === 2 && parts[0] && parts[1]) builds.add(`${parts[0]} ${parts[1]}`);
  }
  return builds;
}

/** The edge state in a text (a file, a KeyValueStore value); unreadable text is the live site for everyone. */
export function parseEdgeStateText(text: string | null | undefined): EdgeState {
  if (!text) return EMPTY_EDGE_STATE;
  try {
    return parseEdgeState(JSON.parse(text));
  } catch {
    return EMPTY_EDGE_STATE;
  }
}
