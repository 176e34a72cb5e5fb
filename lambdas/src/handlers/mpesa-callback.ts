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
import { defineFunction } from '../runtime/context';
import { tracing } from '../runtime/tracing';
import { mpesa } from '../mpesa/parts';

/** This function's services: its bundle holds these parts and what they use, nothing else. */
export const runtime = defineFunction('mpesa-callback', { mpesa }, { tracing });

export const handler: HttpHandler = runtime.handle((event) =>
  respondSafely('mpesa-callback', async () => {
    if (event.requestContext.http.method !== 'POST') return methodNotAllowed(['POST']);
    const token = event.rawPath.startsWith(`${MPESA_CALLBACK_PATH}/`) ? event.rawPath.slice(MPESA_CALLBACK_PATH.length + 1) : '';
    const { services } = await runtime.current();
    if (!services.mpesa || !MPESA_CALLBACK_TOKEN_PATTERN.test(token)) return errorResponse(404, 'Not found.');
    const body = readJsonBody(event);
    if (!body.ok) return body.response;
    const hint = parseCallbackBody(body.value);
    if (!hint) return errorResponse(400, 'The body is not an STK callback.');
    const outcome = await services.mpesa.payments.callback(token, hint);
    if (outcome.kind === 'unknown-token') return errorResponse(404, 'Not found.');
    return json(200, { ResultCode: 0, ResultDesc: 'Accepted' });
  }),
);
