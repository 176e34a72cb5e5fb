/** The reconciliation of orders the hand-offs missed (orders/reconcile.ts). */
import { wholeSeconds, type ReadContext } from './problems';

export interface ReconcileConfig {
  /** Local runtime only: how often the timer runs (in AWS the EventBridge schedule decides). */
  readonly intervalSeconds: number;
  /** A pending order younger than this is left alone: its customer may still be paying. */
  readonly pendingAgeSeconds: number;
}

export const RECONCILE_DEFAULTS = { intervalSeconds: 60, pendingAgeSeconds: 300 } as const;

export function readReconcileConfig({ read, problems }: ReadContext): ReconcileConfig {
  return {
    intervalSeconds: wholeSeconds(read, 'RECONCILE_INTERVAL_SECONDS', RECONCILE_DEFAULTS.intervalSeconds, problems),
    pendingAgeSeconds: wholeSeconds(read, 'RECONCILE_PENDING_AGE_SECONDS', RECONCILE_DEFAULTS.pendingAgeSeconds, problems),
  };
}
