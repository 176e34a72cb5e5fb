/**
 * The orders table (@kesho/operations/orders-table, the shape the local runtime creates too): orders,
 * payments, mail outbox records, enquiries, sign-ups and rate-limit counters of lambdas/src/orders/
 * store.ts and its neighbours, one table with two sparse indexes of the orders the reconciliation
 * reads; and which payment function may do what in it.
 */
import { RemovalPolicy, type Stack } from 'aws-cdk-lib';
import { AttributeType, BillingMode, ProjectionType, Table, TableEncryption } from 'aws-cdk-lib/aws-dynamodb';
import { Grant, type IGrantable } from 'aws-cdk-lib/aws-iam';
import { DEPLOYED_FUNCTIONS, type DeployedFunction } from '@kesho/operations/functions';
import { ORDERS_TABLE_INDEXES, ORDERS_TABLE_KEY, ORDERS_TABLE_TTL_ATTRIBUTE } from '@kesho/operations/orders-table';
import type { PaymentHandlerName } from './payment-functions';

/**
 * What each function does in the table: its entry's `aws.table` in @kesho/operations/functions (item
 * actions on the table, Query on the indexes it reads); a function without one never touches the table.
 */
export const ORDERS_TABLE_ACCESS: Readonly<Partial<Record<PaymentHandlerName, NonNullable<DeployedFunction['table']>>>> = Object.fromEntries(
  DEPLOYED_FUNCTIONS.flatMap(([name, spec]) => (spec.table ? [[name, spec.table]] : [])),
);

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
