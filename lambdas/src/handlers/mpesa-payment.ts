/**
 * /api/mpesa-payment
 *   POST { items, customerData, phone } → 200 { payment } : order stored (server-priced), STK push sent;
 *                                         a repeated Idempotency-Key answers the first request's payment
 *   GET  ?payment_id=mp_…               → 200 { payment } : settled from Daraja's query, then answered
 *   GET  (no parameter)                 → 200 { rate: { kesPerUsd, rateDate } } : the rate the server charges,
 *                                         so /payment shows ops' configured rate without a build
 * `payment` is MpesaSummary (mpesa/service.ts): order status, M-Pesa outcome and its message, the
 * receipt number once paid, the KES amount with its rate and date.
 */
import { MPESA_MESSAGES, MPESA_PAYMENT_ID_PATTERN, MPESA_PHONE_FIELD, parseMpesaPhone } from '@kesho/site-rules/mpesa';
import { clientAddress, queryParameter, type HttpHandler } from '../http/apiGateway';
import { respondSafely } from '../http/boundary';
import { readJsonBody } from '../http/jsonBody';
import { attemptResponse, rateLimitedResponse, readPaymentAttempt } from '../http/paymentAttempt';
import { PROVIDER_ERROR_MESSAGE, errorResponse, json, methodNotAllowed } from '../http/responses';
import { INVALID_ORDER_MESSAGE, parseOrderRequest, priceMismatchMessage } from '../orders/orderRequest';
import type { AppConfig } from '../config';
import { lambdaHttpHandler, type FunctionStart } from '../lambda';
import type { Logger } from '../log';
import { createFunctionMpesa, type MpesaServices } from '../mpesa/services';
import { awsDocumentClient } from '../clients/dynamo';
import { awsSecretReader, type SecretReader } from '../clients/secrets';
import { tracing } from '../clients/tracing';

export interface MpesaPaymentServices {
  readonly config: Pick<AppConfig, 'kesRate' | 'clientAddressHeader'>;
  readonly logger: Logger;
  /** null when M-Pesa is switched off (production without Daraja credentials): every request is a 503. */
  readonly mpesa: MpesaServices | null;
}

export const MPESA_UNAVAILABLE_MESSAGE = 'M-Pesa payments are not available at the moment. Please pay by card.';

/** The handler over its services: the deployed one below, the local runtime's (local/api.ts), a test's. */
export function createMpesaPaymentHandler({ config, logger, mpesa }: MpesaPaymentServices): HttpHandler {
  return (event) =>
    respondSafely(
      'mpesa-payment',
      async () => {
        const method = event.requestContext.http.method;
        if (method !== 'POST' && method !== 'GET' && method !== 'HEAD') return methodNotAllowed(['GET', 'POST']);
        if (!mpesa) return errorResponse(503, MPESA_UNAVAILABLE_MESSAGE);

        if (method !== 'POST') {
          const paymentId = queryParameter(event, 'payment_id');
          if (paymentId === undefined && !event.rawQueryString) return json(200, { rate: { kesPerUsd: config.kesRate.kesPerUsd, rateDate: config.kesRate.rateDate } });
          if (!paymentId) return errorResponse(400, 'The payment_id parameter is required.');
          if (!MPESA_PAYMENT_ID_PATTERN.test(paymentId)) return errorResponse(400, 'The payment_id parameter is not an M-Pesa payment id.');
          const payment = await mpesa.payments.status(paymentId);
          return payment ? json(200, { payment }) : errorResponse(404, 'We could not find this M-Pesa payment.');
        }

        const body = readJsonBody(event, { keepWrittenNumbers: true });
        if (!body.ok) return body.response;
        const request = parseOrderRequest(body.value);
        const phone = parseMpesaPhone((body.value as Record<string, unknown> | null)?.[MPESA_PHONE_FIELD]);
        const fieldErrors = { ...(request.kind === 'invalid' ? request.fieldErrors : {}), ...(phone.ok ? {} : { [MPESA_PHONE_FIELD]: phone.error }) };
        if (Object.keys(fieldErrors).length > 0) return errorResponse(400, INVALID_ORDER_MESSAGE, fieldErrors);
        if (request.kind === 'price-mismatch') return errorResponse(409, priceMismatchMessage(request.serviceNames));
        if (request.kind !== 'valid' || !phone.ok) return errorResponse(400, INVALID_ORDER_MESSAGE);

        const attempt = readPaymentAttempt(event, { method: 'mpesa', draft: request.draft, msisdn: phone.msisdn });
        if (!attempt.ok) return attempt.response;

        const result = await mpesa.payments.start(request.draft, phone.msisdn, attempt.attempt, { ip: clientAddress(event, config.clientAddressHeader) });
        if (result.kind === 'attempt-other-details' || result.kind === 'attempt-in-progress') return attemptResponse(result.kind);
        if (result.kind === 'rate-limited') return rateLimitedResponse(result);
        if (result.kind === 'amount-out-of-range') return errorResponse(400, MPESA_MESSAGES.amountTooLarge);
        if (result.kind === 'provider-error') return errorResponse(502, PROVIDER_ERROR_MESSAGE);
        if (result.kind === 'refused-details') return errorResponse(400, INVALID_ORDER_MESSAGE, result.fieldErrors);
        return json(200, { payment: result.payment });
      },
      logger,
    );
}

/**
 * In AWS: configuration (the function's start) → clients → services → handler, once per container
 * (lambda.ts). `given.secrets` stands in for Secrets Manager (tests).
 */
export async function buildMpesaPayment(start: FunctionStart, given: { readonly secrets?: SecretReader } = {}): Promise<HttpHandler> {
  const { config, logger } = start;
  const mpesa = await createFunctionMpesa(start, awsDocumentClient(), () => given.secrets ?? awsSecretReader());
  return createMpesaPaymentHandler({ config, logger, mpesa });
}

export const handler: HttpHandler = lambdaHttpHandler('mpesa-payment', (start) => buildMpesaPayment(start), { tracing });
