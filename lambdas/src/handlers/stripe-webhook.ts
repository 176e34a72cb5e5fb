/**
 * POST /api/stripe-webhook: verify the signature on the raw bytes, hand checkout events to
 * fulfil-order asynchronously, answer Stripe at once. A 5xx (the hand-off failed) makes Stripe
 * deliver the event again later.
 */
import { header, rawBody, type HttpHandler } from '../http/apiGateway';
import { respondSafely } from '../http/boundary';
import { errorResponse, json, methodNotAllowed } from '../http/responses';
import { defineFunction } from '../runtime/context';
import { tracing } from '../runtime/tracing';
import { receiveWebhook } from '../fulfilment/parts';

/** This function's services: its bundle holds these parts and what they use, nothing else. */
export const runtime = defineFunction('stripe-webhook', { receiveWebhook }, { tracing });

export const handler: HttpHandler = runtime.handle((event) =>
  respondSafely('stripe-webhook', async () => {
    if (event.requestContext.http.method !== 'POST') return methodNotAllowed(['POST']);
    const { services } = await runtime.current();
    const outcome = await services.receiveWebhook(rawBody(event), header(event, 'stripe-signature'));
    if (outcome.kind === 'rejected') return errorResponse(400, 'The webhook signature could not be verified.');
    return json(200, { received: true });
  }),
);
