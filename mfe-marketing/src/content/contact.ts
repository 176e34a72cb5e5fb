import { contactStatusTexts } from '@kesho/site-rules/lead-status';
import { site } from '@kesho/site-rules/site';

/** Texts of the contact page. Phone, e-mail, addresses and hours come from the site configuration. */

export const contactHeader = {
  eyebrow: 'Get in touch',
  title: 'Contact Us',
  lead: 'Tell us where you would like to study and what you hope to achieve. An advisor will reply within 24 hours, and your first consultation is free.',
} as const;

export { contactFieldOrder, contactMessages, countryOptions, type ContactFieldName, type ContactFormValues, type CountryOption } from '@kesho/site-rules/contact-fields';
import type { ContactFieldName } from '@kesho/site-rules/contact-fields';

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

export const contactForm = {
  title: 'Send us a message',
  intro: 'All fields are required.',
  submit: 'Send Message',
  /** The success toast: the same words as the confirmation shown after a post without JavaScript. */
  sentToast: {
    message: contactStatusTexts.sent.title,
    description: contactStatusTexts.sent.text,
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
