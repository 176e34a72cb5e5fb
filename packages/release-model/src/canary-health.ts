/**
 * When a canary is aborted without anyone typing a command: the one comparison of the canary's
 * build with the live build, from what visitors' browsers reported (client events), that the local
 * server's watch (local-server/src/canary-watch.ts, on the stored events) and the AWS release
 * publisher's scheduled check (on the Kesho/ClientEvents metrics) both apply.
 *
 * Anyone can post client events, so the figures are counted by client, not by event: a client is
 * one address (an IPv6 address by its /64) within one UTC day (CLIENT_WINDOW_SECONDS), and each
 * client counts at most CLIENT_WEIGHT.pageViews page views, as many page views with errors as it has
 * page views counted (at least one), and CLIENT_WEIGHT.inpSamples interactions, however much it
 * sends. A canary is aborted when its build either
 *   - had errors on at least `minClients` distinct clients and on at least `minErrors` counted page
 *     views, and its error rate (page views with errors per page view) or its share of clients that
 *     met an error is over `errorRate` and over `liveRatio` times the live build's same figure, or
 *   - has an INP p75 over `inpP75Ms` from at least `minInpSamples` interactions of at least
 *     `minClients` distinct clients.
 * So a forger with fewer than `minClients` addresses can never abort a canary, and each address it
 * adds weighs no more than one real visitor's: it takes about 50 forging addresses per failing
 * visitor (at a 2 % threshold) to hide a build that fails every page (README.md, security).
 */
import { percentile75 } from '@kesho/operations/client-events';

export interface CanaryThresholds {
  /** Distinct clients that met an error (or reported interactions, for INP) before the build is judged. */
  readonly minClients: number;
  /** Counted page views with errors before the error rate is judged. */
  readonly minErrors: number;
  /** A share: 0.02 is 2 %. */
  readonly errorRate: number;
  readonly liveRatio: number;
  readonly inpP75Ms: number;
  readonly minInpSamples: number;
}

export const DEFAULT_CANARY_THRESHOLDS: CanaryThresholds = { minClients: 5, minErrors: 5, errorRate: 0.02, liveRatio: 2, inpP75Ms: 500, minInpSamples: 5 };

/** How long one client (one address) counts as one: its weight is capped per build and per window (UTC days). */
export const CLIENT_WINDOW_SECONDS = 86_400;

/** The most one client counts for, per build and window. */
export const CLIENT_WEIGHT = { pageViews: 10, inpSamples: 10 } as const;

/** The start (epoch seconds) of the client window `at` falls in. */
export function clientWindowOf(at: Date): number {
  const seconds = Math.floor(at.getTime() / 1000);
  return seconds - (seconds % CLIENT_WINDOW_SECONDS);
}

/** What one client sent about one build within one window (raw), or what of it counts. */
export interface ClientTotals {
  readonly pageViews: number;
  readonly pageViewsWithErrors: number;
  readonly inpSamples: number;
}

/**
 * The page views with errors of one beacon (one batch): its errors counted at most once per page view
 * it reports, at least one when it has errors (errors of a page whose page view came in an earlier batch).
 */
export function pageViewsWithErrorsOf(pageViews: number, errors: number): number {
  return errors > 0 ? Math.min(errors, Math.max(pageViews, 1)) : 0;
}

/** What of one client's totals (per build and window) the verdict counts: CLIENT_WEIGHT's caps. */
export function countedOf(raw: ClientTotals): ClientTotals {
  const pageViews = Math.min(raw.pageViews, CLIENT_WEIGHT.pageViews);
  return {
    pageViews,
    pageViewsWithErrors: Math.min(raw.pageViewsWithErrors, Math.max(pageViews, 1)),
    inpSamples: Math.min(raw.inpSamples, CLIENT_WEIGHT.inpSamples),
  };
}

/** What one build's visitors reported since the canary started, counted by client (see above). */
export interface BuildFigures {
  /** Distinct clients (per window) that reported anything about the build. */
  readonly clients: number;
  /** Of those, the ones that met at least one error. */
  readonly clientsWithErrors: number;
  /** Page views, each client's capped. */
  readonly pageViews: number;
  /** Page views that met an error, each client's capped. */
  readonly pageViewsWithErrors: number;
  /** INP's 75th percentile in ms over the counted interactions, or null without any. */
  readonly inpP75: number | null;
  readonly inpSamples: number;
  /** Distinct clients (per window) whose interactions were counted. */
  readonly clientsWithInp: number;
}

/** No events at all. */
export const NO_FIGURES: BuildFigures = { clients: 0, clientsWithErrors: 0, pageViews: 0, pageViewsWithErrors: 0, inpP75: null, inpSamples: 0, clientsWithInp: 0 };

/**
 * The aggregated figures a canary check reads, one shape in both places: one build's figures
 * between two times. Locally from the stored client events (local-server/src/canary-watch.ts), in AWS
 * from the Kesho/ClientEvents metrics (infra/functions/release-publisher/figures.ts).
 */
export type FiguresSource = (app: string, build: string, since: Date, until: Date) => Promise<BuildFigures>;

export type CanaryVerdict = { readonly abort: false; readonly summary: string } | { readonly abort: true; readonly reason: string };

const percent = (rate: number) => `${(rate * 100).toFixed(1)} %`;
/** Page views with errors per page view; errors with no page view counted yet are a rate of at least 1 each. */
const rateOf = (figures: BuildFigures) => figures.pageViewsWithErrors / Math.max(figures.pageViews, 1);
const clientShareOf = (figures: BuildFigures) => figures.clientsWithErrors / Math.max(figures.clients, 1);

/** Judges the canary's build against the live build; the reason names the figures it went on. */
export function judgeCanary(candidate: BuildFigures, live: BuildFigures, thresholds: CanaryThresholds = DEFAULT_CANARY_THRESHOLDS): CanaryVerdict {
  const candidateRate = rateOf(candidate);
  const liveRate = rateOf(live);
  const candidateShare = clientShareOf(candidate);
  const liveShare = clientShareOf(live);
  const errorFigures =
    `error rate ${percent(candidateRate)} (${candidate.pageViewsWithErrors} page views with errors in ${candidate.pageViews}; ` +
    `${candidate.clientsWithErrors} of ${candidate.clients} clients) against live's ${percent(liveRate)} (${live.pageViewsWithErrors} in ${live.pageViews}; ` +
    `${live.clientsWithErrors} of ${live.clients} clients)`;
  const judged = candidate.clientsWithErrors >= thresholds.minClients && candidate.pageViewsWithErrors >= thresholds.minErrors;
  const over = (value: number, liveValue: number) => value > thresholds.errorRate && value > thresholds.liveRatio * liveValue;
  if (judged && (over(candidateRate, liveRate) || over(candidateShare, liveShare))) {
    const which = over(candidateRate, liveRate) ? 'the error rate' : `the share of clients with errors (${percent(candidateShare)} against ${percent(liveShare)})`;
    return {
      abort: true,
      reason: `${errorFigures}: errors on at least ${thresholds.minClients} clients and ${thresholds.minErrors} page views, ${which} over ${percent(thresholds.errorRate)} and over ${thresholds.liveRatio} × live's`,
    };
  }
  if (candidate.inpP75 !== null && candidate.clientsWithInp >= thresholds.minClients && candidate.inpSamples >= thresholds.minInpSamples && candidate.inpP75 > thresholds.inpP75Ms) {
    return {
      abort: true,
      reason: `INP p75 ${Math.round(candidate.inpP75)} ms from ${candidate.inpSamples} interactions of ${candidate.clientsWithInp} clients (live's ${live.inpP75 === null ? 'n/a' : `${Math.round(live.inpP75)} ms`}): over ${thresholds.inpP75Ms} ms`,
    };
  }
  return { abort: false, summary: `${errorFigures}; INP p75 ${candidate.inpP75 === null ? 'n/a' : `${Math.round(candidate.inpP75)} ms`}` };
}

/** A stored client event as far as the figures read it (`at`: when the endpoint took it; `client`: who sent it, hashed). */
export interface FigureEvent {
  readonly type: string;
  readonly app: string;
  readonly build: string;
  readonly name?: string;
  readonly value?: number;
  readonly at?: string;
  readonly client?: string;
}

/**
 * One build's figures from stored client events (the local server's files; in AWS the metrics give
 * them, counted the same way as the events arrive). Events are grouped by client and window; within
 * them by batch (the events one request brought share `at`). Events stored without a client (before
 * clients were recorded) count as one client together.
 */
export function figuresOf(events: readonly FigureEvent[], app: string, build: string): BuildFigures {
  const clients = new Map<string, { pageViews: number; pageViewsWithErrors: number; inp: number[]; batches: Map<string, { pageViews: number; errors: number }> }>();
  for (const event of events) {
    if (event.app !== app || event.build !== build) continue;
    const at = event.at ?? '';
    const window = at ? clientWindowOf(new Date(at)) : 0;
    const key = `${event.client ?? ''} ${window}`;
    let client = clients.get(key);
    if (!client) {
      client = { pageViews: 0, pageViewsWithErrors: 0, inp: [], batches: new Map() };
      clients.set(key, client);
    }
    let batch = client.batches.get(at);
    if (!batch) {
      batch = { pageViews: 0, errors: 0 };
      client.batches.set(at, batch);
    }
    if (event.type === 'pageview') batch.pageViews += 1;
    else if (event.type === 'error') batch.errors += 1;
    else if (event.type === 'vital' && event.name === 'INP' && typeof event.value === 'number') client.inp.push(event.value);
  }
  let figures = { clients: 0, clientsWithErrors: 0, pageViews: 0, pageViewsWithErrors: 0, inpSamples: 0, clientsWithInp: 0 };
  const inp: number[] = [];
  for (const client of clients.values()) {
    let raw = { pageViews: 0, pageViewsWithErrors: 0, inpSamples: client.inp.length };
    for (const batch of client.batches.values()) {
      raw = { ...raw, pageViews: raw.pageViews + batch.pageViews, pageViewsWithErrors: raw.pageViewsWithErrors + pageViewsWithErrorsOf(batch.pageViews, batch.errors) };
    }
    const counted = countedOf(raw);
    inp.push(...client.inp.slice(0, counted.inpSamples));
    figures = {
      clients: figures.clients + 1,
      clientsWithErrors: figures.clientsWithErrors + (counted.pageViewsWithErrors > 0 ? 1 : 0),
      pageViews: figures.pageViews + counted.pageViews,
      pageViewsWithErrors: figures.pageViewsWithErrors + counted.pageViewsWithErrors,
      inpSamples: figures.inpSamples + counted.inpSamples,
      clientsWithInp: figures.clientsWithInp + (counted.inpSamples > 0 ? 1 : 0),
    };
  }
  return { ...figures, inpP75: percentile75(inp) };
}
