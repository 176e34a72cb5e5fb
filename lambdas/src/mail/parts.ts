/** Outgoing mail: SES (in AWS) or the given transport (`.eml` files locally, a test's fake) behind the exactly-once outbox. */
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { dynamoDocuments } from '../runtime/dynamo';
import { part } from '../runtime/foundation';
import { traced } from '../runtime/tracing';
import { createMailRuntime } from './runtime';

export const mailRuntime = part((foundation) => {
  const { config, clock, given } = foundation;
  return createMailRuntime(config.mail, {
    dynamo: dynamoDocuments(foundation),
    tableName: config.ordersTable,
    clock,
    // A refused send is a business event (MailSendFailures), whichever mail it was.
    onSendFailed: () => foundation.metrics.count('mailSendFailures'),
    ...(config.mail.transport === 'ses' && !given.mailTransport ? { ses: traced(new SESv2Client({})) } : {}),
    ...(given.mailTransport !== undefined ? { mailTransport: given.mailTransport } : {}),
    ...(given.outboxOwnership !== undefined ? { ownership: given.outboxOwnership } : {}),
    ...(foundation.invocationDeadline !== undefined ? { deadline: foundation.invocationDeadline } : {}),
  });
});
