/**
 * The release publisher (functions/release-publisher/) and how deploys reach it.
 *
 * ReleasePublisher lives in the site stack: the Lambda that assembles mfe/remotes.json and the live
 * pages from every app's current release record, run when a record changes in the bucket (a manual
 * rollback) and by each deploy. ReleasePublication lives in each shell and remote stack: a custom
 * resource, served by that Lambda, that publishes after the stack's uploads and reports FAILED (so
 * `cdk deploy` fails and the stack rolls back) unless mfe/remotes.json then shows the stack's release.
 * The deploy stacks reach the Lambda by its fixed name, not by a CloudFormation export, so deploying
 * one team's stack never locks or updates another stack.
 */
import path from 'node:path';
import { ArnFormat, CustomResource, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { EventType, type IBucket } from 'aws-cdk-lib/aws-s3';
import { LambdaDestination } from 'aws-cdk-lib/aws-s3-notifications';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct, type IConstruct } from 'constructs';
import { PAGES_PREFIX } from '@kesho/common/page-routes';
import { POINTER_DOCUMENT_KEY, POINTERS_PREFIX, RELEASES_PREFIX } from '../functions/release-publisher/release-record';
import { LAMBDA_BUNDLING, LAMBDA_PROJECT } from './lambda-bundling';
import { acknowledge, arnToken, BASIC_EXECUTION_REASON, LAMBDA_BASIC_EXECUTION_ROLE, WILDCARD_RESOURCE, XRAY_REASON } from './nag';
import { INFRA_ROOT } from './paths';

/** Fixed, so the deploy stacks can name the function in their custom resource without an export. */
export const RELEASE_PUBLISHER_FUNCTION_NAME = 'kesho-release-publisher';
export const RELEASE_PUBLICATION_RESOURCE_TYPE = 'Custom::KeshoReleasePublication';

export interface ReleasePublisherProps {
  readonly bucket: IBucket;
}

export class ReleasePublisher extends Construct {
  readonly function: NodejsFunction;
  /** Where a run that kept failing ends up (after two retries): the PublishFailures alarm watches it. */
  readonly failures: Queue;
  readonly logGroup: LogGroup;

  constructor(scope: Construct, id: string, props: ReleasePublisherProps) {
    super(scope, id);
    const { bucket } = props;
    this.failures = new Queue(this, 'PublishFailures', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    acknowledge(this.failures, {
      id: 'AwsSolutions-SQS3',
      reason: 'This queue is itself the on-failure destination of the release publisher.',
    });
    this.logGroup = new LogGroup(this, 'Logs', {
      retention: RetentionDays.SIX_MONTHS,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.function = new NodejsFunction(this, 'Function', {
      functionName: RELEASE_PUBLISHER_FUNCTION_NAME,
      description: "Assembles mfe/remotes.json and the live pages from the apps' current releases",
      entry: path.join(INFRA_ROOT, 'functions', 'release-publisher', 'index.js'),
      handler: 'handler',
      runtime: Runtime.NODEJS_24_X,
      architecture: Architecture.ARM_64,
      memorySize: 256,
      // CloudFormation waits for a deploy's answer; a publish copies at most a few hundred pages.
      timeout: Duration.minutes(2),
      tracing: Tracing.ACTIVE,
      logGroup: this.logGroup,
      environment: { SITE_BUCKET_NAME: bucket.bucketName, NODE_OPTIONS: '--enable-source-maps' },
      retryAttempts: 2,
      onFailure: new SqsDestination(this.failures),
      ...LAMBDA_PROJECT,
      bundling: {
        ...LAMBDA_BUNDLING,
        externalModules: ['@aws-sdk/client-s3'],
      },
    });

    const publisher = this.function;
    publisher.addToRolePolicy(new PolicyStatement({ actions: ['s3:ListBucket'], resources: [bucket.bucketArn] }));
    publisher.addToRolePolicy(
      new PolicyStatement({
        actions: ['s3:GetObject'],
        resources: [bucket.arnForObjects(POINTER_DOCUMENT_KEY), bucket.arnForObjects(`${POINTERS_PREFIX}*`), bucket.arnForObjects(`${RELEASES_PREFIX}*`)],
      }),
    );
    publisher.addToRolePolicy(
      new PolicyStatement({
        actions: ['s3:PutObject'],
        resources: [bucket.arnForObjects(POINTER_DOCUMENT_KEY), bucket.arnForObjects(`${PAGES_PREFIX}*`)],
      }),
    );
    publisher.addToRolePolicy(new PolicyStatement({ actions: ['s3:DeleteObject'], resources: [bucket.arnForObjects(`${PAGES_PREFIX}*`)] }));

    // A record copied over by hand (a rollback) publishes too; deploys call the function themselves.
    const recordFilter = { prefix: POINTERS_PREFIX, suffix: '.json' };
    bucket.addEventNotification(EventType.OBJECT_CREATED, new LambdaDestination(publisher), recordFilter);
    bucket.addEventNotification(EventType.OBJECT_REMOVED, new LambdaDestination(publisher), recordFilter);

    const bucketArn = arnToken(bucket);
    acknowledge(
      publisher,
      { id: LAMBDA_BASIC_EXECUTION_ROLE, reason: BASIC_EXECUTION_REASON },
      { id: WILDCARD_RESOURCE, reason: XRAY_REASON },
      {
        id: `AwsSolutions-IAM5[Resource::${bucketArn}/${RELEASES_PREFIX}*]`,
        reason: 'The publisher reads whichever release snapshot (releases/<app>/<release>/) a record names, so any release under releases/.',
      },
      {
        id: `AwsSolutions-IAM5[Resource::${bucketArn}/${POINTERS_PREFIX}*]`,
        reason: "The publisher reads every app's current release record (mfe/pointers/<app>.json) to assemble mfe/remotes.json.",
      },
      {
        id: `AwsSolutions-IAM5[Resource::${bucketArn}/${PAGES_PREFIX}*]`,
        reason: 'The publisher writes and deletes the live pages, whichever routes the releases serve, and nothing else outside mfe/remotes.json.',
      },
    );
    // CDK's own singleton that applies the bucket's event notifications.
    const notificationsHandler = Stack.of(this).node.findChild('BucketNotificationsHandler050a0587b7544547bf325f094a3db834');
    acknowledge(notificationsHandler, {
      id: LAMBDA_BASIC_EXECUTION_ROLE,
      reason: "CDK's bucket-notifications handler: " + BASIC_EXECUTION_REASON,
    });
  }
}

/** The publisher's ARN in the stack's own account and region, built from its fixed name. */
export function releasePublisherArn(scope: IConstruct): string {
  return Stack.of(scope).formatArn({
    service: 'lambda',
    resource: 'function',
    resourceName: RELEASE_PUBLISHER_FUNCTION_NAME,
    arnFormat: ArnFormat.COLON_RESOURCE_NAME,
  });
}

export interface ReleasePublicationProps {
  /** "shell" or the remote's name. */
  readonly app: string;
  /** The release the stack uploads (its content-derived name): a new one re-runs the publication. */
  readonly release: string;
  /** The uploads that must be in the bucket first (the current-release record last among them). */
  readonly after: readonly IConstruct[];
}

/** Publishes after a deploy's uploads and fails the deploy unless mfe/remotes.json shows its release. */
export class ReleasePublication extends Construct {
  readonly resource: CustomResource;

  constructor(scope: Construct, id: string, props: ReleasePublicationProps) {
    super(scope, id);
    this.resource = new CustomResource(this, 'Resource', {
      serviceToken: releasePublisherArn(this),
      resourceType: RELEASE_PUBLICATION_RESOURCE_TYPE,
      properties: { App: props.app, Release: props.release },
    });
    this.node.addDependency(...props.after);
  }
}
