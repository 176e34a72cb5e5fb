/**
 * reconcile-orders, run by an EventBridge schedule every few minutes: settles pending orders the
 * webhook never settled and sends receipts still due (orders/reconcile.ts). The event's content is
 * ignored. A failure of the run itself (the table unreachable) is thrown so it shows in the
 * function's error metric; single orders that fail are counted and retried by the next run.
 */
import { SQSClient } from '@aws-sdk/client-sqs';
import { createSqsFulfilmentFailures } from '../fulfilment/failures';
import { lambdaEventHandler, type FunctionStart } from '../lambda';
import { confirmByPaymentMethod, createSettlingMpesa } from '../mpesa/services';
import { createReconcileOrders, type ReconcileOrders, type ReconcileReport } from '../orders/reconcile';
import { createFunctionCardConfirmation } from '../orders/cardConfirmation';
import { awsDocumentClient } from '../clients/dynamo';
import { awsSecretReader, type SecretReader } from '../clients/secrets';
import { traced, tracing } from '../clients/tracing';

/** The handler over its service: the deployed one below; the local runtime runs its reconcileOrders service on a timer. */
export function createReconcileOrdersHandler(reconcileOrders: ReconcileOrders): () => Promise<ReconcileReport> {
  return () => reconcileOrders();
}

/**
 * In AWS: configuration (the function's start) → clients (DynamoDB, SQS for fulfil-order's failure
 * queue when configured) → services (card and M-Pesa confirmation through one orders store and one
 * receipt sender) → handler, once per container (lambda.ts). `given.secrets` stands in for Secrets Manager (tests).
 */
export async function buildReconcileOrders(start: FunctionStart, given: { readonly secrets?: SecretReader } = {}): Promise<() => Promise<ReconcileReport>> {
  const { config, logger, metrics, clock } = start;
  const dynamo = awsDocumentClient();
  const secrets = () => given.secrets ?? awsSecretReader();
  const { orders, sendReceipt, confirmOrder: confirmCard } = await createFunctionCardConfirmation(start, dynamo, secrets);
  const mpesa = await createSettlingMpesa(start, dynamo, secrets, { orders, sendReceipt });
  const confirmAny = confirmByPaymentMethod(confirmCard, mpesa);
  // Only reconcile-orders is given the queue (and the right to read it).
  const failures = config.fulfilmentFailureQueueUrl ? createSqsFulfilmentFailures(traced(new SQSClient({})), config.fulfilmentFailureQueueUrl) : undefined;
  return createReconcileOrdersHandler(
    createReconcileOrders({
      orders,
      confirmOrder: confirmAny,
      sendReceipt,
      clock,
      logger,
      metrics,
      pendingAgeSeconds: config.reconcile.pendingAgeSeconds,
      ...(failures ? { failures } : {}),
    }),
  );
}

export const handler = lambdaEventHandler('reconcile-orders', (start) => buildReconcileOrders(start), { tracing });
