/**
 * The hand-off from the webhook to fulfil-order: an asynchronous Lambda invoke, so the webhook can
 * answer Stripe at once while Lambda retries a failed fulfilment on its own. Locally the same call
 * reaches the local runtime's Invoke API.
 */
import { InvokeCommand, type LambdaClient } from '@aws-sdk/client-lambda';
import { SESSION_ID_PATTERN, isHandledEventType, type HandledEventType } from '../payments/types';

export interface FulfilmentJob {
  readonly sessionId: string;
  readonly eventId: string;
  readonly eventType: HandledEventType;
}

export interface FulfilmentQueue {
  enqueue(job: FulfilmentJob): Promise<void>;
}

export function createLambdaFulfilmentQueue(lambda: LambdaClient, functionName: string): FulfilmentQueue {
  return {
    async enqueue(job) {
      const result = await lambda.send(new InvokeCommand({ FunctionName: functionName, InvocationType: 'Event', Payload: Buffer.from(JSON.stringify(job)) }));
      if (result.StatusCode !== 202) throw new Error(`Lambda did not accept the fulfilment job (status ${String(result.StatusCode)})`);
    },
  };
}

/** fulfil-order is internal, but its payload is still checked before anything acts on it. */
export function parseFulfilmentJob(payload: unknown): FulfilmentJob | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const { sessionId, eventId, eventType } = payload as Record<string, unknown>;
  if (typeof sessionId !== 'string' || !SESSION_ID_PATTERN.test(sessionId)) return null;
  if (typeof eventId !== 'string' || eventId.length === 0 || eventId.length > 255) return null;
  if (typeof eventType !== 'string' || !isHandledEventType(eventType)) return null;
  return { sessionId, eventId, eventType };
}
