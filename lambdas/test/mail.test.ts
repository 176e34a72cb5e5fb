/**
 * The mail module: the composed MIME parses back to what was asked, the file transport writes a
 * readable mailbox, SES is asked for a message with every field, and the outbox sends each key exactly once
 * even when many callers race for it or a send fails and is retried.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { SESv2Client } from '@aws-sdk/client-sesv2';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { simpleParser } from 'mailparser';
import { loadConfig } from '../src/config';
import { loadMailboxConfig } from '../src/config/mailTool';
import { startTestTable, type TestTable } from './support/table';
import { composeMail } from '../src/mail/compose';
import { createFileTransport } from '../src/mail/fileTransport';
import { formatMailbox, listMailbox } from '../src/mail/mailbox';
import { createOutbox, OUTBOX_DEADLINE_GRACE_MS, OUTBOX_LEASE_MS } from '../src/mail/outbox';
import { createMailRuntime, MailTransportUnavailableError } from '../src/mail/runtime';
import { createSesTransport, NO_MESSAGE_ID, sesMailbox } from '../src/mail/sesTransport';
import type { MailTransport, OutgoingMail } from '../src/mail/types';
import { silentLogger } from '../src/log';
import { startFunction } from '../src/lambda';
import { DEPLOYED_ENV } from './support/deployedEnv';
import { uncountedMetrics } from '../src/metrics';
import { createOrdersStore } from '../src/orders/store';
import type { OrderDraft } from '../src/orders/types';
import { createSendReceipt, receiptKey } from '../src/receipts/sendReceipt';
import { storedOrder } from './support/orders';

const FROM = 'Kesho Global Education <support@keshoglobal.co.ke>';
const TABLE = 'mail-under-test';

const sample: OutgoingMail = {
  to: 'amani@example.com',
  subject: 'Your receipt — INV-12345678',
  text: 'Thank you, Amani.\nTotal: $750.00',
  html: '<p>Thank you, <strong>Amani</strong>.</p>',
  replyTo: 'support@keshoglobal.co.ke',
  headers: { 'List-Unsubscribe': '<https://example.com/u?t=1>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  attachments: [{ filename: 'INV-12345678.pdf', contentType: 'application/pdf', content: Buffer.from('%PDF-1.7 fake bytes\u0000\u00ff', 'latin1') }],
};

let tmp: string;
beforeEach(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'kesho-mail-test-'));
});
afterEach(async () => {
  await rm(tmp, { recursive: true, force: true });
});

describe('composeMail', () => {
  test('builds a MIME message that parses back to every field', async () => {
    const { raw, messageId } = await composeMail(sample, { from: FROM, date: new Date('2026-11-23T08:00:00Z') });
    const parsed = await simpleParser(raw);
    expect(parsed.messageId).toBe(messageId);
    expect(messageId).toMatch(/^<[0-9a-f-]+@keshoglobal\.co\.ke>$/);
    expect(parsed.from?.value).toEqual([{ name: 'Kesho Global Education', address: 'support@keshoglobal.co.ke' }]);
    expect(parsed.subject).toBe(sample.subject);
    expect(parsed.text?.trim()).toBe(sample.text);
    expect(parsed.html).toContain('<strong>Amani</strong>');
    expect(parsed.replyTo?.text).toBe('support@keshoglobal.co.ke');
    expect(parsed.headerLines.find((line) => line.key === 'list-unsubscribe-post')?.line).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(parsed.headerLines.find((line) => line.key === 'list-unsubscribe')?.line).toBe('List-Unsubscribe: <https://example.com/u?t=1>');
    expect(parsed.date?.toISOString()).toBe('2026-11-23T08:00:00.000Z');
    expect(parsed.attachments).toHaveLength(1);
    expect(parsed.attachments[0]?.filename).toBe('INV-12345678.pdf');
    expect(parsed.attachments[0]?.contentType).toBe('application/pdf');
    expect(Buffer.compare(parsed.attachments[0]!.content, sample.attachments![0]!.content)).toBe(0);
  });

  test('ends every line in CRLF, whatever line breaks the bodies were written with', async () => {
    const mixed = { ...sample, text: 'Dear Amani,\n\nLine two\r\nLine three\rstill three\n', html: '<p>One</p>\n<p>Two</p>\r\n<p>Three</p>\n' };
    const raw = (await composeMail(mixed, { from: FROM })).raw.toString('latin1');
    expect(raw.match(/(?<!\r)\n/g)).toBeNull();
    expect(raw.split('\r\n').length).toBeGreaterThan(20);
    expect((await simpleParser(raw)).text).toContain('Line two\nLine three');
  });

  test('lets no lone CR through: one in a body becomes a CRLF line end (issue 40: six reached a support mail)', async () => {
    const withCarriageReturns = { ...sample, text: 'Line one\rBcc: x\rline three\r\r', html: '<p>One</p>\r<p>Two</p>' };
    const raw = (await composeMail(withCarriageReturns, { from: FROM })).raw.toString('latin1');
    expect(raw.match(/\r(?!\n)/g)).toBeNull();
    expect((await simpleParser(raw)).text).toContain('Line one\nBcc: x\nline three');
  });

  test('a line break in a subject cannot add a header', async () => {
    const parsed = await simpleParser((await composeMail({ ...sample, subject: 'Hello\r\nBcc: thief@example.com' }, { from: FROM })).raw);
    expect(parsed.bcc).toBeUndefined();
    expect(parsed.headers.has('bcc')).toBe(false);
  });
});

describe('file transport and mailbox', () => {
  test('writes one readable .eml per message and lists them newest first', async () => {
    const directory = path.join(tmp, 'mail');
    let now = new Date('2026-11-23T08:00:00.000Z');
    const transport = createFileTransport({ directory, from: FROM, clock: () => now });
    const first = await transport.send(sample);
    now = new Date('2026-11-23T08:00:01.000Z');
    await transport.send({ ...sample, to: 'second@example.com', subject: 'Second' });

    const files = (await readdir(directory)).sort();
    expect(files).toHaveLength(2);
    expect(files[0]).toMatch(/^2026-11-23T08-00-00\.000Z-[0-9a-f-]+\.eml$/);
    const parsed = await simpleParser(await readFile(path.join(directory, files[0]!)));
    expect(parsed.messageId).toBe(first.messageId);

    const entries = await listMailbox(directory);
    expect(entries.map((entry) => entry.subject)).toEqual(['Second', sample.subject]);
    expect(entries[0]?.to).toBe('second@example.com');
    expect(await listMailbox(directory, 1)).toHaveLength(1);
    const listing = formatMailbox(entries, directory);
    expect(listing).toContain('2026-11-23T08:00:01.000Z  second@example.com  Second');
    expect(listing).toContain(path.join(directory, files[0]!));
  });

  test('an empty or missing mailbox says so', async () => {
    expect(await listMailbox(path.join(tmp, 'nothing'))).toEqual([]);
    expect(formatMailbox([], '/x/mail')).toBe('No messages in /x/mail yet.');
  });

  test('npm run mail finds DATA_DIR from where npm was started', () => {
    expect(loadMailboxConfig({ DATA_DIR: '.data', INIT_CWD: '/repo' }, '/default/.data', '/repo/lambdas')).toEqual({ directory: '/repo/.data/mail', limit: 20 });
    expect(loadMailboxConfig({ MAIL_LIST_LIMIT: '5' }, '/default/.data', '/repo/lambdas')).toEqual({ directory: '/default/.data/mail', limit: 5 });
    expect(() => loadMailboxConfig({ MAIL_LIST_LIMIT: 'all' }, '/d', '/c')).toThrow(/MAIL_LIST_LIMIT/);
  });
});

describe('SES transport', () => {
  const recordingClient = () => {
    const inputs: Record<string, unknown>[] = [];
    const client = {
      send: async (command: { input: Record<string, unknown> }) => {
        inputs.push(command.input);
        return { MessageId: 'ses-0001' };
      },
    } as unknown as Pick<SESv2Client, 'send'>;
    return { client, inputs };
  };

  test('asks SES to send every field of the mail as a simple message: bodies, headers, attachment, reply-to', async () => {
    const { client, inputs } = recordingClient();
    const transport = createSesTransport({ client, from: FROM, configurationSet: 'kesho-mail' });
    await expect(transport.send(sample)).resolves.toEqual({ messageId: 'ses-0001' });
    expect(inputs).toEqual([
      {
        FromEmailAddress: '"Kesho Global Education" <support@keshoglobal.co.ke>',
        Destination: { ToAddresses: ['amani@example.com'] },
        ReplyToAddresses: ['support@keshoglobal.co.ke'],
        ConfigurationSetName: 'kesho-mail',
        Content: {
          Simple: {
            Subject: { Data: 'Your receipt — INV-12345678', Charset: 'UTF-8' },
            Body: { Text: { Data: sample.text, Charset: 'UTF-8' }, Html: { Data: sample.html, Charset: 'UTF-8' } },
            Headers: [
              { Name: 'List-Unsubscribe', Value: '<https://example.com/u?t=1>' },
              { Name: 'List-Unsubscribe-Post', Value: 'List-Unsubscribe=One-Click' },
            ],
            Attachments: [{ FileName: 'INV-12345678.pdf', ContentType: 'application/pdf', ContentDisposition: 'ATTACHMENT', RawContent: sample.attachments![0]!.content }],
          },
        },
      },
    ]);
  });

  test('hands SES bodies without a lone CR (SES converts LF line ends only)', async () => {
    const { client, inputs } = recordingClient();
    await createSesTransport({ client, from: FROM }).send({ ...sample, text: 'One\rtwo\r\nthree', html: '<p>One</p>\r<p>Two</p>' });
    const body = (inputs[0] as { Content: { Simple: { Body: { Text: { Data: string }; Html: { Data: string } } } } }).Content.Simple.Body;
    expect([body.Text.Data, body.Html.Data]).toEqual(['One\ntwo\nthree', '<p>One</p>\n<p>Two</p>']);
  });

  test('a mail without headers, attachments or reply-to sends none of them', async () => {
    const { client, inputs } = recordingClient();
    await createSesTransport({ client, from: FROM }).send({ to: 'amani@example.com', subject: 'Hello', text: 'Hi', html: '<p>Hi</p>' });
    expect(inputs[0]).toEqual({
      FromEmailAddress: '"Kesho Global Education" <support@keshoglobal.co.ke>',
      Destination: { ToAddresses: ['amani@example.com'] },
      Content: { Simple: { Subject: { Data: 'Hello', Charset: 'UTF-8' }, Body: { Text: { Data: 'Hi', Charset: 'UTF-8' }, Html: { Data: '<p>Hi</p>', Charset: 'UTF-8' } } } },
    });
  });

  test('addresses reach SES in the form it documents: a non-ASCII name as an encoded word, an international domain in punycode', () => {
    expect(sesMailbox('Kesho Global Education <support@keshoglobal.co.ke>')).toBe('"Kesho Global Education" <support@keshoglobal.co.ke>');
    expect(sesMailbox('Zoë Wanjirũ <zoe@bücher.example>')).toBe(`=?UTF-8?B?${Buffer.from('Zoë Wanjirũ').toString('base64')}?= <zoe@xn--bcher-kva.example>`);
    expect(sesMailbox('"Amani \\ Co" <amani@example.com>')).toBe('"Amani \\\\ Co" <amani@example.com>');
    expect(sesMailbox('amani@example.com')).toBe('amani@example.com');
  });

  test('an SES failure reaches the caller', async () => {
    const client = { send: async () => Promise.reject(Object.assign(new Error('Throttled'), { name: 'TooManyRequestsException' })) } as unknown as Pick<SESv2Client, 'send'>;
    await expect(createSesTransport({ client, from: FROM }).send(sample)).rejects.toThrow('Throttled');
  });

  test('a message SES accepted without an id still counts as sent (the outbox must not send it again)', async () => {
    const client = { send: async () => ({}) } as unknown as Pick<SESv2Client, 'send'>;
    await expect(createSesTransport({ client, from: FROM }).send(sample)).resolves.toEqual({ messageId: NO_MESSAGE_ID });
  });
});

describe('mail runtime', () => {
  test("a deployed function configured for file mail is told the file transport is the local runtime's", () => {
    const config = loadConfig({ MAIL_TRANSPORT: 'file' }).mail;
    const dynamo = {} as DynamoDBDocumentClient;
    expect(() => createMailRuntime(config, { dynamo, tableName: TABLE })).toThrow(MailTransportUnavailableError);
    const given: MailTransport = { send: async () => ({ messageId: '<given>' }) };
    expect(createMailRuntime(config, { dynamo, tableName: TABLE, mailTransport: given }).transport).toBe(given);
  });
});

describe('mail configuration', () => {
  test('local defaults: file transport, the site support address', () => {
    expect(loadConfig({}, { runtime: 'local' }).mail).toEqual({
      transport: 'file',
      from: 'Kesho Global Education <support@keshoglobal.co.ke>',
      supportEmail: 'support@keshoglobal.co.ke',
    });
  });

  test('overrides are read and checked', () => {
    const mail = loadConfig({ MAIL_TRANSPORT: 'ses', MAIL_FROM: 'Kesho <no-reply@mail.example.com>', SUPPORT_EMAIL: 'desk@example.com', SES_CONFIGURATION_SET: 'set-1' }).mail;
    expect(mail).toEqual({ transport: 'ses', from: 'Kesho <no-reply@mail.example.com>', supportEmail: 'desk@example.com', sesConfigurationSet: 'set-1' });
    expect(() => loadConfig({ MAIL_TRANSPORT: 'smtp' })).toThrow(/^Invalid configuration: MAIL_TRANSPORT must be file or ses$/);
    expect(() => loadConfig({ SUPPORT_EMAIL: 'a@b.com, c@d.com' })).toThrow(/SUPPORT_EMAIL/);
    expect(() => loadConfig({ MAIL_FROM: 'Kesho <nobody>' })).toThrow(/MAIL_FROM/);
  });

  test('production requires SES', () => {
    const production = {
      NODE_ENV: 'production',
      PUBLIC_SITE_URL: 'https://www.example.com',
      ORDERS_TABLE: 't',
      FULFIL_ORDER_FUNCTION_NAME: 'f',
      STRIPE_SECRET_KEY: 'sk_test_abc',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
      SUBSCRIPTION_TOKEN_SECRET: 'newsletter-link-signing-secret-0123456789',
    };
    expect(() => loadConfig(production)).toThrow(/Missing env var MAIL_TRANSPORT/);
    expect(() => loadConfig({ ...production, MAIL_TRANSPORT: 'file' })).toThrow(/MAIL_TRANSPORT must be ses in production/);
    expect(loadConfig({ ...production, MAIL_TRANSPORT: 'ses' }).mail.transport).toBe('ses');
  });
});

describe('outbox', () => {
  let table: TestTable;
  let documents: DynamoDBDocumentClient;

  beforeAll(async () => {
    table = await startTestTable(TABLE);
    ({ documents } = table);
  });
  afterAll(async () => {
    await table.close();
  });

  const recordingTransport = (behaviour: (mail: OutgoingMail, call: number) => Promise<void> = async () => undefined) => {
    const sent: OutgoingMail[] = [];
    let calls = 0;
    const transport: MailTransport = {
      async send(mail) {
        calls += 1;
        await behaviour(mail, calls);
        sent.push(mail);
        return { messageId: `<m${calls}@test>` };
      },
    };
    return { transport, sent, calls: () => calls };
  };

  test('twenty concurrent sendOnce calls send the message once', async () => {
    const { transport, sent } = recordingTransport(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    // Separate outbox instances, as separate Lambdas would be: only the table is shared.
    const results = await Promise.all(Array.from({ length: 20 }, () => createOutbox({ client: documents, tableName: TABLE, transport }).sendOnce('receipt#INV-00000001', () => sample)));
    expect(results.filter((result) => result === 'sent')).toHaveLength(1);
    // The others found it sent, or still being sent by the one that claimed it.
    expect(results.filter((result) => result === 'already-sent' || result === 'in-progress')).toHaveLength(19);
    expect(sent).toHaveLength(1);
    const outbox = createOutbox({ client: documents, tableName: TABLE, transport });
    expect(await outbox.has('receipt#INV-00000001')).toBe(true);
    expect(await outbox.sendOnce('receipt#INV-00000001', () => sample)).toBe('already-sent');
    const record = await outbox.read('receipt#INV-00000001');
    expect(record).toMatchObject({ status: 'sent', attempts: 1, messageId: '<m1@test>' });
    expect(JSON.stringify(record)).not.toContain('amani@example.com');
  });

  test('a failed send is recorded, rethrown, and sent by the next attempt only', async () => {
    const { transport, sent } = recordingTransport(async (_mail, call) => {
      if (call === 1) throw new Error('SES is down');
    });
    const outbox = createOutbox({ client: documents, tableName: TABLE, transport });
    await expect(outbox.sendOnce('receipt#INV-00000002', () => sample)).rejects.toThrow('SES is down');
    expect(await outbox.has('receipt#INV-00000002')).toBe(false);
    expect(await outbox.read('receipt#INV-00000002')).toMatchObject({ status: 'failed', attempts: 1, lastError: 'Error: SES is down' });

    const retries = await Promise.all([outbox.sendOnce('receipt#INV-00000002', () => sample), outbox.sendOnce('receipt#INV-00000002', () => sample)]);
    expect(retries.filter((result) => result === 'sent')).toHaveLength(1);
    expect(retries.filter((result) => result === 'already-sent' || result === 'in-progress')).toHaveLength(1);
    expect(sent).toHaveLength(1);
    const record = await outbox.read('receipt#INV-00000002');
    expect(record).toMatchObject({ status: 'sent', attempts: 2 });
    expect(record?.lastError).toBeUndefined();
  });

  test('a failure quoting the recipient is recorded without the address', async () => {
    const transport: MailTransport = {
      send: async () => Promise.reject(new Error('Email address is not verified. The following identities failed the check: amani@example.com')),
    };
    const outbox = createOutbox({ client: documents, tableName: TABLE, transport });
    await expect(outbox.sendOnce('receipt#INV-00000005', () => sample)).rejects.toThrow('not verified');
    const record = await outbox.read('receipt#INV-00000005');
    expect(record?.lastError).toBe('Error: Email address is not verified. The following identities failed the check: [address]');
  });

  test('a failure while building the message is retryable too', async () => {
    const { transport, sent } = recordingTransport();
    const outbox = createOutbox({ client: documents, tableName: TABLE, transport });
    await expect(outbox.sendOnce('receipt#INV-00000003', () => Promise.reject(new Error('PDF failed')))).rejects.toThrow('PDF failed');
    expect(await outbox.sendOnce('receipt#INV-00000003', () => sample)).toBe('sent');
    expect(sent).toHaveLength(1);
  });

  test('a claim whose process is known to be gone is taken over at once; a live process keeps its claim (issue 40, item 5)', async () => {
    const hanging: MailTransport = { send: () => new Promise(() => undefined) };
    const dead = createOutbox({ client: documents, tableName: TABLE, transport: hanging, owner: 'process-before-the-crash' });
    void dead.sendOnce('receipt#INV-00000006', () => sample);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await dead.read('receipt#INV-00000006')).toMatchObject({ status: 'sending', owner: 'process-before-the-crash' });

    const { transport, sent } = recordingTransport();
    // Another sender that cannot tell whether the claimer is alive waits for the lease, and says so.
    const unsure = createOutbox({ client: documents, tableName: TABLE, transport, owner: 'another-lambda' });
    expect(await unsure.sendOnce('receipt#INV-00000006', () => sample)).toBe('in-progress');
    // The process that restarted on the data directory knows every earlier process is gone.
    const restarted = createOutbox({ client: documents, tableName: TABLE, transport, owner: 'restarted', ownerGone: (owner) => owner !== 'restarted' });
    expect(await restarted.sendOnce('receipt#INV-00000006', () => sample)).toBe('sent');
    expect(await restarted.read('receipt#INV-00000006')).toMatchObject({ status: 'sent', attempts: 2, owner: 'restarted' });
    expect(await restarted.sendOnce('receipt#INV-00000006', () => sample)).toBe('already-sent');
    expect(sent).toHaveLength(1);

    // Its own claims, still at work, are not gone.
    const slow = recordingTransport(() => new Promise((resolve) => setTimeout(resolve, 200)));
    const self = createOutbox({ client: documents, tableName: TABLE, transport: slow.transport, owner: 'restarted', ownerGone: (owner) => owner !== 'restarted' });
    const results = await Promise.all([self.sendOnce('receipt#INV-00000007', () => sample), self.sendOnce('receipt#INV-00000007', () => sample)]);
    expect([...results].sort()).toEqual(['in-progress', 'sent']);
    expect(slow.sent).toHaveLength(1);
  });

  test('in AWS a claim lasts as long as the invocation that made it could run: taken over by the first caller after that, not after 10 minutes (issue 40, item 5)', async () => {
    let now = new Date('2026-11-27T09:00:00Z');
    const clock = () => now;
    const hanging: MailTransport = { send: () => new Promise(() => undefined) };
    // checkout-session's invocation, 15 s from Lambda's timeout, dies after claiming.
    const dying = createOutbox({ client: documents, tableName: TABLE, transport: hanging, clock, deadline: () => now.getTime() + 15_000 });
    void dying.sendOnce('receipt#INV-00000009', () => sample);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await dying.read('receipt#INV-00000009')).toMatchObject({ status: 'sending', leaseUntil: new Date(now.getTime() + 15_000 + OUTBOX_DEADLINE_GRACE_MS).toISOString() });

    const { transport, sent } = recordingTransport();
    // The reconciliation, an invocation of its own with five minutes to run.
    const reconciliation = createOutbox({ client: documents, tableName: TABLE, transport, clock, deadline: () => now.getTime() + 300_000 });
    now = new Date(now.getTime() + 15_000 + OUTBOX_DEADLINE_GRACE_MS - 1);
    expect(await reconciliation.sendOnce('receipt#INV-00000009', () => sample)).toBe('in-progress');
    now = new Date(now.getTime() + 1);
    expect(await reconciliation.sendOnce('receipt#INV-00000009', () => sample)).toBe('sent');
    expect(sent).toHaveLength(1);
    expect(await reconciliation.read('receipt#INV-00000009')).toMatchObject({ status: 'sent', attempts: 2 });
  });

  test("a deployed function's start tells the outbox when the current invocation ends, from its Lambda context", () => {
    const start = startFunction('enquiries', DEPLOYED_ENV);
    expect(start.invocationDeadline()).toBeUndefined();
    const before = Date.now();
    start.addLambdaContext({ awsRequestId: 'req-1', functionName: 'enquiries', getRemainingTimeInMillis: () => 14_000 });
    const deadline = start.invocationDeadline() ?? 0;
    expect(deadline).toBeGreaterThanOrEqual(before + 14_000);
    expect(deadline).toBeLessThanOrEqual(Date.now() + 14_000);
  });

  test('a receipt whose claim died is counted once, when it is complete, whoever sends its two messages and when (issue 40, item 5)', async () => {
    let now = new Date('2026-11-27T08:00:00Z');
    const clock = () => now;
    const orders = createOrdersStore(documents, TABLE);
    const draft: OrderDraft = {
      lines: [{ id: 'essay-editing', name: 'Essay Editing', unitAmountCents: 25_000, quantity: 1, amountCents: 25_000 }],
      totalCents: 25_000,
      customer: { fullName: 'Amani Wanjiru', email: 'amani@example.com', phone: '+254712345678' },
    };
    expect(await orders.insertOrder(storedOrder(draft, { invoiceNumber: 'INV-00000008', createdAt: now.toISOString(), updatedAt: now.toISOString() }))).toBe('created');
    const paid = await orders.changeStatus('INV-00000008', { from: 'pending', to: 'paid', at: now.toISOString(), reason: 'test' });
    expect(paid).toMatchObject({ receiptStatus: 'due' });
    // A sender claimed the customer's message and died (in AWS nobody can tell: the lease decides).
    const hanging: MailTransport = { send: () => new Promise(() => undefined) };
    void createOutbox({ client: documents, tableName: TABLE, transport: hanging, clock }).sendOnce(receiptKey('INV-00000008'), () => sample);
    await new Promise((resolve) => setTimeout(resolve, 100));

    const { transport, sent } = recordingTransport();
    const counted: string[] = [];
    const metrics = { ...uncountedMetrics, count: (metric: string) => void counted.push(metric) } as typeof uncountedMetrics;
    const send = createSendReceipt({
      outbox: createOutbox({ client: documents, tableName: TABLE, transport, clock }),
      orders,
      context: { supportEmail: 'desk@example.org', publicSiteUrl: 'https://example.org' },
      clock,
      logger: silentLogger,
      metrics,
    });
    // The copy goes out; the customer's message is still claimed: not a receipt sent, not "already sent".
    expect(await send(paid!)).toBe('in-progress');
    expect(counted).toEqual([]);
    expect(await orders.getOrder('INV-00000008')).toMatchObject({ receiptStatus: 'due' });
    now = new Date(now.getTime() + OUTBOX_LEASE_MS + 1);
    expect(await send(paid!)).toBe('sent');
    expect(counted).toEqual(['receiptsSent']);
    expect(await send(paid!)).toBe('already-sent');
    expect(counted).toEqual(['receiptsSent']);
    expect(sent.map((mail) => mail.to)).toEqual(['desk@example.org', 'amani@example.com']);
    expect(await orders.getOrder('INV-00000008')).toMatchObject({ receiptStatus: 'sent' });
  });

  test('a claim abandoned by a dead sender is taken over only after the lease', async () => {
    let now = new Date('2026-11-23T08:00:00Z');
    const clock = () => now;
    const hanging: MailTransport = { send: () => new Promise(() => undefined) };
    const dead = createOutbox({ client: documents, tableName: TABLE, transport: hanging, clock });
    void dead.sendOnce('receipt#INV-00000004', () => sample);
    await new Promise((resolve) => setTimeout(resolve, 100));

    const { transport, sent } = recordingTransport();
    const alive = createOutbox({ client: documents, tableName: TABLE, transport, clock });
    // Not "already sent": nothing is out yet.
    expect(await alive.sendOnce('receipt#INV-00000004', () => sample)).toBe('in-progress');
    now = new Date(now.getTime() + OUTBOX_LEASE_MS + 1);
    expect(await alive.sendOnce('receipt#INV-00000004', () => sample)).toBe('sent');
    expect(sent).toHaveLength(1);
    expect(await alive.read('receipt#INV-00000004')).toMatchObject({ status: 'sent', attempts: 2 });
  });
});
