/**
 * The services that settle a card order from what its provider says, and so may send its receipt:
 * the success page's status, fulfil-order's job, the sandbox page's Pay and Decline.
 */
import { createFulfilOrder } from '../fulfilment/fulfilOrder';
import { cardPayments } from '../payments/parts';
import { createSandboxCheckout } from '../payments/sandboxCheckout';
import { sendReceipt } from '../receipts/parts';
import { part } from '../runtime/foundation';
import { createCheckoutStatus } from './checkoutStatus';
import { createConfirmOrder } from './confirmOrder';
import { ordersStore } from './parts';

/** The one settle-an-order routine, for orders paid by card (Stripe or the sandbox). */
export const confirmCardOrder = part(async (foundation) =>
  createConfirmOrder({
    orders: ordersStore(foundation),
    payments: (await cardPayments(foundation)).provider,
    clock: foundation.clock,
    logger: foundation.logger,
    metrics: foundation.metrics,
    sendReceipt: sendReceipt(foundation),
  }),
);

export const checkoutStatus = part(async (foundation) => createCheckoutStatus(await confirmCardOrder(foundation)));

export const fulfilOrder = part(async (foundation) => createFulfilOrder(await confirmCardOrder(foundation), foundation.logger));

/** Only in sandbox mode: with Stripe configured the test checkout does not exist. */
export const sandboxCheckout = part(async (foundation) => {
  const { sandbox } = await cardPayments(foundation);
  return sandbox ? createSandboxCheckout(sandbox, await confirmCardOrder(foundation)) : null;
});
