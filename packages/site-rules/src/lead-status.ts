/**
 * What the contact and newsletter forms say after a post, written once for the pages and the Lambdas.
 * Without JavaScript the server answers a form post with 303 to `<page>?<param>=<status>#<id>`; the
 * prerendered page holds every message hidden and CSS `:target` shows the one the fragment names, so
 * the answer is visible with scripts off. With scripts on, the page reads the same query parameter.
 */
import { site } from './site';

export interface LeadStatusText {
  /** The element id the redirect's fragment targets. */
  readonly id: string;
  readonly tone: 'success' | 'error';
  readonly title: string;
  readonly text: string;
  /** Shown after a form post without JavaScript, where the page cannot refill the fields itself. */
  readonly afterPost?: string;
}

export type ContactStatus = 'sent' | 'invalid' | 'rate-limited' | 'unavailable';
export type NewsletterStatus = 'pending' | 'invalid' | 'rate-limited' | 'unavailable' | 'confirmed' | 'unsubscribed' | 'expired' | 'link-invalid';

export const CONTACT_PAGE = '/contact';
export const CONTACT_STATUS_PARAM = 'contact';
export const NEWSLETTER_PAGE = '/blog';
export const NEWSLETTER_STATUS_PARAM = 'newsletter';

const goBack = 'Use your browser’s Back button to return to the form: it keeps what you typed.';

export const contactStatusTexts: Readonly<Record<ContactStatus, LeadStatusText>> = {
  // The success toast's words exactly: the same confirmation with or without JavaScript.
  sent: { id: 'contact-sent', tone: 'success', title: 'Message Sent!', text: "Thank you for contacting us. We'll get back to you within 24 hours." },
  invalid: { id: 'contact-invalid', tone: 'error', title: 'Your message was not sent', text: `Some details were missing or not valid.`, afterPost: goBack },
  'rate-limited': {
    id: 'contact-rate-limited',
    tone: 'error',
    title: 'Your message was not sent',
    text: `You have sent several messages in a short time. Please wait an hour and try again, or email us at ${site.email}.`,
    afterPost: goBack,
  },
  unavailable: {
    id: 'contact-unavailable',
    tone: 'error',
    title: 'Your message was not sent',
    text: `We could not send your message just now. Please try again in a few minutes, or email us at ${site.email}.`,
    afterPost: goBack,
  },
};

export const newsletterStatusTexts: Readonly<Record<NewsletterStatus, LeadStatusText>> = {
  pending: {
    id: 'newsletter-pending',
    tone: 'success',
    title: 'Please check your email',
    text: 'We sent you a link to confirm your subscription. Nothing more is sent until you open it.',
  },
  invalid: { id: 'newsletter-invalid', tone: 'error', title: 'You are not subscribed yet', text: 'Please enter a valid email address, like you@example.com' },
  'rate-limited': {
    id: 'newsletter-rate-limited',
    tone: 'error',
    title: 'You are not subscribed yet',
    text: 'There were several sign-ups from here in a short time. Please wait an hour and try again.',
  },
  unavailable: {
    id: 'newsletter-unavailable',
    tone: 'error',
    title: 'You are not subscribed yet',
    text: 'We could not send the confirmation email just now. Please try again in a few minutes.',
  },
  confirmed: { id: 'newsletter-confirmed', tone: 'success', title: 'Subscription confirmed', text: 'Thank you. New articles will reach you by email, each with a link to unsubscribe.' },
  unsubscribed: { id: 'newsletter-unsubscribed', tone: 'success', title: 'You are unsubscribed', text: 'We will not email you again, and we no longer keep your address.' },
  expired: {
    id: 'newsletter-expired',
    tone: 'error',
    title: 'This link has expired',
    text: 'Please sign up again below and open the new link within 7 days.',
  },
  'link-invalid': { id: 'newsletter-link-invalid', tone: 'error', title: 'This link is not valid', text: 'Please copy the whole link from the email, or sign up again below.' },
};

export function contactStatusLocation(status: ContactStatus): string {
  return `${CONTACT_PAGE}?${CONTACT_STATUS_PARAM}=${status}#${contactStatusTexts[status].id}`;
}

export function newsletterStatusLocation(status: NewsletterStatus): string {
  return `${NEWSLETTER_PAGE}?${NEWSLETTER_STATUS_PARAM}=${status}#${newsletterStatusTexts[status].id}`;
}
