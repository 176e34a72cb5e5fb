/**
 * POST /api/mpesa/callback/<token>: Daraja's STK callback. Unsigned, so only a hint: the payment is
 * settled from Daraja's own query (mpesa/service.ts). The unguessable per-payment token decides
 * which payment the hint is about; an unknown token is 404, a body that is not a callback 400.
 * Daraja gets 200 for every callback it delivered to a real token, duplicates included.
 */
import type { HttpHandler } from '../http/apiGateway';
import { respondSafely } from '../http/boundary';
import { readJsonBody } from '../http/jsonBody';
import { errorResponse, json, methodNotAllowed } from '../http/responses';
import { MPESA_CALLBACK_PATH, MPESA_CALLBACK_TOKEN_PATTERN, parseCallbackBody } from '../mpesa/service';
import { lambdaHttpHandler, type FunctionStart } from '../lambda';
import type { Logger } from '../log';
import { createFunctionMpesa, type MpesaServices } from '../mpesa/services';
import { awsDocumentClient } from '../clients/dynamo';
import { awsSecretReader, type SecretReader } from '../clients/secrets';
import { tracing } from '../clients/tracing';

export interface MpesaCallbackServices {
  readonly logger: Logger;
  /** null when M-Pesa is switched off: every callback is a 404. */
  readonly mpesa: MpesaServices | null;
}

/** The handler over its services: the deployed one below, the local runtime's (local/api.ts), a test's. */
export function createMpesaCallbackHandler({ logger, mpesa }: MpesaCallbackServices): HttpHandler {
  return (event) =>
    respondSafely(
      'mpesa-callback',
      async () => {
        if (event.requestContext.http.method !== 'POST') return methodNotAllowed(['POST']);
        const token = event.rawPath.startsWith(`${MPESA_CALLBACK_PATH}/`) ? event.rawPath.slice(MPESA_CALLBACK_PATH.length + 1) : '';
        if (!mpesa || !MPESA_CALLBACK_TOKEN_PATTERN.test(token)) return errorResponse(404, 'Not found.');
        const body = readJsonBody(event);
        if (!body.ok) return body.response;
        const hint = parseCallbackBody(body.value);
        if (!hint) return errorResponse(400, 'The body is not an STK callback.');
        const outcome = await mpesa.payments.callback(token, hint);
        if (outcome.kind === 'unknown-token') return errorResponse(404, 'Not found.');
        return json(200, { ResultCode: 0, ResultDesc: 'Accepted' });
      },
      logger,
    );
}

/**
 * In AWS: configuration (the function's start) → clients → services → handler, once per container
 * (lambda.ts). `given.secrets` stands in for Secrets Manager (tests).
 */
export async function buildMpesaCallback(start: FunctionStart, given: { readonly secrets?: SecretReader } = {}): Promise<HttpHandler> {
  const mpesa = await createFunctionMpesa(start, awsDocumentClient(), () => given.secrets ?? awsSecretReader());
  return createMpesaCallbackHandler({ logger: start.logger, mpesa });
}

export const handler: HttpHandler = lambdaHttpHandler('mpesa-callback', (start) => buildMpesaCallback(start), { tracing });
