/**
 * Card payments: Stripe (the SDK, with the Stripe secrets this function reads) or the sandbox; and
 * create-payment's service, which opens a checkout. No mail here: opening a checkout sends none.
 */
import { createStartCheckout } from '../orders/startCheckout';
import { ordersStore, paymentAttempts } from '../orders/parts';
import { dynamoDocuments } from '../runtime/dynamo';
import { part } from '../runtime/foundation';
import { secretReader } from '../runtime/secrets';
import { createCardPayments } from './cardPayments';

export type { CardPayments } from './cardPayments';

export const cardPayments = part((foundation) =>
  createCardPayments(
    foundation,
    () => dynamoDocuments(foundation),
    () => secretReader(foundation),
  ),
);

export const startCheckout = part(async (foundation) =>
  createStartCheckout({
    orders: ordersStore(foundation),
    payments: (await cardPayments(foundation)).provider,
    attempts: paymentAttempts(foundation),
    clock: foundation.clock,
    logger: foundation.logger,
    metrics: foundation.metrics,
  }),
);
