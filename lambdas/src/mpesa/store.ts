/**
 * M-Pesa payments in the orders table, beside the order they pay for:
 *   `mpesa-payment#<paymentId>`  the push: phone, KES amount and rate, Daraja's ids, result, receipt
 *   `mpesa-callback#<token>`     the unguessable callback token → paymentId
 * The order item itself also records how it is being paid (method, KES amount, rate, rate date).
 * Result and receipt are written once (conditional writes), so duplicate and late callbacks and
 * concurrent polls cannot overwrite the first answer.
 */
import { GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { conditionalWrite } from '../conditionalWrite';
import { orderKey } from '../orders/store';

export interface MpesaResult {
  readonly resultCode: number;
  readonly resultDesc: string;
  readonly at: string;
}

export interface MpesaPayment {
  /** "mp_" + 22 url-safe characters: what the browser polls with. */
  readonly paymentId: string;
  readonly invoiceNumber: string;
  readonly orderId: string;
  readonly msisdn: string;
  readonly amountKes: number;
  /** The order's USD total the shillings were computed from. */
  readonly amountUsdCents: number;
  readonly kesPerUsd: string;
  readonly rateDate: string;
  readonly callbackToken: string;
  readonly createdAt: string;
  /** The order's correlation id (orderContext.ts): Daraja carries none back, so the callback finds it here. */
  readonly correlationId?: string;
  readonly checkoutRequestId?: string;
  readonly merchantRequestId?: string;
  readonly result?: MpesaResult;
  readonly receiptNumber?: string;
  /** A callback for this push disagreed with it (amount or phone): held for a person to review. */
  readonly callbackMismatch?: boolean;
  /** A callback that came before Daraja's query had an answer, kept to be checked once it has. */
  readonly earlyCallback?: { readonly checkoutRequestId: string; readonly resultCode: number; readonly amount?: number; readonly receiptNumber?: string; readonly phone?: string };
}

export interface MpesaStore {
  insertPayment(payment: MpesaPayment): Promise<void>;
  getPayment(paymentId: string): Promise<MpesaPayment | null>;
  paymentIdForToken(token: string): Promise<string | null>;
  attachPush(paymentId: string, ids: { checkoutRequestId: string; merchantRequestId: string }): Promise<void>;
  /** The stored payment after the write; the first result recorded wins. */
  recordResult(paymentId: string, result: MpesaResult): Promise<MpesaPayment | null>;
  recordReceipt(paymentId: string, receiptNumber: string): Promise<MpesaPayment | null>;
  markCallbackMismatch(paymentId: string): Promise<MpesaPayment | null>;
  recordEarlyCallback(paymentId: string, hint: NonNullable<MpesaPayment['earlyCallback']>): Promise<MpesaPayment | null>;
}

const paymentKey = (paymentId: string) => ({ pk: `mpesa-payment#${paymentId}` });
const tokenKey = (token: string) => ({ pk: `mpesa-callback#${token}` });

export function createMpesaStore(client: DynamoDBDocumentClient, tableName: string): MpesaStore {
  const get = async (paymentId: string): Promise<MpesaPayment | null> => {
    const result = await client.send(new GetCommand({ TableName: tableName, Key: paymentKey(paymentId), ConsistentRead: true }));
    return result.Item ? reshapePayment(result.Item) : null;
  };
  const setOnce = async (paymentId: string, attribute: string, value: unknown): Promise<MpesaPayment | null> => {
    const result = await conditionalWrite(
      client.send(
        new UpdateCommand({
          TableName: tableName,
          Key: paymentKey(paymentId),
          UpdateExpression: 'SET #attribute = :value',
          ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(#attribute)',
          ExpressionAttributeNames: { '#attribute': attribute },
          ExpressionAttributeValues: { ':value': value },
          ReturnValues: 'ALL_NEW',
        }),
      ),
    );
    // Refused: set already (or no such payment), so the payment as it stands.
    if (!result) return get(paymentId);
    return result.Attributes ? reshapePayment(result.Attributes) : null;
  };

  return {
    async insertPayment(payment) {
      await client.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...tokenKey(payment.callbackToken), kind: 'mpesa-callback', paymentId: payment.paymentId },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
      await client.send(
        new PutCommand({ TableName: tableName, Item: { ...paymentKey(payment.paymentId), kind: 'mpesa-payment', ...payment }, ConditionExpression: 'attribute_not_exists(pk)' }),
      );
      await client.send(
        new UpdateCommand({
          TableName: tableName,
          Key: orderKey(payment.invoiceNumber),
          UpdateExpression: 'SET paymentMethod = :method, amountKes = :kes, kesPerUsd = :rate, kesRateDate = :date, mpesaPaymentId = :id',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':method': 'mpesa', ':kes': payment.amountKes, ':rate': payment.kesPerUsd, ':date': payment.rateDate, ':id': payment.paymentId },
        }),
      );
    },
    getPayment: get,
    async paymentIdForToken(token) {
      const result = await client.send(new GetCommand({ TableName: tableName, Key: tokenKey(token), ConsistentRead: true }));
      return typeof result.Item?.paymentId === 'string' ? result.Item.paymentId : null;
    },
    async attachPush(paymentId, ids) {
      await client.send(
        new UpdateCommand({
          TableName: tableName,
          Key: paymentKey(paymentId),
          UpdateExpression: 'SET checkoutRequestId = :checkout, merchantRequestId = :merchant',
          ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(checkoutRequestId)',
          ExpressionAttributeValues: { ':checkout': ids.checkoutRequestId, ':merchant': ids.merchantRequestId },
        }),
      );
    },
    recordResult: (paymentId, result) => setOnce(paymentId, 'result', result),
    recordReceipt: (paymentId, receiptNumber) => setOnce(paymentId, 'receiptNumber', receiptNumber),
    markCallbackMismatch: (paymentId) => setOnce(paymentId, 'callbackMismatch', true),
    recordEarlyCallback: (paymentId, hint) => setOnce(paymentId, 'earlyCallback', hint),
  };
}

function reshapePayment(item: Readonly<Record<string, unknown>>): MpesaPayment {
  const text = (key: string): string => {
    const value = item[key];
    if (typeof value !== 'string') throw new Error(`Stored M-Pesa payment ${String(item.pk)} has no ${key}`);
    return value;
  };
  const optional = (key: string): string | undefined => (typeof item[key] === 'string' ? (item[key] as string) : undefined);
  const storedResult = typeof item.result === 'object' && item.result !== null ? (item.result as Record<string, unknown>) : undefined;
  const checkoutRequestId = optional('checkoutRequestId');
  const merchantRequestId = optional('merchantRequestId');
  const receiptNumber = optional('receiptNumber');
  const correlationId = optional('correlationId');
  return {
    paymentId: text('paymentId'),
    invoiceNumber: text('invoiceNumber'),
    orderId: text('orderId'),
    msisdn: text('msisdn'),
    amountKes: Number(item.amountKes),
    amountUsdCents: Number(item.amountUsdCents),
    kesPerUsd: text('kesPerUsd'),
    rateDate: text('rateDate'),
    callbackToken: text('callbackToken'),
    createdAt: text('createdAt'),
    ...(correlationId !== undefined ? { correlationId } : {}),
    ...(checkoutRequestId !== undefined ? { checkoutRequestId } : {}),
    ...(merchantRequestId !== undefined ? { merchantRequestId } : {}),
    ...(storedResult ? { result: { resultCode: Number(storedResult.resultCode), resultDesc: String(storedResult.resultDesc ?? ''), at: String(storedResult.at ?? '') } } : {}),
    ...(receiptNumber !== undefined ? { receiptNumber } : {}),
    ...(item.callbackMismatch === true ? { callbackMismatch: true } : {}),
    ...(typeof item.earlyCallback === 'object' && item.earlyCallback !== null ? { earlyCallback: reshapeHint(item.earlyCallback as Record<string, unknown>) } : {}),
  };
}

function reshapeHint(hint: Readonly<Record<string, unknown>>): NonNullable<MpesaPayment['earlyCallback']> {
  return {
    checkoutRequestId: String(hint.checkoutRequestId ?? ''),
    resultCode: Number(hint.resultCode),
    ...(typeof hint.amount === 'number' ? { amount: hint.amount } : {}),
    ...(typeof hint.receiptNumber === 'string' ? { receiptNumber: hint.receiptNumber } : {}),
    ...(typeof hint.phone === 'string' ? { phone: hint.phone } : {}),
  };
}
