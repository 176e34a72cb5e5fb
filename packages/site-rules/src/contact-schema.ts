/**
 * The contact form and the newsletter sign-up, written once: the forms validate with
 * these schemas and the enquiries and subscriptions Lambdas validate the same fields with them
 * again, so a visitor never passes one and fails the other. The fields, messages and texts live in
 * contact-fields.ts (no yup), re-exported here for the server.
 */
import { object, string, type ObjectSchema } from 'yup';
import { EMAIL_PATTERN } from './checkout-fields';
import { CONTACT_LIMITS, contactMessages, countryOptions, newsletterMessages, type ContactFormValues, type NewsletterFormValues } from './contact-fields';
import { ENCODED_WORD_MESSAGE, hasNoEncodedWord, isSafeMultiLineText, isSafeOneLineText, UNSAFE_TEXT_MESSAGE } from './text-rules';

export * from './contact-fields';
// The form and the leads Lambdas read a failed validation with it; it lives with the checkout rules
// so that the order Lambdas, which only check those, do not bundle the contact schemas for it.
export { firstErrorPerField } from './checkout-schema';

const PHONE_PATTERN = /^\+?[\d ().-]+$/;
const PHONE_MIN_DIGITS = 7;

const emailRule = (required: string, invalid: string) =>
  string()
    .trim()
    .required(required)
    .email(invalid)
    .matches(EMAIL_PATTERN, { message: invalid, excludeEmptyString: true })
    .test('safe-text', invalid, isSafeOneLineText)
    // Written raw into To: and Reply-To:, where mail programs would decode it.
    .test('no-encoded-word', invalid, hasNoEncodedWord)
    .max(CONTACT_LIMITS.emailMax, invalid);

export const contactSchema: ObjectSchema<ContactFormValues> = object({
  name: string()
    .trim()
    .required(contactMessages.nameRequired)
    .max(CONTACT_LIMITS.nameMax, `Full name must be at most ${CONTACT_LIMITS.nameMax} characters`)
    .test('safe-text', UNSAFE_TEXT_MESSAGE, isSafeOneLineText)
    .test('no-encoded-word', ENCODED_WORD_MESSAGE, hasNoEncodedWord),
  email: emailRule(contactMessages.emailRequired, contactMessages.emailInvalid),
  phone: string()
    .trim()
    .required(contactMessages.phoneRequired)
    .max(CONTACT_LIMITS.phoneMax, contactMessages.phoneInvalid)
    .matches(PHONE_PATTERN, { message: contactMessages.phoneInvalid, excludeEmptyString: true })
    .test('enough-digits', contactMessages.phoneInvalid, (value) => !value || (value.match(/\d/g)?.length ?? 0) >= PHONE_MIN_DIGITS),
  country: string()
    .required(contactMessages.countryRequired)
    .oneOf(
      countryOptions.map((option) => option.value),
      contactMessages.countryRequired,
    ),
  message: string()
    .trim()
    .required(contactMessages.messageRequired)
    .max(CONTACT_LIMITS.messageMax, `Your message must be at most ${CONTACT_LIMITS.messageMax} characters`)
    .test('safe-text', UNSAFE_TEXT_MESSAGE, isSafeMultiLineText),
});

export const newsletterSchema: ObjectSchema<NewsletterFormValues> = object({
  email: emailRule(newsletterMessages.emailRequired, newsletterMessages.emailInvalid),
});
