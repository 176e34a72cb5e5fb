/**
 * From the mail configuration to the transport and outbox the services use. The SES client is only
 * built when SES is the transport, so local runs never look for AWS credentials.
 */
import os from 'node:os';
import path from 'node:path';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { MailConfig } from '../config';
import { createFileTransport } from './fileTransport';
import { createOutbox } from './outbox';
import { createSesTransport } from './sesTransport';
import type { MailRuntime, MailTransport } from './types';

export interface MailClients {
  readonly dynamo: DynamoDBDocumentClient;
  readonly tableName: string;
  /** Folder of the file transport; the local runtime passes `<DATA_DIR>/mail`. */
  readonly mailDirectory?: string;
  /** Replaces the configured transport (tests). */
  readonly mailTransport?: MailTransport;
  readonly ses?: Pick<SESv2Client, 'send'>;
  readonly clock?: () => Date;
  /** Told each time the transport refuses a message. */
  readonly onSendFailed?: () => void;
}

export const DEFAULT_MAIL_DIRECTORY = path.join(os.tmpdir(), 'kesho-mail');

export function mailDirectoryOf(dataDir: string): string {
  return path.join(dataDir, 'mail');
}

export function createMailRuntime(config: MailConfig, clients: MailClients): MailRuntime {
  const transport =
    clients.mailTransport ??
    (config.transport === 'ses'
      ? createSesTransport({
          client: clients.ses ?? new SESv2Client({}),
          from: config.from,
          ...(config.sesConfigurationSet !== undefined ? { configurationSet: config.sesConfigurationSet } : {}),
        })
      : createFileTransport({ directory: clients.mailDirectory ?? DEFAULT_MAIL_DIRECTORY, from: config.from, ...(clients.clock ? { clock: clients.clock } : {}) }));
  const outbox = createOutbox({
    client: clients.dynamo,
    tableName: clients.tableName,
    transport,
    ...(clients.clock ? { clock: clients.clock } : {}),
    ...(clients.onSendFailed ? { onSendFailed: clients.onSendFailed } : {}),
  });
  return { transport, outbox, from: config.from, supportEmail: config.supportEmail };
}
