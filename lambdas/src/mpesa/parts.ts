/** M-Pesa's services as a part (mpesa/services.ts: createMpesaServices), for the handlers that still use parts. */
import { ordersStore, paymentAttempts } from '../orders/parts';
import { paymentLimits } from '../orders/paymentLimits';
import { sendReceipt } from '../receipts/parts';
import { dynamoDocuments } from '../runtime/dynamo';
import { part } from '../runtime/foundation';
import { secretReader } from '../runtime/secrets';
import { createMpesaServices, type MpesaServices } from './services';

export type { MpesaServices } from './services';

/** null when M-Pesa is switched off (production without Daraja credentials). */
export const mpesa = part(async (foundation): Promise<MpesaServices | null> => {
  if (foundation.config.mpesa.provider === 'off') return null;
  return createMpesaServices({
    config: foundation.config,
    clock: foundation.clock,
    logger: foundation.logger,
    metrics: foundation.metrics,
    dynamo: dynamoDocuments(foundation),
    orders: ordersStore(foundation),
    attempts: paymentAttempts(foundation),
    sendReceipt: sendReceipt(foundation),
    limits: paymentLimits(foundation),
    secrets: () => secretReader(foundation),
  });
});
