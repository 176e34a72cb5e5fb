/**
 * The reconciliation: every pending order re-read from where it is paid (card orders from Stripe or
 * the sandbox, M-Pesa payments from Daraja), due receipts sent, and fulfil-order's failure queue
 * drained (SQS in AWS when configured, a folder locally).
 */
import { SQSClient } from '@aws-sdk/client-sqs';
import { createSqsFulfilmentFailures } from '../fulfilment/failures';
import { mpesa } from '../mpesa/parts';
import { MPESA_PAYMENT_ID_PATTERN } from '../mpesa/service';
import { sendReceipt } from '../receipts/parts';
import { part, type Foundation } from '../runtime/foundation';
import { traced } from '../runtime/tracing';
import type { ConfirmOrder } from './confirmOrder';
import { ordersStore } from './parts';
import { createReconcileOrders } from './reconcile';
import { confirmCardOrder } from './settleParts';

/** Only reconcile-orders is given the queue (and the right to read it). */
function fulfilmentFailures({ config, given }: Foundation) {
  if (given.fulfilmentFailures) return given.fulfilmentFailures;
  return config.fulfilmentFailureQueueUrl ? createSqsFulfilmentFailures(traced(new SQSClient({})), config.fulfilmentFailureQueueUrl) : undefined;
}

export const reconcileOrders = part(async (foundation) => {
  const [confirmCard, mpesaServices] = await Promise.all([confirmCardOrder(foundation), mpesa(foundation)]);
  const confirmAny: ConfirmOrder = (request) => (mpesaServices && MPESA_PAYMENT_ID_PATTERN.test(request.sessionId) ? mpesaServices.payments.confirm(request) : confirmCard(request));
  const failures = fulfilmentFailures(foundation);
  return createReconcileOrders({
    orders: ordersStore(foundation),
    confirmOrder: confirmAny,
    sendReceipt: sendReceipt(foundation),
    clock: foundation.clock,
    logger: foundation.logger,
    metrics: foundation.metrics,
    pendingAgeSeconds: foundation.config.reconcile.pendingAgeSeconds,
    ...(failures ? { failures } : {}),
  });
});
