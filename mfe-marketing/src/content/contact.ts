import { site } from '@kesho/common/site';

/** Texts of the contact page. Phone, e-mail, addresses and hours come from the site configuration. */

export const contactHeader = {
  eyebrow: 'Get in touch',
  title: 'Contact Us',
  lead: 'Tell us where you would like to study and what you hope to achieve. An advisor will reply within 24 hours, and your first consultation is free.',
} as const;

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

export interface ContactFieldText {
  readonly label: string;
  readonly placeholder: string;
  readonly hint?: string;
}

export const contactFields: Readonly<Record<ContactFieldName, ContactFieldText>> = {
  name: { label: 'Full name', placeholder: 'Your full name' },
  email: { label: 'Email address', placeholder: 'you@example.com' },
  phone: { label: 'Phone number', placeholder: '+254 7XX XXX XXX', hint: 'Include your country code so that we can call you back.' },
  country: { label: 'Country you would like to study in', placeholder: 'Select a country' },
  message: { label: 'Your message', placeholder: 'Tell us about your education goals' },
};

export const contactMessages = {
  nameRequired: 'Please enter your full name',
  emailRequired: 'Please enter your email address',
  emailInvalid: 'Please enter a valid email address, like you@example.com',
  phoneRequired: 'Please enter your phone number',
  countryRequired: 'Please select a country you would like to study in, or choose Other / Not Sure',
  messageRequired: 'Please tell us about your education goals',
} as const;

export const contactForm = {
  title: 'Send us a message',
  intro: 'All fields are required.',
  submit: 'Send Message',
  /** SPEC §8: the success toast, word for word. */
  sentToast: {
    message: 'Message Sent!',
    description: "Thank you for contacting us. We'll get back to you within 24 hours.",
  },
} as const;

export const contactInformation = {
  title: 'Contact information',
  phoneLabel: 'Phone',
  emailLabel: 'Email',
  officeLabel: 'Office',
  postalLabel: 'Postal address',
  hoursLabel: 'Business hours',
  responseLabel: 'Response time',
  responseText: 'We reply to every message within 24 hours.',
  phone: site.phone,
  email: site.email,
  office: site.registeredOffice.display,
  postal: site.postalAddress.display,
  hours: site.hours.display,
} as const;

export const officeLocation = {
  title: 'Find our office',
  lines: [site.registeredOffice.streetAddress, `${site.registeredOffice.locality}, ${site.registeredOffice.country}`],
  note: 'Please call us before you visit, so that an advisor is free to meet you.',
} as const;
