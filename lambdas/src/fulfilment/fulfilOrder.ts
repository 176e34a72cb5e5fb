/**
 * fulfil-order's service: settle the order a verified provider event is about. Confirmation is
 * idempotent, so Lambda's own retries and Stripe's repeated deliveries are harmless.
 */
import type { Logger } from '../log';
import type { ConfirmOrder } from '../orders/confirmOrder';
import type { OrderStatus } from '../orders/types';
import type { FulfilmentJob } from './queue';

export type FulfilResult =
  { readonly kind: 'unknown-session'; readonly sessionId: string } | { readonly kind: 'order'; readonly invoiceNumber: string; readonly status: OrderStatus; readonly changed: boolean };

export type FulfilOrder = (job: FulfilmentJob) => Promise<FulfilResult>;

export function createFulfilOrder(confirmOrder: ConfirmOrder, logger: Logger): FulfilOrder {
  return async (job) => {
    // The event only says which session to look at: what happened is read back from the provider.
    const result = await confirmOrder({ sessionId: job.sessionId, source: job.eventType });
    if (result.kind === 'unknown-session') {
      logger.warn('fulfil.unknown_session', { sessionId: job.sessionId, eventId: job.eventId, eventType: job.eventType });
      return { kind: 'unknown-session', sessionId: job.sessionId };
    }
    const { order, changed } = result;
    logger.info('fulfil.done', { invoiceNumber: order.invoiceNumber, status: order.status, changed, eventId: job.eventId, eventType: job.eventType });
    return { kind: 'order', invoiceNumber: order.invoiceNumber, status: order.status, changed };
  };
}
