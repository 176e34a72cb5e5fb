/**
 * The orders table (@kesho/common/orders-table, the shape the local runtime creates too): orders,
 * payments, mail outbox records, enquiries, sign-ups and rate-limit counters of lambdas/src/orders/
 * store.ts and its neighbours, one table with two sparse indexes of the orders the reconciliation
 * reads; and which payment function may do what in it.
 */
import { RemovalPolicy, type Stack } from 'aws-cdk-lib';
import { AttributeType, BillingMode, ProjectionType, Table, TableEncryption } from 'aws-cdk-lib/aws-dynamodb';
import { Grant, type IGrantable } from 'aws-cdk-lib/aws-iam';
import { ORDERS_TABLE_INDEXES, ORDERS_TABLE_KEY, ORDERS_TABLE_TTL_ATTRIBUTE, type TableIndex } from '@kesho/common/orders-table';
import type { PaymentHandlerName } from './payment-functions';

/**
 * What each function does in the table. create-payment stores the order and attaches the Checkout
 * session; confirming (success page, fulfilment, reconciliation) reads the order, changes its status
 * with conditional updates and claims the receipt's outbox record with a conditional PutItem. The
 * forms store an enquiry or a subscription, count rate limits (UpdateItem ADD) and keep their mail
 * outbox records, all with conditional writes. create-payment and mpesa-payment count the payment
 * limits (UpdateItem ADD, and the hold of a phone while its push waits: a conditional UpdateItem; every
 * function that settles an M-Pesa payment frees the hold with one). mpesa-payment stores order + payment +
 * callback token and settles; the callback and the success page (checkout-session, for mp_ ids) read them
 * and record Daraja's answer with conditional updates. client-events counts each visitor's events per
 * build and day for the canary verdict (UpdateItem ADD on `clientevents#…` counters that expire with
 * TTL; lambdas/src/clientEvents/clients.ts), nothing else. stripe-webhook never touches the table.
 * Only the reconciliation queries, and only the indexes it reads; nothing may scan the table.
 */
export const ORDERS_TABLE_ACCESS: Readonly<Partial<Record<PaymentHandlerName, { readonly items: readonly string[]; readonly queries?: readonly TableIndex[] }>>> = {
  'create-payment': { items: ['dynamodb:PutItem', 'dynamodb:GetItem', 'dynamodb:UpdateItem'] },
  'checkout-session': { items: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'] },
  'fulfil-order': { items: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'] },
  'reconcile-orders': { items: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'], queries: ORDERS_TABLE_INDEXES },
  enquiries: { items: ['dynamodb:PutItem', 'dynamodb:GetItem', 'dynamodb:UpdateItem'] },
  subscriptions: { items: ['dynamodb:PutItem', 'dynamodb:GetItem', 'dynamodb:UpdateItem'] },
  'mpesa-payment': { items: ['dynamodb:PutItem', 'dynamodb:GetItem', 'dynamodb:UpdateItem'] },
  'mpesa-callback': { items: ['dynamodb:GetItem', 'dynamodb:UpdateItem'] },
  'client-events': { items: ['dynamodb:UpdateItem'] },
};

export class OrdersTable {
  readonly table: Table;

  /** Built in the stack's own scope: the table's logical id (and so the retained table itself) must never change. */
  constructor(stack: Stack) {
    this.table = new Table(stack, 'Orders', {
      // "order#INV-…", "mpesa-payment#…", …: no sort key.
      partitionKey: { name: ORDERS_TABLE_KEY, type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      // Items that carry `expiresAt` (epoch seconds: unpaid orders after 30 days, enquiries after a year,
      // unconfirmed sign-ups after 7 days, rate-limit counters after their hour, client-event counters a
      // day after their day) are deleted by DynamoDB.
      timeToLiveAttribute: ORDERS_TABLE_TTL_ATTRIBUTE,
      encryption: TableEncryption.AWS_MANAGED,
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    // Sparse: an item is in an index only while it carries the index's key (the store keeps them).
    for (const index of ORDERS_TABLE_INDEXES) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.name,
        partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
        ...(index.sortKey ? { sortKey: { name: index.sortKey, type: AttributeType.STRING } } : {}),
        projectionType: ProjectionType.ALL,
      });
    }
  }

  /**
   * Gives each function what ORDERS_TABLE_ACCESS says, and nothing else: item actions on the table,
   * Query on the named indexes (by name: Table.grant would add every index, as "<table>/index/*").
   */
  grantAccess(functions: Readonly<Record<PaymentHandlerName, IGrantable>>): void {
    for (const [name, access] of Object.entries(ORDERS_TABLE_ACCESS) as [PaymentHandlerName, NonNullable<(typeof ORDERS_TABLE_ACCESS)[PaymentHandlerName]>][]) {
      Grant.addToPrincipal({ grantee: functions[name], actions: [...access.items], resourceArns: [this.table.tableArn] });
      if (access.queries) {
        Grant.addToPrincipal({ grantee: functions[name], actions: ['dynamodb:Query'], resourceArns: access.queries.map((index) => `${this.table.tableArn}/index/${index.name}`) });
      }
    }
  }
}
