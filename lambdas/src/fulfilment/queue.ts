/**
 * The hand-off from the webhook to fulfil-order: an asynchronous Lambda invoke, so the webhook can
 * answer Stripe at once while Lambda retries a failed fulfilment on its own. Locally the same call
 * reaches the local runtime's Invoke API.
 */
import { InvokeCommand, type LambdaClient } from '@aws-sdk/client-lambda';
import { INVOICE_NUMBER_PATTERN } from '../orders/types';
import { SESSION_ID_PATTERN, isHandledEventType, type HandledEventType } from '../payments/types';

export interface FulfilmentJob extends OrderNaming {
  readonly sessionId: string;
  readonly eventId: string;
  readonly eventType: HandledEventType;
}

/** The order a job is about, as the provider's event named it: carried for the order's story (its log lines), never trusted. */
export interface OrderNaming {
  readonly invoiceNumber?: string;
  readonly correlationId?: string;
}

const CORRELATION_NAMING = /^[A-Za-z0-9-]{8,64}$/;

/** Keeps only well-formed names: a field that is not one is dropped, never an error. */
export function parseOrderNaming(value: { readonly invoiceNumber?: unknown; readonly correlationId?: unknown }): OrderNaming {
  const { invoiceNumber, correlationId } = value;
  return {
    ...(typeof invoiceNumber === 'string' && INVOICE_NUMBER_PATTERN.test(invoiceNumber) ? { invoiceNumber } : {}),
    ...(typeof correlationId === 'string' && CORRELATION_NAMING.test(correlationId) ? { correlationId } : {}),
  };
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
  const { sessionId, eventId, eventType, invoiceNumber, correlationId } = payload as Record<string, unknown>;
  if (typeof sessionId !== 'string' || !SESSION_ID_PATTERN.test(sessionId)) return null;
  if (typeof eventId !== 'string' || eventId.length === 0 || eventId.length > 255) return null;
  if (typeof eventType !== 'string' || !isHandledEventType(eventType)) return null;
  return { sessionId, eventId, eventType, ...parseOrderNaming({ invoiceNumber, correlationId }) };
}
