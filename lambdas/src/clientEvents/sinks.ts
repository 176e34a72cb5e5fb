/**
 * Where accepted client events go. Locally: one JSON line per event in a file per day under
 * `<DATA_DIR>/client-events/`, which `npm run release -- status` and the local server's canary watch
 * read, each line with its client (a keyed hash of the client's address and window: the key is random
 * per process and never stored). In AWS: CloudWatch Embedded Metric Format lines on stdout, which
 * CloudWatch turns into metrics (namespace Kesho/ClientEvents, by App only; the build and the route
 * stay log fields, not dimensions, so neither a release nor a new article costs a metric) while the
 * lines stay searchable in the function's log; and, by App × Build, the figures the canary verdict
 * reads, counted by client through the tally (clients.ts; CANARY_VERDICT_METRICS of
 * @kesho/operations/client-events), for the builds a verdict reads only (service.ts's VERDICT_BUILDS_RULE).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { clientWindowOf, countedOf, pageViewsWithErrorsOf, type ClientTotals } from '@kesho/release-model/canary-health';
import {
  CANARY_VERDICT_METRICS,
  CLIENT_EVENTS_FOLDER,
  CLIENT_EVENTS_METRICS_NAMESPACE,
  CLIENT_PAGE_VIEWS_WITH_ERRORS_METRIC,
  clientEventsFileOf,
  type ClientEvent,
  type ErrorEvent,
} from '@kesho/operations/client-events';
import { hmacHex } from '@kesho/release-model/signed-tokens';
import { MetricUnit } from '@aws-lambda-powertools/metrics';
import type { Logger } from '../log';
import { emfDocument, type EmfMetric } from '../metrics';
import type { ClientTally } from './clients';
import type { ClientEventSink } from './service';

export function clientEventsDirectoryOf(dataDir: string): string {
  return path.join(dataDir, CLIENT_EVENTS_FOLDER);
}

/** `key`: the client hash's key (random per sink, so per process, unless a test gives one). */
export function createFileSink(directory: string, { key = randomBytes(32) }: { key?: Buffer } = {}): ClientEventSink {
  return {
    async write(events, at, client) {
      await fs.mkdir(directory, { recursive: true });
      const hashed = hmacHex(key, `${clientWindowOf(at)} ${client}`).slice(0, 20);
      const lines = events.map((event) => JSON.stringify({ at: at.toISOString(), ...event, client: hashed })).join('\n');
      await fs.appendFile(path.join(directory, clientEventsFileOf(at)), `${lines}\n`);
    },
  };
}

const UNITS = {
  PageViews: MetricUnit.Count,
  Errors: MetricUnit.Count,
  [CLIENT_PAGE_VIEWS_WITH_ERRORS_METRIC]: MetricUnit.Count,
  LCP: MetricUnit.Milliseconds,
  INP: MetricUnit.Milliseconds,
  TTFB: MetricUnit.Milliseconds,
  FCP: MetricUnit.Milliseconds,
  CLS: MetricUnit.NoUnit,
} as const;
type MetricName = keyof typeof UNITS;

/**
 * What of one app × build group of a batch the canary verdict counts: whether the batch made its
 * client one of the build's clients (with errors, with interactions) in the window, and the page
 * views, page views with errors and INP values within the client's caps.
 */
export interface VerdictCounts {
  readonly clients: number;
  readonly clientsWithErrors: number;
  readonly clientsWithInp: number;
  readonly pageViews: number;
  readonly pageViewsWithErrors: number;
  readonly inp: readonly number[];
}

const groupKey = (event: ClientEvent) => `${event.app} ${event.build}`;

function groupsOf(events: readonly ClientEvent[]): ClientEvent[][] {
  const groups = new Map<string, ClientEvent[]>();
  for (const event of events) groups.set(groupKey(event), [...(groups.get(groupKey(event)) ?? []), event]);
  return [...groups.values()];
}

const inpValuesOf = (group: readonly ClientEvent[]) => group.flatMap((event) => (event.type === 'vital' && event.name === 'INP' ? [event.value] : []));

/** One batch's raw totals for one app × build (a beacon: its errors counted at most once per page view). */
export function batchTotalsOf(group: readonly ClientEvent[]): ClientTotals {
  const pageViews = group.filter((event) => event.type === 'pageview').length;
  const errors = group.filter((event) => event.type === 'error').length;
  return { pageViews, pageViewsWithErrors: pageViewsWithErrorsOf(pageViews, errors), inpSamples: inpValuesOf(group).length };
}

/** What the verdict counts of a batch, given the client's totals for the build and window before it. */
export function verdictCountsOf(before: ClientTotals, group: readonly ClientEvent[]): VerdictCounts {
  const batch = batchTotalsOf(group);
  const was = countedOf(before);
  const now = countedOf({
    pageViews: before.pageViews + batch.pageViews,
    pageViewsWithErrors: before.pageViewsWithErrors + batch.pageViewsWithErrors,
    inpSamples: before.inpSamples + batch.inpSamples,
  });
  const isNew = before.pageViews + before.pageViewsWithErrors + before.inpSamples === 0;
  return {
    clients: isNew ? 1 : 0,
    clientsWithErrors: was.pageViewsWithErrors === 0 && now.pageViewsWithErrors > 0 ? 1 : 0,
    clientsWithInp: was.inpSamples === 0 && now.inpSamples > 0 ? 1 : 0,
    pageViews: now.pageViews - was.pageViews,
    pageViewsWithErrors: now.pageViewsWithErrors - was.pageViewsWithErrors,
    inp: inpValuesOf(group).slice(0, now.inpSamples - was.inpSamples),
  };
}

/**
 * One EMF document per app × build of the batch (lambdas/src/metrics.ts emfDocument: Powertools
 * Metrics, values as arrays so CloudWatch keeps every one for percentiles), its metrics by App; with
 * the verdict's counts of the group (`counted`, by "<app> <build>"), a second set of metrics by
 * App × Build, the ones the canary check reads.
 */
export function emfDocuments(events: readonly ClientEvent[], at: Date, counted: ReadonlyMap<string, VerdictCounts> = new Map()): object[] {
  const documents: object[] = [];
  for (const group of groupsOf(events)) {
    const first = group[0];
    if (!first) continue;
    const values: Partial<Record<MetricName, number[]>> = {};
    const add = (name: MetricName, value: number) => (values[name] ??= []).push(value);
    const pageViews = group.filter((event) => event.type === 'pageview').length;
    const errors = group.filter((event): event is ErrorEvent => event.type === 'error');
    if (pageViews) add('PageViews', pageViews);
    if (errors.length) {
      add('Errors', errors.length);
      // A beacon is one page left: however many errors its page met, it counts once per page view.
      add(CLIENT_PAGE_VIEWS_WITH_ERRORS_METRIC, pageViewsWithErrorsOf(pageViews, errors.length));
    }
    for (const event of group) if (event.type === 'vital') add(event.name, event.value);
    const verdict = counted.get(groupKey(first));
    const count = (name: string, value: number): EmfMetric => ({ name, unit: MetricUnit.Count, values: value > 0 ? [value] : [] });
    const verdictMetrics: EmfMetric[] = verdict
      ? [
          count(CANARY_VERDICT_METRICS.clients, verdict.clients),
          count(CANARY_VERDICT_METRICS.clientsWithErrors, verdict.clientsWithErrors),
          count(CANARY_VERDICT_METRICS.clientsWithInp, verdict.clientsWithInp),
          count(CANARY_VERDICT_METRICS.pageViews, verdict.pageViews),
          count(CANARY_VERDICT_METRICS.pageViewsWithErrors, verdict.pageViewsWithErrors),
          { name: CANARY_VERDICT_METRICS.inp, unit: MetricUnit.Milliseconds, values: verdict.inp },
        ]
      : [];
    const document = emfDocument(
      CLIENT_EVENTS_METRICS_NAMESPACE,
      at,
      [
        // By App only: the alarms and the dashboard read them so, and a series per build would grow with every release.
        { dimensions: { App: first.app }, metrics: (Object.keys(values) as MetricName[]).map((name) => ({ name, unit: UNITS[name], values: values[name] ?? [] })) },
        { dimensions: { App: first.app, Build: first.build }, metrics: verdictMetrics },
      ],
      {
        Build: first.build,
        // Log fields, not dimensions: where and what, for Logs Insights.
        routes: [...new Set(group.map((event) => event.route))],
        errors: errors.map((error) => ({ kind: error.kind, name: error.name, message: error.message, frames: error.frames, route: error.route })),
      },
    );
    if (document) documents.push(document);
  }
  return documents;
}

/**
 * EMF lines, the verdict's figures counted by client through `tally` (clients.ts). A group the tally
 * could not count (the table unreachable) still gets its other metrics, for the alarms and the
 * dashboard; `logger` says so (`client_events.not_counted`), and the verdict goes without it.
 */
export function createEmfSink({
  tally,
  logger,
  writeLine = (line) => process.stdout.write(`${line}\n`),
}: {
  tally: ClientTally;
  logger: Pick<Logger, 'warn'>;
  writeLine?: (line: string) => void;
}): ClientEventSink {
  return {
    async write(events, at, client, verdictBuilds) {
      const window = clientWindowOf(at);
      const counted = new Map<string, VerdictCounts>();
      await Promise.all(
        groupsOf(events).map(async (group) => {
          const first = group[0];
          if (!first) return;
          // A build no verdict reads (an old tab's) is neither counted by client nor given its own series.
          if (verdictBuilds && !verdictBuilds.has(groupKey(first))) return;
          try {
            const before = await tally.add({ app: first.app, build: first.build, client, window }, batchTotalsOf(group));
            counted.set(groupKey(first), verdictCountsOf(before, group));
          } catch (error) {
            logger.warn('client_events.not_counted', { error, app: first.app, build: first.build });
          }
        }),
      );
      for (const document of emfDocuments(events, at, counted)) writeLine(JSON.stringify(document));
    },
  };
}
