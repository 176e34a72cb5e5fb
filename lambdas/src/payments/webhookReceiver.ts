/**
 * stripe-webhook's service: verify, pick the events that can settle an order, queue them. Nothing
 * is decided here; the event only says which session to look at again.
 */
import { parseOrderNaming, type FulfilmentJob, type FulfilmentQueue } from '../fulfilment/queue';
import type { Logger } from '../log';
import { bindOrder } from '../orderContext';
import { WebhookVerificationError, isHandledEventType, type PaymentsProvider } from './types';

export type WebhookOutcome =
  { readonly kind: 'rejected'; readonly reason: string } | { readonly kind: 'ignored'; readonly eventType: string } | { readonly kind: 'queued'; readonly job: FulfilmentJob };

export type ReceiveWebhook = (rawBody: Buffer, signatureHeader: string | undefined) => Promise<WebhookOutcome>;

export function createWebhookReceiver(payments: PaymentsProvider, queue: FulfilmentQueue, logger: Logger): ReceiveWebhook {
  return async (rawBody, signatureHeader) => {
    let event;
    try {
      event = await payments.verifyWebhook(rawBody, signatureHeader);
    } catch (error) {
      if (!(error instanceof WebhookVerificationError)) throw error;
      logger.warn('webhook.rejected', { reason: error.message });
      return { kind: 'rejected', reason: error.message };
    }
    if (!isHandledEventType(event.type) || !event.sessionId) {
      logger.info('webhook.ignored', { eventId: event.id, eventType: event.type });
      return { kind: 'ignored', eventType: event.type };
    }
    // What the session says about its order, for the story's lines only: fulfil-order re-reads everything.
    const named = parseOrderNaming({ invoiceNumber: event.invoiceNumber, correlationId: event.correlationId });
    bindOrder(named);
    const job: FulfilmentJob = { sessionId: event.sessionId, eventId: event.id, eventType: event.type, ...named };
    await queue.enqueue(job);
    logger.info('webhook.queued', { eventId: event.id, eventType: event.type, sessionId: event.sessionId });
    return { kind: 'queued', job };
  };
}
