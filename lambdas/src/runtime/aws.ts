/**
 * A deployed function's foundation: its configuration, from its environment and limited to the
 * secrets it reads (its entry in @kesho/common/functions), its logger (named after the function) and its
 * business metrics (EMF lines on stdout). The SDK clients are made by the
 * parts that use them (runtime/dynamo.ts, runtime/secrets.ts, …), so this module imports none.
 */
import { secretsOf, type BackendFunction } from '@kesho/common/functions';
import { loadConfig } from '../config';
import type { Logger as PowertoolsLogger } from '@aws-lambda-powertools/logger';
import { createLogger } from '../log';
import { createBusinessMetrics } from '../metrics';
import type { Foundation, GivenClients } from './foundation';

export interface AwsFoundationOptions {
  /** The function's environment (default: process.env). */
  readonly env?: NodeJS.ProcessEnv;
  /** Replaces AWS clients (tests: a Secrets Manager reader that records what it is asked). */
  readonly given?: GivenClients;
}

export function createAwsFoundation(fn: BackendFunction, options: AwsFoundationOptions = {}): Foundation {
  const config = loadConfig(options.env ?? process.env, { secrets: secretsOf(fn) });
  const logger = createLogger(config.logLevel, { service: fn });
  // One invocation at a time per Lambda instance: the current one's end, as its context says.
  let deadline: number | undefined;
  return {
    config,
    logger,
    metrics: createBusinessMetrics(),
    clock: () => new Date(),
    given: options.given ?? {},
    // Powertools reads the request id and the cold start from it (our LambdaContext is the part of Lambda's context the handlers use).
    addLambdaContext: (context) => {
      logger.powertools.addContext(context as unknown as Parameters<PowertoolsLogger['addContext']>[0]);
      const remaining = context.getRemainingTimeInMillis?.();
      deadline = remaining === undefined ? undefined : Date.now() + remaining;
    },
    invocationDeadline: () => deadline,
  };
}
