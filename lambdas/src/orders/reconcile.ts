/**
 * The safety net under webhooks and the success page: every few minutes, re-read from the provider
 * each `pending` order older than a few minutes and settle it through the one confirm routine (which
 * sends the receipt of an order it makes paid), and send every receipt still marked `due`. A lost
 * webhook, a failed fulfil-order hand-off or a mail outage therefore delays, but never loses, a
 * paid order's settlement or its receipt. Then the fulfilment failure queue is drained: each job
 * Lambda gave up on names a session, settled through the same routine and removed once that worked
 * (left for the next run when it did not). Idempotent: running it twice at once changes nothing more.
 */
import type { FulfilmentFailures } from '../fulfilment/failures';
import type { Logger } from '../log';
import { uncountedMetrics, type BusinessMetrics } from '../metrics';
import { runInOrderScope } from '../orderContext';
import type { SendReceipt } from '../receipts/sendReceipt';
import type { ConfirmOrder } from './confirmOrder';
import { HELD_FOR_REVIEW_EVENT, PENDING_BACKLOG_MINUTES, RECEIPT_OVERDUE_MINUTES } from '@kesho/operations/ops-events';
import type { OpenStatus } from '@kesho/operations/orders-table';
import { openStatusOf, type OrdersStore } from './store';
import type { Order } from './types';

export interface ReconcileReport {
  /** Orders the run looked at. */
  readonly checked: number;
  /** Pending orders this run moved to paid, failed or expired. */
  readonly settled: number;
  /** Receipts of orders already paid that this run sent (the customer's, the support copy or both). */
  readonly receiptsSent: number;
  /** Orders whose provider call or receipt failed this time; the next run tries again. */
  readonly failed: number;
  /** Pending orders without a checkout session (the provider was never reached); left to expire. */
  readonly withoutSession: number;
  /** Failed fulfilment jobs settled (or found already settled) and removed from the failure queue. */
  readonly failuresDrained: number;
  /** Failed fulfilment jobs whose settlement failed again: left in the queue for the next run. */
  readonly failuresLeft: number;
  /** Orders held for a person (money that could not be settled alone), reported every run until cleared. */
  readonly heldForReview: number;
  /** Paid orders whose receipt is still due RECEIPT_OVERDUE_MINUTES after they were paid, after this run. */
  readonly receiptsOverdue: number;
  /** Pending orders older than PENDING_BACKLOG_MINUTES still pending after this run: the backlog. */
  readonly pendingBacklog: number;
}

export type ReconcileOrders = () => Promise<ReconcileReport>;

interface ReconcileStep {
  readonly kind: 'settled' | 'receipt-sent' | 'unchanged' | 'failed' | 'without-session';
  /** Where the order stands after the step, as far as this run knows. */
  readonly stillOpen: OpenStatus | null;
  /** When a paid order was paid (its last status change). */
  readonly paidAt: string;
}

/** Which open-orders entry the order keeps (the store's own rule), or null once it is settled. */
function stillOpen(order: Order): OpenStatus | null {
  return openStatusOf(order.status, order.receiptStatus).openStatus ?? null;
}

export interface ReconcileDependencies {
  readonly orders: OrdersStore;
  readonly confirmOrder: ConfirmOrder;
  readonly sendReceipt: SendReceipt;
  readonly clock: () => Date;
  readonly logger: Logger;
  /** A pending order younger than this is still in the customer's hands. */
  readonly pendingAgeSeconds: number;
  /** The fulfilment failure queue (SQS in AWS, a folder locally); absent, nothing is drained. */
  readonly failures?: FulfilmentFailures;
  /** Each run's levels (held for review, receipts overdue, the pending backlog) and its settled and left counts. */
  readonly metrics?: BusinessMetrics;
}

export const RECONCILE_SOURCE = 'reconcile';

export function createReconcileOrders({ orders, confirmOrder, sendReceipt, clock, logger, pendingAgeSeconds, failures, metrics = uncountedMetrics }: ReconcileDependencies): ReconcileOrders {
  /** One order: settled from its provider, or its due receipt sent; and whether it is still open afterwards. */
  const reconcileOne = async (order: Order): Promise<ReconcileStep> => {
    try {
      if (order.status === 'pending') {
        if (!order.checkoutSessionId) return { kind: 'without-session', stillOpen: 'pending', paidAt: order.updatedAt };
        const result = await confirmOrder({ sessionId: order.checkoutSessionId, source: RECONCILE_SOURCE });
        // A newly paid order's receipt is sent by the confirm routine; if that failed it stays due for the next run.
        const now = result.kind === 'order' ? result.order : order;
        return { kind: result.kind === 'order' && result.changed ? 'settled' : 'unchanged', stillOpen: stillOpen(now), paidAt: now.updatedAt };
      }
      if (order.status === 'paid' && order.receiptStatus === 'due') {
        return { kind: (await sendReceipt(order)) === 'sent' ? 'receipt-sent' : 'unchanged', stillOpen: null, paidAt: order.updatedAt };
      }
      return { kind: 'unchanged', stillOpen: stillOpen(order), paidAt: order.updatedAt };
    } catch (error) {
      logger.error('reconcile.order_failed', { invoiceNumber: order.invoiceNumber, status: order.status, error });
      return { kind: 'failed', stillOpen: stillOpen(order), paidAt: order.updatedAt };
    }
  };

  return async () => {
    const startedAt = clock().getTime();
    const minutesAgo = (minutes: number) => new Date(startedAt - minutes * 60_000).toISOString();
    const cutoff = new Date(startedAt - pendingAgeSeconds * 1000).toISOString();
    const candidates = await orders.findOrdersNeedingAttention(cutoff);
    let settled = 0;
    let receiptsSent = 0;
    let failed = 0;
    let withoutSession = 0;
    let receiptsOverdue = 0;
    let pendingBacklog = 0;
    // One at a time: the run is small and this keeps the provider's rate limits out of the picture.
    // Each order in a scope of its own, so each line and metric names the order it is about.
    for (const order of candidates) {
      const step = await runInOrderScope(() => reconcileOne(order), order);
      if (step.kind === 'without-session') withoutSession += 1;
      if (step.kind === 'failed') failed += 1;
      if (step.kind === 'settled') settled += 1;
      if (step.kind === 'receipt-sent') receiptsSent += 1;
      // What is still open after this run, measured against when the order was made or paid.
      if (step.stillOpen === 'pending' && order.checkoutSessionId && order.createdAt < minutesAgo(PENDING_BACKLOG_MINUTES)) pendingBacklog += 1;
      if (step.stillOpen === 'receipt-due' && step.paidAt < minutesAgo(RECEIPT_OVERDUE_MINUTES)) receiptsOverdue += 1;
    }
    let failuresDrained = 0;
    let failuresLeft = 0;
    for (const failure of failures ? await failures.receive() : []) {
      await runInOrderScope(async () => {
        try {
          if (failure.job) {
            const result = await confirmOrder({ sessionId: failure.job.sessionId, source: RECONCILE_SOURCE });
            if (result.kind === 'order' && result.changed) settled += 1;
            if (result.kind === 'unknown-session') logger.warn('reconcile.failure_unknown_session', { sessionId: failure.job.sessionId });
          } else {
            // Retrying cannot make a malformed record name a session.
            logger.warn('reconcile.failure_malformed', {});
          }
          await failures?.remove(failure.id);
          failuresDrained += 1;
        } catch (error) {
          failuresLeft += 1;
          logger.error('reconcile.failure_not_settled', { sessionId: failure.job?.sessionId, error });
        }
      }, failure.job ?? {});
    }
    const held = await orders.findOrdersForReview();
    if (held.length > 0) {
      // Every run names them again until a person clears the mark (the alarm reads the OrdersHeldForReview level below).
      logger.error(HELD_FOR_REVIEW_EVENT, { count: held.length, orders: held.slice(0, 20).map((order) => ({ invoiceNumber: order.invoiceNumber, status: order.status, ...order.review })) });
    }
    const report: ReconcileReport = {
      checked: candidates.length,
      settled,
      receiptsSent,
      failed,
      withoutSession,
      failuresDrained,
      failuresLeft,
      heldForReview: held.length,
      receiptsOverdue,
      pendingBacklog,
    };
    logger.info('reconcile.done', { ...report });
    // Levels every run (so an alarm stays raised until the cause is gone), counts of what the run did.
    metrics.gauge('ordersHeldForReview', held.length);
    metrics.gauge('receiptsOverdue', receiptsOverdue);
    metrics.gauge('pendingOrdersBacklog', pendingBacklog);
    metrics.count('reconcileSettled', {}, {}, settled);
    metrics.count('reconcileLeft', {}, {}, failed + failuresLeft);
    return report;
  };
}
