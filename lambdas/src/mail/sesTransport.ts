/**
 * Amazon SES (API v2) transport: the same composed MIME message, sent as `Content.Raw`, so
 * attachments and custom headers (List-Unsubscribe) reach the recipient unchanged.
 */
import { SendEmailCommand, type SESv2Client } from '@aws-sdk/client-sesv2';
import { composeMail } from './compose';
import type { MailTransport } from './types';

export interface SesTransportOptions {
  readonly client: Pick<SESv2Client, 'send'>;
  readonly from: string;
  readonly configurationSet?: string;
}

export function createSesTransport({ client, from, configurationSet }: SesTransportOptions): MailTransport {
  return {
    async send(mail) {
      const { messageId, raw } = await composeMail(mail, { from });
      const result = await client.send(
        new SendEmailCommand({
          Content: { Raw: { Data: raw } },
          Destination: { ToAddresses: [mail.to] },
          ...(configurationSet !== undefined ? { ConfigurationSetName: configurationSet } : {}),
        }),
      );
      // SES rewrites Message-ID with its own; its id is what bounces and complaints refer to.
      return { messageId: result.MessageId ?? messageId };
    },
  };
}
