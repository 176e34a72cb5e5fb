export interface MailAttachment { readonly filename: string; readonly contentType: string; readonly content: Buffer }
export interface OutgoingMail {
  readonly to: string;                      // one address
  readonly subject: string;
  readonly text: string;                    // plain-text body (always)
  readonly html: string;                    // HTML body (always)
  readonly replyTo?: string;
  readonly attachments?: readonly MailAttachment[];
  readonly headers?: Readonly<Record<string, string>>; // e.g. List-Unsubscribe, List-Unsubscribe-Post
}
export interface MailTransport { send(mail: OutgoingMail): Promise<{ readonly messageId: string }> }
export interface Outbox {
  /** Sends the message built by `build` at most once per key (conditional write on `outbox#<key>`);
   *  a failed send leaves the record retryable (status 'failed', attempts counted) and rethrows. */
  sendOnce(key: string, build: () => OutgoingMail | Promise<OutgoingMail>): Promise<'sent' | 'already-sent'>;
  has(key: string): Promise<boolean>;
}
