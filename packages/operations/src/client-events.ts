/**
 * Client events: what visitors' browsers report to `POST /api/client-events` so each team learns what
 * its build does out there (errors, Web Vitals), per app, build and route pattern. One module for the
 * shell that sends them, the endpoint that takes them and the tools that read them, so all three
 * agree on the shape, the limits and the scrubbing.
 *
 * Never personal data: no page text, form values, query strings or fragments, e-mail addresses, phone
 * numbers or names; no cookies, no identifiers sent. Text that could carry any (error messages, stack
 * frames) is scrubbed by the sender and again by the endpoint. The endpoint tells senders apart only by
 * a keyed hash of their address for the day (StoredClientEvent's `client`), for the canary verdict.
 */

import { scrubClientText } from './personal-data';

export const CLIENT_EVENTS_PATH = '/api/client-events';

/**
 * The CloudWatch metrics the events become in AWS (the client-events function's EMF lines), which
 * infra's alarms and dashboard read: by App; only the canary verdict's figures (CANARY_VERDICT_METRICS)
 * also by App × Build, for the builds a verdict reads.
 */
export const CLIENT_EVENTS_METRICS_NAMESPACE = 'Kesho/ClientEvents';
/**
 * Page views that met at least one error: each beacon's errors counted at most once per page view it
 * reports (min(errors, page views), at least 1 when it has errors), so the client-error alarm's rate
 * is a share of page views, not errors ÷ page views.
 */
export const CLIENT_PAGE_VIEWS_WITH_ERRORS_METRIC = 'PageViewsWithErrors';

/**
 * The figures the canary verdict reads in AWS (@kesho/release-model/canary-health), emitted by App × Build
 * only: counted by client (an address, an IPv6 one by its /64, per UTC day), each client's weight
 * capped (CLIENT_WEIGHT), so a forger's thousand posts weigh what one visitor does. `Clients`,
 * `ClientsWithErrors` and `ClientsWithINP` grow by one the first time a client is seen (with errors,
 * with interactions) for the build in the day; the counted figures by what fits in its caps.
 */
export const CANARY_VERDICT_METRICS = {
  clients: 'Clients',
  clientsWithErrors: 'ClientsWithErrors',
  clientsWithInp: 'ClientsWithINP',
  pageViews: 'CountedPageViews',
  pageViewsWithErrors: 'CountedPageViewsWithErrors',
  inp: 'CountedINP',
} as const;

/** The apps of the composition: an event is counted against the one whose code it concerns. */
export const CLIENT_APPS = ['shell', 'marketing', 'commerce', 'legal'] as const;
export type ClientApp = (typeof CLIENT_APPS)[number];

export const VITAL_NAMES = ['LCP', 'INP', 'CLS', 'TTFB', 'FCP'] as const;
export type VitalName = (typeof VITAL_NAMES)[number];

/** What went wrong, as the browser saw it. */
export const ERROR_KINDS = ['error', 'unhandledrejection', 'render', 'remote-load', 'chunk-load'] as const;
export type ErrorKind = (typeof ERROR_KINDS)[number];

export const LIMITS = {
  /** Events in one request. */
  eventsPerRequest: 20,
  /** A request body, in bytes. */
  bodyBytes: 16 * 1024,
  /** An error's name and message, in characters, after scrubbing. */
  name: 80,
  message: 300,
  /** Stack frames kept per error, and characters per frame. */
  frames: 5,
  frame: 200,
  route: 200,
} as const;

/** Build ids are 12 hexadecimal characters (scripts/lib/compile.mjs contentId). */
export const BUILD_ID_PATTERN = /^[0-9a-f]{12}$/;

/** The builds on the page when the event happened: app → build id. */
export type BuildsOnPage = Partial<Record<ClientApp, string>>;

interface EventBase {
  /** The app the event is counted against, and that app's build. */
  readonly app: ClientApp;
  readonly build: string;
  /** The route pattern the page was served for ("/blog/:slug" style; never a query or fragment). */
  readonly route: string;
}

export interface PageViewEvent extends EventBase {
  readonly type: 'pageview';
}

export interface ErrorEvent extends EventBase {
  readonly type: 'error';
  readonly kind: ErrorKind;
  readonly name: string;
  readonly message: string;
  readonly frames: readonly string[];
}

export interface VitalEvent extends EventBase {
  readonly type: 'vital';
  readonly name: VitalName;
  /** Milliseconds, or the unitless layout-shift score for CLS. */
  readonly value: number;
}

export type ClientEvent = PageViewEvent | ErrorEvent | VitalEvent;

export interface ClientEventBatch {
  readonly events: readonly ClientEvent[];
}

/** The route of a page no remote claims (the shell's 404 page). */
export const NOT_FOUND_ROUTE = '/(not-found)';
/** Every route the site does not declare (a forged one, a page whose pointer document was unreadable): one value. */
export const OTHER_ROUTE = '/(other)';

/**
 * Text an error carries, made safe to send and keep (@kesho/operations/personal-data scrubClientText):
 * normalised, then quoted strings, secrets, e-mail addresses, M-Pesa receipt and invoice numbers,
 * phone-like digit runs and query strings or fragments of URLs replaced, leaving the site's script
 * locations (/shell/<build>/…, /mfe/<app>/<build>/…) intact; cut to `max` characters.
 */
export function scrubText(text: string, max: number): string {
  return scrubClientText(text, max);
}

/** A route pattern: a path, never a query or fragment, nothing but path characters. */
export function routePattern(path: string): string {
  const bare = path.split(/[?#]/)[0] ?? '/';
  const cleaned = bare.replace(/[^A-Za-z0-9/_:.()-]/g, '');
  return (cleaned.startsWith('/') ? cleaned : `/${cleaned}`).slice(0, LIMITS.route);
}

/**
 * The route an event is stored with: one the site declares (`isSiteRoute`: the routes of the pointer
 * documents the endpoint has read), the 404 page's, or else OTHER_ROUTE. A path that is no route
 * ("/blog/0712345678", "/u/amina.otienoexample.com") is never kept.
 */
export function storedRouteOf(route: string, isSiteRoute: (route: string) => boolean): string {
  const pattern = routePattern(route);
  return pattern === NOT_FOUND_ROUTE || isSiteRoute(pattern) ? pattern : OTHER_ROUTE;
}

/**
 * One stack frame, scrubbed, without the page's origin: scripts are named by their path
 * ("at Y (/mfe/marketing/<build>/150.js:2:10103)"), which is what the private source maps are keyed by.
 */
export function scrubFrame(frame: string): string {
  return scrubText(frame.replace(/\b(?:https?|blob):\/\/[^/\s)]+/gi, ''), LIMITS.frame);
}

/** The top stack frames of an error as "file:line:column" and function names, scrubbed. */
export function topFrames(stack: string | undefined): string[] {
  if (!stack) return [];
  return stack
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => /^at |@/.test(line) || /:\d+:\d+\)?$/.test(line))
    .slice(0, LIMITS.frames)
    .map(scrubFrame);
}

export type BatchResult = { readonly ok: true; readonly batch: ClientEventBatch; readonly dropped: number } | { readonly ok: false; readonly problem: string };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const oneOf = <T extends string>(values: readonly T[], value: unknown): value is T => typeof value === 'string' && (values as readonly string[]).includes(value);

/**
 * Reads a batch strictly. The request fails (a 4xx) only when it is not a batch at all; single events
 * that do not fit (an unknown app, a malformed build id, a value out of range, an unknown build) are
 * dropped and counted, so one bad event never loses the others. A route the site does not declare is
 * stored as OTHER_ROUTE.
 */
export function parseClientEventBatch(
  value: unknown,
  isKnownBuild: (app: ClientApp, build: string) => boolean = () => true,
  isSiteRoute: (route: string) => boolean = () => true,
): BatchResult {
  if (!isObject(value) || !Array.isArray(value.events)) return { ok: false, problem: 'The body must be a JSON object with an "events" array.' };
  if (value.events.length === 0) return { ok: false, problem: 'The "events" array is empty.' };
  if (value.events.length > LIMITS.eventsPerRequest) return { ok: false, problem: `At most ${LIMITS.eventsPerRequest} events may be sent at once.` };
  const events: ClientEvent[] = [];
  for (const raw of value.events) {
    const event = parseEvent(raw, isSiteRoute);
    if (event && isKnownBuild(event.app, event.build)) events.push(event);
  }
  return { ok: true, batch: { events }, dropped: value.events.length - events.length };
}

function parseEvent(raw: unknown, isSiteRoute: (route: string) => boolean): ClientEvent | null {
  if (
    !isObject(raw) ||
    !oneOf(CLIENT_APPS, raw.app) ||
    typeof raw.build !== 'string' ||
    !BUILD_ID_PATTERN.test(raw.build) ||
    typeof raw.route !== 'string' ||
    raw.route.length > LIMITS.route
  ) {
    return null;
  }
  const base = { app: raw.app, build: raw.build, route: storedRouteOf(raw.route, isSiteRoute) };
  if (raw.type === 'pageview') return { type: 'pageview', ...base };
  if (raw.type === 'vital') {
    if (!oneOf(VITAL_NAMES, raw.name) || typeof raw.value !== 'number' || !Number.isFinite(raw.value) || raw.value < 0) return null;
    const max = raw.name === 'CLS' ? 100 : 10 * 60_000;
    if (raw.value > max) return null;
    return { type: 'vital', ...base, name: raw.name, value: Math.round(raw.value * (raw.name === 'CLS' ? 10_000 : 1)) / (raw.name === 'CLS' ? 10_000 : 1) };
  }
  if (raw.type === 'error') {
    if (!oneOf(ERROR_KINDS, raw.kind) || typeof raw.name !== 'string' || typeof raw.message !== 'string' || (raw.frames !== undefined && !Array.isArray(raw.frames))) return null;
    const frames = (raw.frames ?? []).filter((frame): frame is string => typeof frame === 'string').slice(0, LIMITS.frames);
    return {
      type: 'error',
      ...base,
      kind: raw.kind,
      name: scrubText(raw.name, LIMITS.name) || 'Error',
      message: scrubText(raw.message, LIMITS.message),
      frames: frames.map(scrubFrame),
    };
  }
  return null;
}

/** The 75th percentile (nearest rank), or null for no values. */
export function percentile75(values: readonly number[]): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil(0.75 * sorted.length) - 1] ?? null;
}

export interface BuildHealth {
  readonly app: ClientApp;
  readonly build: string;
  readonly pageViews: number;
  readonly errors: number;
  /** Errors per page view, or null without page views. */
  readonly errorRate: number | null;
  readonly topErrors: readonly { readonly message: string; readonly name: string; readonly count: number; readonly frames: readonly string[] }[];
  readonly p75: Readonly<Record<'LCP' | 'INP' | 'CLS', number | null>>;
  readonly lastSeen: string;
}

/**
 * A stored event: the event, when the endpoint took it and, locally, which client sent it (`client`:
 * a keyed hash of the sender's address and the day, the key never stored, so the same address is
 * the same client for one day and can be told from no other; the canary verdict counts by it,
 * @kesho/release-model/canary-health). Events stored before clients were recorded have none.
 */
export type StoredClientEvent = ClientEvent & { readonly at: string; readonly client?: string };

/** Locally, accepted events are kept one JSON line each in a file per day: `<DATA_DIR>/client-events/<YYYY-MM-DD>.jsonl`. */
export const CLIENT_EVENTS_FOLDER = 'client-events';
export function clientEventsFileOf(at: Date): string {
  return `${at.toISOString().slice(0, 10)}.jsonl`;
}

/** Whether a day's file can hold events taken at or after `since`. */
export function clientEventsFileMayHold(file: string, since: Date): boolean {
  return file.endsWith('.jsonl') && file.slice(0, 10) >= since.toISOString().slice(0, 10);
}

/** The events of one stored file taken at or after `since`; a line cut short by a crash is skipped, the rest kept. */
export function storedClientEventsOf(text: string, since: Date): StoredClientEvent[] {
  const events: StoredClientEvent[] = [];
  const from = since.toISOString();
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    try {
      const event = JSON.parse(line) as StoredClientEvent;
      if (typeof event.at === 'string' && event.at >= from) events.push(event);
    } catch {
      // Cut short: skip it.
    }
  }
  return events;
}

/** Per app and build: page views, errors, error rate, the top error messages and the Web Vitals' p75. */
export function summariseClientEvents(events: readonly StoredClientEvent[], topCount = 5): BuildHealth[] {
  const groups = new Map<string, StoredClientEvent[]>();
  for (const event of events) {
    const key = `${event.app} ${event.build}`;
    const group = groups.get(key) ?? [];
    group.push(event);
    groups.set(key, group);
  }
  const summaries: BuildHealth[] = [];
  for (const group of groups.values()) {
    const first = group[0];
    if (!first) continue;
    const pageViews = group.filter((event) => event.type === 'pageview').length;
    const errors = group.filter((event): event is ErrorEvent & { at: string } => event.type === 'error');
    const byMessage = new Map<string, { message: string; name: string; count: number; frames: readonly string[] }>();
    for (const error of errors) {
      const key = `${error.name}: ${error.message}`;
      const entry = byMessage.get(key) ?? { message: error.message, name: error.name, count: 0, frames: error.frames };
      entry.count += 1;
      byMessage.set(key, entry);
    }
    const vitals = (name: VitalName) => group.filter((event): event is VitalEvent & { at: string } => event.type === 'vital' && event.name === name).map((event) => event.value);
    summaries.push({
      app: first.app,
      build: first.build,
      pageViews,
      errors: errors.length,
      errorRate: pageViews ? errors.length / pageViews : null,
      topErrors: [...byMessage.values()].sort((a, b) => b.count - a.count).slice(0, topCount),
      p75: { LCP: percentile75(vitals('LCP')), INP: percentile75(vitals('INP')), CLS: percentile75(vitals('CLS')) },
      lastSeen:
        group
          .map((event) => event.at)
          .sort()
          .at(-1) ?? first.at,
    });
  }
  return summaries.sort((a, b) => (a.app === b.app ? (a.lastSeen < b.lastSeen ? 1 : -1) : a.app < b.app ? -1 : 1));
}
