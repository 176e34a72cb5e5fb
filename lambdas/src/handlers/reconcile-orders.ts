/**
 * reconcile-orders, run by an EventBridge schedule every few minutes: settles pending orders the
 * webhook never settled and sends receipts still due (orders/reconcile.ts). The event's content is
 * ignored. A failure of the run itself (the table unreachable) is thrown so it shows in the
 * function's error metric; single orders that fail are counted and retried by the next run.
 */
import type { ReconcileReport } from '../orders/reconcile';
import { defineFunction } from '../runtime/context';
import { tracing } from '../runtime/tracing';
import { reconcileOrders } from '../orders/reconcileParts';

/** This function's services: its bundle holds these parts and what they use, nothing else. */
export const runtime = defineFunction('reconcile-orders', { reconcileOrders }, { tracing });

export const handler = runtime.handle(async (): Promise<ReconcileReport> => {
  const { services } = await runtime.current();
  return services.reconcileOrders();
});
