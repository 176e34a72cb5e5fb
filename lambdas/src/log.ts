/**
 * JSON-line logging through Powertools for AWS Lambda's Logger (one object per line, which CloudWatch
 * Logs Insights queries directly; the level from configuration; in AWS the cold-start flag, the
 * request id and the X-Ray trace id of the invocation). The project's rules sit on top:
 * - each line is `{ level, time, event, service, …fields }`: callers name an event and pass
 *   identifiers (invoice number, session id, status), never customer details or card data;
 * - every line carries the order it is about (invoice number and correlation id, orderContext.ts);
 * - every string is scrubbed before it is written (@kesho/operations/personal-data): Stripe secrets, e-mail
 *   addresses and phone numbers (provider errors quote what was sent) never reach a line;
 * - errors become their name, message and provider codes; stacks stay out of the log stream.
 */
import { LogFormatter, LogItem, Logger as PowertoolsLogger } from '@aws-lambda-powertools/logger';
import type { LogAttributes, UnformattedAttributes } from '@aws-lambda-powertools/logger/types';
import { scrubLogText } from '@kesho/operations/personal-data';
import type { LogLevel } from './config/site';
import { currentFunction, currentOrderFields } from './orderContext';

export type LogFields = Readonly<Record<string, unknown>>;

export interface Logger {
  debug(event: string, fields?: LogFields): void;
  info(event: string, fields?: LogFields): void;
  warn(event: string, fields?: LogFields): void;
  error(event: string, fields?: LogFields): void;
}

/** Where lines go: stdout in AWS (the function's log group); locally stdout and the local log file. */
export type LineWriter = (line: string) => void;

export const writeToStdout: LineWriter = (line) => {
  process.stdout.write(`${line}\n`);
};

/**
 * Whatever reaches a log line, a metric's fields or an outbox record loses every Stripe secret, e-mail
 * address and phone number: @kesho/operations/personal-data, the one scrubber, as it treats log text.
 */
export { redactAddresses, redactPhones, redactSecrets, scrubLogText as scrubText } from '@kesho/operations/personal-data';

/** Errors become their name, message and provider codes; stacks stay out of the log stream. */
export function describeError(error: Error): LogAttributes {
  const details: LogAttributes = { name: error.name, message: error.message };
  for (const key of ['code', 'type', 'statusCode', 'requestId'] as const) {
    const field = (error as unknown as Record<string, unknown>)[key];
    if (typeof field === 'string' || typeof field === 'number') details[key] = field;
  }
  return details;
}

/** The line's shape: the project's keys first, then Powertools' invocation keys, then the fields. */
class KeshoLogFormatter extends LogFormatter {
  formatAttributes(attributes: UnformattedAttributes, additional: LogAttributes): LogItem {
    const lambda = attributes.lambdaContext;
    return new LogItem({
      attributes: {
        level: attributes.logLevel.toLowerCase(),
        time: this.formatTimestamp(attributes.timestamp),
        event: attributes.message,
        service: attributes.serviceName,
        ...(lambda ? { cold_start: lambda.coldStart, function_request_id: lambda.awsRequestId } : {}),
        ...(attributes.xRayTraceId ? { xray_trace_id: attributes.xRayTraceId } : {}),
      },
    }).addAttributes(additional);
  }

  override formatError(error: Error): LogAttributes {
    return describeError(error);
  }
}

/** Powertools' Logger, writing its finished lines through the project's writer. */
class LineLogger extends PowertoolsLogger {
  readonly #write: LineWriter;

  constructor(options: ConstructorParameters<typeof PowertoolsLogger>[0], write: LineWriter) {
    super(options);
    this.#write = write;
  }

  protected override printLog(_logLevel: number, log: LogItem): void {
    log.prepareForPrint();
    this.#write(JSON.stringify(log.getAttributes(), this.getJsonReplacer()));
  }
}

/** Every string of a line, at any depth, scrubbed; errors described without their stack. */
function scrubbingReplacer(_key: string, value: unknown): unknown {
  if (typeof value === 'string') return scrubLogText(value);
  if (value instanceof Error) return describeError(value);
  return value;
}

export interface FunctionLogger extends Logger {
  /** The Powertools Logger underneath (the invocation adds the Lambda context to it). */
  readonly powertools: PowertoolsLogger;
}

export interface LoggerOptions {
  /** The `service` of every line: the function's name in AWS, `kesho-local` locally. */
  readonly service?: string;
  readonly write?: LineWriter;
}

const POWERTOOLS_LEVEL = { debug: 'DEBUG', info: 'INFO', warn: 'WARN', error: 'ERROR', silent: 'SILENT' } as const;

export function createLogger(level: LogLevel, options: LoggerOptions | LineWriter = {}): FunctionLogger {
  const { service = 'kesho', write = writeToStdout } = typeof options === 'function' ? { write: options } : options;
  const powertools = new LineLogger({ serviceName: service, logLevel: POWERTOOLS_LEVEL[level], logFormatter: new KeshoLogFormatter(), jsonReplacerFn: scrubbingReplacer }, write);
  // The order the invocation is about (invoice number, correlation id) on every line, the caller's fields after it.
  const fieldsOf = (fields: LogFields = {}): LogAttributes => {
    const fn = currentFunction();
    return { ...(fn ? { function: fn } : {}), ...currentOrderFields(), ...fields };
  };
  return {
    powertools,
    debug: (event, fields) => powertools.debug(event, fieldsOf(fields)),
    info: (event, fields) => powertools.info(event, fieldsOf(fields)),
    warn: (event, fields) => powertools.warn(event, fieldsOf(fields)),
    error: (event, fields) => powertools.error(event, fieldsOf(fields)),
  };
}

export const silentLogger: Logger = createLogger('silent');
