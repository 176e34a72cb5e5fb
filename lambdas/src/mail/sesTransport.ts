/**
 * Amazon SES (API v2) transport: `SendEmail` with `Content.Simple`, so SES builds the MIME message
 * (text and HTML alternatives, attachments, our List-Unsubscribe headers) and no MIME library ships
 * in a Lambda (nodemailer's composer is ~140 KB of each mail sender's bundle). The local file transport
 * composes the same fields itself (compose.ts), so the local mailbox shows what SES is asked to send.
 */
import { domainToASCII } from 'node:url';
import { SendEmailCommand, type SESv2Client } from '@aws-sdk/client-sesv2';
import { domainOf, splitMailbox } from './address';
import { withLineFeeds } from './lineBreaks';
import { OUTBOX_TAG, outboxTagValue } from './tags';
import type { MailTransport, OutgoingMail } from './types';

export interface SesTransportOptions {
  readonly client: Pick<SESv2Client, 'send'>;
  readonly from: string;
  readonly configurationSet?: string;
}

const UTF8 = 'UTF-8';
/** Recorded in the outbox when SES accepts a message without naming its id (its API allows it). */
export const NO_MESSAGE_ID = '(no SES message id)';

export function createSesTransport({ client, from, configurationSet }: SesTransportOptions): MailTransport {
  const fromAddress = sesMailbox(from);
  return {
    async send(mail, options = {}) {
      const result = await client.send(
        new SendEmailCommand({
          FromEmailAddress: fromAddress,
          Destination: { ToAddresses: [sesMailbox(mail.to)] },
          ...(mail.replyTo !== undefined ? { ReplyToAddresses: [sesMailbox(mail.replyTo)] } : {}),
          Content: { Simple: simpleMessage(mail) },
          // The configuration set publishes the message's delivery, bounce, complaint and reject events
          // (the mail-events function); the tag leads each event back to the outbox record.
          ...(configurationSet !== undefined ? { ConfigurationSetName: configurationSet } : {}),
          ...(options.key !== undefined ? { EmailTags: [{ Name: OUTBOX_TAG, Value: outboxTagValue(options.key) }] } : {}),
        }),
      );
      // SES's id is what its bounce and complaint notifications refer to. The message is sent either
      // way: a missing id must not make the outbox send it again.
      return { messageId: result.MessageId ?? NO_MESSAGE_ID };
    },
  };
}

function simpleMessage(mail: OutgoingMail) {
  return {
    Subject: { Data: mail.subject, Charset: UTF8 },
    // SES writes the MIME message from these: the same line breaks as the local composer's.
    Body: { Text: { Data: withLineFeeds(mail.text), Charset: UTF8 }, Html: { Data: withLineFeeds(mail.html), Charset: UTF8 } },
    ...(mail.headers !== undefined ? { Headers: Object.entries(mail.headers).map(([Name, Value]) => ({ Name, Value })) } : {}),
    ...(mail.attachments !== undefined && mail.attachments.length > 0
      ? {
          Attachments: mail.attachments.map((attachment) => ({
            FileName: attachment.filename,
            ContentType: attachment.contentType,
            ContentDisposition: 'ATTACHMENT' as const,
            RawContent: attachment.content,
          })),
        }
      : {}),
  };
}

/**
 * An address as SES takes it: a display name outside ASCII as a MIME encoded word and the domain in
 * its ASCII (punycode) form, as SES documents for its address fields; everything else unchanged.
 */
export function sesMailbox(mailbox: string): string {
  const { name, address } = splitMailbox(mailbox);
  const domain = domainOf(address);
  const asciiDomain = domain === '' ? '' : domainToASCII(domain);
  const sesAddress = asciiDomain === '' ? address : `${address.slice(0, address.length - domain.length)}${asciiDomain}`;
  if (name === '') return sesAddress;
  const sesName = /^[\x20-\x7e]*$/.test(name) ? `"${name.replace(/(["\\])/g, '\\$1')}"` : `=?UTF-8?B?${Buffer.from(name, 'utf8').toString('base64')}?=`;
  return `${sesName} <${sesAddress}>`;
}
