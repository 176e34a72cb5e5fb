/**
 * Uploads build output into the site bucket with CDK's BucketDeployment, the way every deploy stack
 * must: never pruning (other teams' files and older builds share the bucket), retaining files when a
 * stack is deleted, and with the Cache-Control each kind of file needs.
 */
import { DefaultStackSynthesizer, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, type ISource } from 'aws-cdk-lib/aws-s3-deployment';
import type { Construct } from 'constructs';
import { acknowledge, BASIC_EXECUTION_REASON, LAMBDA_BASIC_EXECUTION_ROLE } from './nag';

export interface UploadOptions {
  readonly sources: ISource[];
  readonly bucket: IBucket;
  /** Key prefix ending in "/", or "" for the bucket root. */
  readonly keyPrefix: string;
  readonly cacheControl: string;
  readonly contentType?: string;
}

const uploadLogGroups = new WeakMap<Stack, LogGroup>();

/** One log group per stack, shared by its uploads (they share CDK's one upload function too). */
function uploadLogGroup(scope: Construct): LogGroup {
  const stack = Stack.of(scope);
  let logGroup = uploadLogGroups.get(stack);
  if (!logGroup) {
    logGroup = new LogGroup(stack, 'UploadLogs', { retention: RetentionDays.ONE_MONTH, removalPolicy: RemovalPolicy.DESTROY });
    uploadLogGroups.set(stack, logGroup);
  }
  return logGroup;
}

/**
 * Source maps carry the full source text: they are for decoding errors, not for visitors. The build
 * sets them aside (dist/sourcemaps); this keeps a stray one from an older build out of the bucket too.
 */
export const SOURCE_MAPS = ['*.map', '**/*.map'];

export function uploadToSiteBucket(scope: Construct, id: string, options: UploadOptions): BucketDeployment {
  return new BucketDeployment(scope, id, {
    sources: options.sources,
    destinationBucket: options.bucket,
    ...(options.keyPrefix ? { destinationKeyPrefix: options.keyPrefix } : {}),
    prune: false,
    retainOnDelete: true,
    cacheControl: [CacheControl.fromString(options.cacheControl)],
    ...(options.contentType ? { contentType: options.contentType } : {}),
    memoryLimit: 512,
    // The keys are not used, and a build's key list can exceed CloudFormation's 4 KB response limit.
    outputObjectKeys: false,
    logGroup: uploadLogGroup(scope),
  });
}

/**
 * Acknowledges the findings on CDK's own upload function (one per stack, shared by its uploads),
 * whose code and policy aws-cdk-lib fixes.
 */
export function acknowledgeUploadFunctionFindings(stack: Stack, siteBucketName: string): void {
  const assetBucket = `arn:${stack.partition}:s3:::cdk-${DefaultStackSynthesizer.DEFAULT_QUALIFIER}-assets-${stack.account}-${stack.region}`;
  const copyReason =
    "CDK's upload function copies whole folders from the CDK asset bucket into the site bucket, so the construct grants it object-level wildcards on both buckets.";
  for (const child of stack.node.children) {
    if (!child.node.id.startsWith('Custom::CDKBucketDeployment')) continue;
    acknowledge(
      child,
      { id: LAMBDA_BASIC_EXECUTION_ROLE, reason: "CDK's upload function: " + BASIC_EXECUTION_REASON },
      ...['Action::s3:GetBucket*', 'Action::s3:GetObject*', 'Action::s3:List*', 'Action::s3:Abort*', 'Action::s3:DeleteObject*'].map(
        (finding) => ({ id: `AwsSolutions-IAM5[${finding}]`, reason: copyReason }),
      ),
      { id: `AwsSolutions-IAM5[Resource::${assetBucket}/*]`, reason: copyReason },
      { id: `AwsSolutions-IAM5[Resource::arn:${stack.partition}:s3:::${siteBucketName}/*]`, reason: copyReason },
      {
        id: 'AwsSolutions-L1',
        reason: "The upload function's runtime is pinned by aws-cdk-lib's BucketDeployment (it runs the AWS CLI layer), not chosen by this app.",
      },
    );
  }
}
