/**
 * The contact form (SPEC §3/§5) and the newsletter sign-up, written once: the forms validate with
 * these schemas and the enquiries and subscriptions Lambdas validate the same fields with them
 * again, so a visitor never passes one and fails the other.
 */
import { object, string, type ObjectSchema } from 'yup';
import { EMAIL_PATTERN } from './checkout-schema';
import { isSafeMultiLineText, isSafeOneLineText, UNSAFE_TEXT_MESSAGE } from './text-rules';

export type ContactFieldName = 'name' | 'email' | 'phone' | 'country' | 'message';

export type ContactFormValues = Record<ContactFieldName, string>;

/** The order of the fields on the form: focus goes to the first invalid one in this order. */
export const contactFieldOrder: readonly ContactFieldName[] = ['name', 'email', 'phone', 'country', 'message'];

export interface CountryOption {
  readonly value: string;
  readonly label: string;
}

/** SPEC §3: the study destinations a visitor can choose, as value and label. */
export const countryOptions: readonly CountryOption[] = [
  { value: 'canada', label: 'Canada' },
  { value: 'uk', label: 'United Kingdom' },
  { value: 'usa', label: 'United States' },
  { value: 'australia', label: 'Australia' },
  { value: 'uae', label: 'United Arab Emirates' },
  { value: 'india', label: 'India' },
  { value: 'other', label: 'Other / Not Sure' },
];

export function countryLabel(value: string): string {
  return countryOptions.find((option) => option.value === value)?.label ?? value;
}

export const contactMessages = {
  nameRequired: 'Please enter your full name',
  emailRequired: 'Please enter your email address',
  emailInvalid: 'Please enter a valid email address, like you@example.com',
  phoneRequired: 'Please enter your phone number',
  phoneInvalid: 'Please enter a phone number we can dial, like +254 712 345 678',
  countryRequired: 'Please select a country you would like to study in, or choose Other / Not Sure',
  messageRequired: 'Please tell us about your education goals',
} as const;

/**
 * Generous bounds that no real enquiry meets, so the server's body limit (and the mail it sends)
 * stays small: SPEC sets no lengths, these only stop a pasted book.
 */
export const CONTACT_LIMITS = { nameMax: 100, emailMax: 254, phoneMax: 30, messageMax: 5000 } as const;

/**
 * The hidden field a person never fills (it is off-screen and out of the tab order); a bot that fills
 * every input gives itself away. The server answers such a post as if it succeeded and stores nothing.
 */
export const HONEYPOT_FIELD = 'website';

const PHONE_PATTERN = /^\+?[\d ().-]+$/;
const PHONE_MIN_DIGITS = 7;

const emailRule = (required: string, invalid: string) =>
  string()
    .trim()
    .required(required)
    .email(invalid)
    .matches(EMAIL_PATTERN, { message: invalid, excludeEmptyString: true })
    .test('safe-text', invalid, isSafeOneLineText)
    .max(CONTACT_LIMITS.emailMax, invalid);

export const contactSchema: ObjectSchema<ContactFormValues> = object({
  name: string()
    .trim()
    .required(contactMessages.nameRequired)
    .max(CONTACT_LIMITS.nameMax, `Full name must be at most ${CONTACT_LIMITS.nameMax} characters`)
    .test('safe-text', UNSAFE_TEXT_MESSAGE, isSafeOneLineText),
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

export const newsletterMessages = {
  emailRequired: contactMessages.emailRequired,
  emailInvalid: contactMessages.emailInvalid,
} as const;

export interface NewsletterFormValues {
  email: string;
}

export const newsletterSchema: ObjectSchema<NewsletterFormValues> = object({
  email: emailRule(newsletterMessages.emailRequired, newsletterMessages.emailInvalid),
});

/**
 * What a subscriber agrees to, shown beside the form and stored word for word with the time of the
 * sign-up and of the confirmation (Kenya's Data Protection Act 2019 asks for proof of consent).
 */
export const NEWSLETTER_CONSENT_TEXT =
  'We will email you a link to confirm your subscription. We use your address only to send our articles, and every email has a link to unsubscribe.';
