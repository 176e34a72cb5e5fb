import { contactMessages, contactSchema, countryLabel, newsletterSchema } from '../src/contact-schema';
import { contactStatusLocation, contactStatusTexts, newsletterStatusLocation, newsletterStatusTexts } from '../src/lead-status';
import { ENCODED_WORD_MESSAGE, UNSAFE_TEXT_MESSAGE } from '../src/text-rules';

const valid = { name: 'Amani Wekesa', email: 'amani@example.com', phone: '+254 712 345 678', country: 'uk', message: 'Nursing in the UK.\nFrom September.' };

async function errorsOf(values: Record<string, string>, schema: typeof contactSchema | typeof newsletterSchema = contactSchema): Promise<Record<string, string>> {
  try {
    await schema.validate(values, { abortEarly: false });
    return {};
  } catch (error) {
    const inner = (error as { inner: { path: string; message: string }[] }).inner;
    return Object.fromEntries(inner.map((failure) => [failure.path, failure.message]));
  }
}

describe('contact schema (form and enquiries Lambda)', () => {
  it('accepts a complete enquiry and keeps line breaks in the message', async () => {
    expect(await errorsOf(valid)).toEqual({});
  });

  it('names every missing field with its own message', async () => {
    expect(await errorsOf({ name: ' ', email: '', phone: '', country: '', message: '' })).toEqual({
      name: contactMessages.nameRequired,
      email: contactMessages.emailRequired,
      phone: contactMessages.phoneRequired,
      country: contactMessages.countryRequired,
      message: contactMessages.messageRequired,
    });
  });

  it('refuses undotted domains, phones without digits, unknown countries and hidden characters', async () => {
    const errors = await errorsOf({ ...valid, email: 'a@b', phone: '+++ --- ()', country: 'mars', name: 'Amani\u202EWekesa', message: 'Hi\u0000' });
    expect(errors).toEqual({
      email: contactMessages.emailInvalid,
      phone: contactMessages.phoneInvalid,
      country: contactMessages.countryRequired,
      name: UNSAFE_TEXT_MESSAGE,
      message: UNSAFE_TEXT_MESSAGE,
    });
  });

  it('refuses a name written as a MIME encoded word, which mail programs would decode into header lines', async () => {
    expect(await errorsOf({ ...valid, name: '=?utf-8?b?DQpCY2M6IGV2aWxAYXR0YWNrZXIudGVzdA==?=' })).toEqual({ name: ENCODED_WORD_MESSAGE });
    expect(await errorsOf({ ...valid, name: 'Amani =?ISO-8859-1?Q?=0D=0ABcc:x?= Wekesa' })).toEqual({ name: ENCODED_WORD_MESSAGE });
    expect(await errorsOf({ ...valid, name: 'Amani =? Wekesa ?=', message: 'What is =?utf-8?b?x?= in a message? Kept: messages are bodies.' })).toEqual({});
  });

  it('bounds the message length', async () => {
    expect(Object.keys(await errorsOf({ ...valid, message: 'x'.repeat(5001) }))).toEqual(['message']);
  });

  it('labels countries as the form does', () => {
    expect(countryLabel('uae')).toBe('United Arab Emirates');
  });
});

describe('newsletter schema', () => {
  it('needs a deliverable address', async () => {
    expect(await errorsOf({ email: 'reader@example.co.ke' }, newsletterSchema)).toEqual({});
    expect(await errorsOf({ email: 'reader@localhost' }, newsletterSchema)).toEqual({ email: contactMessages.emailInvalid });
    expect(await errorsOf({ email: '' }, newsletterSchema)).toEqual({ email: contactMessages.emailRequired });
  });
});

describe('form outcomes', () => {
  it('keep the success toast text and point each redirect at the message it shows', () => {
    expect(contactStatusTexts.sent).toMatchObject({ title: 'Message Sent!', text: "Thank you for contacting us. We'll get back to you within 24 hours." });
    expect(contactStatusLocation('sent')).toBe('/contact?contact=sent#contact-sent');
    expect(newsletterStatusLocation('confirmed')).toBe('/blog?newsletter=confirmed#newsletter-confirmed');
    const ids = [...Object.values(contactStatusTexts), ...Object.values(newsletterStatusTexts)].map((text) => text.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
