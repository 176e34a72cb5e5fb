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
import type { IKeyValueStore } from 'aws-cdk-lib/aws-cloudfront';
import { Rule, RuleTargetInput, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { EventType, type IBucket } from 'aws-cdk-lib/aws-s3';
import { LambdaDestination } from 'aws-cdk-lib/aws-s3-notifications';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct, type IConstruct } from 'constructs';
import { PAGES_PREFIX } from '@kesho/release-model/page-routes';
import { DEFAULT_CANARY_THRESHOLDS, type CanaryThresholds } from '@kesho/release-model/canary-health';
import { DEFAULT_PUBLISH_WATCH_MINUTES } from '@kesho/release-model/publish-watch';
import { keptBuildsOf } from '@kesho/release-model/build-pruning';
import { CANARY_CHECK_EVENT_FIELD, CANARY_COMMANDS_PREFIX, EDGE_RECORD_KEY, VARIANTS_PREFIX } from '@kesho/release-model/engine/edge-pass';
import { POINTER_DOCUMENT_KEY, POINTERS_PREFIX, PUBLISHED_ROOT_FILES, RELEASES_PREFIX } from '@kesho/release-model/engine/release-record';
import { ALARM_TOPIC_NAME } from './alarms';
import { CanaryCheckInvocation } from './canary-check';
import { LAMBDA_BUNDLING, LAMBDA_FUNCTION_BASE } from './lambda-bundling';
import {
  acknowledge,
  arnToken,
  BASIC_EXECUTION_REASON,
  failureQueueReason,
  LAMBDA_BASIC_EXECUTION_ROLE,
  onFailureDestinationReason,
  SERVERLESS_RULES,
  WILDCARD_RESOURCE,
  XRAY_REASON,
} from './nag';
import { INFRA_ROOT } from './paths';
import { STACK_NAMES } from './stack-names';

/** Fixed, so the deploy stacks can name the function in their custom resource without an export. */
export const RELEASE_PUBLISHER_FUNCTION_NAME = 'kesho-release-publisher';
export const RELEASE_PUBLICATION_RESOURCE_TYPE = 'Custom::KeshoReleasePublication';

export interface ReleasePublisherProps {
  readonly bucket: IBucket;
  /** The distribution's KeyValueStore the CloudFront functions read the build choice from. */
  readonly edgeState: IKeyValueStore;
  /** Where preview links point. */
  readonly siteOrigin: string;
  readonly canaryThresholds?: CanaryThresholds;
  /** How long after a team's publish its build is watched and rolled back by the scheduled check (publish-watch.ts); default 30 minutes. */
  readonly publishWatchMinutes?: number;
  /** How many builds per app the publisher keeps beyond the live, canary, preview and rollback-target ones (prune.ts, KEPT_BUILDS); default 5. */
  readonly keptBuilds?: number;
}

/** The preview links' HMAC key, generated; the publisher signs links with it and hands it to the functions' KeyValueStore. */
export const PREVIEW_LINK_SECRET_NAME = 'kesho/preview-link-secret';
/** How often the scheduled check judges running canaries. */
export const CANARY_CHECK_PERIOD = Duration.minutes(1);

export class ReleasePublisher extends Construct {
  readonly function: NodejsFunction;
  /** Where a publication that kept failing ends up (after two retries): the PublishFailures alarm watches it. The canary check has its own (canaryCheck.failures). */
  readonly failures: Queue;
  readonly logGroup: LogGroup;
  readonly previewLinkSecret: Secret;
  /** The scheduled check's alias and failure queue (lib/canary-check.ts). */
  readonly canaryCheck: CanaryCheckInvocation;

  constructor(scope: Construct, id: string, props: ReleasePublisherProps) {
    super(scope, id);
    const { bucket } = props;
    this.failures = new Queue(this, 'PublishFailures', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    acknowledge(
      this.failures,
      {
        id: 'AwsSolutions-SQS3',
        reason: 'This queue is itself the on-failure destination of the release publisher.',
      },
      { id: SERVERLESS_RULES.sqsRedrivePolicy, reason: failureQueueReason('the release publisher') },
    );
    this.logGroup = new LogGroup(this, 'Logs', {
      retention: RetentionDays.SIX_MONTHS,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.previewLinkSecret = new Secret(this, 'PreviewLinkSecret', {
      secretName: PREVIEW_LINK_SECRET_NAME,
      description: 'HMAC key of preview links (npm run release -- preview; -c preview=<hours> deploys): the publisher signs, the CloudFront functions check',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
      removalPolicy: RemovalPolicy.RETAIN,
    });
    const thresholds = props.canaryThresholds ?? DEFAULT_CANARY_THRESHOLDS;
    this.function = new NodejsFunction(this, 'Function', {
      functionName: RELEASE_PUBLISHER_FUNCTION_NAME,
      description: "Assembles mfe/remotes.json and the live pages from the apps' current releases",
      entry: path.join(INFRA_ROOT, 'functions', 'release-publisher', 'index.js'),
      memorySize: 256,
      // CloudFormation waits for a deploy's answer; a publish copies at most a few hundred pages.
      timeout: Duration.minutes(2),
      logGroup: this.logGroup,
      environment: {
        SITE_BUCKET_NAME: bucket.bucketName,
        EDGE_STATE_STORE_ARN: props.edgeState.keyValueStoreArn,
        PREVIEW_LINK_SECRET_ARN: this.previewLinkSecret.secretArn,
        ALARM_TOPIC_ARN: Stack.of(this).formatArn({ service: 'sns', resource: ALARM_TOPIC_NAME }),
        SITE_ORIGIN: props.siteOrigin,
        CANARY_THRESHOLDS: JSON.stringify(thresholds),
        PUBLISH_WATCH_MINUTES: String(props.publishWatchMinutes ?? DEFAULT_PUBLISH_WATCH_MINUTES),
        KEPT_BUILDS: String(keptBuildsOf(props.keptBuilds === undefined ? undefined : String(props.keptBuilds))),
        NODE_OPTIONS: '--enable-source-maps',
      },
      retryAttempts: 2,
      onFailure: new SqsDestination(this.failures),
      ...LAMBDA_FUNCTION_BASE,
      bundling: {
        ...LAMBDA_BUNDLING,
        // The runtime's SDK; the KeyValueStore client and its SigV4A signer are bundled (package.json).
        externalModules: ['@aws-sdk/client-s3', '@aws-sdk/client-cloudwatch', '@aws-sdk/client-sns', '@aws-sdk/client-secrets-manager', '@aws-sdk/client-cloudformation'],
      },
    });

    const publisher = this.function;
    publisher.addToRolePolicy(new PolicyStatement({ actions: ['s3:ListBucket'], resources: [bucket.bucketArn] }));
    // Every key it writes: the document, the live pages (the not-found page among them), the shell
    // release's root files and the discovery files; for canaries and previews the variant folders and its
    // edge record, and a promotion writes the canary's record as the app's current one.
    const written = [POINTER_DOCUMENT_KEY, `${PAGES_PREFIX}*`, ...PUBLISHED_ROOT_FILES, `${VARIANTS_PREFIX}*`, EDGE_RECORD_KEY, `${POINTERS_PREFIX}*`];
    // It reads the release inputs (the snapshots, the current records, the teams' canary commands) and every
    // key it writes: a publish heads each before it writes it (publish.ts: only what changed is written), and
    // S3 answers a HeadObject only with s3:GetObject on the key.
    const read = [`${RELEASES_PREFIX}*`, `${CANARY_COMMANDS_PREFIX}*`, ...written];
    publisher.addToRolePolicy(new PolicyStatement({ actions: ['s3:GetObject'], resources: read.map((key) => bucket.arnForObjects(key)) }));
    publisher.addToRolePolicy(new PolicyStatement({ actions: ['s3:PutObject'], resources: written.map((key) => bucket.arnForObjects(key)) }));
    // A deploy of a withdrawn release is answered by whether its stack is rolling back (publishForDeploy).
    const teamStacks = [STACK_NAMES.shell, STACK_NAMES.remote('*')].map((name) => Stack.of(this).formatArn({ service: 'cloudformation', resource: 'stack', resourceName: `${name}/*` }));
    publisher.addToRolePolicy(new PolicyStatement({ actions: ['cloudformation:DescribeStacks'], resources: teamStacks }));
    publisher.addToRolePolicy(new PolicyStatement({ actions: ['s3:DeleteObject'], resources: [bucket.arnForObjects(`${PAGES_PREFIX}*`), bucket.arnForObjects(`${VARIANTS_PREFIX}*`)] }));
    // Pruning (prune.ts): old builds' files, and the release snapshots of a build removed whole.
    publisher.addToRolePolicy(
      new PolicyStatement({ actions: ['s3:DeleteObject'], resources: [bucket.arnForObjects('mfe/*/*/*'), bucket.arnForObjects('shell/*'), bucket.arnForObjects(`${RELEASES_PREFIX}*`)] }),
    );
    publisher.addToRolePolicy(
      new PolicyStatement({
        actions: ['cloudfront-keyvaluestore:DescribeKeyValueStore', 'cloudfront-keyvaluestore:GetKey', 'cloudfront-keyvaluestore:PutKey'],
        resources: [props.edgeState.keyValueStoreArn],
      }),
    );
    this.previewLinkSecret.grantRead(publisher);
    // GetMetricData takes no resource: CloudWatch does not scope it.
    publisher.addToRolePolicy(new PolicyStatement({ actions: ['cloudwatch:GetMetricData'], resources: ['*'] }));
    publisher.addToRolePolicy(new PolicyStatement({ actions: ['sns:Publish'], resources: [Stack.of(this).formatArn({ service: 'sns', resource: ALARM_TOPIC_NAME })] }));

    // A record copied over by hand (a rollback) publishes too; deploys call the function themselves.
    const recordFilter = { prefix: POINTERS_PREFIX, suffix: '.json' };
    bucket.addEventNotification(EventType.OBJECT_CREATED, new LambdaDestination(publisher), recordFilter);
    bucket.addEventNotification(EventType.OBJECT_REMOVED, new LambdaDestination(publisher), recordFilter);
    // A team's canary command (start from a deploy, promote or abort written by the team).
    bucket.addEventNotification(EventType.OBJECT_CREATED, new LambdaDestination(publisher), { prefix: CANARY_COMMANDS_PREFIX, suffix: '.json' });
    // The scheduled check: each running canary judged on what visitors' browsers report.
    // Through its own alias: not retried, failures in their own queue, runs counted apart from publications.
    this.canaryCheck = new CanaryCheckInvocation(this, 'CanaryCheckInvocation', publisher);
    const canaryCheckSchedule = new Rule(this, 'CanaryCheck', {
      description: 'Judges running canaries on the Kesho/ClientEvents metrics and aborts a failing one (release publisher)',
      schedule: Schedule.rate(CANARY_CHECK_PERIOD),
      targets: [new LambdaFunction(this.canaryCheck.alias, { event: RuleTargetInput.fromObject({ [CANARY_CHECK_EVENT_FIELD]: true }), retryAttempts: 0 })],
    });

    acknowledge(canaryCheckSchedule, {
      id: SERVERLESS_RULES.eventBusDlq,
      reason:
        'A schedule event EventBridge could not deliver is a canary check that did not run: kesho-canary-check-silent fires on missed runs, and the next minute runs the check again; a dead-letter queue would hold empty schedule events with nothing to replay.',
    });

    const bucketArn = arnToken(bucket);
    acknowledge(
      publisher,
      { id: SERVERLESS_RULES.lambdaDlq, reason: onFailureDestinationReason('PublishFailures') },
      { id: LAMBDA_BASIC_EXECUTION_ROLE, reason: BASIC_EXECUTION_REASON },
      { id: WILDCARD_RESOURCE, reason: `${XRAY_REASON} cloudwatch:GetMetricData (the canary check reads Kesho/ClientEvents) has none either.` },
      {
        id: `AwsSolutions-IAM5[Resource::${bucketArn}/${RELEASES_PREFIX}*]`,
        reason: 'The publisher reads whichever release snapshot (releases/<app>/<release>/) a record names, so any release under releases/.',
      },
      {
        id: `AwsSolutions-IAM5[Resource::${bucketArn}/${POINTERS_PREFIX}*]`,
        reason: "The publisher reads every app's current release record (mfe/pointers/<app>.json) to assemble mfe/remotes.json.",
      },
      ...teamStacks.map((stackArn) => ({
        id: `AwsSolutions-IAM5[Resource::${stackArn}]`,
        reason:
          "DescribeStacks of the team stacks only (a deploy's stack status: is it rolling back?); a stack's ARN ends with CloudFormation's own id, and remotes are named KeshoRemote-<name>.",
      })),
      {
        id: `AwsSolutions-IAM5[Resource::${bucketArn}/${PAGES_PREFIX}*]`,
        reason:
          "The publisher writes and deletes the live pages, whichever routes the releases serve (the not-found page among them), and nothing else outside mfe/remotes.json, the shell's root files and the discovery files.",
      },
      {
        id: `AwsSolutions-IAM5[Resource::${bucketArn}/${VARIANTS_PREFIX}*]`,
        reason: "The publisher writes, reads and deletes the variant folders (a canary's or a preview's pages), named by their content.",
      },
      {
        id: `AwsSolutions-IAM5[Resource::${bucketArn}/mfe/*/*/*]`,
        reason:
          "Pruning (prune.ts) deletes a remote's old builds (mfe/<app>/<build>/…), whichever app and build the kept count lets go; three levels deep, so mfe/remotes.json, mfe/pointers/<app>.json and mfe/canary/<app>.json are outside it.",
      },
      {
        id: `AwsSolutions-IAM5[Resource::${bucketArn}/shell/*]`,
        reason: "Pruning (prune.ts) deletes the shell's old builds (shell/<build>/…), whichever build the kept count lets go.",
      },
      {
        id: `AwsSolutions-IAM5[Resource::${bucketArn}/${CANARY_COMMANDS_PREFIX}*]`,
        reason: "The publisher reads every team's canary command (mfe/canary/<app>.json); each team's roles write only their own.",
      },
    );
    acknowledge(this.previewLinkSecret, {
      id: 'AwsSolutions-SMG4',
      reason:
        'The preview link key is rotated by hand: put a new value; the publisher reads it again at most five minutes later (its cache expires, however warm the one-minute canary check keeps it) and its next pass signs with it and hands it to the edge; every link signed with the old one then stops working, as it should.',
    });
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
  /** A canary's or a preview's deploy: { Mode, Percent | Hours } (packages/release-model/src/engine/edge-pass.ts deployEdge). */
  readonly mode?: Readonly<Record<string, string>>;
}

/** Publishes after a deploy's uploads and fails the deploy unless mfe/remotes.json shows its release. */
export class ReleasePublication extends Construct {
  readonly resource: CustomResource;

  constructor(scope: Construct, id: string, props: ReleasePublicationProps) {
    super(scope, id);
    this.resource = new CustomResource(this, 'Resource', {
      serviceToken: releasePublisherArn(this),
      resourceType: RELEASE_PUBLICATION_RESOURCE_TYPE,
      properties: { App: props.app, Release: props.release, ...props.mode },
    });
    this.node.addDependency(...props.after);
  }
}
