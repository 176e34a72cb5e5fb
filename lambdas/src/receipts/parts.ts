/** The receipt of a paid order: mail through the outbox, the invoice PDF loaded with the first one (receiptMail.ts). */
import { mailRuntime } from '../mail/parts';
import { ordersStore } from '../orders/parts';
import { part } from '../runtime/foundation';
import { createSendReceipt } from './sendReceipt';

export const sendReceipt = part((foundation) => {
  const mail = mailRuntime(foundation);
  return createSendReceipt({
    outbox: mail.outbox,
    orders: ordersStore(foundation),
    context: { supportEmail: mail.supportEmail, publicSiteUrl: foundation.config.publicSiteUrl },
    clock: foundation.clock,
    logger: foundation.logger,
    metrics: foundation.metrics,
  });
});
