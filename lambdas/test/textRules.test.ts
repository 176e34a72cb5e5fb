/**
 * Issue 40, item 4 ("text rules with holes"), each probe replayed over real HTTP against the local
 * runtime: prices judged as written, invisible characters and accented or small-capital look-alikes
 * in custom names, MIME encoded words in e-mail addresses, a lone CR in a message, and a form post
 * whose percent-escapes are not UTF-8. Every one was accepted (and charged or mailed) before.
 */
import type { ParsedMail } from 'mailparser';
import { CHECKOUT_MESSAGES } from '@kesho/site-rules/checkout-schema';
import { CUSTOM_NAME_TAKEN_MESSAGE } from '@kesho/site-rules/catalogue';
import { contactMessages } from '@kesho/site-rules/contact-schema';
import { MPESA_PHONE_FIELD } from '@kesho/site-rules/mpesa';
import { UNSAFE_TEXT_MESSAGE } from '@kesho/site-rules/text-rules';
import { readMailbox } from '../src/mail/mailbox';
import { mailDirectoryOf } from '../src/mail/fileTransport';
import { ORDER_MESSAGES } from '../src/orders/orderRequest';
import { startFakeStripe, type FakeStripe } from './support/fakeStripe';
import { validOrder } from './support/orders';
import { postJson, startTestServer, type TestServer } from './support/testServer';

let stripe: FakeStripe;
let server: TestServer;
beforeAll(async () => {
  stripe = await startFakeStripe();
  server = await startTestServer({ env: { ...stripe.env('whsec_textRulesTests'), LEADS_RATE_LIMIT_PER_ADDRESS: '10', LEADS_RATE_LIMIT_PER_CLIENT: '100' } });
});
afterAll(async () => {
  await server.close();
  await stripe.close();
});

async function fieldErrorsOf(response: Response): Promise<Record<string, string>> {
  expect(response.status).toBe(400);
  return ((await response.json()) as { fieldErrors: Record<string, string> }).fieldErrors;
}

const createPayment = (body: unknown) => postJson(`${server.origin}/api/create-payment`, body);
/** A custom line with its price written exactly as given (the JSON text, not a JavaScript number). */
const orderPricedAs = (written: string) => JSON.stringify(validOrder([{ id: 'custom-1', name: 'Airport pickup', price: 0, quantity: 1 }])).replace('"price":0', `"price":${written}`);

describe('prices are taken as written, with at most two decimals', () => {
  it.each(['25.0000000000000001', '24.999999999999999999', '2.5e1', '25.100', '2.5E+1', '2500.000'])('refuses %s (all were charged as $25 before)', async (written) => {
    const before = stripe.requests.length;
    expect(await fieldErrorsOf(await createPayment(orderPricedAs(written)))).toEqual({ 'items[0].price': ORDER_MESSAGES.price });
    expect(stripe.requests.length).toBe(before);
  });

  it.each([
    ['25', 2500],
    ['25.00', 2500],
    ['25.5', 2550],
    ['25.50', 2550],
    ['80.07', 8007],
  ])('takes %s as written: %i cents', async (written, cents) => {
    const response = await createPayment(orderPricedAs(written));
    expect(response.status).toBe(200);
    const { invoiceNumber } = (await response.json()) as { invoiceNumber: string };
    expect((await server.api.runtime.orders.getOrder(invoiceNumber))?.lines[0]?.unitAmountCents).toBe(cents);
  });

  it.each(['25.0000000000000001', '2.5e1', '25.100'])('refuses %s for an M-Pesa payment too, before any push', async (written) => {
    const body = orderPricedAs(written).replace(/}$/, `,"${MPESA_PHONE_FIELD}":"0712000099"}`);
    expect(await fieldErrorsOf(await postJson(`${server.origin}/api/mpesa-payment`, body))).toEqual({ 'items[0].price': ORDER_MESSAGES.price });
  });

  it('refuses a quantity written otherwise than a whole number is (2.0, 1e0)', async () => {
    for (const written of ['2.0', '1e0']) {
      const body = JSON.stringify(validOrder([{ id: 'custom-1', name: 'Airport pickup', price: 30, quantity: 9 }])).replace('"quantity":9', `"quantity":${written}`);
      expect(await fieldErrorsOf(await createPayment(body))).toEqual({ 'items[0].quantity': ORDER_MESSAGES.quantity });
    }
  });
});

describe('custom service names', () => {
  it.each([0x00ad, 0x034f, 0x2062, 0xe0041, 0xfe0f, 0x180e, 0x3164, 0x115f, 0x1d173].map((codePoint) => [codePoint.toString(16).toUpperCase().padStart(4, '0'), codePoint]))(
    'refuse the invisible U+%s inside "Basic Consultation"',
    async (_hex, codePoint) => {
      const name = `Basic Consul${String.fromCodePoint(codePoint)}tation`;
      expect(await fieldErrorsOf(await createPayment(validOrder([{ id: 'custom-1', name, price: 30, quantity: 1 }])))).toEqual({ 'items[0].name': UNSAFE_TEXT_MESSAGE });
    },
  );

  it.each(['Basic Consultatión', 'Basic Consultaṭion', 'ᴠɪᴘ Unlimited', 'Basıc Consultation', 'Essay Edıtıng', 'VIP Unlimitéd'])(
    'may not take the accented or small-capital look-alike "%s"',
    async (name) => {
      expect(await fieldErrorsOf(await createPayment(validOrder([{ id: 'custom-1', name, price: 30, quantity: 1 }])))).toEqual({ 'items[0].name': CUSTOM_NAME_TAKEN_MESSAGE });
    },
  );

  it('still takes a name in any script, accents included', async () => {
    const response = await createPayment(validOrder([{ id: 'custom-1', name: 'Vérification des diplômes pour Zoë', price: 30, quantity: 1 }]));
    expect(response.status).toBe(200);
  });
});

describe('e-mail addresses never carry MIME encoded words (they are written raw into To: and Reply-To:)', () => {
  const encoded = [
    '=?utf-8?b?YW1pbmFAZXhhbXBsZS5jb20=?=@example.com',
    '=?utf-8?q?amina=0D=0ABcc=3A_x?=@example.com',
    "amina*=utf-8''%0d%0abcc@example.com",
    '=?utf-8*en?q?amina?=@example.com',
  ];

  it.each(encoded)('checkout refuses %s', async (email) => {
    const order = validOrder();
    order.customerData.email = email;
    expect(await fieldErrorsOf(await createPayment(order))).toEqual({ 'customerData.email': CHECKOUT_MESSAGES.email });
  });

  it.each(encoded)('the contact form refuses %s and mails no one', async (email) => {
    const before = (await mailbox()).length;
    const response = await postJson(`${server.origin}/api/enquiries`, enquiry({ email }));
    expect(await fieldErrorsOf(response)).toEqual({ email: contactMessages.emailInvalid });
    expect((await mailbox()).length).toBe(before);
  });

  it("keeps an apostrophe, which real addresses have (o'brien@example.com)", async () => {
    expect((await postJson(`${server.origin}/api/enquiries`, enquiry({ email: "o'brien@example.com" }))).status).toBe(200);
  });
});

const mailbox = async (): Promise<ParsedMail[]> => (await readMailbox(mailDirectoryOf(server.dataDir))).map(({ mail }) => mail);
let counter = 0;
const enquiry = (overrides: Record<string, string> = {}) => {
  counter += 1;
  return { name: 'Wanjiku Mwangi', email: `wanjiku${counter}@example.com`, phone: '+254 712 345 678', country: 'canada', message: `Nursing in Canada, take ${counter}.`, ...overrides };
};

describe('the contact form', () => {
  it('refuses a message with lone CRs (six reached one support mail) and mails no one', async () => {
    const before = (await mailbox()).length;
    const response = await postJson(`${server.origin}/api/enquiries`, enquiry({ message: 'Line one\rBcc: x\rline three\r\nline four\r\r\r\r' }));
    expect(await fieldErrorsOf(response)).toEqual({ message: UNSAFE_TEXT_MESSAGE });
    expect((await mailbox()).length).toBe(before);
  });

  it('keeps CRLF and LF line breaks in a message', async () => {
    const response = await postJson(`${server.origin}/api/enquiries`, enquiry({ message: 'Line one\r\nline two\nline three' }));
    expect(response.status).toBe(200);
  });

  it('refuses a form post whose percent-escapes are not UTF-8 (name=Zo%EB) like the same bytes raw, and mails no one', async () => {
    const before = (await mailbox()).length;
    const fields = new URLSearchParams(enquiry()).toString().replace(/^name=[^&]*/, 'name=Zo%EB');
    const form = await fetch(`${server.origin}/api/enquiries`, { method: 'POST', redirect: 'manual', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: fields });
    // A form post is answered in the browser's terms: back to the form's "could not send" state.
    expect(form.status).toBe(303);
    expect(form.headers.get('location')).toBe('/contact?contact=invalid#contact-invalid');
    const raw = await fetch(`${server.origin}/api/enquiries`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: Buffer.from(fields.replace('Zo%EB', 'Zo\u00eb'), 'latin1'),
    });
    expect([raw.status, raw.headers.get('location')]).toEqual([form.status, form.headers.get('location')]);
    const json = await fetch(`${server.origin}/api/enquiries`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: Buffer.from(JSON.stringify(enquiry({ name: 'Zo\u00eb' })), 'latin1'),
    });
    expect(json.status).toBe(400);
    expect((await mailbox()).length).toBe(before);
    expect(JSON.stringify(await mailbox())).not.toContain('\ufffd');
  });

  it('still reads a form post with UTF-8 escapes and "+" for spaces', async () => {
    const sent = enquiry({ name: 'Zoë Wanjirũ' });
    const form = await fetch(`${server.origin}/api/enquiries`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(sent).toString(),
    });
    expect(form.headers.get('location')).toBe('/contact?contact=sent#contact-sent');
    expect((await mailbox()).some((mail) => mail.subject === 'New enquiry from Zoë Wanjirũ (Canada)')).toBe(true);
  });
});
