/** Outgoing mail: the configured transport (SES in AWS, `.eml` files locally) behind the exactly-once outbox. */
import { dynamoDocuments } from '../runtime/dynamo';
import { part } from '../runtime/foundation';
import { createMailRuntime } from './runtime';

export const mailRuntime = part((foundation) => {
  const { config, clock, given } = foundation;
  return createMailRuntime(config.mail, {
    dynamo: dynamoDocuments(foundation),
    tableName: config.ordersTable,
    clock,
    ...(given.mailDirectory !== undefined ? { mailDirectory: given.mailDirectory } : {}),
    ...(given.mailTransport !== undefined ? { mailTransport: given.mailTransport } : {}),
  });
});
