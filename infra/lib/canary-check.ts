/**
 * How the scheduled canary check reaches the release publisher: through its own alias
 * (`canary-check`), whose asynchronous invocations have their own settings. A check is not retried
 * (the next one is a minute away and judges the same metrics) and a failed one lands in its own queue,
 * `CanaryCheckFailures`, not in `PublishFailures`, whose runbook row says "a release did not publish".
 * The alias's own metrics (Invocations, Errors by `Resource`) tell the check's runs from the
 * publications: the heartbeat alarm `kesho-canary-check-silent` counts its runs (lib/alarms.ts).
 */
import { Annotations, Duration } from 'aws-cdk-lib';
import { Alias, type Function as LambdaFunctionResource } from 'aws-cdk-lib/aws-lambda';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { acknowledge, failureQueueReason, SERVERLESS_RULES } from './nag';

export const CANARY_CHECK_ALIAS = 'canary-check';

export class CanaryCheckInvocation extends Construct {
  /** What the schedule invokes. */
  readonly alias: Alias;
  /** Failed checks (each is one minute's check; none is retried). */
  readonly failures: Queue;

  constructor(scope: Construct, id: string, publisher: LambdaFunctionResource) {
    super(scope, id);
    this.failures = new Queue(this, 'Failures', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      // A failing check lands a message a minute: a day of them is enough to read why.
      retentionPeriod: Duration.days(1),
    });
    // The schedule's permission is granted on the alias itself (its target); the others invoke the function unqualified.
    Annotations.of(publisher).acknowledgeWarning(
      '@aws-cdk/aws-lambda:addPermissionsToVersionOrAlias',
      "Only the canary check's schedule invokes the alias, and its permission is the alias's own; S3 and the deploys invoke the function unqualified.",
    );
    this.alias = new Alias(this, 'Alias', {
      aliasName: CANARY_CHECK_ALIAS,
      version: publisher.currentVersion,
      description: 'The scheduled canary check: no retries, its own failure queue',
      retryAttempts: 0,
      maxEventAge: Duration.minutes(5),
      onFailure: new SqsDestination(this.failures),
    });
    acknowledge(
      this.failures,
      {
        id: 'AwsSolutions-SQS3',
        reason: "This queue is itself the on-failure destination of the canary check's alias of the release publisher.",
      },
      { id: SERVERLESS_RULES.sqsRedrivePolicy, reason: failureQueueReason("the canary check's alias of the release publisher") },
    );
  }
}
