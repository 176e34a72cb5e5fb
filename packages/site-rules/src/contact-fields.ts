/**
 * The contact form's fields, placeholders and messages, and the newsletter's texts, without the validation library:
 * pages import these with the page, and the yup schemas (contact-schema.ts) only when they validate.
 */
export type ContactFieldName = 'name' | 'email' | 'phone' | 'country' | 'message';

export type ContactFormValues = Record<ContactFieldName, string>;

/** The order of the fields on the form: focus goes to the first invalid one in this order. */
export const contactFieldOrder: readonly ContactFieldName[] = ['name', 'email', 'phone', 'country', 'message'];

export interface CountryOption {
  readonly value: string;
  readonly label: string;
}

/** The study destinations a visitor can choose, as value and label. */
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
 * stays small: the product sets no lengths, these only stop a pasted book.
 */
export const CONTACT_LIMITS = { nameMax: 100, emailMax: 254, phoneMax: 30, messageMax: 5000 } as const;

/**
 * The hidden field a person never fills (it is off-screen and out of the tab order); a bot that fills
 * every input gives itself away. The server answers such a post as if it succeeded and stores nothing.
 */
export const HONEYPOT_FIELD = 'website';

export const newsletterMessages = {
  emailRequired: contactMessages.emailRequired,
  emailInvalid: contactMessages.emailInvalid,
} as const;

export interface NewsletterFormValues {
  email: string;
}

/**
 * What a subscriber agrees to, shown beside the form and stored word for word with the time of the
 * sign-up and of the confirmation (Kenya's Data Protection Act 2019 asks for proof of consent).
 */
export const NEWSLETTER_CONSENT_TEXT = 'We will email you a link to confirm your subscription. We use your address only to send our articles, and every email has a link to unsubscribe.';
