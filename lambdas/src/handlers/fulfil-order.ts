/**
 * fulfil-order, invoked asynchronously by the webhook with { sessionId, eventId, eventType }.
 * A malformed job is logged and dropped (retrying cannot fix it); any other failure is thrown, so
 * Lambda retries the invocation.
 */
import { parseFulfilmentJob } from '../fulfilment/queue';
import type { FulfilResult } from '../fulfilment/fulfilOrder';
import type { LambdaContext } from '../http/apiGateway';
import { bindOrder } from '../orderContext';
import { defineFunction } from '../runtime/context';
import { tracing } from '../runtime/tracing';
import { fulfilOrder } from '../orders/settleParts';

/** This function's services: its bundle holds these parts and what they use, nothing else. */
export const runtime = defineFunction('fulfil-order', { fulfilOrder }, { tracing });

export type FulfilHandlerResult = FulfilResult | { readonly kind: 'invalid-job' };

export const handler = runtime.handle(async (payload: unknown, context?: LambdaContext): Promise<FulfilHandlerResult> => {
  const { services, logger } = await runtime.current();
  const job = parseFulfilmentJob(payload);
  if (!job) {
    logger.error('fulfil.invalid_job', { requestId: context?.awsRequestId });
    return { kind: 'invalid-job' };
  }
  // The webhook passed on the order the event named (Stripe's metadata), so this invocation's lines carry it from the start.
  bindOrder(job);
  return services.fulfilOrder(job);
});
