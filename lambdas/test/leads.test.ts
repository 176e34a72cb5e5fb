/**
 * The contact and newsletter services against dynalite, with an in-memory outbox: every path of
 * issue 13 (valid, invalid, duplicate, honeypot, rate-limited, send failure then retry, forged and
 * expired links).
 */
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { contactMessages, NEWSLETTER_CONSENT_TEXT } from '@kesho/site-rules/contact-schema';
import { site } from '@kesho/site-rules/site';
import { VIEWER_ADDRESS_HEADER } from '@kesho/operations/viewer-address';
import { createSubmitEnquiry, type SubmitEnquiry } from '../src/leads/enquiries';
import { createRateLimiter, hashKey } from '../src/leads/rateLimit';
import { addressKey } from '../src/leads/addressKey';
import { createSubscriptions, CONFIRMATION_RESEND_SECONDS, type Subscriptions } from '../src/leads/subscriptions';
import { createTokenSigner } from '../src/leads/tokens';
import { startTestTable, type TestTable } from './support/table';
import { silentLogger } from '../src/log';
import { clientAddress, type ApiGatewayEvent } from '../src/http/apiGateway';
import { createFakeOutbox, type FakeOutbox } from './support/fakeOutbox';

const TABLE = 'leads-under-test';
const SUPPORT = 'desk@example.org';
const SECRET = 'test-secret-that-is-long-enough-0123456789';
let table: TestTable;
let documents: DynamoDBDocumentClient;
let now: Date;
const clock = () => now;

beforeAll(async () => {
  table = await startTestTable(TABLE);
  ({ documents } = table);
});

afterAll(async () => {
  await table.close();
});

let outbox: FakeOutbox;
let clientCounter = 0;
// Each test is its own client and address, so rate-limit windows never leak between tests.
let ip: string;
beforeEach(() => {
  now = new Date('2026-11-23T08:00:00Z');
  outbox = createFakeOutbox();
  clientCounter += 1;
  ip = `10.0.0.${clientCounter}`;
});

const item = async (pk: string) => (await documents.send(new GetCommand({ TableName: TABLE, Key: { pk }, ConsistentRead: true }))).Item;

describe('enquiries', () => {
  const submitter = (limits = { perClientPerHour: 30, perAddressPerHour: 5 }): SubmitEnquiry =>
    createSubmitEnquiry({ dynamo: documents, tableName: TABLE, outbox, supportEmail: SUPPORT, rateLimiter: createRateLimiter(documents, TABLE, clock), limits, clock, logger: silentLogger });
  const enquiry = (overrides: Record<string, string> = {}) => ({
    name: 'Amani Wekesa',
    email: `amani${clientCounter}@example.com`,
    phone: '+254 712 345 678',
    country: 'uk',
    message: 'I would like to study <b>nursing</b> in the UK.',
    ...overrides,
  });

  it('stores a valid enquiry with its expiry and mails the support desk and the visitor', async () => {
    const result = await submitter()(enquiry(), { ip });
    expect(result.kind).toBe('accepted');
    const id = result.kind === 'accepted' ? result.enquiryId : '';
    const stored = await item(`enquiry#${id}`);
    expect(stored).toMatchObject({ kind: 'enquiry', name: 'Amani Wekesa', country: 'uk', receivedAt: now.toISOString() });
    expect(stored?.expiresAt).toBe(Math.floor(now.getTime() / 1000) + 365 * 86_400);

    expect(outbox.sent.map((mail) => mail.to)).toEqual([SUPPORT, `amani${clientCounter}@example.com`]);
    const [support, ack] = outbox.sent;
    expect(support?.replyTo).toBe(`amani${clientCounter}@example.com`);
    expect(support?.subject).toBe('New enquiry from Amani Wekesa (United Kingdom)');
    expect(support?.text).toContain('I would like to study <b>nursing</b> in the UK.');
    expect(support?.html).toContain('&#60;b&#62;nursing');
    expect(support?.html).not.toContain('<b>nursing');
    expect(ack?.text).toContain('reply within 24 hours');
    expect(ack?.text).toContain(site.hours.display);
  });

  it('answers invalid input with the form schema’s messages and stores nothing', async () => {
    const result = await submitter()(enquiry({ email: 'a@b', message: '' }), { ip });
    expect(result).toEqual({ kind: 'invalid', fieldErrors: { email: contactMessages.emailInvalid, message: contactMessages.messageRequired } });
    expect(outbox.sent).toHaveLength(0);
  });

  it('treats a resubmission of the same message as one enquiry with one pair of mails', async () => {
    const submit = submitter();
    const first = await submit(enquiry(), { ip });
    const second = await submit(enquiry(), { ip });
    expect(second).toEqual(first);
    expect(outbox.sent).toHaveLength(2);
  });

  it('ignores a post whose honeypot is filled, without storing or mailing', async () => {
    expect(await submitter()({ ...enquiry(), website: 'http://spam.example' }, { ip })).toEqual({ kind: 'ignored' });
    expect(outbox.sent).toHaveLength(0);
  });

  it('limits attempts per address and per client within the hour', async () => {
    const submit = submitter({ perClientPerHour: 30, perAddressPerHour: 2 });
    expect((await submit(enquiry({ message: 'one' }), { ip })).kind).toBe('accepted');
    expect((await submit(enquiry({ message: 'two' }), { ip: `${ip}1` })).kind).toBe('accepted');
    const limited = await submit(enquiry({ message: 'three' }), { ip: `${ip}2` });
    expect(limited).toEqual({ kind: 'rate-limited', retryAfterSeconds: 3600 });

    const perClient = submitter({ perClientPerHour: 1, perAddressPerHour: 5 });
    const otherIp = `${ip}9`;
    expect((await perClient(enquiry({ email: 'x@example.com' }), { ip: otherIp })).kind).toBe('accepted');
    expect((await perClient(enquiry({ email: 'y@example.com' }), { ip: otherIp })).kind).toBe('rate-limited');
    now = new Date(now.getTime() + 3600_000);
    expect((await perClient(enquiry({ email: 'y@example.com' }), { ip: otherIp })).kind).toBe('accepted');
  });

  it('sends the unverified address only fixed text: nothing the sender typed reaches a stranger', async () => {
    const spam = enquiry({ name: 'Win Big Today', message: 'Visit http://spam.example/win for your prize.' });
    expect((await submitter()(spam, { ip })).kind).toBe('accepted');
    const [support, ack] = outbox.sent;
    expect(support?.text).toContain('Visit http://spam.example/win');
    expect(ack?.to).toBe(spam.email);
    for (const part of [ack?.subject, ack?.text, ack?.html]) {
      expect(part).not.toContain('spam.example');
      expect(part).not.toContain('Win Big');
    }
    // Two different senders get the very same acknowledgement.
    outbox.sent.length = 0;
    expect((await submitter()(enquiry({ name: 'Someone Else', message: 'Another question entirely.' }), { ip: `${ip}7` })).kind).toBe('accepted');
    expect({ ...outbox.sent[1], to: '' }).toEqual({ ...ack, to: '' });
  });

  it('counts plus-address, case and Gmail-dot variants of one mailbox as one address', async () => {
    const submit = submitter({ perClientPerHour: 100, perAddressPerHour: 3 });
    const variants = ['a.mwangi+1@gmail.com', 'A.Mwangi+2@Gmail.com', 'amwangi+3@googlemail.com', 'a.m.w.angi@gmail.com', 'amwangi+5@gmail.com'];
    const kinds = [];
    for (const [index, email] of variants.entries()) kinds.push((await submit(enquiry({ email, message: `take ${index}` }), { ip: `${ip}${index}` })).kind);
    expect(kinds).toEqual(['accepted', 'accepted', 'accepted', 'rate-limited', 'rate-limited']);
    expect(outbox.sent.filter((mail) => mail.to !== SUPPORT)).toHaveLength(3);
  });

  it('keeps the enquiry when a mail fails, and the retry sends only what is missing', async () => {
    const submit = submitter();
    outbox.failNext(1);
    const failed = await submit(enquiry(), { ip });
    expect(failed.kind).toBe('send-failed');
    const id = failed.kind === 'send-failed' ? failed.enquiryId : '';
    expect(await item(`enquiry#${id}`)).toBeDefined();
    expect(outbox.sent).toHaveLength(0);

    expect(await submit(enquiry(), { ip })).toEqual({ kind: 'accepted', enquiryId: id });
    expect(outbox.keys).toEqual([`enquiry-support#${id}`, `enquiry-ack#${id}`]);
    expect(await submit(enquiry(), { ip })).toEqual({ kind: 'accepted', enquiryId: id });
    expect(outbox.sent).toHaveLength(2);
  });
});

describe('newsletter subscriptions', () => {
  const tokens = createTokenSigner(SECRET);
  const subscriptions = (limits = { perClientPerHour: 30, perAddressPerHour: 5 }): Subscriptions =>
    createSubscriptions({
      dynamo: documents,
      tableName: TABLE,
      outbox,
      tokens,
      publicSiteUrl: 'https://site.example',
      rateLimiter: createRateLimiter(documents, TABLE, clock),
      limits,
      clock,
      logger: silentLogger,
    });
  const address = () => `reader${clientCounter}@example.com`;
  const linkIn = (text: string, action: 'confirm' | 'unsubscribe') => {
    const match = new RegExp(`https://site\\.example/api/subscriptions/${action}\\?token=([^\\s]+)`).exec(text);
    if (!match?.[1]) throw new Error(`no ${action} link in: ${text}`);
    return decodeURIComponent(match[1]);
  };

  it('stores a pending sign-up with its consent and mails a signed, expiring confirmation link', async () => {
    expect(await subscriptions().subscribe({ email: address() }, { ip })).toEqual({ kind: 'pending' });
    const record = await item(`subscription#${hashKey(address())}`);
    expect(record).toMatchObject({ status: 'pending', email: address(), consentText: NEWSLETTER_CONSENT_TEXT, consentAt: now.toISOString() });
    expect(record?.expiresAt).toBe(Math.floor(now.getTime() / 1000) + 7 * 86_400);

    const [mail] = outbox.sent;
    expect(mail?.to).toBe(address());
    const unsubscribeUrl = `https://site.example/api/subscriptions/unsubscribe?token=${encodeURIComponent(linkIn(mail?.text ?? '', 'unsubscribe'))}`;
    expect(mail?.headers).toEqual({ 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    expect(mail?.html).toContain('Unsubscribe</a>');
  });

  it('confirms through the link once, and only then counts the address', async () => {
    const service = subscriptions();
    await service.subscribe({ email: address() }, { ip });
    const token = linkIn(outbox.sent[0]?.text ?? '', 'confirm');
    expect(await service.confirm(token)).toBe('confirmed');
    expect(await service.confirm(token)).toBe('confirmed');
    const record = await item(`subscription#${hashKey(address())}`);
    expect(record).toMatchObject({ status: 'confirmed', confirmedAt: now.toISOString() });
    expect(record?.expiresAt).toBeUndefined();
    // A confirmed address is not sent another confirmation.
    now = new Date(now.getTime() + 3 * 3600_000);
    expect(await service.subscribe({ email: address() }, { ip })).toEqual({ kind: 'pending' });
    expect(outbox.sent).toHaveLength(1);
  });

  it('sends no second confirmation within the resend window, and one after it', async () => {
    const service = subscriptions();
    await service.subscribe({ email: address() }, { ip });
    await service.subscribe({ email: address().toUpperCase() }, { ip });
    expect(outbox.sent).toHaveLength(1);
    now = new Date(now.getTime() + (CONFIRMATION_RESEND_SECONDS + 1) * 1000);
    await service.subscribe({ email: address() }, { ip });
    expect(outbox.sent).toHaveLength(2);
  });

  it('refuses forged, tampered, wrong-purpose and expired links', async () => {
    const service = subscriptions();
    await service.subscribe({ email: address() }, { ip });
    const token = linkIn(outbox.sent[0]?.text ?? '', 'confirm');
    const [payload, signature] = token.split('.') as [string, string];
    const forged = createTokenSigner('another-secret-that-is-long-enough-012345').sign({ subscriptionId: hashKey(address()), purpose: 'confirm', expiresAt: 0 });
    const tampered = `${Buffer.from(JSON.stringify({ s: hashKey('other@example.com'), p: 'confirm', x: 0 })).toString('base64url')}.${signature}`;
    expect(await service.confirm(forged)).toBe('invalid');
    expect(await service.confirm(tampered)).toBe('invalid');
    expect(await service.confirm(`${payload}.`)).toBe('invalid');
    expect(await service.confirm('')).toBe('invalid');
    expect(await service.unsubscribe(token)).toBe('invalid');
    now = new Date(now.getTime() + 8 * 86_400_000);
    expect(await service.confirm(token)).toBe('expired');
    expect((await item(`subscription#${hashKey(address())}`))?.status).toBe('pending');
  });

  it('unsubscribes through the link in the mail and forgets the address', async () => {
    const service = subscriptions();
    await service.subscribe({ email: address() }, { ip });
    await service.confirm(linkIn(outbox.sent[0]?.text ?? '', 'confirm'));
    expect(await service.unsubscribe(linkIn(outbox.sent[0]?.text ?? '', 'unsubscribe'))).toBe('unsubscribed');
    const record = await item(`subscription#${hashKey(address())}`);
    expect(record).toMatchObject({ status: 'unsubscribed' });
    expect(record?.email).toBeUndefined();
    expect(await service.confirm(linkIn(outbox.sent[0]?.text ?? '', 'confirm'))).toBe('expired');
  });

  it('lets the next attempt resend at once when the confirmation could not be sent', async () => {
    const service = subscriptions();
    outbox.failNext(1);
    expect(await service.subscribe({ email: address() }, { ip })).toEqual({ kind: 'send-failed' });
    expect(await service.subscribe({ email: address() }, { ip })).toEqual({ kind: 'pending' });
    expect(outbox.sent).toHaveLength(1);
  });

  it('answers invalid addresses, honeypots and floods without mailing', async () => {
    const limited = subscriptions({ perClientPerHour: 2, perAddressPerHour: 5 });
    expect(await limited.subscribe({ email: 'not-an-address' }, { ip })).toEqual({ kind: 'invalid', fieldErrors: { email: contactMessages.emailInvalid } });
    expect(await limited.subscribe({ email: address(), website: 'x' }, { ip })).toEqual({ kind: 'ignored' });
    expect(await limited.subscribe({ email: address() }, { ip })).toEqual({ kind: 'pending' });
    expect(await limited.subscribe({ email: `b${address()}` }, { ip })).toMatchObject({ kind: 'rate-limited' });
    expect(outbox.sent).toHaveLength(1);
  });

  it('counts plus-address variants of one mailbox as one address, so they cannot multiply confirmations', async () => {
    const limited = subscriptions({ perClientPerHour: 100, perAddressPerHour: 3 });
    const answers = [];
    for (let variant = 1; variant <= 10; variant += 1) answers.push((await limited.subscribe({ email: `victim${clientCounter}+${variant}@example.com` }, { ip: `${ip}${variant}` })).kind);
    expect(answers.filter((kind) => kind === 'pending')).toHaveLength(3);
    expect(outbox.sent).toHaveLength(3);
  });
});

describe('addressKey (what a per-address limit counts)', () => {
  it('ignores case, +tags, and dots at Gmail, and nothing else', () => {
    expect(addressKey(' Amani.W+news@Example.CO.KE ')).toBe('amani.w@example.co.ke');
    expect(addressKey('a.m.w+x+y@googlemail.com')).toBe('amw@gmail.com');
    expect(addressKey('amani.w@example.com')).not.toBe(addressKey('amaniw@example.com'));
    expect(addressKey('+tag@example.com')).toBe('+tag@example.com');
  });
});

describe('clientAddress (per-client limits)', () => {
  const event = (sourceIp: string, headers: Record<string, string> = {}) => ({ headers, requestContext: { http: { sourceIp } } }) as unknown as ApiGatewayEvent;

  it('locally takes the connection, whatever X-Forwarded-For or a look-alike header says', () => {
    expect(clientAddress(event('127.0.0.1', { 'x-forwarded-for': '41.90.5.6' }), undefined)).toBe('127.0.0.1');
    expect(clientAddress(event('127.0.0.1', { [VIEWER_ADDRESS_HEADER]: '41.90.5.6' }), undefined)).toBe('127.0.0.1');
  });

  it('behind CloudFront takes the header the distribution wrote, not the edge server every visitor shares', () => {
    expect(clientAddress(event('130.176.1.1', { [VIEWER_ADDRESS_HEADER]: '41.90.5.6', 'x-forwarded-for': '1.2.3.4, 41.90.5.6' }), VIEWER_ADDRESS_HEADER)).toBe('41.90.5.6');
    expect(clientAddress(event('130.176.1.1', { [VIEWER_ADDRESS_HEADER]: '2c0f:fe38:2000::1' }), VIEWER_ADDRESS_HEADER)).toBe('2c0f:fe38:2000::1');
  });

  it('falls back to the connection without, or with a malformed, trusted header', () => {
    expect(clientAddress(event('130.176.1.1', { 'x-forwarded-for': '41.90.5.6' }), VIEWER_ADDRESS_HEADER)).toBe('130.176.1.1');
    expect(clientAddress(event('130.176.1.1', { [VIEWER_ADDRESS_HEADER]: '<script>' }), VIEWER_ADDRESS_HEADER)).toBe('130.176.1.1');
    expect(clientAddress(event('130.176.1.1', { [VIEWER_ADDRESS_HEADER]: '41.90.5.6, 1.2.3.4' }), VIEWER_ADDRESS_HEADER)).toBe('130.176.1.1');
  });
});
