/**
 * The orders table: orders, payments, mail outbox records, enquiries, sign-ups and rate-limit counters
 * of lambdas/src/orders/store.ts and its neighbours, one table, and which payment function may do what
 * in it.
 */
import { RemovalPolicy, type Stack } from 'aws-cdk-lib';
import { AttributeType, BillingMode, Table, TableEncryption } from 'aws-cdk-lib/aws-dynamodb';
import type { IGrantable } from 'aws-cdk-lib/aws-iam';
import type { PaymentHandlerName } from './payment-functions';

/**
 * What each function does in the table. create-payment stores the order and attaches the Checkout
 * session; confirming (success page, fulfilment, reconciliation) reads the order, changes its status
 * with conditional updates and claims the receipt's outbox record with a conditional PutItem; only the
 * reconciliation scans. The forms store an enquiry or a subscription, count rate limits (UpdateItem
 * ADD) and keep their mail outbox records, all with conditional writes. mpesa-payment stores order +
 * payment + callback token and settles; the callback and the success page (checkout-session, for mp_
 * ids) read them and record Daraja's answer with conditional updates. stripe-webhook and client-events
 * never touch the table.
 */
export const ORDERS_TABLE_ACCESS: Readonly<Partial<Record<PaymentHandlerName, readonly string[]>>> = {
  'create-payment': ['dynamodb:PutItem', 'dynamodb:GetItem', 'dynamodb:UpdateItem'],
  'checkout-session': ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'],
  'fulfil-order': ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'],
  'reconcile-orders': ['dynamodb:Scan', 'dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'],
  enquiries: ['dynamodb:PutItem', 'dynamodb:GetItem', 'dynamodb:UpdateItem'],
  subscriptions: ['dynamodb:PutItem', 'dynamodb:GetItem', 'dynamodb:UpdateItem'],
  'mpesa-payment': ['dynamodb:PutItem', 'dynamodb:GetItem', 'dynamodb:UpdateItem'],
  'mpesa-callback': ['dynamodb:GetItem', 'dynamodb:UpdateItem'],
};

export class OrdersTable {
  readonly table: Table;

  /** Built in the stack's own scope: the table's logical id (and so the retained table itself) must never change. */
  constructor(stack: Stack) {
    this.table = new Table(stack, 'Orders', {
      // Matches lambdas/src/orders/store.ts: partition key "pk" ("order#INV-…"), no sort key.
      partitionKey: { name: 'pk', type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      // Items that carry `expiresAt` (epoch seconds: unpaid orders after 30 days, enquiries after a year,
      // unconfirmed sign-ups after 7 days, rate-limit counters after their hour) are deleted by DynamoDB.
      timeToLiveAttribute: 'expiresAt',
      encryption: TableEncryption.AWS_MANAGED,
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
  }

  /** Gives each function what ORDERS_TABLE_ACCESS says, and nothing else. */
  grantAccess(functions: Readonly<Record<PaymentHandlerName, IGrantable>>): void {
    for (const [name, actions] of Object.entries(ORDERS_TABLE_ACCESS) as [PaymentHandlerName, readonly string[]][]) {
      this.table.grant(functions[name], ...actions);
    }
  }
}
