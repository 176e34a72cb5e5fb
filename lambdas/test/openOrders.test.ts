/**
 * The reconciliation reads the orders it must look at from the table's two sparse indexes
 * (@kesho/operations/orders-table) and never scans the table: every write that opens, pays, settles or
 * holds an order keeps its index keys, tested here against the local DynamoDB (dynalite) the runtime uses.
 */
import { CreateTableCommand, DescribeTableCommand, ScanCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { HELD_ORDERS_INDEX, OPEN_ORDERS_INDEX } from '@kesho/operations/orders-table';
import { ensureOrdersTable } from '../src/local/embeddedDynamo';
import { silentLogger } from '../src/log';
import { createReconcileOrders } from '../src/orders/reconcile';
import { createOrdersStore, orderKey, type OrdersStore } from '../src/orders/store';
import type { Order } from '../src/orders/types';
import { startTestTable, type TestTable } from './support/table';

const TABLE = 'open-orders-under-test';
let table: TestTable;
let orders: OrdersStore;
/** The names of the commands the store sent, in order. */
let sent: string[];

beforeAll(async () => {
  table = await startTestTable(TABLE);
  const recording = new Proxy(table.documents, {
    get(target, property, receiver) {
      if (property !== 'send') return Reflect.get(target, property, receiver) as unknown;
      return (command: { constructor: { name: string }; input: { IndexName?: string } }) => {
        sent.push(command.input.IndexName ? `${command.constructor.name}(${command.input.IndexName})` : command.constructor.name);
        return (target.send as (command: unknown) => Promise<unknown>)(command);
      };
    },
  });
  orders = createOrdersStore(recording, TABLE);
});

beforeEach(() => {
  sent = [];
});

afterAll(async () => {
  await table.close();
});

let invoiceSequence = 10_000_000;
function newOrder(createdAt: string, overrides: Partial<Order> = {}): Order {
  invoiceSequence += 1;
  return {
    orderId: `order-${invoiceSequence}`,
    invoiceNumber: `INV-${invoiceSequence}`,
    status: 'pending',
    currency: 'usd',
    lines: [{ id: 'essay-editing', name: 'Essay Editing', unitAmountCents: 25_000, quantity: 1, amountCents: 25_000 }],
    totalCents: 25_000,
    customer: { fullName: 'Amani Wanjiru', email: 'amani@example.com', phone: '+254712345678' },
    createdAt,
    updatedAt: createdAt,
    termsAcceptedAt: createdAt,
    checkoutSessionId: `cs_test_${invoiceSequence}`,
    ...overrides,
  };
}

const invoices = (found: readonly Order[]) => found.map((order) => order.invoiceNumber).sort();
const CUTOFF = '2026-03-01T00:10:00.000Z';

describe('the open-orders index', () => {
  test('holds an order while it is pending or paid with its receipt due, and lets it go once settled', async () => {
    const old = newOrder('2026-03-01T00:00:00.000Z');
    const young = newOrder('2026-03-01T00:20:00.000Z');
    const paidDue = newOrder('2026-03-01T00:01:00.000Z');
    const paidSent = newOrder('2026-03-01T00:02:00.000Z');
    const failed = newOrder('2026-03-01T00:03:00.000Z');
    const expired = newOrder('2026-03-01T00:04:00.000Z');
    for (const order of [old, young, paidDue, paidSent, failed, expired]) expect(await orders.insertOrder(order)).toBe('created');
    const at = '2026-03-01T00:30:00.000Z';
    await orders.changeStatus(paidDue.invoiceNumber, { from: 'pending', to: 'paid', at, reason: 'webhook' });
    await orders.changeStatus(paidSent.invoiceNumber, { from: 'pending', to: 'paid', at, reason: 'webhook' });
    await orders.markReceiptSent(paidSent.invoiceNumber, at);
    await orders.changeStatus(failed.invoiceNumber, { from: 'pending', to: 'failed', at, reason: 'webhook' });
    await orders.changeStatus(expired.invoiceNumber, { from: 'pending', to: 'expired', at, reason: 'reconcile' });

    sent = [];
    const found = await orders.findOrdersNeedingAttention(CUTOFF);
    expect(invoices(found)).toEqual(invoices([old, paidDue]));
    expect(found.find((order) => order.invoiceNumber === paidDue.invoiceNumber)).toMatchObject({ status: 'paid', receiptStatus: 'due' });
    expect(sent.sort()).toEqual([`QueryCommand(${OPEN_ORDERS_INDEX.name})`, `QueryCommand(${OPEN_ORDERS_INDEX.name})`]);
    // The young order is found once it is old enough; the receipt, once sent, takes the paid order out.
    expect(invoices(await orders.findOrdersNeedingAttention('2026-03-01T01:00:00.000Z'))).toEqual(invoices([old, young, paidDue]));
    await orders.markReceiptSent(paidDue.invoiceNumber, at);
    expect(invoices(await orders.findOrdersNeedingAttention(CUTOFF))).toEqual(invoices([old]));
    // Settled orders keep their data; only the index key went.
    expect(await orders.getOrder(paidSent.invoiceNumber)).toMatchObject({ status: 'paid', receiptStatus: 'sent' });
    const stored = await table.documents.send(new GetCommand({ TableName: TABLE, Key: orderKey(failed.invoiceNumber) }));
    expect(stored.Item).toMatchObject({ status: 'failed' });
    expect(stored.Item?.[OPEN_ORDERS_INDEX.partitionKey]).toBeUndefined();
  });

  test('the held-orders index keeps an order held for review whatever its status does next, until ops clear the mark', async () => {
    const held = newOrder('2026-03-02T00:00:00.000Z');
    await orders.insertOrder(held);
    await orders.markForReview(held.invoiceNumber, { why: 'mpesa-callback-mismatch', at: '2026-03-02T00:05:00.000Z', source: 'mpesa-callback' });
    await orders.changeStatus(held.invoiceNumber, { from: 'pending', to: 'expired', at: '2026-03-02T01:00:00.000Z', reason: 'reconcile' });
    const other = newOrder('2026-03-02T00:01:00.000Z', { status: 'failed' });
    await orders.insertOrder(other);
    await orders.markForReview(other.invoiceNumber, { why: 'paid-after-settled', at: '2026-03-02T00:01:30.000Z', source: 'webhook' });

    sent = [];
    const found = await orders.findOrdersForReview();
    expect(found.map((order) => order.invoiceNumber)).toEqual([other.invoiceNumber, held.invoiceNumber]);
    expect(found[1]).toMatchObject({ status: 'expired', review: { why: 'mpesa-callback-mismatch' } });
    expect(sent).toEqual([`QueryCommand(${HELD_ORDERS_INDEX.name})`]);

    // The README's clearing command removes both; a mark cleared by half (review alone) is not held either.
    await table.documents.send(
      new UpdateCommand({
        TableName: TABLE,
        Key: orderKey(held.invoiceNumber),
        UpdateExpression: 'REMOVE review, #held',
        ExpressionAttributeNames: { '#held': HELD_ORDERS_INDEX.partitionKey },
      }),
    );
    await table.documents.send(new UpdateCommand({ TableName: TABLE, Key: orderKey(other.invoiceNumber), UpdateExpression: 'REMOVE review' }));
    expect(await orders.findOrdersForReview()).toEqual([]);
  });

  test('a reconciliation run queries the two indexes and never scans the table', async () => {
    const due = newOrder('2026-03-03T00:00:00.000Z');
    await orders.insertOrder(due);
    await orders.changeStatus(due.invoiceNumber, { from: 'pending', to: 'paid', at: '2026-03-03T00:01:00.000Z', reason: 'webhook' });
    const receipts: string[] = [];
    const reconcile = createReconcileOrders({
      orders,
      confirmOrder: () => Promise.reject(new Error('no pending order is old enough here')),
      sendReceipt: async (order) => {
        receipts.push(order.invoiceNumber);
        await orders.markReceiptSent(order.invoiceNumber, '2026-03-03T00:06:00.000Z');
        return 'sent';
      },
      clock: () => new Date('2026-03-03T00:06:00.000Z'),
      logger: silentLogger,
      pendingAgeSeconds: 24 * 60 * 60 * 365 * 10,
    });
    sent = [];
    const report = await reconcile();
    expect(receipts).toEqual([due.invoiceNumber]);
    expect(report).toMatchObject({ receiptsSent: 1, failed: 0 });
    expect(sent.filter((name) => name.startsWith('Scan'))).toEqual([]);
    expect(sent.filter((name) => name.startsWith('Query')).sort()).toEqual(
      [`QueryCommand(${HELD_ORDERS_INDEX.name})`, `QueryCommand(${OPEN_ORDERS_INDEX.name})`, `QueryCommand(${OPEN_ORDERS_INDEX.name})`].sort(),
    );
  });
});

describe('a local table made before the indexes', () => {
  async function oldShapeTable(client: DynamoDBClient, tableName: string, items: Record<string, unknown>[]): Promise<void> {
    await client.send(
      new CreateTableCommand({
        TableName: tableName,
        AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
        KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
        BillingMode: 'PAY_PER_REQUEST',
      }),
    );
    await ensureActive(client, tableName);
    const documents = DynamoDBDocumentClient.from(client);
    for (const item of items) await documents.send(new PutCommand({ TableName: tableName, Item: item }));
  }

  async function ensureActive(client: DynamoDBClient, tableName: string): Promise<void> {
    for (;;) {
      const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
      if (Table?.TableStatus === 'ACTIVE') return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  test('is rebuilt with both indexes, every item kept, its open and held orders indexed', async () => {
    const tableName = 'orders-before-indexes';
    const stored = (order: Order, extra: Record<string, unknown> = {}) => ({ ...orderKey(order.invoiceNumber), kind: 'order', ...order, ...extra });
    const pending = newOrder('2026-03-04T00:00:00.000Z');
    const paidDue = newOrder('2026-03-04T00:01:00.000Z', { status: 'paid', receiptStatus: 'due' });
    const paidSent = newOrder('2026-03-04T00:02:00.000Z', { status: 'paid', receiptStatus: 'sent' });
    const heldFailed = newOrder('2026-03-04T00:03:00.000Z', { status: 'failed', review: { why: 'paid-after-settled', at: '2026-03-04T00:04:00.000Z', source: 'webhook' } });
    const items = [stored(pending), stored(paidDue), stored(paidSent), stored(heldFailed), { pk: 'enquiry#1', kind: 'enquiry', status: 'received' }, { pk: 'rate#x', count: 3 }];
    await oldShapeTable(table.client, tableName, items);

    await ensureOrdersTable(table.client, tableName);

    const { Table } = await table.client.send(new DescribeTableCommand({ TableName: tableName }));
    expect(Table?.GlobalSecondaryIndexes?.map((index) => index.IndexName).sort()).toEqual([HELD_ORDERS_INDEX.name, OPEN_ORDERS_INDEX.name].sort());
    expect((await table.client.send(new ScanCommand({ TableName: tableName, Select: 'COUNT' }))).Count).toBe(items.length);
    const rebuilt = createOrdersStore(DynamoDBDocumentClient.from(table.client), tableName);
    expect(invoices(await rebuilt.findOrdersNeedingAttention('2026-03-05T00:00:00.000Z'))).toEqual(invoices([pending, paidDue]));
    expect((await rebuilt.findOrdersForReview()).map((order) => order.invoiceNumber)).toEqual([heldFailed.invoiceNumber]);
    expect(await rebuilt.getOrder(paidSent.invoiceNumber)).toMatchObject({ status: 'paid', receiptStatus: 'sent' });
    // A second start finds the indexes and leaves the table alone.
    await ensureOrdersTable(table.client, tableName);
    expect(await rebuilt.getOrder(pending.invoiceNumber)).toMatchObject({ status: 'pending' });
  });
});
