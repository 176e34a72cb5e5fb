/**
 * Builds the RFC 5322 message (MIME: text + HTML alternatives, attachments) with nodemailer's
 * MailComposer: the local mailbox's `.eml` files. In AWS, SES builds the message from the same
 * fields (sesTransport.ts), so no Lambda bundle carries this composer.
 */
import { randomUUID } from 'node:crypto';
import MailComposer from 'nodemailer/lib/mail-composer';
import { domainOf, splitMailbox } from './address';
import { withLineFeeds } from './lineBreaks';
import type { OutgoingMail } from './types';

export interface ComposedMail {
  /** With angle brackets, as in the Message-ID header. */
  readonly messageId: string;
  readonly raw: Buffer;
}

export interface ComposeOptions {
  readonly from: string;
  readonly date?: Date;
}

export async function composeMail(mail: OutgoingMail, { from, date = new Date() }: ComposeOptions): Promise<ComposedMail> {
  const messageId = `<${randomUUID()}@${messageIdDomainOf(from)}>`;
  const composer = new MailComposer({
    from,
    to: mail.to,
    subject: mail.subject,
    text: withLineFeeds(mail.text),
    html: withLineFeeds(mail.html),
    date,
    messageId,
    ...(mail.replyTo !== undefined ? { replyTo: mail.replyTo } : {}),
    ...(mail.headers !== undefined ? { headers: { ...mail.headers } } : {}),
    // RFC 5322 lines end in CRLF: bodies written with "\n" (and any bare LF) are converted, so no
    // message mixes the two (some clients and scanners read a bare LF as a header or line boundary).
    newline: 'windows',
    // Content is always given inline; the composer must never read a file or fetch a URL on its own.
    disableFileAccess: true,
    disableUrlAccess: true,
    attachments: (mail.attachments ?? []).map((attachment) => ({
      filename: attachment.filename,
      contentType: attachment.contentType,
      content: attachment.content,
    })),
  });
  const raw = await new Promise<Buffer>((resolve, reject) => {
    composer.compile().build((error, message) => (error ? reject(error) : resolve(message)));
  });
  return { messageId, raw };
}

/** The sender's domain names the Message-ID, as RFC 5322 recommends. */
function messageIdDomainOf(from: string): string {
  const domain = domainOf(splitMailbox(from).address);
  return /^[A-Za-z0-9.-]+$/.test(domain) ? domain : 'localhost';
}
