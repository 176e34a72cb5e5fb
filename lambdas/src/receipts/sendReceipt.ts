/**
 * Sends a paid order's receipt exactly once: the customer's message (`receipt#<invoice>`) and the
 * support copy (`receipt-copy#<invoice>`) each go through the outbox, and only when both are out is
 * the order's `receiptStatus` moved from `due` to `sent`. Until then the order stays marked `due`
 * and the reconciliation retries; the outbox makes the retry send only what is still missing.
 */
import type { AppConfig } from '../config';
import type { Logger } from '../log';
import { uncountedMetrics, type BusinessMetrics } from '../metrics';
import { bindOrder } from '../orderContext';
import type { MailRuntime, Outbox } from '../mail/types';
import type { OrdersStore } from '../orders/store';
import type { Order } from '../orders/types';
import { buildReceiptMails, type ReceiptContext } from './receiptMail';

/**
 * 'sent': this call completed the receipt (both messages out, the order's mark moved from due to sent:
 * counted once, ReceiptsSent); 'already-sent': it was complete before; 'in-progress': a message is still
 * held by another sender that may be at work, so the order stays due and the reconciliation looks again.
 */
export type SendReceipt = (order: Order) => Promise<'sent' | 'already-sent' | 'in-progress'>;

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

/** A function's receipts: through its mail's outbox, a copy to its support address, links to the site. */
export function createFunctionReceipts(
  { config, clock, logger, metrics }: { readonly config: Pick<AppConfig, 'publicSiteUrl'>; readonly clock: () => Date; readonly logger: Logger; readonly metrics: BusinessMetrics },
  mail: Pick<MailRuntime, 'outbox' | 'supportEmail'>,
  orders: OrdersStore,
): SendReceipt {
  return createSendReceipt({ outbox: mail.outbox, orders, context: { supportEmail: mail.supportEmail, publicSiteUrl: config.publicSiteUrl }, clock, logger, metrics });
}

export function createSendReceipt({ outbox, orders, context, clock, logger, metrics = uncountedMetrics }: SendReceiptDependencies): SendReceipt {
  const send: SendReceipt = async (order) => {
    // Built once, lazily: a retry that finds both messages sent draws no PDF.
    let built: ReturnType<typeof buildReceiptMails> | undefined;
    const mails = () => (built ??= buildReceiptMails(order, context));
    const customer = await outbox.sendOnce(receiptKey(order.invoiceNumber), async () => (await mails()).customer);
    const copy = await outbox.sendOnce(receiptCopyKey(order.invoiceNumber), async () => (await mails()).copy);
    // Only a confirmed send settles the mark: 'in-progress' is another sender still at work.
    const complete = (await outbox.has(receiptKey(order.invoiceNumber))) && (await outbox.has(receiptCopyKey(order.invoiceNumber)));
    // The mark moves from due to sent once (a conditional write): the call that moves it counts the receipt,
    // however its two messages were shared between callers, crashes and retries.
    const marked = complete && (await orders.markReceiptSent(order.invoiceNumber, clock().toISOString()));
    if (customer === 'sent' || copy === 'sent') logger.info('receipt.sent', { invoiceNumber: order.invoiceNumber, customer, copy, complete });
    if (marked) {
      metrics.count('receiptsSent');
      return 'sent';
    }
    return complete ? 'already-sent' : 'in-progress';
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
