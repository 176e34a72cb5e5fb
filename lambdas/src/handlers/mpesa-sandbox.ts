/**
 * The M-Pesa sandbox's test phone (only without Daraja credentials; otherwise 404):
 *   GET  /api/mpesa/sandbox/<paymentId>           the page
 *   POST /api/mpesa/sandbox/<paymentId>/<answer>  approve | cancel | timeout | insufficient-funds | wrong-pin,
 *        then Daraja's callback for that answer is delivered, and 303 back to the waiting page.
 */
import type { HttpHandler } from '../http/apiGateway';
import { respondSafely } from '../http/boundary';
import { html, methodNotAllowed, seeOther } from '../http/responses';
import { MPESA_SANDBOX_PATH, isSandboxAnswer } from '../mpesa/sandbox';
import { renderMpesaSandbox, renderMpesaSandboxNotFound } from '../mpesa/sandboxPage';
import { MPESA_PAYMENT_ID_PATTERN, mpesaWaitingPath } from '../mpesa/service';
import { defineFunction } from '../runtime/context';
import { tracing } from '../runtime/tracing';
import { mpesa } from '../mpesa/parts';

/** This function's services: its bundle holds these parts and what they use, nothing else. */
export const runtime = defineFunction('mpesa-sandbox', { mpesa }, { tracing });

const ROUTE = new RegExp(`^${MPESA_SANDBOX_PATH}/([^/]+)(?:/([a-z-]+))?/?$`);

export const handler: HttpHandler = runtime.handle((event) =>
  respondSafely('mpesa-sandbox', async () => {
    const { services } = await runtime.current();
    const mpesa = services.mpesa;
    const sandbox = mpesa?.sandbox;
    const match = ROUTE.exec(event.rawPath);
    const paymentId = match?.[1] ?? '';
    const action = match?.[2];
    if (!mpesa || !sandbox || !MPESA_PAYMENT_ID_PATTERN.test(paymentId) || (action !== undefined && !isSandboxAnswer(action))) return html(404, renderMpesaSandboxNotFound());
    const payment = await mpesa.store.getPayment(paymentId);
    const push = payment?.checkoutRequestId ? await sandbox.getPush(payment.checkoutRequestId) : null;
    if (!payment || !push) return html(404, renderMpesaSandboxNotFound());
    const method = event.requestContext.http.method;
    const back = mpesaWaitingPath(paymentId);

    if (action === undefined) {
      if (method !== 'GET' && method !== 'HEAD') return methodNotAllowed(['GET']);
      return html(200, renderMpesaSandbox(paymentId, push, back));
    }
    if (method !== 'POST') return methodNotAllowed(['POST']);
    if (!isSandboxAnswer(action)) return html(404, renderMpesaSandboxNotFound());
    const answered = await sandbox.answer(push.checkoutRequestId, action);
    if (answered?.resultCode !== undefined) {
      // What Daraja would POST to the callback URL for this answer.
      await mpesa.payments.callback(payment.callbackToken, {
        checkoutRequestId: answered.checkoutRequestId,
        resultCode: answered.resultCode,
        ...(answered.resultCode === 0 ? { amount: answered.amountKes, phone: answered.msisdn, ...(answered.receiptNumber ? { receiptNumber: answered.receiptNumber } : {}) } : {}),
      });
    }
    return seeOther(back);
  }),
);
