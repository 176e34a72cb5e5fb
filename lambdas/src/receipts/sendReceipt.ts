/**
 * Sends a paid order's receipt exactly once: the customer's message (`receipt#<invoice>`) and the
 * support copy (`receipt-copy#<invoice>`) each go through the outbox, and only when both are out is
 * the order's `receiptStatus` moved from `due` to `sent`. Until then the order stays marked `due`
 * and the reconciliation retries; the outbox makes the retry send only what is still missing.
 */
import type { Logger } from '../log';
import { uncountedMetrics, type BusinessMetrics } from '../metrics';
import { bindOrder } from '../orderContext';
import type { Outbox } from '../mail/types';
import type { OrdersStore } from '../orders/store';
import type { Order } from '../orders/types';
import { buildReceiptMails, type ReceiptContext } from './receiptMail';

export type SendReceipt = (order: Order) => Promise<'sent' | 'already-sent'>;

export interface SendReceiptDependencies {
  readonly outbox: Outbox;
  readonly orders: OrdersStore;
  readonly context: ReceiptContext;
  readonly clock: () => Date;
  readonly logger: Logger;
  /** Receipts sent and failed (ReceiptsSent, ReceiptsFailed). */
  readonly metrics?: BusinessMetrics;
}

export function receiptKey(invoiceNumber: string): string {
  return `receipt#${invoiceNumber}`;
}

export function receiptCopyKey(invoiceNumber: string): string {
  return `receipt-copy#${invoiceNumber}`;
}

export function createSendReceipt({ outbox, orders, context, clock, logger, metrics = uncountedMetrics }: SendReceiptDependencies): SendReceipt {
  const send: SendReceipt = async (order) => {
    // Built once, lazily: a retry that finds both messages sent draws no PDF.
    let built: ReturnType<typeof buildReceiptMails> | undefined;
    const mails = () => (built ??= buildReceiptMails(order, context));
    const customer = await outbox.sendOnce(receiptKey(order.invoiceNumber), async () => (await mails()).customer);
    const copy = await outbox.sendOnce(receiptCopyKey(order.invoiceNumber), async () => (await mails()).copy);
    // 'already-sent' also covers a concurrent sender still at work; only a confirmed send settles the mark.
    if ((await outbox.has(receiptKey(order.invoiceNumber))) && (await outbox.has(receiptCopyKey(order.invoiceNumber)))) {
      await orders.markReceiptSent(order.invoiceNumber, clock().toISOString());
    }
    const result = customer === 'sent' || copy === 'sent' ? 'sent' : 'already-sent';
    if (result === 'sent') {
      logger.info('receipt.sent', { invoiceNumber: order.invoiceNumber, customer, copy });
      metrics.count('receiptsSent');
    }
    return result;
  };
  return async (order) => {
    if (order.status !== 'paid') throw new Error(`Order ${order.invoiceNumber} is ${order.status}, not paid: no receipt`);
    bindOrder(order);
    try {
      return await send(order);
    } catch (error) {
      // The order stays `receiptStatus: due`: the reconciliation sends what is still missing.
      metrics.count('receiptsFailed');
      throw error;
    }
  };
}
