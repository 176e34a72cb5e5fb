/**
 * Tells the teams what visitors' browsers see: errors (uncaught, unhandled rejections, render errors
 * the page's boundary caught, remotes or chunks that failed to load after their retries) and Web Vitals
 * (measured by the web-vitals library), each counted against the app whose code it concerns, with that
 * app's build and the route pattern (@kesho/operations/client-events says what an event may hold).
 *
 * It costs visitors nothing they would notice: it starts after the first paint with the rest of the
 * app, keeps events in memory and sends them in one beacon when the page is hidden or left (fetch with
 * keepalive where beacons are missing), sends nothing for the page views a sample leaves out, sets no
 * cookie and holds no identifier. A failed beacon loses the events and nothing else.
 */
import {
  CLIENT_EVENTS_PATH,
  LIMITS,
  routePattern,
  scrubText,
  topFrames,
  type BuildsOnPage,
  type ClientApp,
  type ClientEvent,
  type ErrorKind,
  type VitalName,
} from '@kesho/operations/client-events';

import { SAMPLE_RATE_META } from '../server/documentIds';

export interface PageOnScreen {
  /** The route pattern: the route the serving remote claims, or "/(not-found)". */
  readonly route: string;
  /** The app serving the page (the shell for the not-found screen), and its build. */
  readonly app: ClientApp;
  readonly build: string;
}

interface Reporter {
  /** The build of each app seen on this page so far (the shell's, and each remote's once it served a page). */
  readonly builds: { -readonly [app in ClientApp]?: string };
  page: PageOnScreen;
  readonly queue: ClientEvent[];
  readonly send: (body: string) => void;
}

let reporter: Reporter | null = null;

const SCRIPT_OWNER = /\/(mfe\/(marketing|commerce|legal)|shell)\/([0-9a-f]{12})\//;

/** The app and build whose script a stack frame points into, if any. */
function ownerOfFrames(frames: readonly string[]): { app: ClientApp; build: string } | null {
  for (const frame of frames) {
    const match = SCRIPT_OWNER.exec(frame);
    if (match?.[3]) return { app: (match[2] ?? 'shell') as ClientApp, build: match[3] };
  }
  return null;
}

function defaultSend(body: string) {
  const blob = new Blob([body], { type: 'application/json' });
  if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(CLIENT_EVENTS_PATH, blob)) return;
  void fetch(CLIENT_EVENTS_PATH, { method: 'POST', body, headers: { 'Content-Type': 'application/json' }, keepalive: true, credentials: 'omit' }).catch(() => undefined);
}

/** Sends what is queued, in batches the endpoint takes. */
export function flushClientEvents(): void {
  if (!reporter) return;
  const { queue, send } = reporter;
  while (queue.length) send(JSON.stringify({ events: queue.splice(0, LIMITS.eventsPerRequest) }));
}

function enqueue(event: ClientEvent) {
  if (!reporter) return;
  reporter.queue.push(event);
  // A page left open for hours keeps a bounded queue.
  if (reporter.queue.length >= LIMITS.eventsPerRequest) flushClientEvents();
}

function buildOf(app: ClientApp): string | undefined {
  return reporter?.builds[app];
}

/** Counts a page as shown: called for the first page and after every navigation. */
export function notePageShown(page: PageOnScreen): void {
  if (!reporter) return;
  reporter.page = { route: routePattern(page.route), app: page.app, build: page.build };
  reporter.builds[page.app] = page.build;
  enqueue({ type: 'pageview', app: page.app, build: page.build, route: reporter.page.route });
}

/**
 * Reports an error. It counts against the app whose script is on top of its stack; without one (a
 * remote that did not load, a promise rejected with a plain value), against `app` or the page's app.
 */
export function reportClientError(kind: ErrorKind, error: unknown, app?: ClientApp): void {
  if (!reporter) return;
  const name = error instanceof Error ? error.name : typeof error;
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  const frames = topFrames(error instanceof Error ? error.stack : undefined);
  const owner = ownerOfFrames(frames);
  const charged = owner?.app ?? app ?? reporter.page.app;
  const build = owner?.build ?? buildOf(charged);
  if (!build) return;
  enqueue({
    type: 'error',
    kind: /ChunkLoadError|Loading chunk/.test(`${name} ${message}`) ? 'chunk-load' : kind,
    app: charged,
    build,
    route: reporter.page.route,
    name: scrubText(name, LIMITS.name) || 'Error',
    message: scrubText(message, LIMITS.message),
    frames,
  });
}

function noteVital(name: VitalName, value: number) {
  if (!reporter) return;
  enqueue({ type: 'vital', app: reporter.page.app, build: reporter.page.build, route: reporter.page.route, name, value });
}

/** The shell's build: the folder of its entry script (/shell/<buildId>/main.js). */
export function shellBuildOf(doc: Document): string | null {
  for (const script of doc.querySelectorAll<HTMLScriptElement>('script[src^="/shell/"]')) {
    const match = /^\/shell\/([0-9a-f]{12})\//.exec(script.getAttribute('src') ?? '');
    if (match?.[1]) return match[1];
  }
  return null;
}

/** The configured share of page views that report (1 when the document says nothing). */
export function sampleRateOf(doc: Document): number {
  const value = Number(doc.querySelector(`meta[name="${SAMPLE_RATE_META}"]`)?.getAttribute('content') ?? '1');
  return Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 1;
}

export interface StartOptions {
  readonly builds: BuildsOnPage;
  readonly page: PageOnScreen;
  readonly sampleRate: number;
  /** Replaces the beacon (tests). */
  readonly send?: (body: string) => void;
  readonly random?: () => number;
  /** Starts the Web Vitals measurement (default: the web-vitals library, loaded on its own when the page is first idle). */
  readonly measureVitals?: (report: (name: VitalName, value: number) => void) => void;
}

/** The longest web-vitals waits for an idle moment before it is fetched and evaluated anyway. */
export const VITALS_IDLE_TIMEOUT_MS = 4_000;

/**
 * web-vitals is fetched and evaluated when the page is first idle (its evaluation was a task of its
 * own during start-up on a phone); its observers read the entries buffered meanwhile (paint, LCP,
 * layout shifts, navigation timing, the first input).
 */
function measureWithWebVitals(report: (name: VitalName, value: number) => void) {
  const measure = async () => {
    const { onCLS, onFCP, onINP, onLCP, onTTFB } = await import(/* webpackChunkName: "web-vitals" */ 'web-vitals');
    for (const start of [onCLS, onFCP, onINP, onLCP, onTTFB]) start((metric) => report(metric.name, metric.value));
  };
  if ('requestIdleCallback' in window) window.requestIdleCallback(() => void measure(), { timeout: VITALS_IDLE_TIMEOUT_MS });
  else setTimeout(() => void measure(), 0);
}

/** Starts reporting for this page view, unless the sample leaves it out. Returns whether it reports. */
export function startClientEvents({ builds, page, sampleRate, send = defaultSend, random = Math.random, measureVitals = measureWithWebVitals }: StartOptions): boolean {
  if (reporter || random() >= sampleRate) return false;
  reporter = { builds: { ...builds, [page.app]: page.build }, page: { route: routePattern(page.route), app: page.app, build: page.build }, queue: [], send };
  window.addEventListener('error', (event) => reportClientError('error', event.error ?? event.message));
  window.addEventListener('unhandledrejection', (event) => reportClientError('unhandledrejection', event.reason));
  // pagehide covers leaving the page; a hidden tab may never come back (mobile browsers discard it).
  window.addEventListener('pagehide', flushClientEvents);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flushClientEvents();
  });
  measureVitals(noteVital);
  return true;
}

/** Forgets the reporter (tests). */
export function stopClientEventsForTests(): void {
  reporter = null;
}
