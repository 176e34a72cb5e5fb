/**
 * What became of a message after SES accepted it: its configuration set's events (delivery, bounce,
 * complaint, reject), which EventBridge hands to the mail-events function in AWS and the local file
 * transport's stand-in (localEvents.ts) hands to the same code locally. Each event finds the message's
 * outbox record through the `outbox` tag the sender gave it (the outbox key, base64url: SES tag values
 * allow letters, digits, `_` and `-` only), records the outcome there (`delivery`, its time and detail),
 * counts it once (MailDelivered, MailBounced, MailComplaints, MailRejected) and logs it on the order's
 * story when the key names an invoice (receipts).
 *
 * Events come at least once and in any order: an outcome is written only over a weaker one
 * (delivered < bounced, rejected < complained: a complaint comes after its delivery), so a repeated or
 * late event changes nothing and is not counted again. An event for a message the record does not
 * name yet (the sender has not written its message id: the event outran it) is thrown back, so
 * Lambda's retry (or the local runtime's) reads the record again a little later.
 */
import { GetCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { MAIL_EVENT_DETAIL_TYPES, type BusinessMetric } from '@kesho/operations/ops-events';
import type { Logger } from '../log';
import type { BusinessMetrics } from '../metrics';
import { bindOrder } from '../orderContext';
import { isConditionalCheckFailure } from '../conditionalWrite';
import { outboxKey } from './outbox';
import { OUTBOX_TAG, outboxKeyOfTag } from './tags';

/** The SES event types the configuration set publishes, with EventBridge's detail-type for each (@kesho/operations/ops-events). */
export { MAIL_EVENT_DETAIL_TYPES };
export type MailEventType = keyof typeof MAIL_EVENT_DETAIL_TYPES;
export const MAIL_EVENT_TYPES = Object.keys(MAIL_EVENT_DETAIL_TYPES) as MailEventType[];

export type MailDelivery = 'delivered' | 'bounced' | 'complained' | 'rejected';

const OUTCOMES: Readonly<Record<MailEventType, { readonly delivery: MailDelivery; readonly rank: number; readonly metric: BusinessMetric; readonly event: string }>> = {
  Delivery: { delivery: 'delivered', rank: 1, metric: 'mailDelivered', event: 'mail.delivered' },
  Bounce: { delivery: 'bounced', rank: 2, metric: 'mailBounced', event: 'mail.bounced' },
  Reject: { delivery: 'rejected', rank: 2, metric: 'mailRejected', event: 'mail.rejected' },
  Complaint: { delivery: 'complained', rank: 3, metric: 'mailComplaints', event: 'mail.complained' },
};

/** The fields of an SES event record this code reads (SES's event publishing format; recipients are never read). */
export interface SesMailEvent {
  readonly eventType: MailEventType;
  readonly mail: { readonly messageId: string; readonly timestamp?: string; readonly tags?: Readonly<Record<string, readonly string[]>> };
  readonly bounce?: { readonly bounceType?: string; readonly bounceSubType?: string; readonly timestamp?: string };
  readonly complaint?: { readonly complaintFeedbackType?: string; readonly timestamp?: string };
  readonly delivery?: { readonly timestamp?: string };
  readonly reject?: { readonly reason?: string };
}

/** What one event is about, read from an EventBridge event (`detail`) or a bare SES record. */
export interface MailEvent {
  readonly type: MailEventType;
  readonly messageId: string;
  readonly key: string;
  readonly at?: string;
  /** Bounce type and subtype, the complaint's feedback type, or the reject reason: never an address. */
  readonly detail?: string;
}

export type ParsedMailEvent = { readonly ok: true; readonly event: MailEvent } | { readonly ok: false; readonly reason: string };

const isRecord = (value: unknown): value is Readonly<Record<string, unknown>> => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | undefined => (typeof value === 'string' && value.length > 0 ? value.slice(0, 200) : undefined);

export function parseMailEvent(input: unknown): ParsedMailEvent {
  const record = isRecord(input) && isRecord(input.detail) ? input.detail : input;
  if (!isRecord(record)) return { ok: false, reason: 'not an object' };
  const type = record.eventType;
  if (!MAIL_EVENT_TYPES.includes(type as MailEventType)) return { ok: false, reason: `event type ${JSON.stringify(type)} is not one of ${MAIL_EVENT_TYPES.join(', ')}` };
  const eventType = type as MailEventType;
  const mail = record.mail;
  if (!isRecord(mail) || typeof mail.messageId !== 'string' || mail.messageId === '') return { ok: false, reason: 'no mail.messageId' };
  const tags = isRecord(mail.tags) ? mail.tags[OUTBOX_TAG] : undefined;
  const tag = Array.isArray(tags) && typeof tags[0] === 'string' ? tags[0] : undefined;
  const key = tag === undefined ? null : outboxKeyOfTag(tag);
  if (key === null) return { ok: false, reason: `no ${OUTBOX_TAG} tag naming an outbox key` };
  const part = record[eventType.toLowerCase()];
  const body = isRecord(part) ? part : {};
  const detail =
    eventType === 'Bounce'
      ? [text(body.bounceType), text(body.bounceSubType)].filter(Boolean).join('/')
      : eventType === 'Complaint'
        ? text(body.complaintFeedbackType)
        : eventType === 'Reject'
          ? text(body.reason)
          : undefined;
  const at = text(body.timestamp) ?? text(mail.timestamp);
  return { ok: true, event: { type: eventType, messageId: mail.messageId, key, ...(at !== undefined ? { at } : {}), ...(detail ? { detail } : {}) } };
}

/** The event outran its sender: the outbox record does not name the message yet. Thrown so the event is tried again. */
export class MailEventTooEarlyError extends Error {
  constructor(key: string) {
    super(`The outbox record ${key} names no message yet: its sender has not finished; the event is tried again`);
    this.name = 'MailEventTooEarlyError';
  }
}

export type MailEventResult = 'recorded' | 'already-known' | 'unknown-message' | 'ignored';

export interface MailEventsOptions {
  readonly client: DynamoDBDocumentClient;
  readonly tableName: string;
  readonly metrics: BusinessMetrics;
  readonly logger: Logger;
  readonly clock?: () => Date;
}

export interface MailEvents {
  /** Records one event (an EventBridge event or a bare SES record) on its outbox record. */
  record(input: unknown): Promise<MailEventResult>;
}

const INVOICE_IN_KEY = /#(INV-\d{8})$/;

export function createMailEvents({ client, tableName, metrics, logger, clock = () => new Date() }: MailEventsOptions): MailEvents {
  return {
    async record(input) {
      const parsed = parseMailEvent(input);
      if (!parsed.ok) {
        // Not ours, or malformed: trying it again would not change it.
        logger.warn('mail.event_ignored', { reason: parsed.reason });
        return 'ignored';
      }
      const { event } = parsed;
      const invoiceNumber = INVOICE_IN_KEY.exec(event.key)?.[1];
      if (invoiceNumber) bindOrder({ invoiceNumber });
      const outcome = OUTCOMES[event.type];
      const at = event.at ?? clock().toISOString();
      try {
        const updated = await client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: outboxKey(event.key),
            UpdateExpression: `SET delivery = :delivery, deliveryRank = :rank, deliveryAt = :at${event.detail ? ', deliveryDetail = :detail' : ''}`,
            ConditionExpression: 'messageId = :messageId AND (attribute_not_exists(deliveryRank) OR deliveryRank < :rank)',
            ExpressionAttributeValues: {
              ':delivery': outcome.delivery,
              ':rank': outcome.rank,
              ':at': at,
              ':messageId': event.messageId,
              ...(event.detail ? { ':detail': event.detail } : {}),
            },
            ReturnValues: 'ALL_NEW',
          }),
        );
        // The order the sender named on the record (outbox.ts): the lines below join its story, correlation id and all.
        const order = updated.Attributes ?? {};
        bindOrder({
          ...(typeof order.invoiceNumber === 'string' ? { invoiceNumber: order.invoiceNumber } : {}),
          ...(typeof order.correlationId === 'string' ? { correlationId: order.correlationId } : {}),
        });
      } catch (error) {
        if (!isConditionalCheckFailure(error)) throw error;
        const current = await client.send(new GetCommand({ TableName: tableName, Key: outboxKey(event.key), ConsistentRead: true }));
        const item = current.Item;
        if (item && item.messageId === undefined && item.status !== 'failed') throw new MailEventTooEarlyError(event.key);
        if (item && item.messageId === event.messageId) {
          logger.info('mail.event_already_known', { outboxKey: event.key, eventType: event.type, delivery: String(item.delivery) });
          return 'already-known';
        }
        // A message the record does not name (an earlier attempt's, a record since deleted): nothing to update.
        logger.warn('mail.event_unknown_message', { outboxKey: event.key, eventType: event.type, messageId: event.messageId });
        return 'unknown-message';
      }
      metrics.count(outcome.metric, {}, { outboxKey: event.key, ...(event.detail ? { detail: event.detail } : {}) });
      const fields = { outboxKey: event.key, messageId: event.messageId, at, ...(event.detail ? { detail: event.detail } : {}) };
      if (outcome.delivery === 'delivered') logger.info(outcome.event, fields);
      else logger.warn(outcome.event, fields);
      return 'recorded';
    },
  };
}
