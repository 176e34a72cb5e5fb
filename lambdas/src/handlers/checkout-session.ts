/**
 * GET /api/checkout-session?session_id=… : what the payment-success page shows, after settling the
 * order synchronously (the page may arrive before the webhook does).
 */
import { queryParameter, type HttpHandler } from '../http/apiGateway';
import { respondSafely } from '../http/boundary';
import { errorResponse, json, methodNotAllowed } from '../http/responses';
import { MPESA_PAYMENT_ID_PATTERN } from '../mpesa/service';
import { SESSION_ID_PATTERN } from '../payments/types';
import { defineFunction } from '../runtime/context';
import { tracing } from '../runtime/tracing';
import { checkoutStatus } from '../orders/settleParts';
import { mpesa } from '../mpesa/parts';

/** This function's services: its bundle holds these parts and what they use, nothing else. */
export const runtime = defineFunction('checkout-session', { checkoutStatus, mpesa }, { tracing });

export const handler: HttpHandler = runtime.handle((event) =>
  respondSafely('checkout-session', async () => {
    const method = event.requestContext.http.method;
    if (method !== 'GET' && method !== 'HEAD') return methodNotAllowed(['GET']);
    const sessionId = queryParameter(event, 'session_id');
    if (!sessionId) return errorResponse(400, 'The session_id parameter is required.');
    if (MPESA_PAYMENT_ID_PATTERN.test(sessionId)) {
      // An M-Pesa payment's success page: the same summary, plus the M-Pesa receipt number.
      const payment = await (await runtime.current()).services.mpesa?.payments.status(sessionId, 'success-page');
      return payment ? json(200, payment) : errorResponse(404, 'We could not find this checkout session.');
    }
    if (!SESSION_ID_PATTERN.test(sessionId)) return errorResponse(400, 'The session_id parameter is not a checkout session id.');

    const { services } = await runtime.current();
    const summary = await services.checkoutStatus(sessionId);
    if (!summary) return errorResponse(404, 'We could not find this checkout session.');
    return json(200, summary);
  }),
);
