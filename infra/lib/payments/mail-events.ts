/**
 * What becomes of the mail SES accepts: the configuration set every sender names (SES_CONFIGURATION_SET),
 * whose event destination publishes each message's delivery, bounce, complaint and reject events to
 * the account's default EventBridge bus, and the rule that hands them to the mail-events function
 * (lambdas/src/mail/events.ts: the outbox record's outcome, the MailDelivered/MailBounced/
 * MailComplaints/MailRejected metrics, the order's story). An event EventBridge cannot deliver, or
 * that the function still fails after Lambda's retries, lands in MailEventFailures (alarmed).
 */
import { Duration, type Stack } from 'aws-cdk-lib';
import { EventBus, Rule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement, type IGrantable } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import { ConfigurationSet, EmailSendingEvent, EventDestination } from 'aws-cdk-lib/aws-ses';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { MAIL_EVENT_DETAIL_TYPES } from '@kesho/operations/ops-events';
import { acknowledge, failureQueueReason, SERVERLESS_RULES } from '../nag';
import { MAIL_SENDERS } from './mail-identity';
import type { DeployedFunctionName } from '@kesho/operations/functions';

/** The configuration set's name: what SES_CONFIGURATION_SET tells every function. */
export const MAIL_CONFIGURATION_SET_NAME = 'kesho-mail';

/** The events published, and EventBridge's detail-type for each (@kesho/operations/ops-events: lambdas/src/mail/events.ts reads the same four). */
export const MAIL_EVENTS = [
  { event: EmailSendingEvent.DELIVERY, detailType: MAIL_EVENT_DETAIL_TYPES.Delivery },
  { event: EmailSendingEvent.BOUNCE, detailType: MAIL_EVENT_DETAIL_TYPES.Bounce },
  { event: EmailSendingEvent.COMPLAINT, detailType: MAIL_EVENT_DETAIL_TYPES.Complaint },
  { event: EmailSendingEvent.REJECT, detailType: MAIL_EVENT_DETAIL_TYPES.Reject },
] as const;

export interface MailEventsProps {
  readonly handler: IFunction;
}

export class MailEvents {
  readonly configurationSet: ConfigurationSet;
  /** Events neither EventBridge nor the function could hand on: the rule's dead-letter queue and the function's on-failure destination. */
  readonly failures: Queue;
  readonly rule: Rule;

  /** Built in the stack's own scope, beside the mail identity. */
  constructor(stack: Stack, props: MailEventsProps) {
    this.configurationSet = new ConfigurationSet(stack, 'MailConfigurationSet', { configurationSetName: MAIL_CONFIGURATION_SET_NAME });
    const defaultBus = EventBus.fromEventBusName(stack, 'DefaultEventBus', 'default');
    // SES publishes to the default bus only.
    this.configurationSet.addEventDestination('ToEventBridge', {
      destination: EventDestination.eventBus(defaultBus),
      events: MAIL_EVENTS.map(({ event }) => event),
    });
    this.failures = new Queue(stack, 'MailEventFailures', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    this.rule = new Rule(stack, 'MailEventsRule', {
      description: "Hands SES's delivery, bounce, complaint and reject events of the kesho-mail configuration set to mail-events",
      eventBus: defaultBus,
      eventPattern: {
        source: ['aws.ses'],
        detailType: MAIL_EVENTS.map(({ detailType }) => detailType),
        detail: { mail: { tags: { 'ses:configuration-set': [MAIL_CONFIGURATION_SET_NAME] } } },
      },
      targets: [new LambdaFunction(props.handler, { deadLetterQueue: this.failures, retryAttempts: 8, maxEventAge: Duration.hours(6) })],
    });
    // An event that outran its sender is thrown back (the record names no message yet): Lambda's two retries read it again.
    props.handler.configureAsyncInvoke({ retryAttempts: 2, maxEventAge: Duration.hours(6), onFailure: new SqsDestination(this.failures) });
  }

  /**
   * SES authorizes a send that names a configuration set against the set too: the senders (MAIL_SENDERS)
   * may send through this one, as they may send from the identity (mail-identity.ts).
   */
  grantSending(functions: Readonly<Record<DeployedFunctionName, IGrantable>>): void {
    const arn = this.configurationSet.stack.formatArn({ service: 'ses', resource: 'configuration-set', resourceName: this.configurationSet.configurationSetName });
    for (const sender of MAIL_SENDERS) functions[sender].grantPrincipal.addToPrincipalPolicy(new PolicyStatement({ actions: ['ses:SendEmail', 'ses:SendRawEmail'], resources: [arn] }));
  }

  acknowledgeFindings(): void {
    acknowledge(
      this.failures,
      { id: 'AwsSolutions-SQS3', reason: 'This queue is itself the dead-letter queue of the mail events rule and the on-failure destination of mail-events.' },
      { id: SERVERLESS_RULES.sqsRedrivePolicy, reason: failureQueueReason('mail-events and of its rule') },
    );
  }
}
