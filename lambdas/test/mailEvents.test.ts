/**
 * SES's configuration-set events (issue 41, item 8): the tag that leads an event back to its outbox
 * record, the record's outcome (written once, only over a weaker one), the metrics counted once, the
 * order's story, and the local runtime running the mail-events handler on the file transport's
 * stand-in events (SES's mailbox simulator addresses).
 */
import { readFile } from 'node:fs/promises';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import { EMAIL_ADDRESS_PATTERN } from '@kesho/operations/ops-events';
import { createLogger } from '../src/log';
import { createBusinessMetrics } from '../src/metrics';
import { createMailEvents, MailEventTooEarlyError, MAIL_EVENT_DETAIL_TYPES, parseMailEvent } from '../src/mail/events';
import { standInEvents } from '../src/mail/localEvents';
import { createOutbox, outboxKey } from '../src/mail/outbox';
import { createSesTransport } from '../src/mail/sesTransport';
import { OUTBOX_TAG, outboxKeyOfTag, outboxTagValue } from '../src/mail/tags';
import type { MailTransport, OutgoingMail } from '../src/mail/types';
import { localLogFileOf } from '../src/local/logFile';
import { runInOrderScope } from '../src/orderContext';
import { storyLines } from '../src/orders/story';
import { startTestTable, type TestTable } from './support/table';
import { postJson, startTestServer } from './support/testServer';

const TABLE = 'mail-events-test';
const MAIL: OutgoingMail = { to: 'amani@example.com', subject: 'Your receipt', text: 'Thanks', html: '<p>Thanks</p>' };

const sesEvent = (eventType: string, key: string, messageId: string, body: Record<string, unknown> = {}) => ({
  source: 'aws.ses',
  'detail-type': MAIL_EVENT_DETAIL_TYPES[eventType as keyof typeof MAIL_EVENT_DETAIL_TYPES] ?? eventType,
  detail: {
    eventType,
    mail: { messageId, timestamp: '2026-11-27T10:00:00.000Z', destination: ['amani@example.com'], tags: { [OUTBOX_TAG]: [outboxTagValue(key)], 'ses:configuration-set': ['kesho-mail'] } },
    [eventType.toLowerCase()]: { timestamp: '2026-11-27T10:00:05.000Z', ...body },
  },
});

describe('the outbox tag', () => {
  it('writes every key as a value SES accepts (letters, digits, _ and -) and reads it back; anything else is no key', () => {
    for (const key of ['receipt#INV-00000042', 'receipt-copy#INV-00000042', 'enquiry-ack#0f3a', 'subscription-confirm#s1#2026-11-27T10:00:00.000Z', 'ñ#ü']) {
      const value = outboxTagValue(key);
      expect(value).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(outboxKeyOfTag(value)).toBe(key);
    }
    expect(outboxKeyOfTag('')).toBeNull();
    expect(outboxKeyOfTag('not base64!')).toBeNull();
    expect(outboxKeyOfTag('cmVjZWlwdA==')).toBeNull();
  });

  it('is sent with the message, beside the configuration set, by the SES transport', async () => {
    const sent: SendEmailCommand[] = [];
    const transport = createSesTransport({
      client: { send: async (command: SendEmailCommand) => (sent.push(command), { MessageId: 'ses-1' }) } as never,
      from: 'Kesho <no-reply@example.com>',
      configurationSet: 'kesho-mail',
    });
    await transport.send(MAIL, { key: 'receipt#INV-00000042' });
    await transport.send(MAIL);
    expect(sent[0]?.input).toMatchObject({ ConfigurationSetName: 'kesho-mail', EmailTags: [{ Name: 'outbox', Value: outboxTagValue('receipt#INV-00000042') }] });
    expect(sent[1]?.input.EmailTags).toBeUndefined();
  });
});

describe('parseMailEvent', () => {
  it('reads an EventBridge event or a bare SES record: type, message id, key, time and detail, never an address', () => {
    const bounce = sesEvent('Bounce', 'receipt#INV-00000042', 'm-1', { bounceType: 'Permanent', bounceSubType: 'NoEmail', bouncedRecipients: [{ emailAddress: 'amani@example.com' }] });
    const parsed = parseMailEvent(bounce);
    expect(parsed).toEqual({ ok: true, event: { type: 'Bounce', messageId: 'm-1', key: 'receipt#INV-00000042', at: '2026-11-27T10:00:05.000Z', detail: 'Permanent/NoEmail' } });
    expect(parseMailEvent(bounce.detail)).toEqual(parsed);
    expect(JSON.stringify(parsed)).not.toContain('amani@');
    expect(parseMailEvent(sesEvent('Complaint', 'k', 'm', { complaintFeedbackType: 'abuse' }))).toMatchObject({ ok: true, event: { type: 'Complaint', detail: 'abuse' } });
    expect(parseMailEvent(sesEvent('Reject', 'k', 'm', { reason: 'Bad content' }))).toMatchObject({ ok: true, event: { type: 'Reject', detail: 'Bad content' } });
  });

  it('refuses what is not one of the four events of one of our messages', () => {
    expect(parseMailEvent(null)).toMatchObject({ ok: false });
    expect(parseMailEvent(sesEvent('Open', 'k', 'm'))).toMatchObject({ ok: false, reason: expect.stringContaining('event type') });
    const untagged = sesEvent('Delivery', 'k', 'm');
    untagged.detail.mail.tags = {} as never;
    expect(parseMailEvent(untagged)).toMatchObject({ ok: false, reason: expect.stringContaining('outbox tag') });
    const noId = sesEvent('Delivery', 'k', '');
    expect(parseMailEvent(noId)).toMatchObject({ ok: false, reason: 'no mail.messageId' });
  });
});

describe('recording events on the outbox record', () => {
  let table: TestTable;
  beforeAll(async () => {
    table = await startTestTable(TABLE);
  });
  afterAll(async () => {
    await table.close();
  });

  let counter = 0;
  const setUp = () => {
    const lines: string[] = [];
    const write = (line: string) => lines.push(line);
    const events = createMailEvents({ client: table.documents, tableName: TABLE, metrics: createBusinessMetrics(write), logger: createLogger('info', { service: 'mail-events', write }) });
    counter += 1;
    let nextId = 0;
    const transport: MailTransport = { send: async () => ({ messageId: `ses-${counter}-${(nextId += 1)}` }) };
    const outbox = createOutbox({ client: table.documents, tableName: TABLE, transport });
    const metricCount = (name: string) => lines.filter((line) => (JSON.parse(line) as Record<string, unknown>)[name] === 1).length;
    return { lines, events, outbox, metricCount, key: `receipt#INV-${String(counter).padStart(8, '0')}` };
  };

  it('records a delivery once: the record says delivered, MailDelivered is counted once however often EventBridge repeats it', async () => {
    const { events, outbox, metricCount, key } = setUp();
    await outbox.sendOnce(key, () => MAIL);
    const { messageId } = (await outbox.read(key)) ?? {};
    expect(await events.record(sesEvent('Delivery', key, messageId ?? ''))).toBe('recorded');
    expect(await events.record(sesEvent('Delivery', key, messageId ?? ''))).toBe('already-known');
    expect(await outbox.read(key)).toMatchObject({ status: 'sent', delivery: 'delivered', deliveryAt: '2026-11-27T10:00:05.000Z' });
    expect(metricCount('MailDelivered')).toBe(1);
    // The outbox still knows the message as sent: nothing is sent again.
    expect(await outbox.sendOnce(key, () => MAIL)).toBe('already-sent');
  });

  it('lets a complaint follow its delivery, and never lets a late delivery hide a complaint or a bounce', async () => {
    const { events, outbox, metricCount, key } = setUp();
    await outbox.sendOnce(key, () => MAIL);
    const messageId = (await outbox.read(key))?.messageId ?? '';
    expect(await events.record(sesEvent('Complaint', key, messageId, { complaintFeedbackType: 'abuse' }))).toBe('recorded');
    expect(await events.record(sesEvent('Delivery', key, messageId))).toBe('already-known');
    expect(await outbox.read(key)).toMatchObject({ delivery: 'complained', deliveryDetail: 'abuse' });
    expect([metricCount('MailComplaints'), metricCount('MailDelivered')]).toEqual([1, 0]);

    const second = setUp();
    await second.outbox.sendOnce(second.key, () => MAIL);
    const secondId = (await second.outbox.read(second.key))?.messageId ?? '';
    await second.events.record(sesEvent('Bounce', second.key, secondId, { bounceType: 'Permanent', bounceSubType: 'General' }));
    await second.events.record(sesEvent('Delivery', second.key, secondId));
    expect(await second.outbox.read(second.key)).toMatchObject({ delivery: 'bounced', deliveryDetail: 'Permanent/General' });
    expect(second.metricCount('MailBounced')).toBe(1);
  });

  it('counts a rejection', async () => {
    const { events, outbox, metricCount, key } = setUp();
    await outbox.sendOnce(key, () => MAIL);
    const messageId = (await outbox.read(key))?.messageId ?? '';
    expect(await events.record(sesEvent('Reject', key, messageId, { reason: 'Bad content' }))).toBe('recorded');
    expect(await outbox.read(key)).toMatchObject({ delivery: 'rejected', deliveryDetail: 'Bad content' });
    expect(metricCount('MailRejected')).toBe(1);
  });

  it("creates no record for a message the outbox does not name, and leaves a record alone for another attempt's message", async () => {
    const { events, outbox, lines, key } = setUp();
    expect(await events.record(sesEvent('Bounce', key, 'ses-unknown'))).toBe('unknown-message');
    expect((await table.documents.send(new GetCommand({ TableName: TABLE, Key: outboxKey(key) }))).Item).toBeUndefined();
    await outbox.sendOnce(key, () => MAIL);
    expect(await events.record(sesEvent('Bounce', key, 'ses-an-earlier-attempt'))).toBe('unknown-message');
    expect((await outbox.read(key))?.delivery).toBeUndefined();
    expect(lines.some((line) => line.includes('mail.event_unknown_message'))).toBe(true);
  });

  it('throws an event back that outran its sender (the record names no message yet), so it is tried again', async () => {
    const { events, key } = setUp();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const slowOutbox = createOutbox({ client: table.documents, tableName: TABLE, transport: { send: async () => (await held, { messageId: 'ses-slow' }) } });
    const sending = slowOutbox.sendOnce(key, () => MAIL);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await expect(events.record(sesEvent('Delivery', key, 'ses-slow'))).rejects.toBeInstanceOf(MailEventTooEarlyError);
    release();
    await sending;
    expect(await events.record(sesEvent('Delivery', key, 'ses-slow'))).toBe('recorded');
  });

  it('ignores (and logs) what is not one of ours, without throwing: trying it again would not change it', async () => {
    const { events, lines } = setUp();
    expect(await events.record({ source: 'aws.ses', detail: { eventType: 'Open', mail: { messageId: 'x' } } })).toBe('ignored');
    expect(lines.some((line) => line.includes('mail.event_ignored'))).toBe(true);
  });

  it("puts a receipt's bounce on its order's story (the invoice number from the key), its metric line too", async () => {
    const { events, outbox, lines } = setUp();
    const key = 'receipt#INV-00004242';
    await outbox.sendOnce(key, () => MAIL);
    const messageId = (await outbox.read(key))?.messageId ?? '';
    await runInOrderScope(() => events.record(sesEvent('Bounce', key, messageId, { bounceType: 'Permanent', bounceSubType: 'General' })));
    const story = storyLines(lines, 'INV-00004242', null).map((line) => line.text);
    expect(story.some((text) => text.includes('mail.bounced') && text.includes('Permanent/General'))).toBe(true);
    expect(story.some((text) => text.includes('MailBounced=1'))).toBe(true);
  });
});

describe('the local stand-in', () => {
  it("plays SES's mailbox simulator: bounce@ and suppressionlist@ bounce, complaint@ is delivered then complained about, anyone else delivered", () => {
    const sent = (to: string) => standInEvents({ to, messageId: '<m@example.com>', key: 'enquiry-ack#1', at: new Date('2026-11-27T10:00:00Z') });
    expect(sent('Amani <bounce@simulator.amazonses.com>').map((event) => [event['detail-type'], event.detail.bounce?.bounceSubType])).toEqual([['Email Bounced', 'General']]);
    expect(sent('suppressionlist@simulator.amazonses.com').map((event) => event.detail.bounce?.bounceSubType)).toEqual(['OnAccountSuppressionList']);
    expect(sent('complaint@simulator.amazonses.com').map((event) => event.detail.eventType)).toEqual(['Delivery', 'Complaint']);
    expect(sent('amani@example.com').map((event) => event.detail.eventType)).toEqual(['Delivery']);
    for (const event of sent('amani@example.com')) expect(parseMailEvent(event)).toMatchObject({ ok: true, event: { key: 'enquiry-ack#1', messageId: '<m@example.com>' } });
  });

  it('runs the mail-events handler on them in the local runtime: an enquiry to bounce@ leaves its acknowledgement bounced and counted, the support copy delivered', async () => {
    const server = await startTestServer({ env: { LOG_LEVEL: 'info' } });
    try {
      const response = await postJson(`${server.origin}/api/enquiries`, {
        name: 'Wanjiku Mwangi',
        email: 'bounce@simulator.amazonses.com',
        phone: '+254 712 345 678',
        country: 'canada',
        message: 'Nursing in Canada, please.',
      });
      expect(response.status).toBe(200);
      await server.api.settled();
      const lines = (await readFile(localLogFileOf(server.dataDir), 'utf8')).split('\n').filter(Boolean);
      const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
      const bounced = entries.find((entry) => entry.MailBounced === 1);
      const delivered = entries.find((entry) => entry.MailDelivered === 1);
      expect(bounced?.outboxKey).toMatch(/^enquiry-ack#/);
      expect(delivered?.outboxKey).toMatch(/^enquiry-support#/);
      const read = async (key: string) => (await server.api.runtime.dynamo.send(new GetCommand({ TableName: server.api.runtime.config.ordersTable, Key: outboxKey(key) })))?.Item;
      expect(await read(String(bounced?.outboxKey))).toMatchObject({ status: 'sent', delivery: 'bounced', deliveryDetail: 'Permanent/General' });
      expect(await read(String(delivered?.outboxKey))).toMatchObject({ status: 'sent', delivery: 'delivered' });
      // No address reaches the log: not the recipient's, nor a local Message-ID's (<id@domain>), which the logger scrubs.
      expect(lines.filter((line) => EMAIL_ADDRESS_PATTERN.test(line))).toEqual([]);
    } finally {
      await server.close();
    }
  }, 60_000);
});
