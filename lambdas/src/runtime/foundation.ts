/**
 * What a function's services are built from: its configuration, its logger, a clock, and the clients
 * the local runtime and the tests hand in (in AWS none: each part makes its own SDK client).
 *
 * A part (`part(build)`) builds one piece (a store, a provider, a service) from a foundation, once per
 * foundation: parts ask for the parts they need, so a function's module graph holds exactly what its
 * services use. Each part lives beside its concern (orders/parts.ts, mail/parts.ts, …), in a module
 * whose imports are that part's cost: a handler that never sends mail never imports mail/parts.ts.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { LambdaClient } from '@aws-sdk/client-lambda';
import type { ClientEventSink, KnownBuilds } from '../clientEvents/service';
import type { AppConfig } from '../config';
import type { FulfilmentFailures } from '../fulfilment/failures';
import type { LambdaContext } from '../http/apiGateway';
import type { Logger } from '../log';
import type { BusinessMetrics } from '../metrics';
import type { MailTransport } from '../mail/types';
import type { SecretReader } from './secrets';

/** Clients and places given instead of the AWS defaults (local runtime, tests). */
export interface GivenClients {
  readonly dynamo?: DynamoDBDocumentClient;
  readonly lambda?: LambdaClient;
  readonly secrets?: SecretReader;
  /** The mail transport instead of SES: the local runtime's `.eml` files (`<DATA_DIR>/mail`), a test's fake. */
  readonly mailTransport?: MailTransport;
  /** The fulfilment failure queue the reconciliation drains (a folder locally; in AWS SQS, when configured). */
  readonly fulfilmentFailures?: FulfilmentFailures;
  /**
   * Where client events go and which builds they may name. Default (AWS): EMF lines on stdout, and
   * the builds of the site's published pointer document.
   */
  readonly clientEvents?: { readonly sink: ClientEventSink; readonly knownBuilds: KnownBuilds };
  /**
   * Who claims outbox messages, and which claimers are known to be gone (mail/outbox.ts). The local
   * runtime: this process, and every other one (only one process can open a data directory's table).
   * In AWS none: a crashed invocation's claim is taken over once its invocation's deadline has passed
   * (invocationDeadline below).
   */
  readonly outboxOwnership?: { readonly owner: string; readonly ownerGone: (owner: string) => boolean };
}

export interface Foundation {
  readonly config: AppConfig;
  readonly logger: Logger;
  /** The business events (EMF lines, metrics.ts). */
  readonly metrics: BusinessMetrics;
  readonly clock: () => Date;
  readonly given: GivenClients;
  /** In AWS: each invocation's Lambda context goes on the logger (request id, cold start). */
  readonly addLambdaContext?: (context: LambdaContext) => void;
  /**
   * In AWS: when Lambda stops the current invocation (epoch ms), from its context; nothing this
   * process claimed can still be at work after it, so an outbox claim's lease ends there.
   */
  readonly invocationDeadline?: () => number | undefined;
}

export type Part<T> = (foundation: Foundation) => T;

const builtParts = new WeakMap<Foundation, Map<Part<unknown>, unknown>>();

/**
 * A piece built once per foundation. A part that fails asynchronously (a secret not readable yet) is
 * forgotten, so the next invocation tries again instead of failing on a cached error.
 */
export function part<T>(build: (foundation: Foundation) => T): Part<T> {
  const memo: Part<T> = (foundation) => {
    let built = builtParts.get(foundation);
    if (!built) {
      built = new Map();
      builtParts.set(foundation, built);
    }
    if (built.has(memo)) return built.get(memo) as T;
    const value = build(foundation);
    built.set(memo, value);
    if (value instanceof Promise) {
      value.catch(() => {
        if (built.get(memo) === value) built.delete(memo);
      });
    }
    return value;
  };
  return memo;
}
