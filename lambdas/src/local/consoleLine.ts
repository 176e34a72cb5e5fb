/**
 * What `npm start` prints of the functions' lines. The local log file (`<DATA_DIR>/logs/api.jsonl`)
 * keeps every JSON line, log and metric alike, as CloudWatch Logs would; the console is for a person,
 * so it gets one short line per log event and nothing of the metrics (`npm run logs -- --metrics`
 * reads them from the file), and a reconciliation that found nothing to do stays off it.
 */

type LineObject = Record<string, unknown>;

function parsed(line: string): LineObject | undefined {
  if (!line.startsWith('{')) return undefined;
  try {
    const value: unknown = JSON.parse(line);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as LineObject) : undefined;
  } catch {
    return undefined;
  }
}

/** An EMF document (CloudWatch's embedded metric format): the `_aws` key holds its metric definitions. */
function isMetricLine(line: LineObject): boolean {
  return typeof line._aws === 'object' && line._aws !== null;
}

/** What a reconciliation did (ReconcileReport); its levels (backlog, held, overdue) have lines and alarms of their own. */
const RECONCILE_ACTIONS = ['settled', 'receiptsSent', 'failed', 'withoutSession', 'failuresDrained', 'failuresLeft'] as const;

/** The fields that say which order or request a line is about, in the order a person reads them. */
const SHOWN_FIELDS = ['function', 'invoiceNumber', 'status', 'method', 'reason', 'route', 'app', 'buildId', 'count', ...RECONCILE_ACTIONS] as const;

/** A reconciliation that did nothing: a routine run, kept in the file only. */
function isIdleReconciliation(line: LineObject): boolean {
  return line.event === 'reconcile.done' && RECONCILE_ACTIONS.every((key) => !line[key]);
}

function shown(value: unknown): string | undefined {
  if (typeof value === 'string') return /\s/.test(value) ? JSON.stringify(value) : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

function clockOf(time: unknown): string {
  const at = typeof time === 'string' ? new Date(time) : new Date(Number.NaN);
  return Number.isNaN(at.getTime()) ? '--:--:--' : at.toISOString().slice(11, 19);
}

/** The error a line carries, as `Name: message`. */
function errorOf(line: LineObject): string | undefined {
  const error = line.error;
  if (!error || typeof error !== 'object') return undefined;
  const { name, message } = error as { name?: unknown; message?: unknown };
  return [name, message].filter((part) => typeof part === 'string' && part).join(': ') || undefined;
}

/** A person's line for one log line: `12:04:31 info  order.created invoiceNumber=INV-12345678 …`; a line that is not JSON as it is. */
export function readableLineOf(line: string): string {
  const object = parsed(line);
  if (!object) return line;
  const level = typeof object.level === 'string' ? object.level : 'info';
  const fields = SHOWN_FIELDS.flatMap((key) => {
    const value = shown(object[key]);
    return value === undefined ? [] : [`${key}=${value}`];
  });
  const error = errorOf(object);
  return [clockOf(object.time), level.padEnd(5), String(object.event ?? ''), ...fields, ...(error ? [`(${error})`] : [])].join(' ');
}

/** What the console shows of a line the functions wrote: its readable form, or undefined for a line left to the file (metrics, routine reconciliations). */
export function consoleLineOf(line: string): string | undefined {
  const object = parsed(line);
  if (object && (isMetricLine(object) || isIdleReconciliation(object))) return undefined;
  return readableLineOf(line);
}

/** Whether a line of the local log is a metric (EMF) line. */
export function isMetricText(line: string): boolean {
  const object = parsed(line);
  return object !== undefined && isMetricLine(object);
}

/** One metric series of the local log: its name and dimensions, how often it was written, its sum and last value. */
export interface MetricSeries {
  readonly name: string;
  readonly dimensions: string;
  readonly samples: number;
  readonly sum: number;
  readonly last: number;
}

interface EmfDefinitions {
  readonly Timestamp?: number;
  readonly CloudWatchMetrics?: readonly { readonly Dimensions?: readonly (readonly string[])[]; readonly Metrics?: readonly { readonly Name: string }[] }[];
}

/**
 * The metrics the functions wrote since `since`, one series per name and first dimension set (what an
 * alarm reads), in the order they first appeared: a count's sum is how many happened, a level's last
 * value is where it stands.
 */
export function metricSeriesOf(lines: readonly string[], since: Date): MetricSeries[] {
  const series = new Map<string, { name: string; dimensions: string; samples: number; sum: number; last: number }>();
  for (const line of lines) {
    const object = parsed(line);
    if (!object || !isMetricLine(object)) continue;
    const emf = object._aws as EmfDefinitions;
    if ((emf.Timestamp ?? 0) < since.getTime()) continue;
    for (const definition of emf.CloudWatchMetrics ?? []) {
      // Powertools adds the service to every set; one namespace, one service: it tells nothing here.
      const dimensions = (definition.Dimensions?.[0] ?? [])
        .filter((key) => key !== 'service')
        .map((key) => `${key}=${String(object[key])}`)
        .join(',');
      for (const { Name: name } of definition.Metrics ?? []) {
        const values = ([] as unknown[]).concat(object[name]).filter((value): value is number => typeof value === 'number');
        if (values.length === 0) continue;
        const key = `${name}{${dimensions}}`;
        const entry = series.get(key) ?? { name, dimensions, samples: 0, sum: 0, last: 0 };
        entry.samples += values.length;
        entry.sum += values.reduce((total, value) => total + value, 0);
        entry.last = values.at(-1) ?? entry.last;
        series.set(key, entry);
      }
    }
  }
  return [...series.values()];
}

export function formatMetricSeries(series: readonly MetricSeries[]): string {
  if (series.length === 0) return 'No metrics written in that time.';
  const label = (entry: MetricSeries) => `${entry.name}${entry.dimensions ? `{${entry.dimensions}}` : ''}`;
  const width = Math.max(...series.map((entry) => label(entry).length));
  return series.map((entry) => `${label(entry).padEnd(width)}  sum ${entry.sum}  last ${entry.last}  (${entry.samples} sample${entry.samples === 1 ? '' : 's'})`).join('\n');
}
