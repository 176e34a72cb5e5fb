/**
 * The mail contract shared by receipts, enquiries and the newsletter. Services depend on these
 * interfaces only, so tests hand in fakes and AWS/local differ only in the transport.
 */
export interface MailAttachment {
  readonly filename: string;
  readonly contentType: string;
  readonly content: Buffer;
}

export interface OutgoingMail {
  /** One address. */
  readonly to: string;
  readonly subject: string;
  /** Plain-text body (always). */
  readonly text: string;
  /** HTML body (always). */
  readonly html: string;
  readonly replyTo?: string;
  readonly attachments?: readonly MailAttachment[];
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post. */
  readonly headers?: Readonly<Record<string, string>>;
}

export interface SendOptions {
  /**
   * The outbox key the message is sent under: SES tags the message with it (events.ts's OUTBOX_TAG),
   * so its delivery, bounce and complaint events find the outbox record; the local stand-in's events too.
   */
  readonly key?: string;
}

export interface MailTransport {
  send(mail: OutgoingMail, options?: SendOptions): Promise<{ readonly messageId: string }>;
}

export interface Outbox {
  /**
   * Sends the message built by `build` at most once per key (conditional write on `outbox#<key>`);
   * a failed send leaves the record retryable (status 'failed', attempts counted) and rethrows.
   * 'in-progress': another sender holds the key right now (within its lease, its process not known
   * to be gone); nothing was sent by this call and the message may not be out yet.
   */
  sendOnce(key: string, build: () => OutgoingMail | Promise<OutgoingMail>): Promise<'sent' | 'already-sent' | 'in-progress'>;
  /** True once the message of `key` has been handed to the transport successfully. */
  has(key: string): Promise<boolean>;
}

export interface MailRuntime {
  readonly transport: MailTransport;
  readonly outbox: Outbox;
  /** The From header, e.g. `Kesho Global Education <support@…>`. */
  readonly from: string;
  /** Where copies of receipts and enquiries go. */
  readonly supportEmail: string;
}
