/**
 * The last line of every HTTP handler: an unexpected error becomes a plain 500 (or 502 when the
 * payment provider failed) and a log line, never a stack trace in a response.
 */
import type { BackendFunction } from '@kesho/operations/functions';
import { PaymentProviderError } from '../payments/types';
import type { Logger } from '../log';
import type { ApiGatewayResult } from './apiGateway';
import { PROVIDER_ERROR_MESSAGE, SERVER_ERROR_MESSAGE, errorResponse } from './responses';

/** `logger`: the handler's own (its function's start, lambda.ts; the local runtime's). */
export async function respondSafely(handlerName: BackendFunction, work: () => Promise<ApiGatewayResult>, logger: Logger): Promise<ApiGatewayResult> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof PaymentProviderError) {
      logger.error('handler.provider_failed', { handler: handlerName, error, cause: error.cause });
      return errorResponse(502, PROVIDER_ERROR_MESSAGE);
    }
    logger.error('handler.failed', { handler: handlerName, error });
    return errorResponse(500, SERVER_ERROR_MESSAGE);
  }
}
