/** The webhook's service: verify with the card provider, hand the job to fulfil-order (an asynchronous Lambda invoke). */
import { LambdaClient } from '@aws-sdk/client-lambda';
import { cardPayments } from '../payments/parts';
import { createWebhookReceiver } from '../payments/webhookReceiver';
import { part } from '../runtime/foundation';
import { traced } from '../runtime/tracing';
import { createLambdaFulfilmentQueue } from './queue';

export const receiveWebhook = part(async (foundation) => {
  const { config, given, logger } = foundation;
  const queue = createLambdaFulfilmentQueue(given.lambda ?? traced(new LambdaClient({})), config.fulfilOrderFunctionName);
  return createWebhookReceiver((await cardPayments(foundation)).provider, queue, logger);
});
