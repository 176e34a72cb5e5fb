/**
 * fulfil-order, invoked asynchronously by the webhook with { sessionId, eventId, eventType }.
 * A malformed job is logged and dropped (retrying cannot fix it); any other failure is thrown, so
 * Lambda retries the invocation.
 */
import { createFulfilOrder, type FulfilOrder, type FulfilResult } from '../fulfilment/fulfilOrder';
import { parseFulfilmentJob } from '../fulfilment/queue';
import type { LambdaContext } from '../http/apiGateway';
import { lambdaEventHandler, type FunctionStart } from '../lambda';
import type { Logger } from '../log';
import { bindOrder } from '../orderContext';
import { createFunctionCardConfirmation } from '../orders/cardConfirmation';
import { awsDocumentClient } from '../clients/dynamo';
import { awsSecretReader, type SecretReader } from '../clients/secrets';
import { tracing } from '../clients/tracing';

export type FulfilHandlerResult = FulfilResult | { readonly kind: 'invalid-job' };
export type FulfilHandler = (payload: unknown, context?: LambdaContext) => Promise<FulfilHandlerResult>;

export interface FulfilOrderServices {
  readonly logger: Logger;
  readonly fulfilOrder: FulfilOrder;
}

/** The handler over its services: the deployed one below, the local runtime's (local/api.ts), a test's. */
export function createFulfilOrderHandler({ logger, fulfilOrder }: FulfilOrderServices): FulfilHandler {
  return async (payload, context) => {
    const job = parseFulfilmentJob(payload);
    if (!job) {
      logger.error('fulfil.invalid_job', { requestId: context?.awsRequestId });
      return { kind: 'invalid-job' };
    }
    // The webhook passed on the order the event named (Stripe's metadata), so this invocation's lines carry it from the start.
    bindOrder(job);
    return fulfilOrder(job);
  };
}

/**
 * In AWS: configuration (the function's start) → clients → services → handler, once per container
 * (lambda.ts). `given.secrets` stands in for Secrets Manager (tests).
 */
export async function buildFulfilOrder(start: FunctionStart, given: { readonly secrets?: SecretReader } = {}): Promise<FulfilHandler> {
  const { logger } = start;
  const { confirmOrder } = await createFunctionCardConfirmation(start, awsDocumentClient(), () => given.secrets ?? awsSecretReader());
  return createFulfilOrderHandler({ logger, fulfilOrder: createFulfilOrder(confirmOrder, logger) });
}

export const handler: FulfilHandler = lambdaEventHandler('fulfil-order', (start) => buildFulfilOrder(start), { tracing });
