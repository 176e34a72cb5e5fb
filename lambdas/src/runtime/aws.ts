/**
 * A deployed function's foundation: its configuration, from its environment and limited to the
 * secrets it reads (@kesho/common/function-secrets), and its logger. The SDK clients are made by the
 * parts that use them (runtime/dynamo.ts, runtime/secrets.ts, …), so this module imports none.
 */
import { secretsOf, type BackendFunction } from '@kesho/common/function-secrets';
import { loadConfig } from '../config';
import { createLogger } from '../log';
import type { Foundation, GivenClients } from './foundation';

export interface AwsFoundationOptions {
  /** The function's environment (default: process.env). */
  readonly env?: NodeJS.ProcessEnv;
  /** Replaces AWS clients (tests: a Secrets Manager reader that records what it is asked). */
  readonly given?: GivenClients;
}

export function createAwsFoundation(fn: BackendFunction, options: AwsFoundationOptions = {}): Foundation {
  const config = loadConfig(options.env ?? process.env, { secrets: secretsOf(fn) });
  return { config, logger: createLogger(config.logLevel), clock: () => new Date(), given: options.given ?? {} };
}
