/**
 * The one routine that settles an order. The webhook (through fulfil-order), the success page and
 * the sandbox's Pay and Decline buttons all call it. It never trusts what the caller says happened:
 * it re-reads the session from the provider, checks it belongs to the order and carries the order's
 * amount, and only then moves the order out of `pending` with a conditional write. Duplicates,
 * replays, races and late events therefore change nothing after the first decisive one; a late
 * "expired" can never undo "paid". The one exception is money: a session the provider says is paid
 * moves a failed or expired order to paid, held for a person to review. Whatever a person must look
 * at is marked on the order in the store (and never expires), not only logged.
 */
import type { Logger } from '../log';
import { uncountedMetrics, type BusinessMetrics } from '../metrics';
import { bindOrder } from '../orderContext';
import type { SendReceipt } from '../receipts/sendReceipt';
import { paymentMethodOf, type CheckoutSessionState, type PaymentsProvider } from '../payments/types';
import type { OrdersStore } from './store';
import { ORDER_CURRENCY, type Order, type OrderReview, type OrderStatus } from './types';

export interface ConfirmRequest {
  readonly sessionId: string;
  /** Who asked, recorded with the change: an event type, "success-page", "sandbox-pay"… */
  readonly source: string;
}

export type ConfirmResult = { readonly kind: 'unknown-session' } | { readonly kind: 'order'; readonly order: Order; readonly changed: boolean };

export type ConfirmOrder = (request: ConfirmRequest) => Promise<ConfirmResult>;

export type StatusDecision =
  { readonly kind: 'change'; readonly to: Exclude<OrderStatus, 'pending'> } | { readonly kind: 'hold'; readonly why: 'awaiting-payment' | 'amount-mismatch' | 'order-mismatch' | 'settled' };

/** Decided only from the provider's own account of the session, never from what a caller reports. */
export function decideStatus(session: CheckoutSessionState, order: Order): StatusDecision {
  if (session.orderRef !== order.invoiceNumber || (session.orderId !== null && session.orderId !== order.orderId)) {
    return { kind: 'hold', why: 'order-mismatch' };
  }
  const paid = session.status === 'complete' && (session.paymentStatus === 'paid' || session.paymentStatus === 'no_payment_required');
  if (paid) {
    const amountMatches = session.amountTotalCents === order.totalCents && session.currency?.toLowerCase() === ORDER_CURRENCY;
    if (!amountMatches) return { kind: 'hold', why: 'amount-mismatch' };
    return order.status === 'paid' ? { kind: 'hold', why: 'settled' } : { kind: 'change', to: 'paid' };
  }
  if (order.status !== 'pending') return { kind: 'hold', why: 'settled' };
  if (session.status === 'expired') return { kind: 'change', to: 'expired' };
  if (session.paymentFailed) return { kind: 'change', to: 'failed' };
  return { kind: 'hold', why: 'awaiting-payment' };
}

export interface ConfirmOrderDependencies {
  readonly orders: OrdersStore;
  readonly payments: PaymentsProvider;
  readonly clock: () => Date;
  readonly logger: Logger;
  /**
   * Sends the receipt of an order this routine has just made paid. Its failure never fails the
   * confirmation: the order stays marked `receiptStatus: 'due'` and the reconciliation retries.
   */
  readonly sendReceipt?: SendReceipt;
  /** Orders paid, failed, expired and held for review (OrdersPaid, OrdersFailed, OrdersExpired, OrdersNeedingReview). */
  readonly metrics?: BusinessMetrics;
}

export function createConfirmOrder({ orders, payments, clock, logger, sendReceipt, metrics = uncountedMetrics }: ConfirmOrderDependencies): ConfirmOrder {
  const method = paymentMethodOf(payments.name);
  const needsReview = (order: Order, sessionId: string, why: OrderReview['why'], source: string) => {
    logger.error('order.confirm.needs_review', { invoiceNumber: order.invoiceNumber, sessionId, why, status: order.status, source });
    metrics.count('ordersNeedingReview', {}, { why, source });
    return orders.markForReview(order.invoiceNumber, { why, at: clock().toISOString(), source });
  };
  return async ({ sessionId, source }) => {
    const session = await payments.retrieveSession(sessionId);
    if (!session?.orderRef) return { kind: 'unknown-session' };
    bindOrder({ invoiceNumber: session.orderRef, ...(session.correlationId ? { correlationId: session.correlationId } : {}) });
    const order = await orders.getOrder(session.orderRef);
    if (!order) {
      logger.warn('order.confirm.no_order', { sessionId, invoiceNumber: session.orderRef, source });
      return { kind: 'unknown-session' };
    }
    bindOrder(order);

    const decision = decideStatus(session, order);
    if (decision.kind === 'hold') {
      if (decision.why === 'amount-mismatch' || decision.why === 'order-mismatch') {
        // Money may have moved for an order we cannot match: leave it as it is for a person to review.
        await needsReview(order, sessionId, decision.why, source);
      }
      return { kind: 'order', order, changed: false };
    }
    if (order.status !== 'pending') {
      // The provider took the money for an order already settled otherwise: correct it, and say so.
      await needsReview(order, sessionId, 'paid-after-settled', source);
    }

    const changed = await orders.changeStatus(order.invoiceNumber, { from: order.status, to: decision.to, at: clock().toISOString(), reason: source });
    if (!changed) {
      const current = await orders.getOrder(order.invoiceNumber);
      return { kind: 'order', order: current ?? order, changed: false };
    }
    logger.info('order.status_changed', { invoiceNumber: changed.invoiceNumber, orderId: changed.orderId, status: changed.status, from: order.status, sessionId, source });
    if (changed.status === 'paid') metrics.count('ordersPaid', { Method: method }, { source });
    if (changed.status === 'expired') metrics.count('ordersExpired', { Method: method }, { source });
    if (changed.status === 'failed') metrics.count('ordersFailed', { Method: method, Reason: session.failureReason ?? 'declined' }, { source });
    if (changed.status === 'paid' && sendReceipt) {
      try {
        await sendReceipt(changed);
      } catch (error) {
        logger.error('receipt.send_failed', { invoiceNumber: changed.invoiceNumber, source, error });
      }
    }
    return { kind: 'order', order: changed, changed: true };
  };
}
