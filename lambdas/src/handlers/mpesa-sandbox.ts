/**
 * The M-Pesa sandbox's test phone (only without Daraja credentials; otherwise 404):
 *   GET  /api/mpesa/sandbox/<paymentId>           the page
 *   POST /api/mpesa/sandbox/<paymentId>/<answer>  approve | cancel | timeout | insufficient-funds | wrong-pin,
 *        then Daraja's callback for that answer is delivered, and 303 back to the waiting page.
 */
import { awsDocumentClient } from '../clients/dynamo';
import { awsSecretReader, type SecretReader } from '../clients/secrets';
import { tracing } from '../clients/tracing';
import type { HttpHandler } from '../http/apiGateway';
import { respondSafely } from '../http/boundary';
import { html, methodNotAllowed, seeOther } from '../http/responses';
import { lambdaHttpHandler, type FunctionStart } from '../lambda';
import type { Logger } from '../log';
import { MPESA_SANDBOX_PATH, isSandboxAnswer } from '../mpesa/sandbox';
import { renderMpesaSandbox, renderMpesaSandboxNotFound } from '../mpesa/sandboxPage';
import { MPESA_PAYMENT_ID_PATTERN, mpesaWaitingPath } from '../mpesa/service';
import { createFunctionMpesa, type MpesaServices } from '../mpesa/services';

export interface MpesaSandboxServices {
  readonly logger: Logger;
  /** null when M-Pesa is switched off; its `sandbox` null with Daraja configured: every page is then a 404. */
  readonly mpesa: MpesaServices | null;
}

const ROUTE = new RegExp(`^${MPESA_SANDBOX_PATH}/([^/]+)(?:/([a-z-]+))?/?$`);

/** The handler over its services: the local runtime's (local/api.ts), a test's. */
export function createMpesaSandboxHandler({ logger, mpesa }: MpesaSandboxServices): HttpHandler {
  return (event) =>
    respondSafely(
      'mpesa-sandbox',
      async () => {
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
      },
      logger,
    );
}

/**
 * Built as a deployed function would be: configuration (the function's start) → clients → services
 * (M-Pesa with its sandbox) → handler (lambda.ts). Never deployed (a local-only page), but its module
 * is a handler like the others. `given.secrets` stands in for Secrets Manager (tests).
 */
export async function buildMpesaSandbox(start: FunctionStart, given: { readonly secrets?: SecretReader } = {}): Promise<HttpHandler> {
  const mpesa = await createFunctionMpesa(start, awsDocumentClient(), () => given.secrets ?? awsSecretReader());
  return createMpesaSandboxHandler({ logger: start.logger, mpesa });
}

export const handler: HttpHandler = lambdaHttpHandler('mpesa-sandbox', (start) => buildMpesaSandbox(start), { tracing });
