/**
 * mail-events, run by EventBridge for each event SES publishes through the mail's configuration set
 * (delivered, bounced, complained about, rejected): records it on the message's outbox record, counts
 * it and logs it on the order's story (mail/events.ts). Locally the file transport's stand-in events
 * run this same handler (local/api.ts). An event that is not one of ours is logged and dropped; one
 * that outran its sender is thrown, so Lambda tries it again.
 */
import { defineFunction } from '../runtime/context';
import { tracing } from '../runtime/tracing';
import type { MailEventResult } from '../mail/events';
import { mailEvents } from '../mail/eventsParts';

/** This function's services: its bundle holds these parts and what they use, nothing else. */
export const runtime = defineFunction('mail-events', { mailEvents }, { tracing });

export const handler = runtime.handle(async (event: unknown): Promise<{ readonly result: MailEventResult }> => {
  const { services } = await runtime.current();
  return { result: await services.mailEvents.record(event) };
});
