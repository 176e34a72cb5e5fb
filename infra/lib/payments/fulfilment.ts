/**
 * What settles a paid order when a hand-off fails: fulfil-order's asynchronous retries and its
 * failure queue, and the reconciliation every RECONCILE_EVERY that settles pending orders, sends due
 * mail and drains that queue (lambdas/src/fulfilment/failures.ts).
 */
import { Duration, type Stack } from 'aws-cdk-lib';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { FUNCTIONS } from '@kesho/operations/functions';
import { acknowledge, failureQueueReason, SERVERLESS_RULES } from '../nag';

/** How often pending orders are re-read from Stripe and due receipts sent (lambdas/src/orders/reconcile.ts): reconcile-orders' `aws.scheduleMinutes` in @kesho/operations/functions. */
export const RECONCILE_EVERY = Duration.minutes(FUNCTIONS['reconcile-orders'].aws.scheduleMinutes);

export interface FulfilmentProps {
  readonly fulfilOrder: IFunction;
  readonly reconcileOrders: NodejsFunction;
}

export class Fulfilment {
  /** fulfil-order's on-failure destination, drained by the reconciliation. */
  readonly failures: Queue;
  /** The reconciliation's schedule. */
  readonly schedule: Rule;

  /** Built in the stack's own scope, so the schedule and the queue keep their logical ids. */
  constructor(stack: Stack, props: FulfilmentProps) {
    this.schedule = new Rule(stack, 'ReconcileSchedule', {
      description: 'Settles pending orders the webhook missed and sends receipts still due',
      schedule: Schedule.rate(RECONCILE_EVERY),
      // The next run is minutes away and does the same work: no retries to pile up behind a slow one.
      targets: [new LambdaFunction(props.reconcileOrders, { retryAttempts: 0 })],
    });
    // EventBridge hands the run to Lambda asynchronously, and Lambda retries a failed asynchronous
    // invocation twice by default: set what the comment above says there too, and drop a run older
    // than the next one.
    props.reconcileOrders.configureAsyncInvoke({ retryAttempts: 0, maxEventAge: RECONCILE_EVERY });

    this.failures = new Queue(stack, 'FulfilmentFailures', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    props.fulfilOrder.configureAsyncInvoke({
      retryAttempts: 2,
      maxEventAge: Duration.hours(6),
      onFailure: new SqsDestination(this.failures),
    });
    // The reconciliation drains the queue: it alone may receive and delete there, and only it is told where the queue is.
    props.reconcileOrders.addEnvironment('FULFILMENT_FAILURE_QUEUE_URL', this.failures.queueUrl);
    this.failures.grant(props.reconcileOrders, 'sqs:ReceiveMessage', 'sqs:DeleteMessage');
  }

  acknowledgeFindings(): void {
    acknowledge(
      this.failures,
      {
        id: 'AwsSolutions-SQS3',
        reason: 'This queue is itself the on-failure destination of fulfil-order; a dead-letter queue behind it would only move the problem.',
      },
      { id: SERVERLESS_RULES.sqsRedrivePolicy, reason: failureQueueReason('fulfil-order (the reconciliation drains it)') },
    );
    acknowledge(this.schedule, {
      id: SERVERLESS_RULES.eventBusDlq,
      reason:
        'A schedule event EventBridge could not deliver is a reconciliation run that did not happen: kesho-reconciliation-silent fires on missed runs, and the next run (5 minutes later) does the same work; a dead-letter queue would hold empty schedule events with nothing to replay.',
    });
  }
}
