/**
 * How a handler finds its services. Each handler module names its function and the parts it uses
 * (`defineFunction('create-payment', { startCheckout })`), so its bundle holds those parts and
 * nothing else. In AWS the function's foundation is built at its cold start, loading only its own
 * secrets, and its services once from it. The local runtime (and the tests) run handlers inside
 * `runWithFoundation`, which scopes their foundation to that call through AsyncLocalStorage: the
 * handler modules stay exactly the ones deployed, and several local runtimes can share one process.
 *
 * Each invocation (`runtime.handle(work)`) runs in an order scope of its own (orderContext.ts: the
 * order it is about goes on every log line and metric), in AWS with the Lambda context on the logger
 * (request id, cold start) and, for a traced function, inside its handler's X-Ray subsegment.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { BackendFunction } from '@kesho/common/functions';
import type { AppConfig } from '../config';
import type { LambdaContext } from '../http/apiGateway';
import { createLogger, type Logger } from '../log';
import type { BusinessMetrics } from '../metrics';
import type { InvocationTracing } from '../lambda';
import { runInOrderScope } from '../orderContext';
import { createAwsFoundation } from './aws';
import { part, type Foundation, type Part } from './foundation';

const scoped = new AsyncLocalStorage<Foundation>();
const coldStarts = new Map<BackendFunction, Foundation>();
/** Logs a start that failed before the configuration named a log level. */
const startupLogger = createLogger('info');

export function runWithFoundation<T>(foundation: Foundation, work: () => Promise<T>): Promise<T> {
  return scoped.run(foundation, work);
}

/** The foundation this invocation runs in: the local runtime's, else the function's own (built once; a failed start is retried). */
function foundationOf(fn: BackendFunction): Foundation {
  const local = scoped.getStore();
  if (local) return local;
  let foundation = coldStarts.get(fn);
  if (!foundation) {
    foundation = createAwsFoundation(fn);
    coldStarts.set(fn, foundation);
  }
  return foundation;
}

/** The function's logger, or the start-up logger when its configuration cannot be read. */
export function loggerOf(fn: BackendFunction): Logger {
  try {
    return foundationOf(fn).logger;
  } catch {
    return startupLogger;
  }
}

/** Each service a function uses, as the part that builds it. */
export type PartsOf<S> = { readonly [K in keyof S]: Part<S[K] | Promise<S[K]>> };

export interface FunctionServices<S> {
  readonly config: AppConfig;
  readonly logger: Logger;
  readonly metrics: BusinessMetrics;
  readonly services: S;
}

export interface FunctionOptions {
  readonly tracing?: InvocationTracing;
}

export interface FunctionRuntime<S> {
  readonly name: BackendFunction;
  /** The Lambda handler around `work`: one order scope per invocation, the Lambda context logged, the trace's subsegment. */
  handle<E, R>(work: (event: E, context?: LambdaContext) => Promise<R>): (event: E, context?: LambdaContext) => Promise<R>;
  /** The services of the invocation's foundation. */
  current(): Promise<FunctionServices<S>>;
  /** The services built in a given foundation (tests: a deployed function's, with a recording Secrets Manager). */
  compose(foundation: Foundation): Promise<FunctionServices<S>>;
}

export function defineFunction<S extends object>(name: BackendFunction, parts: PartsOf<S>, options: FunctionOptions = {}): FunctionRuntime<S> {
  const compose = part(async (foundation): Promise<FunctionServices<S>> => {
    const built = await Promise.all(Object.entries(parts).map(async ([key, build]) => [key, await (build as Part<unknown>)(foundation)] as const));
    return { config: foundation.config, logger: foundation.logger, metrics: foundation.metrics, services: Object.fromEntries(built) as S };
  });
  const { tracing } = options;
  return {
    name,
    current: async () => compose(foundationOf(name)),
    compose,
    handle: (work) => (event, context) => {
      let foundation: Foundation | undefined;
      try {
        foundation = foundationOf(name);
      } catch {
        // A configuration that cannot be read fails in work() (runtime.current()), where the handler answers it.
      }
      if (!scoped.getStore() && context) foundation?.addLambdaContext?.(context);
      const invocation = () => runInOrderScope(() => work(event, context), {}, { fn: name, ...(tracing ? { onBind: tracing.annotateOrder } : {}) });
      return tracing ? tracing.run(name, invocation, foundation?.config.tracing ?? false) : invocation();
    },
  };
}
