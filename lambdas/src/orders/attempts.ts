/**
 * Payment attempts: one order and one payment per checkout attempt, whatever the method. The page
 * sends a key with each request that starts a payment (@kesho/site-rules/payment-attempt); the first
 * request with a key claims it with a conditional write, and every later one gets what the first
 * started: the same order, the same card checkout, the same M-Pesa push. Requests that arrive while
 * the first is still talking to Stripe or Daraja wait for it (a double tap answers twice with one
 * payment). A key used again with other details (another package, another phone) is refused.
 *
 * Items `attempt#<sha256 of the key>` in the orders table: the request's fingerprint (a hash, no
 * details), the state, and once started the order's invoice number and where the payer goes next.
 * An attempt whose provider call failed may be tried again with the same key (no payment exists); a
 * claim older than any function can run belongs to a crashed invocation and may be taken over.
 */
import { createHash } from 'node:crypto';
import { GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { expiresAtEpochSeconds, PAYMENT_ATTEMPT_RETENTION_DAYS } from '@kesho/operations/retention';
import { conditionalWrite } from '../conditionalWrite';

/** What the first request of an attempt started: the order and where the payer continues. */
export interface StartedPayment {
  readonly invoiceNumber: string;
  /** The hosted card checkout, or the M-Pesa waiting page (/payment?mpesa=<paymentId>). */
  readonly url: string;
}

export type AttemptState = { readonly state: 'starting'; readonly claimedAt: string } | { readonly state: 'started'; readonly payment: StartedPayment } | { readonly state: 'failed' };

export interface StoredAttempt {
  readonly fingerprint: string;
  readonly current: AttemptState;
}

export interface PaymentAttemptsStore {
  /** Claims the key for this request: 'claimed', or the attempt someone else holds. */
  claim(keyHash: string, fingerprint: string, at: string, staleBefore: string): Promise<'claimed' | StoredAttempt>;
  get(keyHash: string): Promise<StoredAttempt | null>;
  /** Records what the claim started (only by the request that holds the claim). */
  started(keyHash: string, claimedAt: string, payment: StartedPayment): Promise<void>;
  /** The claim ended without a payment (the provider refused or failed): the key may try again. */
  failed(keyHash: string, claimedAt: string): Promise<void>;
}

export const ATTEMPT_KEY_PREFIX = 'attempt#';

export const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** The hash a repeat must match: everything the request asked for, in a stable order. */
export function attemptFingerprint(request: unknown): string {
  return sha256(JSON.stringify(request));
}

export function createPaymentAttemptsStore(client: DynamoDBDocumentClient, tableName: string): PaymentAttemptsStore {
  const key = (keyHash: string) => ({ pk: `${ATTEMPT_KEY_PREFIX}${keyHash}` });
  const get = async (keyHash: string): Promise<StoredAttempt | null> => {
    const { Item } = await client.send(new GetCommand({ TableName: tableName, Key: key(keyHash), ConsistentRead: true }));
    return Item ? reshapeAttempt(Item) : null;
  };
  return {
    async claim(keyHash, fingerprint, at, staleBefore) {
      const claimed = await conditionalWrite(
        client.send(
          new PutCommand({
            TableName: tableName,
            Item: { ...key(keyHash), kind: 'payment-attempt', fingerprint, state: 'starting', claimedAt: at, expiresAt: expiresAtEpochSeconds(new Date(at), PAYMENT_ATTEMPT_RETENTION_DAYS) },
            // New, or the same request again after a failure or a crashed claim.
            ConditionExpression: 'attribute_not_exists(pk) OR (fingerprint = :fingerprint AND (#state = :failed OR (#state = :starting AND claimedAt < :staleBefore)))',
            ExpressionAttributeNames: { '#state': 'state' },
            ExpressionAttributeValues: { ':fingerprint': fingerprint, ':failed': 'failed', ':starting': 'starting', ':staleBefore': staleBefore },
          }),
        ),
      );
      if (claimed) return 'claimed';
      const held = await get(keyHash);
      if (!held) throw new Error('A payment attempt refused a claim and then vanished');
      return held;
    },

    get,

    async started(keyHash, claimedAt, payment) {
      // Refused when taken over after this invocation was thought dead: the newer claim records its own.
      await conditionalWrite(
        client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: key(keyHash),
            UpdateExpression: 'SET #state = :started, invoiceNumber = :invoiceNumber, #url = :url',
            ConditionExpression: '#state = :starting AND claimedAt = :claimedAt',
            ExpressionAttributeNames: { '#state': 'state', '#url': 'url' },
            ExpressionAttributeValues: { ':started': 'started', ':starting': 'starting', ':claimedAt': claimedAt, ':invoiceNumber': payment.invoiceNumber, ':url': payment.url },
          }),
        ),
      );
    },

    async failed(keyHash, claimedAt) {
      await conditionalWrite(
        client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: key(keyHash),
            UpdateExpression: 'SET #state = :failed',
            ConditionExpression: '#state = :starting AND claimedAt = :claimedAt',
            ExpressionAttributeNames: { '#state': 'state' },
            ExpressionAttributeValues: { ':failed': 'failed', ':starting': 'starting', ':claimedAt': claimedAt },
          }),
        ),
      );
    },
  };
}

function reshapeAttempt(item: Readonly<Record<string, unknown>>): StoredAttempt {
  const fingerprint = typeof item.fingerprint === 'string' ? item.fingerprint : '';
  if (item.state === 'started' && typeof item.invoiceNumber === 'string' && typeof item.url === 'string') {
    return { fingerprint, current: { state: 'started', payment: { invoiceNumber: item.invoiceNumber, url: item.url } } };
  }
  if (item.state === 'starting' && typeof item.claimedAt === 'string') return { fingerprint, current: { state: 'starting', claimedAt: item.claimedAt } };
  if (item.state === 'failed') return { fingerprint, current: { state: 'failed' } };
  throw new Error(`Stored payment attempt ${String(item.pk)} is malformed`);
}
