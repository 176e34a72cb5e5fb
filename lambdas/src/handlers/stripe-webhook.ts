/**
 * POST /api/stripe-webhook: verify the signature on the raw bytes, hand checkout events to
 * fulfil-order asynchronously, answer Stripe at once. A 5xx (the hand-off failed) makes Stripe
 * deliver the event again later.
 */
import { header, rawBody, type HttpHandler } from '../http/apiGateway';
import { respondSafely } from '../http/boundary';
import { errorResponse, json, methodNotAllowed } from '../http/responses';
import { LambdaClient } from '@aws-sdk/client-lambda';
import { createLambdaFulfilmentQueue } from '../fulfilment/queue';
import { lambdaHttpHandler, type FunctionStart } from '../lambda';
import type { Logger } from '../log';
import { createCardPayments } from '../payments/cardPayments';
import { createWebhookReceiver, type ReceiveWebhook } from '../payments/webhookReceiver';
import { awsDocumentClient } from '../clients/dynamo';
import { awsSecretReader, type SecretReader } from '../clients/secrets';
import { traced, tracing } from '../clients/tracing';

export interface StripeWebhookServices {
  readonly logger: Logger;
  readonly receiveWebhook: ReceiveWebhook;
}

/** The handler over its services: the deployed one below, the local runtime's (local/api.ts), a test's. */
export function createStripeWebhookHandler({ logger, receiveWebhook }: StripeWebhookServices): HttpHandler {
  return (event) =>
    respondSafely(
      'stripe-webhook',
      async () => {
        if (event.requestContext.http.method !== 'POST') return methodNotAllowed(['POST']);
        const outcome = await receiveWebhook(rawBody(event), header(event, 'stripe-signature'));
        if (outcome.kind === 'rejected') return errorResponse(400, 'The webhook signature could not be verified.');
        return json(200, { received: true });
      },
      logger,
    );
}

/**
 * In AWS: configuration (the function's start) → clients (Lambda, to hand the job to fulfil-order) →
 * services → handler, once per container (lambda.ts). `given.secrets` stands in for Secrets Manager (tests).
 */
export async function buildStripeWebhook(start: FunctionStart, given: { readonly secrets?: SecretReader } = {}): Promise<HttpHandler> {
  const { config, logger } = start;
  const { provider } = await createCardPayments(start, awsDocumentClient, () => given.secrets ?? awsSecretReader());
  const queue = createLambdaFulfilmentQueue(traced(new LambdaClient({})), config.fulfilOrderFunctionName);
  return createStripeWebhookHandler({ logger, receiveWebhook: createWebhookReceiver(provider, queue, logger) });
}

export const handler: HttpHandler = lambdaHttpHandler('stripe-webhook', (start) => buildStripeWebhook(start), { tracing });
