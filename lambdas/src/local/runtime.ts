/**
 * Every service at once, for the local runtime: it serves every function in one process, from one
 * foundation, so each part is built once and shared by the handlers (which ask for theirs through
 * the same parts) and by whoever looks behind the local API (its timer, the tests). Deployed handlers
 * never import this module (the build refuses src/local/ in a handler bundle).
 */
import { receiveClientEvents } from '../clientEvents/parts';
import type { AppConfig } from '../config';
import { receiveWebhook } from '../fulfilment/parts';
import { subscriptions } from '../leads/newsletterParts';
import { submitEnquiry } from '../leads/parts';
import type { Logger } from '../log';
import { mailRuntime } from '../mail/parts';
import type { MailRuntime } from '../mail/types';
import { mpesa } from '../mpesa/parts';
import { ordersStore } from '../orders/parts';
import { paymentLimits } from '../orders/paymentLimits';
import { reconcileOrders } from '../orders/reconcileParts';
import { checkoutStatus, fulfilOrder, sandboxCheckout } from '../orders/settleParts';
import type { OrdersStore } from '../orders/store';
import { cardPayments, startCheckout } from '../payments/parts';
import type { PaymentsProvider } from '../payments/types';
import { sendReceipt } from '../receipts/parts';
import type { SendReceipt } from '../receipts/sendReceipt';
import type { Foundation } from '../runtime/foundation';

export type LocalServices = Awaited<ReturnType<typeof composeServices>>;

export interface LocalRuntime {
  readonly foundation: Foundation;
  readonly config: AppConfig;
  readonly logger: Logger;
  readonly orders: OrdersStore;
  readonly payments: PaymentsProvider;
  readonly mail: MailRuntime;
  readonly sendReceipt: SendReceipt;
  readonly services: LocalServices;
}

async function composeServices(foundation: Foundation) {
  const [checkout, status, webhook, fulfil, sandbox, newsletter, mpesaServices, reconcile] = await Promise.all([
    startCheckout(foundation),
    checkoutStatus(foundation),
    receiveWebhook(foundation),
    fulfilOrder(foundation),
    sandboxCheckout(foundation),
    subscriptions(foundation),
    mpesa(foundation),
    reconcileOrders(foundation),
  ]);
  return {
    startCheckout: checkout,
    checkoutStatus: status,
    receiveWebhook: webhook,
    fulfilOrder: fulfil,
    sandboxCheckout: sandbox,
    submitEnquiry: submitEnquiry(foundation),
    subscriptions: newsletter,
    mpesa: mpesaServices,
    reconcileOrders: reconcile,
    receiveClientEvents: receiveClientEvents(foundation),
    paymentLimits: paymentLimits(foundation),
  };
}

/** Builds every part in the foundation: a configuration or secret problem shows at start, not at the first request. */
export async function composeLocalRuntime(foundation: Foundation): Promise<LocalRuntime> {
  const services = await composeServices(foundation);
  return {
    foundation,
    config: foundation.config,
    logger: foundation.logger,
    orders: ordersStore(foundation),
    payments: (await cardPayments(foundation)).provider,
    mail: mailRuntime(foundation),
    sendReceipt: sendReceipt(foundation),
    services,
  };
}
