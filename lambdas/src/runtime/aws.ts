/**
 * A deployed function's foundation: its configuration, from its environment and limited to the
 * secrets it reads (its entry in @kesho/common/functions), its logger (named after the function) and its
 * business metrics (EMF lines on stdout). The SDK clients are made by the
 * parts that use them (runtime/dynamo.ts, runtime/secrets.ts, …), so this module imports none.
 */
import { startFunction } from '../lambda';
import type { BackendFunction } from '@kesho/common/functions';
import type { Foundation, GivenClients } from './foundation';

export interface AwsFoundationOptions {
  /** The function's environment (default: process.env). */
  readonly env?: NodeJS.ProcessEnv;
  /** Replaces AWS clients (tests: a Secrets Manager reader that records what it is asked). */
  readonly given?: GivenClients;
}

/** The function's start (lambda.ts: the one for factory handlers too) as a foundation of parts. */
export function createAwsFoundation(fn: BackendFunction, options: AwsFoundationOptions = {}): Foundation {
  const start = startFunction(fn, options.env ?? process.env);
  return {
    config: start.config,
    logger: start.logger,
    metrics: start.metrics,
    clock: start.clock,
    given: options.given ?? {},
    addLambdaContext: start.addLambdaContext,
    invocationDeadline: start.invocationDeadline,
  };
}
