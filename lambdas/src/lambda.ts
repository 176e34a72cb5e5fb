/**
 * How a deployed function starts and runs each invocation. Every handler module (handlers/enquiries.ts)
 * reads top to bottom:
 *   `createXHandler(services)`, the handler over its services (what the local runtime and the tests call),
 *   then `handler = lambdaHttpHandler(name, (start) => …)`: configuration (`start`) → clients → services → handler.
 * The build runs once per container, at the first invocation, inside it (so the X-Ray tracer is loaded
 * before any client is traced); a start that failed is tried again by the next invocation.
 *
 * The start is the function's configuration, from its environment and limited to its own secrets (its
 * entry in @kesho/operations/functions), its logger (named after the function) and its business metrics
 * (EMF lines on stdout). Each invocation gets the Lambda context on the logger (request id, cold start),
 * its deadline, an order scope of its own (orderContext.ts: the order it is about goes on every log line
 * and metric) and, for a traced function, its handler's X-Ray subsegment.
 */
import type { Logger as PowertoolsLogger } from '@aws-lambda-powertools/logger';
import { secretsOf, type BackendFunction } from '@kesho/operations/functions';
import { loadConfig, type AppConfig } from './config';
import type { ApiGatewayEvent, ApiGatewayResult, HttpHandler, LambdaContext } from './http/apiGateway';
import { errorResponse, SERVER_ERROR_MESSAGE } from './http/responses';
import { createLogger, type FunctionLogger, type Logger } from './log';
import { createBusinessMetrics, type BusinessMetrics } from './metrics';
import { runInOrderScope, type OrderFields } from './orderContext';

export interface FunctionStart {
  readonly name: BackendFunction;
  readonly config: AppConfig;
  readonly logger: FunctionLogger;
  readonly metrics: BusinessMetrics;
  readonly clock: () => Date;
  /** Each invocation's Lambda context: Powertools reads the request id and the cold start from it; its remaining time sets the deadline. */
  readonly addLambdaContext: (context: LambdaContext) => void;
  /**
   * When Lambda stops the current invocation (epoch ms), from its context; nothing this process
   * claimed can still be at work after it, so an outbox claim's lease ends there.
   */
  readonly invocationDeadline: () => number | undefined;
}

/** A deployed function's start, from its environment (default: process.env). */
export function startFunction(name: BackendFunction, env: NodeJS.ProcessEnv = process.env): FunctionStart {
  const config = loadConfig(env, { secrets: secretsOf(name) });
  const logger = createLogger(config.logLevel, { service: name });
  // One invocation at a time per Lambda instance: the current one's end, as its context says.
  let deadline: number | undefined;
  return {
    name,
    config,
    logger,
    metrics: createBusinessMetrics(),
    clock: () => new Date(),
    addLambdaContext: (context) => {
      // Our LambdaContext is the part of Lambda's context the handlers use.
      logger.powertools.addContext(context as unknown as Parameters<PowertoolsLogger['addContext']>[0]);
      const remaining = context.getRemainingTimeInMillis?.();
      deadline = remaining === undefined ? undefined : Date.now() + remaining;
    },
    invocationDeadline: () => deadline,
  };
}

/** How an invocation is traced (clients/tracing.ts: Powertools Tracer); a function without it carries no X-Ray SDK. */
export interface InvocationTracing {
  /** Runs the invocation inside the function's handler subsegment when `enabled` (the function's configuration: inside Lambda, tracing on). */
  run<T>(fn: BackendFunction, work: () => Promise<T>, enabled: boolean): Promise<T>;
  /** The order the invocation turned out to be about, as annotations of its trace. */
  annotateOrder(fields: OrderFields): void;
}

/** Logs a start that failed before the configuration named a log level. */
const startupLogger = createLogger('info');

type Invocation<E, R> = (event: E, context?: LambdaContext) => Promise<R>;

export interface LambdaHandlerOptions<R> {
  readonly tracing?: InvocationTracing;
  /** The answer when the function cannot start (its configuration, a secret, a client), after the failure is logged. */
  readonly startFailed: (error: unknown, logger: Logger) => R;
}

export function lambdaHandler<E, R>(
  name: BackendFunction,
  build: (start: FunctionStart) => Invocation<E, R> | Promise<Invocation<E, R>>,
  options: LambdaHandlerOptions<R>,
): Invocation<E, R> {
  let start: FunctionStart | undefined;
  let built: Promise<Invocation<E, R>> | undefined;
  const { tracing } = options;
  return async (event, context) => {
    let started: FunctionStart;
    try {
      started = start ??= startFunction(name);
    } catch (error) {
      return options.startFailed(error, startupLogger);
    }
    if (context) started.addLambdaContext(context);
    const invocation = async (): Promise<R> => {
      let handler: Invocation<E, R>;
      try {
        handler = await (built ??= Promise.resolve().then(() => build(started)));
      } catch (error) {
        built = undefined;
        return options.startFailed(error, started.logger);
      }
      return handler(event, context);
    };
    const scoped = () => runInOrderScope(invocation, {}, { fn: name, ...(tracing ? { onBind: tracing.annotateOrder } : {}) });
    return tracing ? tracing.run(name, scoped, started.config.tracing) : scoped();
  };
}

/** An API route's function: a start that fails is answered as any unexpected error is (http/boundary.ts), a plain 500. */
export function lambdaHttpHandler(
  name: BackendFunction,
  build: (start: FunctionStart) => HttpHandler | Promise<HttpHandler>,
  options: { readonly tracing?: InvocationTracing } = {},
): HttpHandler {
  return lambdaHandler<ApiGatewayEvent, ApiGatewayResult>(name, build, {
    ...options,
    startFailed: (error, logger) => {
      logger.error('handler.failed', { handler: name, error });
      return errorResponse(500, SERVER_ERROR_MESSAGE);
    },
  });
}

/** A function that only events start (an asynchronous invocation): a start that fails is logged and thrown, so Lambda retries the invocation. */
export function lambdaEventHandler<R>(
  name: BackendFunction,
  build: (start: FunctionStart) => Invocation<unknown, R> | Promise<Invocation<unknown, R>>,
  options: { readonly tracing?: InvocationTracing } = {},
): Invocation<unknown, R> {
  return lambdaHandler<unknown, R>(name, build, {
    ...options,
    startFailed: (error, logger) => {
      logger.error('handler.failed', { handler: name, error });
      throw error;
    },
  });
}
