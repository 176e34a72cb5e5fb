/**
 * Where accepted client events go. Locally: one JSON line per event in a file per day under
 * `<DATA_DIR>/client-events/`, which `npm run release -- status` reads. In AWS: CloudWatch Embedded
 * Metric Format lines on stdout, which CloudWatch turns into metrics (namespace Kesho/ClientEvents,
 * by App and by App × Build; the route stays a log field, not a dimension, so a new article never
 * costs a metric) while the lines stay searchable in the function's log.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  CLIENT_EVENTS_FOLDER,
  CLIENT_EVENTS_METRICS_NAMESPACE,
  CLIENT_PAGE_VIEWS_WITH_ERRORS_METRIC,
  clientEventsFileOf,
  type ClientEvent,
  type ErrorEvent,
} from '@kesho/common/client-events';
import type { ClientEventSink } from './service';

export function clientEventsDirectoryOf(dataDir: string): string {
  return path.join(dataDir, CLIENT_EVENTS_FOLDER);
}

export function createFileSink(directory: string): ClientEventSink {
  return {
    async write(events, at) {
      await fs.mkdir(directory, { recursive: true });
      const lines = events.map((event) => JSON.stringify({ at: at.toISOString(), ...event })).join('\n');
      await fs.appendFile(path.join(directory, clientEventsFileOf(at)), `${lines}\n`);
    },
  };
}

const UNITS = {
  PageViews: 'Count',
  Errors: 'Count',
  [CLIENT_PAGE_VIEWS_WITH_ERRORS_METRIC]: 'Count',
  LCP: 'Milliseconds',
  INP: 'Milliseconds',
  TTFB: 'Milliseconds',
  FCP: 'Milliseconds',
  CLS: 'None',
} as const;
type MetricName = keyof typeof UNITS;

/** One EMF document per app × build of the batch (values as arrays: CloudWatch keeps every one for percentiles). */
export function emfDocuments(events: readonly ClientEvent[], at: Date): object[] {
  const groups = new Map<string, ClientEvent[]>();
  for (const event of events) groups.set(`${event.app} ${event.build}`, [...(groups.get(`${event.app} ${event.build}`) ?? []), event]);
  const documents: object[] = [];
  for (const group of groups.values()) {
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
      add(CLIENT_PAGE_VIEWS_WITH_ERRORS_METRIC, Math.min(errors.length, Math.max(pageViews, 1)));
    }
    for (const event of group) if (event.type === 'vital') add(event.name, event.value);
    const metrics = (Object.keys(values) as MetricName[]).map((name) => ({ Name: name, Unit: UNITS[name] }));
    if (!metrics.length) continue;
    documents.push({
      _aws: { Timestamp: at.getTime(), CloudWatchMetrics: [{ Namespace: CLIENT_EVENTS_METRICS_NAMESPACE, Dimensions: [['App', 'Build'], ['App']], Metrics: metrics }] },
      App: first.app,
      Build: first.build,
      ...Object.fromEntries(Object.entries(values).map(([name, list]) => [name, list.length === 1 ? list[0] : list])),
      // Log fields, not dimensions: where and what, for Logs Insights.
      routes: [...new Set(group.map((event) => event.route))],
      errors: errors.map((error) => ({ kind: error.kind, name: error.name, message: error.message, frames: error.frames, route: error.route })),
    });
  }
  return documents;
}

export function createEmfSink(writeLine: (line: string) => void = (line) => process.stdout.write(`${line}\n`)): ClientEventSink {
  return {
    async write(events, at) {
      for (const document of emfDocuments(events, at)) writeLine(JSON.stringify(document));
    },
  };
}
