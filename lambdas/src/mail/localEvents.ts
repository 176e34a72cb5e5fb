/**
 * The local stand-in for SES's configuration-set events: after the file transport writes a message,
 * it plays the events SES would publish for it, as EventBridge would hand them to the mail-events
 * function, and the local runtime runs that function's own code on them (events.ts). What happens is
 * SES's mailbox simulator's (the same addresses work against SES in AWS): `bounce@` bounces
 * (Permanent/General), `suppressionlist@` bounces as on the suppression list, `complaint@` is
 * delivered and then complained about; every other address is delivered.
 */
import { splitMailbox } from './address';
import { MAIL_EVENT_DETAIL_TYPES, type MailEventType, type SesMailEvent } from './events';
import { OUTBOX_TAG, outboxTagValue } from './tags';

export const SES_SIMULATOR_DOMAIN = 'simulator.amazonses.com';

/** An event as EventBridge delivers it to a function (the fields the handler reads). */
export interface MailEventEnvelope {
  readonly source: 'aws.ses';
  readonly 'detail-type': string;
  readonly time: string;
  readonly detail: SesMailEvent;
}

export interface SentMessage {
  readonly to: string;
  readonly messageId: string;
  readonly key: string;
  readonly at: Date;
}

export function standInEvents({ to, messageId, key, at }: SentMessage): MailEventEnvelope[] {
  const { address } = splitMailbox(to);
  const [local = '', domain = ''] = address.toLowerCase().split('@');
  const simulated = domain === SES_SIMULATOR_DOMAIN ? local.split('+')[0] : undefined;
  const time = at.toISOString();
  const mail = { messageId, timestamp: time, tags: { [OUTBOX_TAG]: [outboxTagValue(key)] } };
  const event = (eventType: MailEventType, body: Record<string, unknown>): MailEventEnvelope => ({
    source: 'aws.ses',
    'detail-type': MAIL_EVENT_DETAIL_TYPES[eventType],
    time,
    detail: { eventType, mail, [eventType.toLowerCase()]: { timestamp: time, ...body } } as unknown as SesMailEvent,
  });
  switch (simulated) {
    case 'bounce':
      return [event('Bounce', { bounceType: 'Permanent', bounceSubType: 'General' })];
    case 'suppressionlist':
      return [event('Bounce', { bounceType: 'Permanent', bounceSubType: 'OnAccountSuppressionList' })];
    case 'complaint':
      return [event('Delivery', {}), event('Complaint', { complaintFeedbackType: 'abuse' })];
    default:
      return [event('Delivery', {})];
  }
}
