/**
 * The one routine that settles an order. The webhook (through fulfil-order), the success page and
 * the sandbox's Pay and Decline buttons all call it. It never trusts what the caller says happened:
 * it re-reads the session from the provider, checks it belongs to the order and carries the order's
 * amount, and only then moves the order out of `pending` with a conditional write. Duplicates,
 * replays, races and late events therefore change nothing after the first decisive one; a late
 * "expired" can never undo "paid", because only a pending order can change.
 */
import type { Logger } from '../log';
import type { CheckoutSessionState, PaymentsProvider } from '../payments/types';
import type { OrdersStore } from './store';
import { ORDER_CURRENCY, type Order, type OrderStatus } from './types';

/**
 * A failed asynchronous payment leaves a Stripe session "complete" and "unpaid", exactly like one
 * still in progress, so only the verified event (or the sandbox's Decline) can say it failed.
 */
export type ReportedOutcome = 'payment_failed';

export interface ConfirmRequest {
  readonly sessionId: string;
  /** Who asked, recorded with the change: an event type, "success-page", "sandbox-pay"… */
  readonly source: string;
  readonly reportedOutcome?: ReportedOutcome;
}

export type ConfirmResult =
  | { readonly kind: 'unknown-session' }
  | { readonly kind: 'order'; readonly order: Order; readonly changed: boolean };

export type ConfirmOrder = (request: ConfirmRequest) => Promise<ConfirmResult>;

export type StatusDecision =
  | { readonly kind: 'change'; readonly to: Exclude<OrderStatus, 'pending'> }
  | { readonly kind: 'hold'; readonly why: 'awaiting-payment' | 'amount-mismatch' | 'order-mismatch' };

export function decideStatus(session: CheckoutSessionState, order: Order, reportedOutcome?: ReportedOutcome): StatusDecision {
  if (session.orderRef !== order.invoiceNumber || (session.orderId !== null && session.orderId !== order.orderId)) {
    return { kind: 'hold', why: 'order-mismatch' };
  }
  const paid = session.status === 'complete' && (session.paymentStatus === 'paid' || session.paymentStatus === 'no_payment_required');
  if (paid) {
    const amountMatches = session.amountTotalCents === order.totalCents && session.currency?.toLowerCase() === ORDER_CURRENCY;
    return amountMatches ? { kind: 'change', to: 'paid' } : { kind: 'hold', why: 'amount-mismatch' };
  }
  if (session.status === 'expired') return { kind: 'change', to: 'expired' };
  if (reportedOutcome === 'payment_failed') return { kind: 'change', to: 'failed' };
  return { kind: 'hold', why: 'awaiting-payment' };
}

export interface ConfirmOrderDependencies {
  readonly orders: OrdersStore;
  readonly payments: PaymentsProvider;
  readonly clock: () => Date;
  readonly logger: Logger;
}

export function createConfirmOrder({ orders, payments, clock, logger }: ConfirmOrderDependencies): ConfirmOrder {
  return async ({ sessionId, source, reportedOutcome }) => {
    const session = await payments.retrieveSession(sessionId);
    if (!session?.orderRef) return { kind: 'unknown-session' };
    const order = await orders.getOrder(session.orderRef);
    if (!order) {
      logger.warn('order.confirm.no_order', { sessionId, invoiceNumber: session.orderRef, source });
      return { kind: 'unknown-session' };
    }
    if (order.status !== 'pending') return { kind: 'order', order, changed: false };

    const decision = decideStatus(session, order, reportedOutcome);
    if (decision.kind === 'hold') {
      if (decision.why !== 'awaiting-payment') {
        // Money may have moved for an order we cannot match: leave it pending for a person to review.
        logger.error('order.confirm.needs_review', { invoiceNumber: order.invoiceNumber, sessionId, why: decision.why, source });
      }
      return { kind: 'order', order, changed: false };
    }

    const changed = await orders.changeStatus(order.invoiceNumber, { from: 'pending', to: decision.to, at: clock().toISOString(), reason: source });
    if (!changed) {
      const current = await orders.getOrder(order.invoiceNumber);
      return { kind: 'order', order: current ?? order, changed: false };
    }
    logger.info('order.status_changed', { invoiceNumber: changed.invoiceNumber, orderId: changed.orderId, status: changed.status, sessionId, source });
    return { kind: 'order', order: changed, changed: true };
  };
}
