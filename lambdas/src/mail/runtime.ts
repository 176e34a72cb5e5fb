/**
 * From the mail configuration to the transport and outbox the services use. A deployed function sends
 * through SES (the SES client is only built for `MAIL_TRANSPORT=ses`); the `.eml` file transport is the
 * local runtime's (src/local/ hands it in as the given transport), so no Lambda bundle holds a MIME
 * composer.
 */
import { SESv2Client } from '@aws-sdk/client-sesv2';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { AppConfig, MailConfig } from '../config';
import type { BusinessMetrics } from '../metrics';
import { traced } from '../clients/tracing';
import { createOutbox } from './outbox';
import { createSesTransport } from './sesTransport';
import type { MailRuntime, MailTransport } from './types';

export interface MailClients {
  readonly dynamo: DynamoDBDocumentClient;
  readonly tableName: string;
  /** The transport to use instead of SES: the local runtime's `.eml` files, or a test's fake. */
  readonly mailTransport?: MailTransport;
  readonly ses?: Pick<SESv2Client, 'send'>;
  readonly clock?: () => Date;
  /** Told each time the transport refuses a message. */
  readonly onSendFailed?: () => void;
  /** This process and the claimers known to be gone (the local runtime's; see the outbox). */
  readonly ownership?: { readonly owner: string; readonly ownerGone: (owner: string) => boolean };
  /** When the current invocation ends (in AWS): a claim's lease ends there (see the outbox). */
  readonly deadline?: () => number | undefined;
}

/** MAIL_TRANSPORT=file in a function that was not given the local runtime's file transport (a deployed one). */
export class MailTransportUnavailableError extends Error {
  constructor() {
    super('MAIL_TRANSPORT=file writes .eml files, which only the local runtime (npm start) provides: a deployed function sends with MAIL_TRANSPORT=ses');
    this.name = 'MailTransportUnavailableError';
  }
}

export function createMailRuntime(config: MailConfig, clients: MailClients): MailRuntime {
  const transport = clients.mailTransport ?? sesTransportOf(config, clients);
  const outbox = createOutbox({
    client: clients.dynamo,
    tableName: clients.tableName,
    transport,
    ...(clients.clock ? { clock: clients.clock } : {}),
    ...(clients.onSendFailed ? { onSendFailed: clients.onSendFailed } : {}),
    ...(clients.ownership ? { owner: clients.ownership.owner, ownerGone: clients.ownership.ownerGone } : {}),
    ...(clients.deadline ? { deadline: clients.deadline } : {}),
  });
  return { transport, outbox, from: config.from, supportEmail: config.supportEmail };
}

/**
 * A function's mail (a handler's build, lambda.ts; the local runtime's): SES with the
 * function's own credentials, traced, unless a transport is given (the local runtime's `.eml` files,
 * a test's fake), behind the outbox on the orders table; a refused send is a business event
 * (MailSendFailures). In AWS a claim's lease ends with the invocation; locally `ownership` says which
 * claimers are gone.
 */
export function createFunctionMail(
  {
    config,
    metrics,
    clock,
    invocationDeadline,
  }: { readonly config: AppConfig; readonly metrics: BusinessMetrics; readonly clock: () => Date; readonly invocationDeadline?: () => number | undefined },
  dynamo: DynamoDBDocumentClient,
  given: Pick<MailClients, 'mailTransport' | 'ownership'> = {},
): MailRuntime {
  return createMailRuntime(config.mail, {
    dynamo,
    tableName: config.ordersTable,
    clock,
    onSendFailed: () => metrics.count('mailSendFailures'),
    ...(given.mailTransport ? { mailTransport: given.mailTransport } : config.mail.transport === 'ses' ? { ses: traced(new SESv2Client({})) } : {}),
    ...(given.ownership ? { ownership: given.ownership } : {}),
    ...(invocationDeadline ? { deadline: invocationDeadline } : {}),
  });
}

function sesTransportOf(config: MailConfig, clients: MailClients): MailTransport {
  if (config.transport !== 'ses') throw new MailTransportUnavailableError();
  return createSesTransport({
    client: clients.ses ?? new SESv2Client({}),
    from: config.from,
    ...(config.sesConfigurationSet !== undefined ? { configurationSet: config.sesConfigurationSet } : {}),
  });
}
