/**
 * Business metrics through Powertools for AWS Lambda's Metrics: each business event is one CloudWatch
 * Embedded Metric Format line, written at once (a payment's outcome is never held back until the
 * invocation ends, nor lost when it fails), in the one namespace and with the dimension sets of
 * @kesho/operations/ops-events, which ops' alarms read. The line also carries the order it is about
 * (invoice number and correlation id: fields, never dimensions) and any detail the caller gives, so
 * Logs Insights finds it beside the order's log lines. In AWS the line goes to stdout, which CloudWatch
 * turns into metrics; locally to the local log, where it is just another JSON line.
 */
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import type { MetricUnit as MetricUnitType } from '@aws-lambda-powertools/metrics/types';
import { BUSINESS_METRICS, BUSINESS_METRICS_NAMESPACE, BUSINESS_METRICS_SERVICE, type BusinessMetric } from '@kesho/operations/ops-events';
import { scrubText, writeToStdout, type LineWriter } from './log';
import { currentOrderFields } from './orderContext';

/** Dimension values by name (`Method`, `Reason`): those the metric's dimension sets name are used. */
export type MetricDimensions = Readonly<Record<string, string>>;

export interface BusinessMetrics {
  /** One occurrence (or `value` of them) of a business event. */
  count(metric: BusinessMetric, dimensions?: MetricDimensions, details?: Readonly<Record<string, string | number>>, value?: number): void;
  /** A level measured now (orders held for review, receipts overdue, the pending backlog). */
  gauge(metric: BusinessMetric, value: number): void;
}

/**
 * Powertools warns when two dimension sets share a key (OrdersFailed is published by Method and by
 * Method × Reason, both naming Method: valid EMF, and what ops want). Those warnings are dropped;
 * anything else it has to say goes to stderr.
 */
const QUIET_ON_SHARED_DIMENSIONS = {
  debug: () => undefined,
  info: () => undefined,
  warn: (message: unknown, ...rest: unknown[]) => {
    if (!/already been added|is defined as both/.test(String(message))) console.warn(message, ...rest);
  },
  error: (message: unknown, ...rest: unknown[]) => console.error(message, ...rest),
};

export function createBusinessMetrics(write: LineWriter = writeToStdout): BusinessMetrics {
  const metrics = new Metrics({ namespace: BUSINESS_METRICS_NAMESPACE, serviceName: BUSINESS_METRICS_SERVICE, logger: QUIET_ON_SHARED_DIMENSIONS });

  const emit = (metric: BusinessMetric, value: number, dimensions: MetricDimensions, details: Readonly<Record<string, string | number>>): void => {
    const { name, dimensions: sets } = BUSINESS_METRICS[metric];
    const [first = [], ...others] = sets as readonly (readonly string[])[];
    const valuesOf = (keys: readonly string[]) => Object.fromEntries(keys.map((key) => [key, dimensions[key] ?? 'unknown']));
    // Built, serialised and cleared in one synchronous step: concurrent requests of the local runtime never mix.
    try {
      for (const [key, dimensionValue] of Object.entries(valuesOf(first))) metrics.addDimension(key, dimensionValue);
      for (const keys of others) metrics.addDimensions(valuesOf(keys));
      for (const [key, detail] of Object.entries({ ...currentOrderFields(), ...details })) metrics.addMetadata(key, typeof detail === 'string' ? scrubText(detail) : String(detail));
      metrics.addMetric(name, MetricUnit.Count, value);
      write(JSON.stringify(metrics.serializeMetrics()));
    } finally {
      metrics.clearMetrics();
      metrics.clearDimensions();
      metrics.clearMetadata();
    }
  };

  return {
    count: (metric, dimensions = {}, details = {}, value = 1) => emit(metric, value, dimensions, details),
    gauge: (metric, value) => emit(metric, value, {}, {}),
  };
}

/** One metric of an EMF document: a value per occurrence or sample (CloudWatch keeps each, for percentiles). */
export interface EmfMetric {
  readonly name: string;
  readonly unit: MetricUnitType;
  readonly values: readonly number[];
}

/** Metrics published under one dimension set (its keys, in order, and their values). */
export interface EmfDirective {
  readonly dimensions: Readonly<Record<string, string>>;
  readonly metrics: readonly EmfMetric[];
}

/**
 * One EMF document of `namespace` at `at`, each directive's metrics under its own dimension set (the
 * client events' by App, and the canary verdict's by App × Build, so a series per build exists only for
 * the figures a verdict reads), built by Powertools Metrics like the business metrics; `fields` go beside
 * them as log fields (never dimensions), for Logs Insights. No directive with metrics: null.
 */
export function emfDocument(namespace: string, at: Date, directives: readonly EmfDirective[], fields: Readonly<Record<string, unknown>> = {}): Record<string, unknown> | null {
  const serialized = directives
    .filter((directive) => directive.metrics.some((metric) => metric.values.length > 0))
    .map(({ dimensions, metrics: list }) => {
      const metrics = new Metrics({ namespace, logger: QUIET_ON_SHARED_DIMENSIONS });
      // No `service` dimension: a directive's dimensions are exactly the ones it names.
      metrics.clearDefaultDimensions();
      metrics.setTimestamp(at);
      for (const [key, value] of Object.entries(dimensions)) metrics.addDimension(key, value);
      for (const metric of list) for (const value of metric.values) metrics.addMetric(metric.name, metric.unit, value);
      return metrics.serializeMetrics() as Record<string, unknown> & { _aws: { CloudWatchMetrics: unknown[] } };
    });
  if (serialized.length === 0) return null;
  const document: Record<string, unknown> = { ...fields };
  for (const { _aws: _directives, ...values } of serialized) Object.assign(document, values);
  return { _aws: { Timestamp: at.getTime(), CloudWatchMetrics: serialized.flatMap((one) => one._aws.CloudWatchMetrics) }, ...document };
}

/** For tests and tools that count nothing. */
export const uncountedMetrics: BusinessMetrics = { count: () => undefined, gauge: () => undefined };
