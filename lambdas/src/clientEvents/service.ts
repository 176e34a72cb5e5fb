/**
 * The client events endpoint's service: takes a batch from a visitor's browser as an untrusted
 * stream (strict shape, known apps and builds only, at most LIMITS.eventsPerRequest events, a
 * per-client rate), keeps what fits and drops the rest. It never fails the request for what it
 * drops or cannot store: the browser has nothing better to do with an error than to lose the batch.
 */
import { parseEdgeBuilds } from '@kesho/release-model/build-choice';
import { parseClientEventBatch, type ClientApp, type ClientEvent } from '@kesho/operations/client-events';
import type { Logger } from '../log';
import { clientOfAddress } from './clients';

/**
 * Where accepted events go: a file per day locally, CloudWatch Embedded Metric Format lines in AWS.
 * `client`: who sent them (clients.ts clientOfAddress), for the canary verdict's count by client;
 * never written as it is.
 */
export interface ClientEventSink {
  /**
   * `verdictBuilds` ("<app> <build>"): the builds a verdict may read (VERDICT_BUILDS_RULE); only
   * these are counted by client and carry the Build dimension. Absent: every build of the batch.
   */
  write(events: readonly ClientEvent[], at: Date, client: string, verdictBuilds?: ReadonlySet<string>): Promise<void>;
}

/**
 * Which builds keep the Build dimension (the canary verdict's figures, counted by client), so the
 * metric series do not grow with every release and every old tab left open: the edge's canary and
 * preview builds of the request (the canary check judges them), and each app's current live build
 * (the canary check's and the publish watch's baseline, and, in the minutes after a publish, the
 * build the publish watch judges). A build that was live once and is still open in an old tab is
 * counted by App only.
 */
export const VERDICT_BUILDS_RULE = "edge canary and preview builds, and each app's current live build";

/**
 * The live builds events may be counted against (anything else is dropped, so nobody can invent apps
 * or builds); the edge's canaries and previews come with each request (ReceiveClientEvents' `edgeBuilds`).
 * And the site's routes: an event naming any other is stored with OTHER_ROUTE.
 */
export interface KnownBuilds {
  has(app: ClientApp, build: string): Promise<boolean> | boolean;
  /**
   * Whether this is the app's current live build (the pointer document's): a verdict's baseline,
   * kept by build (VERDICT_BUILDS_RULE). Absent: every known build counts as live (the local runtime,
   * whose file sink keeps every event anyway).
   */
  isLive?(app: ClientApp, build: string): boolean;
  /** Whether the site declares this route (an event naming any other is stored with OTHER_ROUTE). */
  hasRoute(route: string): boolean;
  /** Called once per batch before `has`: a provider that reads a file or a document refreshes here. */
  refresh?(): Promise<void>;
}

export type ClientEventsResult =
  | { readonly kind: 'accepted'; readonly stored: number; readonly dropped: number }
  | { readonly kind: 'invalid'; readonly message: string }
  | { readonly kind: 'rate-limited'; readonly retryAfterSeconds: number };

/**
 * `edgeBuilds`: the EDGE_BUILDS_HEADER the edge wrote on this request (@kesho/release-model/build-choice),
 * the canary and preview builds of its edge state, accepted besides the known live builds.
 */
export type ReceiveClientEvents = (body: unknown, client: { readonly ip: string; readonly edgeBuilds?: string }) => Promise<ClientEventsResult>;

/** Requests one client address may send per window; a page view sends one or two. */
export const CLIENT_EVENTS_RATE = { requests: 30, windowSeconds: 60 } as const;
/** Addresses remembered by the in-memory limiter before the oldest windows are forgotten. */
const MAX_TRACKED_CLIENTS = 10_000;

export function createReceiveClientEvents({
  sink,
  knownBuilds,
  logger,
  clock = () => new Date(),
}: {
  sink: ClientEventSink;
  knownBuilds: KnownBuilds;
  logger: Logger;
  clock?: () => Date;
}): ReceiveClientEvents {
  // Per container and fixed windows: a best-effort brake behind the route's throttle and the WAF.
  // What a client's events weigh in a canary's verdict is capped apart, across containers (clients.ts).
  const windows = new Map<string, { start: number; count: number }>();
  const limited = (ip: string, now: number) => {
    const windowMs = CLIENT_EVENTS_RATE.windowSeconds * 1000;
    const current = windows.get(ip);
    if (!current || now - current.start >= windowMs) {
      if (windows.size >= MAX_TRACKED_CLIENTS) for (const [key, value] of windows) if (now - value.start >= windowMs) windows.delete(key);
      if (windows.size >= MAX_TRACKED_CLIENTS) windows.clear();
      windows.set(ip, { start: now, count: 1 });
      return 0;
    }
    current.count += 1;
    return current.count > CLIENT_EVENTS_RATE.requests ? Math.ceil((current.start + windowMs - now) / 1000) : 0;
  };

  return async (body, { ip, edgeBuilds }) => {
    const now = clock();
    const retryAfterSeconds = limited(ip, now.getTime());
    if (retryAfterSeconds) return { kind: 'rate-limited', retryAfterSeconds };
    try {
      await knownBuilds.refresh?.();
    } catch (error) {
      logger.warn('client_events.known_builds_unreadable', { error });
    }
    const known = parseEdgeBuilds(edgeBuilds);
    // The edge's builds of this request, then each app's live one (VERDICT_BUILDS_RULE).
    const verdictBuilds = new Set(known);
    const candidates = Array.isArray((body as { events?: unknown })?.events) ? ((body as { events: unknown[] }).events as { app?: unknown; build?: unknown }[]) : [];
    for (const candidate of candidates) {
      if (
        typeof candidate?.app === 'string' &&
        typeof candidate.build === 'string' &&
        !known.has(`${candidate.app} ${candidate.build}`) &&
        (await knownBuilds.has(candidate.app as ClientApp, candidate.build))
      )
        known.add(`${candidate.app} ${candidate.build}`);
    }
    const parsed = parseClientEventBatch(
      body,
      (app, build) => known.has(`${app} ${build}`),
      (route) => knownBuilds.hasRoute(route),
    );
    if (!parsed.ok) return { kind: 'invalid', message: parsed.problem };
    if (parsed.batch.events.length) {
      try {
        for (const event of parsed.batch.events) if (knownBuilds.isLive?.(event.app, event.build) ?? true) verdictBuilds.add(`${event.app} ${event.build}`);
        await sink.write(parsed.batch.events, now, clientOfAddress(ip), verdictBuilds);
      } catch (error) {
        logger.warn('client_events.not_stored', { error, events: parsed.batch.events.length });
        return { kind: 'accepted', stored: 0, dropped: parsed.dropped + parsed.batch.events.length };
      }
    }
    if (parsed.dropped) logger.info('client_events.dropped', { dropped: parsed.dropped });
    return { kind: 'accepted', stored: parsed.batch.events.length, dropped: parsed.dropped };
  };
}
