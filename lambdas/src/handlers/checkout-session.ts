/**
 * GET /api/checkout-session?session_id=… : what the payment-success page shows, after settling the
 * order synchronously (the page may arrive before the webhook does).
 */
import { queryParameter, type HttpHandler } from '../http/apiGateway';
import { respondSafely } from '../http/boundary';
import { errorResponse, json, methodNotAllowed } from '../http/responses';
import { MPESA_PAYMENT_ID_PATTERN } from '../mpesa/service';
import { SESSION_ID_PATTERN } from '../payments/types';
import { lambdaHttpHandler, type FunctionStart } from '../lambda';
import type { Logger } from '../log';
import { createSettlingMpesa, type MpesaServices } from '../mpesa/services';
import { createCheckoutStatus, type CheckoutStatus } from '../orders/checkoutStatus';
import { createFunctionCardConfirmation } from '../orders/cardConfirmation';
import { awsDocumentClient } from '../clients/dynamo';
import { awsSecretReader, type SecretReader } from '../clients/secrets';
import { tracing } from '../clients/tracing';

export interface CheckoutSessionServices {
  readonly logger: Logger;
  readonly checkoutStatus: CheckoutStatus;
  /** null when M-Pesa is switched off: an M-Pesa payment id is then not found. */
  readonly mpesa: MpesaServices | null;
}

/** The handler over its services: the deployed one below, the local runtime's (local/api.ts), a test's. */
export function createCheckoutSessionHandler({ logger, checkoutStatus, mpesa }: CheckoutSessionServices): HttpHandler {
  return (event) =>
    respondSafely(
      'checkout-session',
      async () => {
        const method = event.requestContext.http.method;
        if (method !== 'GET' && method !== 'HEAD') return methodNotAllowed(['GET']);
        const sessionId = queryParameter(event, 'session_id');
        if (!sessionId) return errorResponse(400, 'The session_id parameter is required.');
        if (MPESA_PAYMENT_ID_PATTERN.test(sessionId)) {
          // An M-Pesa payment's success page: the same summary, plus the M-Pesa receipt number.
          const payment = await mpesa?.payments.status(sessionId, 'success-page');
          return payment ? json(200, payment) : errorResponse(404, 'We could not find this checkout session.');
        }
        if (!SESSION_ID_PATTERN.test(sessionId)) return errorResponse(400, 'The session_id parameter is not a checkout session id.');

        const summary = await checkoutStatus(sessionId);
        if (!summary) return errorResponse(404, 'We could not find this checkout session.');
        return json(200, summary);
      },
      logger,
    );
}

/**
 * In AWS: configuration (the function's start) → clients → services → handler, once per container
 * (lambda.ts). The success page may settle the order and send its receipt, by card or by M-Pesa: both
 * settle through the one orders store and the one receipt sender. `given.secrets` stands in for Secrets Manager (tests).
 */
export async function buildCheckoutSession(start: FunctionStart, given: { readonly secrets?: SecretReader } = {}): Promise<HttpHandler> {
  const dynamo = awsDocumentClient();
  const secrets = () => given.secrets ?? awsSecretReader();
  const { orders, sendReceipt, confirmOrder } = await createFunctionCardConfirmation(start, dynamo, secrets);
  const mpesa = await createSettlingMpesa(start, dynamo, secrets, { orders, sendReceipt });
  return createCheckoutSessionHandler({ logger: start.logger, checkoutStatus: createCheckoutStatus(confirmOrder), mpesa });
}

export const handler: HttpHandler = lambdaHttpHandler('checkout-session', (start) => buildCheckoutSession(start), { tracing });
