/**
 * POST /api/create-payment: { items, customerData } → 200 { url, invoiceNumber }.
 * parse (media type, size, JSON, order rules, the Idempotency-Key of the attempt) → start the checkout
 * (a repeated key: the first request's checkout; a new order only within the client's limit, else
 * 429 with Retry-After) → shape the answer.
 */
import { clientAddress, type HttpHandler } from '../http/apiGateway';
import { respondSafely } from '../http/boundary';
import { readJsonBody } from '../http/jsonBody';
import { attemptResponse, rateLimitedResponse, readPaymentAttempt } from '../http/paymentAttempt';
import { PROVIDER_ERROR_MESSAGE, errorResponse, json, methodNotAllowed } from '../http/responses';
import { INVALID_ORDER_MESSAGE, parseOrderRequest, priceMismatchMessage } from '../orders/orderRequest';
import { defineFunction } from '../runtime/context';
import { tracing } from '../runtime/tracing';
import { paymentLimits } from '../orders/paymentLimits';
import { startCheckout } from '../payments/parts';

/** This function's services: its bundle holds these parts and what they use, nothing else. */
export const runtime = defineFunction('create-payment', { startCheckout, paymentLimits }, { tracing });

export const handler: HttpHandler = runtime.handle((event) =>
  respondSafely('create-payment', async () => {
    if (event.requestContext.http.method !== 'POST') return methodNotAllowed(['POST']);
    const body = readJsonBody(event, { keepWrittenNumbers: true });
    if (!body.ok) return body.response;

    const request = parseOrderRequest(body.value);
    if (request.kind === 'invalid') return errorResponse(400, INVALID_ORDER_MESSAGE, request.fieldErrors);
    if (request.kind === 'price-mismatch') return errorResponse(409, priceMismatchMessage(request.serviceNames));

    const attempt = readPaymentAttempt(event, { method: 'card', draft: request.draft });
    if (!attempt.ok) return attempt.response;

    const { services, config } = await runtime.current();
    const result = await services.startCheckout(request.draft, attempt.attempt, services.paymentLimits.forOrder({ ip: clientAddress(event, config.clientAddressHeader) }));
    if (result.kind === 'attempt-other-details' || result.kind === 'attempt-in-progress') return attemptResponse(result.kind);
    if (result.kind === 'rate-limited') return rateLimitedResponse(result);
    if (result.kind === 'provider-error') return errorResponse(502, PROVIDER_ERROR_MESSAGE);
    if (result.kind === 'refused-details') return errorResponse(400, INVALID_ORDER_MESSAGE, result.fieldErrors);
    return json(200, { url: result.url, invoiceNumber: result.invoiceNumber });
  }),
);
