/**
 * An enquiry from the contact form: validated with the form's own schema, stored (pk `enquiry#<id>`,
 * expiring after ENQUIRY_RETENTION_DAYS), then two mails through the outbox: the enquiry to the
 * support address and an acknowledgement to the visitor.
 *
 * The id is a hash of what was typed, so a retry of the same message (a double click, a resubmit
 * after a failed send) is the same enquiry: stored once, each mail sent once, and a mail that failed
 * is sent by the retry.
 */
import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { contactSchema, countryLabel, HONEYPOT_FIELD, type ContactFormValues } from '@kesho/site-rules/contact-schema';
import { ENQUIRY_RETENTION_DAYS, expiresAtEpochSeconds } from '@kesho/operations/retention';
import { site } from '@kesho/site-rules/site';
import type { AppConfig } from '../config';
import type { Logger } from '../log';
import type { Outbox, OutgoingMail } from '../mail/types';
import { conditionalWrite } from '../conditionalWrite';
import { hashKey, type RateLimiter, type RateLimitRule } from './rateLimit';
import { escapeHtml } from '../http/html';
import { validateFields } from './validate';
import { addressKey } from './addressKey';

export { ENQUIRY_RETENTION_DAYS };

export interface LeadLimits {
  /** Attempts per client (source IP) per hour, invalid ones included. */
  readonly perClientPerHour: number;
  /** Accepted attempts per mailbox (addressKey: case, +tags and Gmail dots ignored) per hour. */
  readonly perAddressPerHour: number;
}

export const DEFAULT_LEAD_LIMITS: LeadLimits = { perClientPerHour: 30, perAddressPerHour: 5 };

/** The forms' limits from the configuration alone: the services never see its secret sources. */
export const leadLimitsOf = ({ leads }: Pick<AppConfig, 'leads'>): LeadLimits => ({ perClientPerHour: leads.perClientPerHour, perAddressPerHour: leads.perAddressPerHour });

export type EnquiryResult =
  | { readonly kind: 'accepted'; readonly enquiryId: string }
  /** The honeypot was filled: answered like a success, nothing stored or sent. */
  | { readonly kind: 'ignored' }
  | { readonly kind: 'invalid'; readonly fieldErrors: Readonly<Record<string, string>> }
  | { readonly kind: 'rate-limited'; readonly retryAfterSeconds: number }
  /** Stored, but a mail could not be sent; the same submission again retries the mail. */
  | { readonly kind: 'send-failed'; readonly enquiryId: string };

export type SubmitEnquiry = (fields: Readonly<Record<string, string>>, client: { readonly ip: string }) => Promise<EnquiryResult>;

export interface EnquiryDeps {
  readonly dynamo: DynamoDBDocumentClient;
  readonly tableName: string;
  readonly outbox: Outbox;
  readonly supportEmail: string;
  readonly rateLimiter: RateLimiter;
  readonly limits?: LeadLimits;
  readonly clock: () => Date;
  readonly logger: Logger;
}

export function createSubmitEnquiry(deps: EnquiryDeps): SubmitEnquiry {
  const limits = deps.limits ?? DEFAULT_LEAD_LIMITS;
  const perClient: RateLimitRule = { scope: 'enquiry-client', limit: limits.perClientPerHour, windowSeconds: 3600 };
  const perAddress: RateLimitRule = { scope: 'enquiry-address', limit: limits.perAddressPerHour, windowSeconds: 3600 };

  return async (fields, client) => {
    if ((fields[HONEYPOT_FIELD] ?? '').trim() !== '') {
      deps.logger.warn('enquiry.honeypot');
      return { kind: 'ignored' };
    }
    const clientHit = await deps.rateLimiter.hit(perClient, client.ip);
    if (clientHit.limited) return { kind: 'rate-limited', retryAfterSeconds: clientHit.retryAfterSeconds };

    const checked = validateFields(contactSchema, fields);
    if (!checked.ok) return { kind: 'invalid', fieldErrors: checked.fieldErrors };
    const enquiry = checked.value;

    const enquiryId = hashKey(JSON.stringify([enquiry.name, enquiry.email.toLowerCase(), enquiry.phone, enquiry.country, enquiry.message]));
    // A resubmission of a stored enquiry (a retry after a failed send) is not a new message: it
    // does not count against the address, so a visitor can always retry.
    const stored = await deps.dynamo.send(new GetCommand({ TableName: deps.tableName, Key: { pk: `enquiry#${enquiryId}` }, ConsistentRead: true }));
    if (stored.Item) {
      deps.logger.info('enquiry.duplicate', { enquiryId });
    } else {
      const addressHit = await deps.rateLimiter.hit(perAddress, addressKey(enquiry.email));
      if (addressHit.limited) return { kind: 'rate-limited', retryAfterSeconds: addressHit.retryAfterSeconds };
      await storeEnquiry(deps, enquiryId, enquiry);
    }

    try {
      await deps.outbox.sendOnce(`enquiry-support#${enquiryId}`, () => supportMail(enquiry, enquiryId, deps.supportEmail));
      await deps.outbox.sendOnce(`enquiry-ack#${enquiryId}`, () => acknowledgementMail(enquiry));
    } catch (error) {
      deps.logger.error('enquiry.mail_failed', { enquiryId, error });
      return { kind: 'send-failed', enquiryId };
    }
    return { kind: 'accepted', enquiryId };
  };
}

async function storeEnquiry(deps: EnquiryDeps, enquiryId: string, enquiry: ContactFormValues): Promise<void> {
  const now = deps.clock();
  const stored = await conditionalWrite(
    deps.dynamo.send(
      new PutCommand({
        TableName: deps.tableName,
        Item: {
          pk: `enquiry#${enquiryId}`,
          kind: 'enquiry',
          ...enquiry,
          receivedAt: now.toISOString(),
          expiresAt: expiresAtEpochSeconds(now, ENQUIRY_RETENTION_DAYS),
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    ),
  );
  // Refused: two identical posts racing, and the other one stored it.
  if (stored) deps.logger.info('enquiry.stored', { enquiryId });
}

export function supportMail(enquiry: ContactFormValues, enquiryId: string, supportEmail: string): OutgoingMail {
  const rows: readonly (readonly [string, string])[] = [
    ['Name', enquiry.name],
    ['Email', enquiry.email],
    ['Phone', enquiry.phone],
    ['Country', countryLabel(enquiry.country)],
  ];
  return {
    to: supportEmail,
    replyTo: enquiry.email,
    subject: `New enquiry from ${enquiry.name} (${countryLabel(enquiry.country)})`,
    text: [
      'A visitor sent this message through the contact form. Reply to this email to answer them.',
      '',
      ...rows.map(([label, value]) => `${label}: ${value}`),
      '',
      'Message:',
      enquiry.message,
      '',
      `Enquiry reference: ${enquiryId}`,
    ].join('\n'),
    html: [
      '<p>A visitor sent this message through the contact form. Reply to this email to answer them.</p>',
      '<table>',
      ...rows.map(([label, value]) => `<tr><th align="left">${label}</th><td>${escapeHtml(value)}</td></tr>`),
      '</table>',
      '<h2>Message</h2>',
      `<p style="white-space:pre-wrap">${escapeHtml(enquiry.message)}</p>`,
      `<p>Enquiry reference: ${enquiryId}</p>`,
    ].join('\n'),
  };
}

/**
 * The address is unverified (anyone can type anyone's): the acknowledgement carries only fixed text,
 * nothing the sender typed (no name, no message), so the form cannot carry someone's words to a stranger.
 */
export function acknowledgementMail(enquiry: Pick<ContactFormValues, 'email'>): OutgoingMail {
  const intro = `Thank you for contacting ${site.legalName}. We have received your message and an advisor will reply within 24 hours.`;
  const hours = `Our business hours are ${site.hours.display}. If your question is urgent, call us on ${site.phone.display}.`;
  const stranger = `If you did not write to us, someone typed this address by mistake: ignore this email and nothing more will be sent.`;
  return {
    to: enquiry.email,
    subject: `We received your message: ${site.brand}`,
    text: ['Hello,', '', intro, '', hours, '', stranger, '', site.brand, site.email].join('\n'),
    html: [
      '<p>Hello,</p>',
      `<p>${escapeHtml(intro)}</p>`,
      `<p>${escapeHtml(hours)}</p>`,
      `<p>${escapeHtml(stranger)}</p>`,
      `<p>${escapeHtml(site.brand)}<br>${escapeHtml(site.email)}</p>`,
    ].join('\n'),
  };
}
