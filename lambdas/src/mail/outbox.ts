/**
 * Exactly-once sending over an at-least-once world (webhook replays, the success page racing the
 * webhook, Lambda retries, the reconciliation timer). Each message has a key; its record
 * (`pk = outbox#<key>`, in the orders table) is claimed with a conditional write before anything is
 * sent, so only one caller ever sends it:
 *
 *   (none) ──claim──▶ sending ──sent──▶ sent
 *                        │
 *                        └──error──▶ failed ──claim again (attempts + 1)──▶ sending …
 *
 * A claim that is older than the lease (a sender that died between claiming and recording the
 * result) may be taken over; the lease is far longer than any send, so a live sender is never
 * duplicated. A claim names its sender's process (`owner`); where it is known that the named process
 * is gone (`ownerGone`: the local runtime is the only process that can open its data directory's
 * table, so after a restart every earlier process is dead), the claim is taken over at once, by the
 * first caller after the crash (the reconciliation at start-up), instead of after the lease. In AWS a
 * claim's lease ends when the invocation that made it must have ended (`deadline`: Lambda stops it at
 * its timeout; OUTBOX_DEADLINE_GRACE_MS later), so a crashed claim is taken over by the first
 * reconciliation after that, not 10 minutes later.
 * The record keeps no message content: only status, attempts, times, the claiming process's random
 * id, the transport's message id, the order it is about (invoice number and correlation id, when the
 * sender's scope names one) and, from the message's mail events (events.ts), its delivery outcome.
 */
import { GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { redactAddresses } from '../log';
import { currentOrderFields } from '../orderContext';
import { conditionalWrite } from '../conditionalWrite';
import type { MailTransport, Outbox, OutgoingMail } from './types';

export const OUTBOX_KEY_PREFIX = 'outbox#';
/** A sender that has not reported back after this long is presumed dead. */
export const OUTBOX_LEASE_MS = 10 * 60 * 1000;
/** Clocks of two Lambda instances may differ a little: a claim outlives its invocation's deadline by this much. */
export const OUTBOX_DEADLINE_GRACE_MS = 30 * 1000;

export type OutboxStatus = 'sending' | 'sent' | 'failed';
/** What became of a sent message, from its mail events (events.ts): written on the record beside `status`. */
export type OutboxDelivery = 'delivered' | 'bounced' | 'complained' | 'rejected';
const DELIVERIES: readonly string[] = ['delivered', 'bounced', 'complained', 'rejected'] satisfies OutboxDelivery[];

export type SendOnceResult = 'sent' | 'already-sent' | 'in-progress';

export interface OutboxRecord {
  readonly key: string;
  readonly status: OutboxStatus;
  readonly attempts: number;
  readonly claimedAt: string;
  /** The claiming process (a random id per process), on records claimed since owners were kept. */
  readonly owner?: string;
  /** When the claim may be taken over (ISO), when its claimer's invocation had a deadline. */
  readonly leaseUntil?: string;
  readonly sentAt?: string;
  readonly messageId?: string;
  readonly lastError?: string;
  /** The message's outcome once its mail events came (events.ts), with when and the bounce type, complaint type or reject reason. */
  readonly delivery?: OutboxDelivery;
  readonly deliveryAt?: string;
  readonly deliveryDetail?: string;
}

export interface OutboxOptions {
  readonly client: DynamoDBDocumentClient;
  readonly tableName: string;
  readonly transport: MailTransport;
  readonly clock?: () => Date;
  readonly leaseMs?: number;
  /** Told each time the transport refuses a message (ops count it: MailSendFailures). */
  readonly onSendFailed?: () => void;
  /** This process, written on each claim it makes. */
  readonly owner?: string;
  /** True when the process that wrote a claim can no longer be sending: its claim is taken over at once. */
  readonly ownerGone?: (owner: string) => boolean;
  /** When the current invocation ends (epoch ms; in AWS, from the Lambda context): the claim's lease ends then. */
  readonly deadline?: () => number | undefined;
}

export interface OutboxInternals extends Outbox {
  read(key: string): Promise<OutboxRecord | null>;
}

export function outboxKey(key: string): { pk: string } {
  return { pk: `${OUTBOX_KEY_PREFIX}${key}` };
}

export function createOutbox({
  client,
  tableName,
  transport,
  clock = () => new Date(),
  leaseMs = OUTBOX_LEASE_MS,
  onSendFailed,
  owner,
  ownerGone,
  deadline,
}: OutboxOptions): OutboxInternals {
  const read = async (key: string): Promise<OutboxRecord | null> => {
    const result = await client.send(new GetCommand({ TableName: tableName, Key: outboxKey(key), ConsistentRead: true }));
    return result.Item ? reshape(key, result.Item) : null;
  };

  /** 'claimed' when this caller now holds the key and must send; else why not. */
  const claim = async (key: string): Promise<'claimed' | 'already-sent' | 'in-progress'> => {
    const now = clock().toISOString();
    const ends = deadline?.();
    const leaseUntil = ends === undefined ? undefined : new Date(Math.min(clock().getTime() + leaseMs, ends + OUTBOX_DEADLINE_GRACE_MS)).toISOString();
    const claimFields = { ...(owner !== undefined ? { owner } : {}), ...(leaseUntil !== undefined ? { leaseUntil } : {}) };
    // The order the message is about, when the sender knows it (a receipt): its later mail events join that order's story.
    const { invoiceNumber, correlationId } = currentOrderFields();
    const orderFields = { ...(invoiceNumber !== undefined ? { invoiceNumber } : {}), ...(correlationId !== undefined ? { correlationId } : {}) };
    const claimed = await conditionalWrite(
      client.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...outboxKey(key), kind: 'outbox', key, status: 'sending', attempts: 1, claimedAt: now, ...claimFields, ...orderFields },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      ),
    );
    if (claimed) return 'claimed';
    const record = await read(key);
    if (!record || record.status === 'sent') return 'already-sent';
    if (record.status === 'sending') {
      const leaseEnds = record.leaseUntil !== undefined ? Date.parse(record.leaseUntil) : Date.parse(record.claimedAt) + leaseMs;
      const leaseExpired = leaseEnds <= clock().getTime();
      const senderGone = record.owner !== undefined && record.owner !== owner && (ownerGone?.(record.owner) ?? false);
      if (!leaseExpired && !senderGone) return 'in-progress';
    }
    // The claim is this caller's now: its owner and lease, or none of an earlier claimer's.
    const sets = ['#status = :sending', 'attempts = :next', 'claimedAt = :now'];
    const removals: string[] = [];
    if (owner !== undefined) sets.push('#owner = :owner');
    else removals.push('#owner');
    if (leaseUntil !== undefined) sets.push('leaseUntil = :leaseUntil');
    else removals.push('leaseUntil');
    // Conditional on what was just read: of several retriers only one moves the record on.
    const movedOn = await conditionalWrite(
      client.send(
        new UpdateCommand({
          TableName: tableName,
          Key: outboxKey(key),
          UpdateExpression: `SET ${sets.join(', ')}${removals.length > 0 ? ` REMOVE ${removals.join(', ')}` : ''}`,
          ConditionExpression: '#status = :seen AND attempts = :attempts',
          ExpressionAttributeNames: { '#status': 'status', '#owner': 'owner' },
          ExpressionAttributeValues: {
            ':sending': 'sending',
            ':next': record.attempts + 1,
            ':now': now,
            ':seen': record.status,
            ':attempts': record.attempts,
            ...(owner !== undefined ? { ':owner': owner } : {}),
            ...(leaseUntil !== undefined ? { ':leaseUntil': leaseUntil } : {}),
          },
        }),
      ),
    );
    // Refused: another caller moved it on first, and it sends (or sent) it.
    return movedOn ? 'claimed' : 'in-progress';
  };

  const finish = async (key: string, values: Record<string, unknown>, remove: string[] = []): Promise<void> => {
    const names = Object.keys(values);
    await client.send(
      new UpdateCommand({
        TableName: tableName,
        Key: outboxKey(key),
        UpdateExpression: `SET ${names.map((name) => `#${name} = :${name}`).join(', ')}${remove.length > 0 ? ` REMOVE ${remove.join(', ')}` : ''}`,
        ExpressionAttributeNames: Object.fromEntries(names.map((name) => [`#${name}`, name])),
        ExpressionAttributeValues: Object.fromEntries(names.map((name) => [`:${name}`, values[name]])),
      }),
    );
  };

  return {
    read,

    async has(key) {
      return (await read(key))?.status === 'sent';
    },

    async sendOnce(key, build) {
      const claimed = await claim(key);
      if (claimed !== 'claimed') return claimed;
      let mail: OutgoingMail | undefined;
      let messageId: string;
      try {
        mail = await build();
        ({ messageId } = await transport.send(mail, { key }));
      } catch (error) {
        if (mail) onSendFailed?.();
        // If even this write fails the record stays 'sending' and is taken over after the lease.
        await finish(key, { status: 'failed', failedAt: clock().toISOString(), lastError: describe(error) }).catch(() => undefined);
        throw error;
      }
      await finish(key, { status: 'sent', sentAt: clock().toISOString(), messageId }, ['lastError']);
      return 'sent';
    },
  };
}

/** Error name and message only, addresses removed: never the message content or the recipient. */
function describe(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return redactAddresses(text).slice(0, 500);
}

function reshape(key: string, item: Readonly<Record<string, unknown>>): OutboxRecord {
  const status = item.status;
  if (status !== 'sending' && status !== 'sent' && status !== 'failed') throw new Error(`Outbox record ${key} has an unknown status`);
  return {
    key,
    status,
    attempts: Number(item.attempts),
    claimedAt: String(item.claimedAt),
    ...(typeof item.owner === 'string' ? { owner: item.owner } : {}),
    ...(typeof item.leaseUntil === 'string' ? { leaseUntil: item.leaseUntil } : {}),
    ...(typeof item.sentAt === 'string' ? { sentAt: item.sentAt } : {}),
    ...(typeof item.messageId === 'string' ? { messageId: item.messageId } : {}),
    ...(typeof item.lastError === 'string' ? { lastError: item.lastError } : {}),
    ...(typeof item.delivery === 'string' && DELIVERIES.includes(item.delivery) ? { delivery: item.delivery as OutboxDelivery } : {}),
    ...(typeof item.deliveryAt === 'string' ? { deliveryAt: item.deliveryAt } : {}),
    ...(typeof item.deliveryDetail === 'string' ? { deliveryDetail: item.deliveryDetail } : {}),
  };
}
