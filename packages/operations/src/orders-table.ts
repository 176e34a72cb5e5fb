/**
 * The orders table's shape: the CDK app creates it (infra/lib/payments/orders-table.ts), the local
 * runtime creates the same one in dynalite (lambdas/src/local/embeddedDynamo.ts), and the store reads
 * it (lambdas/src/orders/store.ts). One table holds orders, payments, mail outbox records, enquiries,
 * sign-ups and rate-limit counters: partition key `pk`, no sort key, TTL on `expiresAt`.
 *
 * Two sparse indexes hold only the orders the reconciliation looks at every few minutes, so each run
 * queries those few items instead of scanning the whole table. An item is in an index while it
 * carries the index's key attribute, which the store sets and removes in the same conditional write
 * that changes the order.
 */
export interface TableIndex {
  readonly name: string;
  readonly partitionKey: string;
  readonly sortKey?: string;
}

export const ORDERS_TABLE_KEY = 'pk';
export const ORDERS_TABLE_TTL_ATTRIBUTE = 'expiresAt';

/**
 * Orders still open: `openStatus` is `pending` while the order waits for its payment and
 * `receipt-due` once paid until its receipt is sent; settled, failed and expired orders drop out.
 */
export const OPEN_ORDERS_INDEX = { name: 'open-orders', partitionKey: 'openStatus', sortKey: 'createdAt' } as const satisfies TableIndex;
export type OpenStatus = 'pending' | 'receipt-due';

/** Orders held for a person: `heldForReview` is `held` from the review mark until ops clear it. */
export const HELD_ORDERS_INDEX = { name: 'held-orders', partitionKey: 'heldForReview' } as const satisfies TableIndex;
export const HELD_FOR_REVIEW = 'held';

export const ORDERS_TABLE_INDEXES: readonly TableIndex[] = [OPEN_ORDERS_INDEX, HELD_ORDERS_INDEX];
