/**
 * mail-events, run by EventBridge for each event SES publishes through the mail's configuration set
 * (delivered, bounced, complained about, rejected): records it on the message's outbox record, counts
 * it and logs it on the order's story (mail/events.ts). Locally the file transport's stand-in events
 * run this same handler (local/api.ts). An event that is not one of ours is logged and dropped; one
 * that outran its sender is thrown, so Lambda tries it again.
 */
import { awsDocumentClient } from '../clients/dynamo';
import { tracing } from '../clients/tracing';
import { lambdaEventHandler, type FunctionStart } from '../lambda';
import { createMailEvents, type MailEventResult, type MailEvents } from '../mail/events';

export type MailEventsInvocation = (event: unknown) => Promise<{ readonly result: MailEventResult }>;

/** The handler over its service: the deployed one below, the local runtime's (local/api.ts: the file transport's stand-in events). */
export function createMailEventsHandler(mailEvents: MailEvents): MailEventsInvocation {
  return async (event) => ({ result: await mailEvents.record(event) });
}

/** In AWS: configuration (the function's start) → clients (DynamoDB) → services (the recorder on the outbox records) → handler, once per container (lambda.ts). */
export function buildMailEvents(start: FunctionStart): MailEventsInvocation {
  const { config, logger, metrics, clock } = start;
  return createMailEventsHandler(createMailEvents({ client: awsDocumentClient(), tableName: config.ordersTable, metrics, logger, clock }));
}

export const handler = lambdaEventHandler('mail-events', buildMailEvents, { tracing });
