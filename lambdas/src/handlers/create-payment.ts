/**
 * POST /api/create-payment: { items, customerData } → 200 { url, invoiceNumber }.
 * parse (media type, size, JSON, order rules, the Idempotency-Key of the attempt) → start the checkout
 * (a repeated key: the first request's checkout; a new order only within the client's limit, else
 * 429 with Retry-After) → shape the answer.
 */
import type { AppConfig } from '../config';
import { clientAddress, type HttpHandler } from '../http/apiGateway';
import { respondSafely } from '../http/boundary';
import { readJsonBody } from '../http/jsonBody';
import { attemptResponse, rateLimitedResponse, readPaymentAttempt } from '../http/paymentAttempt';
import { PROVIDER_ERROR_MESSAGE, errorResponse, json, methodNotAllowed } from '../http/responses';
import { lambdaHttpHandler, type FunctionStart } from '../lambda';
import { createRateLimiter } from '../leads/rateLimit';
import type { Logger } from '../log';
import { createPaymentAttemptsStore } from '../orders/attempts';
import { INVALID_ORDER_MESSAGE, parseOrderRequest, priceMismatchMessage } from '../orders/orderRequest';
import { createPaymentLimits, type PaymentLimits } from '../orders/paymentLimits';
import { createStartCheckout, type StartCheckout } from '../orders/startCheckout';
import { createOrdersStore } from '../orders/store';
import { createCardPayments } from '../payments/cardPayments';
import { awsDocumentClient } from '../clients/dynamo';
import { awsSecretReader, type SecretReader } from '../clients/secrets';
import { tracing } from '../clients/tracing';

export interface CreatePaymentServices {
  readonly config: Pick<AppConfig, 'clientAddressHeader'>;
  readonly logger: Logger;
  readonly startCheckout: StartCheckout;
  readonly paymentLimits: PaymentLimits;
}

/** The handler over its services: the deployed one below, the local runtime's (local/api.ts), a test's. */
export function createCreatePaymentHandler({ config, logger, startCheckout, paymentLimits }: CreatePaymentServices): HttpHandler {
  return (event) =>
    respondSafely(
      'create-payment',
      async () => {
        if (event.requestContext.http.method !== 'POST') return methodNotAllowed(['POST']);
        const body = readJsonBody(event, { keepWrittenNumbers: true });
        if (!body.ok) return body.response;

        const request = parseOrderRequest(body.value);
        if (request.kind === 'invalid') return errorResponse(400, INVALID_ORDER_MESSAGE, request.fieldErrors);
        if (request.kind === 'price-mismatch') return errorResponse(409, priceMismatchMessage(request.serviceNames));

        const attempt = readPaymentAttempt(event, { method: 'card', draft: request.draft });
        if (!attempt.ok) return attempt.response;

        const result = await startCheckout(request.draft, attempt.attempt, paymentLimits.forOrder({ ip: clientAddress(event, config.clientAddressHeader) }));
        if (result.kind === 'attempt-other-details' || result.kind === 'attempt-in-progress') return attemptResponse(result.kind);
        if (result.kind === 'rate-limited') return rateLimitedResponse(result);
        if (result.kind === 'provider-error') return errorResponse(502, PROVIDER_ERROR_MESSAGE);
        if (result.kind === 'refused-details') return errorResponse(400, INVALID_ORDER_MESSAGE, result.fieldErrors);
        return json(200, { url: result.url, invoiceNumber: result.invoiceNumber });
      },
      logger,
    );
}

/**
 * In AWS: configuration (the function's start) → clients → services → handler, once per container
 * (lambda.ts). `given.secrets` stands in for Secrets Manager (tests).
 */
export async function buildCreatePayment(start: FunctionStart, given: { readonly secrets?: SecretReader } = {}): Promise<HttpHandler> {
  const { config, logger, metrics, clock } = start;
  const dynamo = awsDocumentClient();
  const { provider } = await createCardPayments(
    start,
    () => dynamo,
    () => given.secrets ?? awsSecretReader(),
  );
  const startCheckout = createStartCheckout({
    orders: createOrdersStore(dynamo, config.ordersTable),
    payments: provider,
    attempts: createPaymentAttemptsStore(dynamo, config.ordersTable),
    clock,
    logger,
    metrics,
  });
  const paymentLimits = createPaymentLimits(createRateLimiter(dynamo, config.ordersTable, clock), config.paymentLimits, logger);
  return createCreatePaymentHandler({ config, logger, startCheckout, paymentLimits });
}

export const handler: HttpHandler = lambdaHttpHandler('create-payment', (start) => buildCreatePayment(start), { tracing });
