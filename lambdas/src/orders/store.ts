/**
 * Orders in DynamoDB through the document client. The same code talks to AWS and to the embedded
 * dynalite of the local runtime. Every state change is a conditional write, so concurrent writers
 * (a webhook and the success page, a replayed event) cannot overwrite each other: the first one
 * wins and the others learn that nothing changed.
 *
 * Table layout (@kesho/operations/orders-table, shared with the sandbox's sessions): partition key `pk`
 * (string), no sort key. Each write that opens or settles an order also sets or removes the key of
 * the open-orders index (`openStatus`), and the review mark sets the held-orders index's
 * (`heldForReview`), so the reconciliation queries those few orders and never scans the table.
 */
import { GetCommand, PutCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { HELD_FOR_REVIEW, HELD_ORDERS_INDEX, OPEN_ORDERS_INDEX, type OpenStatus } from '@kesho/operations/orders-table';
import { expiresAtEpochSeconds, UNPAID_ORDER_RETENTION_DAYS } from '@kesho/operations/retention';
import type { CustomerDetails, Order, OrderLine, OrderReview, OrderStatus } from './types';
import { conditionalWrite } from '../conditionalWrite';

export interface StatusChange {
  readonly from: OrderStatus;
  readonly to: OrderStatus;
  readonly at: string;
  readonly reason: string;
}

export interface OrdersStore {
  /** 'duplicate' when the invoice number is taken; nothing is overwritten. */
  insertOrder(order: Order): Promise<'created' | 'duplicate'>;
  getOrder(invoiceNumber: string): Promise<Order | null>;
  /** Records the provider's session on the order, once. */
  attachCheckoutSession(invoiceNumber: string, sessionId: string, at: string): Promise<void>;
  /**
   * The changed order, or null when the order was not in `from` any more (someone else won).
   * Becoming paid also marks the receipt due and lifts the unpaid-order expiry, in the same write.
   */
  changeStatus(invoiceNumber: string, change: StatusChange): Promise<Order | null>;
  /** Moves the receipt's mark from due to sent: true for the one call that moved it. */
  markReceiptSent(invoiceNumber: string, at: string): Promise<boolean>;
  /**
   * Holds the order for a person (the first reason stays) and lifts its expiry in the same write: an
   * order that may hold money is never deleted. Listed by findOrdersForReview until ops clear the mark.
   */
  markForReview(invoiceNumber: string, review: OrderReview): Promise<void>;
  /** Every order held for review, oldest mark first: a query of the held-orders index. */
  findOrdersForReview(): Promise<Order[]>;
  /**
   * Orders the reconciliation must look at: still `pending` and created before `pendingBefore`, or
   * paid with the receipt still due. Two queries of the open-orders index, which holds only open
   * orders (eventually consistent: every step the reconciliation takes re-checks with a conditional write).
   */
  findOrdersNeedingAttention(pendingBefore: string): Promise<Order[]>;
}

export const ORDER_KEY_PREFIX = 'order#';

export function orderKey(invoiceNumber: string): { pk: string } {
  return { pk: `${ORDER_KEY_PREFIX}${invoiceNumber}` };
}

export function createOrdersStore(client: DynamoDBDocumentClient, tableName: string): OrdersStore {
  return {
    async insertOrder(order) {
      const inserted = await conditionalWrite(
        client.send(
          new PutCommand({
            TableName: tableName,
            Item: {
              ...orderKey(order.invoiceNumber),
              kind: 'order',
              expiresAt: expiresAtEpochSeconds(new Date(order.createdAt), UNPAID_ORDER_RETENTION_DAYS),
              ...order,
              ...openStatusOf(order.status, order.receiptStatus),
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        ),
      );
      return inserted ? 'created' : 'duplicate';
    },

    async getOrder(invoiceNumber) {
      const result = await client.send(new GetCommand({ TableName: tableName, Key: orderKey(invoiceNumber), ConsistentRead: true }));
      return result.Item ? reshapeOrder(result.Item) : null;
    },

    async attachCheckoutSession(invoiceNumber, sessionId, at) {
      await conditionalWrite(
        client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: orderKey(invoiceNumber),
            UpdateExpression: 'SET checkoutSessionId = :sessionId, updatedAt = :at',
            ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(checkoutSessionId)',
            ExpressionAttributeValues: { ':sessionId': sessionId, ':at': at },
          }),
        ),
      );
    },

    async changeStatus(invoiceNumber, change) {
      const paid = change.to === 'paid';
      const stillOpen = openStatusOf(change.to, paid ? 'due' : undefined);
      const result = await conditionalWrite(
        client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: orderKey(invoiceNumber),
            UpdateExpression: paid
              ? 'SET #status = :to, statusReason = :reason, updatedAt = :at, receiptStatus = :due, #open = :open REMOVE expiresAt'
              : `SET #status = :to, statusReason = :reason, updatedAt = :at${stillOpen.openStatus ? ', #open = :open' : ' REMOVE #open'}`,
            ConditionExpression: 'attribute_exists(pk) AND #status = :from',
            ExpressionAttributeNames: { '#status': 'status', '#open': OPEN_ORDERS_INDEX.partitionKey },
            ExpressionAttributeValues: {
              ':from': change.from,
              ':to': change.to,
              ':reason': change.reason,
              ':at': change.at,
              ...(paid ? { ':due': 'due' } : {}),
              ...(stillOpen.openStatus ? { ':open': stillOpen.openStatus } : {}),
            },
            ReturnValues: 'ALL_NEW',
          }),
        ),
      );
      return result?.Attributes ? reshapeOrder(result.Attributes) : null;
    },

    async markReceiptSent(invoiceNumber, at) {
      const marked = await conditionalWrite(
        client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: orderKey(invoiceNumber),
            UpdateExpression: 'SET receiptStatus = :sent, receiptSentAt = :at REMOVE #open',
            ConditionExpression: 'attribute_exists(pk) AND receiptStatus = :due',
            ExpressionAttributeNames: { '#open': OPEN_ORDERS_INDEX.partitionKey },
            ExpressionAttributeValues: { ':sent': 'sent', ':due': 'due', ':at': at },
          }),
        ),
      );
      return marked !== null;
    },

    async markForReview(invoiceNumber, review) {
      await conditionalWrite(
        client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: orderKey(invoiceNumber),
            UpdateExpression: 'SET review = if_not_exists(review, :review), #held = :held REMOVE expiresAt',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeNames: { '#held': HELD_ORDERS_INDEX.partitionKey },
            ExpressionAttributeValues: { ':review': review, ':held': HELD_FOR_REVIEW },
          }),
        ),
      );
    },

    async findOrdersForReview() {
      const held = await queryAll(client, {
        TableName: tableName,
        IndexName: HELD_ORDERS_INDEX.name,
        KeyConditionExpression: '#held = :held',
        ExpressionAttributeNames: { '#held': HELD_ORDERS_INDEX.partitionKey },
        ExpressionAttributeValues: { ':held': HELD_FOR_REVIEW },
      });
      // A mark cleared by hand (REMOVE review) without its index key leaves a stale entry: not held.
      return held
        .map(reshapeOrder)
        .filter((order) => order.review !== undefined)
        .sort((a, b) => (a.review?.at ?? '').localeCompare(b.review?.at ?? ''));
    },

    async findOrdersNeedingAttention(pendingBefore) {
      const open = (openStatus: OpenStatus, createdBefore?: string) =>
        queryAll(client, {
          TableName: tableName,
          IndexName: OPEN_ORDERS_INDEX.name,
          KeyConditionExpression: createdBefore === undefined ? '#open = :open' : '#open = :open AND #created < :before',
          ExpressionAttributeNames: { '#open': OPEN_ORDERS_INDEX.partitionKey, ...(createdBefore === undefined ? {} : { '#created': OPEN_ORDERS_INDEX.sortKey }) },
          ExpressionAttributeValues: { ':open': openStatus, ...(createdBefore === undefined ? {} : { ':before': createdBefore }) },
        });
      const [pending, receiptDue] = await Promise.all([open('pending', pendingBefore), open('receipt-due')]);
      return [...pending, ...receiptDue].map(reshapeOrder);
    },
  };
}

/** Where an order stands in the open-orders index: its key while pending or paid with the receipt due, none once settled. */
export function openStatusOf(status: OrderStatus, receiptStatus: Order['receiptStatus']): { openStatus?: OpenStatus } {
  if (status === 'pending') return { openStatus: 'pending' };
  if (status === 'paid' && receiptStatus === 'due') return { openStatus: 'receipt-due' };
  return {};
}

type QueryInput = ConstructorParameters<typeof QueryCommand>[0];

/** Every page of a query. */
async function queryAll(client: DynamoDBDocumentClient, input: QueryInput): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await client.send(new QueryCommand({ ...input, ...(startKey ? { ExclusiveStartKey: startKey } : {}) }));
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items;
}

const STATUSES: readonly OrderStatus[] = ['pending', 'paid', 'failed', 'expired'];

/** Stored items are read back field by field, so a malformed item fails loudly instead of leaking on. */
function reshapeOrder(item: Readonly<Record<string, unknown>>): Order {
  const text = (key: string): string => {
    const value = item[key];
    if (typeof value !== 'string') throw new Error(`Stored order ${String(item.pk)} has no ${key}`);
    return value;
  };
  const optionalText = (source: Readonly<Record<string, unknown>>, key: string): string | undefined => (typeof source[key] === 'string' ? (source[key] as string) : undefined);
  const status = text('status') as OrderStatus;
  if (!STATUSES.includes(status)) throw new Error(`Stored order ${String(item.pk)} has an unknown status`);
  const lines = Array.isArray(item.lines) ? item.lines.map(reshapeLine) : [];
  const customerRecord = (typeof item.customer === 'object' && item.customer !== null ? item.customer : {}) as Record<string, unknown>;
  const companyName = optionalText(customerRecord, 'companyName');
  const notes = optionalText(customerRecord, 'notes');
  const customer: CustomerDetails = {
    fullName: String(customerRecord.fullName ?? ''),
    email: String(customerRecord.email ?? ''),
    phone: String(customerRecord.phone ?? ''),
    ...(companyName !== undefined ? { companyName } : {}),
    ...(notes !== undefined ? { notes } : {}),
  };
  const checkoutSessionId = optionalText(item, 'checkoutSessionId');
  const correlationId = optionalText(item, 'correlationId');
  const statusReason = optionalText(item, 'statusReason');
  const receiptStatus = item.receiptStatus === 'due' || item.receiptStatus === 'sent' ? item.receiptStatus : undefined;
  const expiresAt = typeof item.expiresAt === 'number' ? item.expiresAt : undefined;
  const review = reshapeReview(item.review);
  return {
    orderId: text('orderId'),
    invoiceNumber: text('invoiceNumber'),
    status,
    currency: 'usd',
    lines,
    totalCents: Number(item.totalCents),
    customer,
    createdAt: text('createdAt'),
    updatedAt: text('updatedAt'),
    termsAcceptedAt: text('termsAcceptedAt'),
    ...(checkoutSessionId !== undefined ? { checkoutSessionId } : {}),
    ...(correlationId !== undefined ? { correlationId } : {}),
    ...(statusReason !== undefined ? { statusReason } : {}),
    ...(receiptStatus !== undefined ? { receiptStatus } : {}),
    ...(expiresAt !== undefined ? { expiresAt } : {}),
    ...(review ? { review } : {}),
  };
}

const REVIEW_REASONS: readonly OrderReview['why'][] = ['amount-mismatch', 'order-mismatch', 'paid-after-settled', 'mpesa-callback-mismatch'];

function reshapeReview(value: unknown): OrderReview | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { why, at, source } = value as Record<string, unknown>;
  if (!REVIEW_REASONS.includes(why as OrderReview['why']) || typeof at !== 'string' || typeof source !== 'string') return undefined;
  return { why: why as OrderReview['why'], at, source };
}

function reshapeLine(value: unknown): OrderLine {
  const line = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  return {
    id: String(line.id ?? ''),
    name: String(line.name ?? ''),
    unitAmountCents: Number(line.unitAmountCents),
    quantity: Number(line.quantity),
    amountCents: Number(line.amountCents),
  };
}
