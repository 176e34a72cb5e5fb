/**
 * JSON-line logging (one object per line, which CloudWatch Logs Insights queries directly). Callers
 * pass identifiers (invoice number, session id, status), never customer details or card data, and
 * every string is scrubbed of anything shaped like a Stripe secret before it is written.
 */
import type { LogLevel } from './config/site';

export type LogFields = Readonly<Record<string, unknown>>;

export interface Logger {
  debug(event: string, fields?: LogFields): void;
  info(event: string, fields?: LogFields): void;
  warn(event: string, fields?: LogFields): void;
  error(event: string, fields?: LogFields): void;
}

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

const SECRET_PATTERN = /\b(sk|rk|whsec)_(test_|live_)?[A-Za-z0-9]+/g;

export function redactSecrets(text: string): string {
  return text.replace(SECRET_PATTERN, (_match, kind: string) => `${kind}_[redacted]`);
}

/**
 * Provider errors quote addresses ("…identities failed the check: amani@example.com"): whatever
 * reaches a log line or an outbox record loses every e-mail address.
 */
const ADDRESS_PATTERN = /[^\s@"'<>(),;:]+@[^\s@"'<>(),;:]+\.[A-Za-z]{2,}/g;

export function redactAddresses(text: string): string {
  return text.replace(ADDRESS_PATTERN, '[address]');
}

export function createLogger(level: LogLevel, write: (line: string) => void = (line) => process.stdout.write(`${line}\n`)): Logger {
  const emit = (entryLevel: Exclude<LogLevel, 'silent'>, event: string, fields: LogFields = {}): void => {
    if (RANK[entryLevel] < RANK[level]) return;
    const entry: Record<string, unknown> = { level: entryLevel, time: new Date().toISOString(), event };
    for (const [key, value] of Object.entries(fields)) entry[key] = serialise(value);
    write(redactAddresses(redactSecrets(JSON.stringify(entry))));
  };
  return {
    debug: (event, fields) => emit('debug', event, fields),
    info: (event, fields) => emit('info', event, fields),
    warn: (event, fields) => emit('warn', event, fields),
    error: (event, fields) => emit('error', event, fields),
  };
}

export const silentLogger: Logger = createLogger('silent');

/** Errors become their name, message and provider codes; stacks stay out of the log stream. */
function serialise(value: unknown): unknown {
  if (!(value instanceof Error)) return value;
  const details: Record<string, unknown> = { name: value.name, message: value.message };
  for (const key of ['code', 'type', 'statusCode', 'requestId'] as const) {
    const field = (value as unknown as Record<string, unknown>)[key];
    if (typeof field === 'string' || typeof field === 'number') details[key] = field;
  }
  return details;
}
