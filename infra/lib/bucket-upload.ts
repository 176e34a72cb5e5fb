/**
 * Uploads build output into the site bucket with CDK's BucketDeployment, the way every deploy stack
 * must: never pruning (other teams' files and older builds share the bucket), retaining files when a
 * stack is deleted, with the Cache-Control each kind of file needs, and through an upload role that
 * may write only the keys its team owns.
 *
 * BucketDeployment grants its upload function read/write on the whole destination bucket and read
 * on the whole asset bucket. Here it gets a role it cannot add to, and the role gets exactly: its own
 * assets (by object key), a listing of the prefixes it uploads to, writes to the team's own keys, and
 * its log group.
 */
import { RemovalPolicy, Stack } from 'aws-cdk-lib';
import { Effect, Policy, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Bucket, type IBucket } from 'aws-cdk-lib/aws-s3';
import { Asset } from 'aws-cdk-lib/aws-s3-assets';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { acknowledge, SERVERLESS_RULES } from './nag';

/**
 * Source maps carry the full source text: they are for decoding errors, not for visitors. The build
 * sets them aside (dist/sourcemaps); this keeps a stray one from an older build out of the bucket too.
 */
export const SOURCE_MAPS = ['*.map', '**/*.map'];

export interface SiteBucketUploadsProps {
  /** The site bucket of the KeshoSite stack, by name (see SiteStackProps.siteBucketName). */
  readonly siteBucketName: string;
  /** Whose uploads these are, for the role's description, e.g. "the marketing remote". */
  readonly owner: string;
  /**
   * The object keys this stack may write, as IAM resource patterns below the bucket:
   * e.g. ["mfe/marketing/*", "releases/marketing/*", "mfe/pointers/marketing.json"].
   */
  readonly writableKeys: readonly string[];
}

export interface UploadOptions {
  /** A folder to upload as it is. */
  readonly directory: string;
  readonly exclude?: string[];
  /** Key prefix ending in "/", or "" for the bucket root. */
  readonly keyPrefix: string;
  readonly cacheControl: string;
  readonly contentType?: string;
}

/** Can an upload below keyPrefix write anything under the IAM resource pattern ("a/*" or the exact key "a/b.json")? */
function coversPrefix(pattern: string, keyPrefix: string): boolean {
  return pattern.endsWith('*') ? keyPrefix.startsWith(pattern.slice(0, -1)) : pattern.startsWith(keyPrefix);
}

/** One per deploy stack: its upload role, its log group, and its uploads (which share CDK's one upload function). */
export class SiteBucketUploads extends Construct {
  readonly bucket: IBucket;
  readonly role: Role;
  /** The role's only policy; every upload waits for it, since CloudFormation does not know they need it. */
  readonly policy: Policy;
  readonly logGroup: LogGroup;
  private readonly writableKeys: readonly string[];

  constructor(scope: Construct, id: string, props: SiteBucketUploadsProps) {
    super(scope, id);
    this.writableKeys = props.writableKeys;
    this.bucket = Bucket.fromBucketName(this, 'SiteBucket', props.siteBucketName);
    this.logGroup = new LogGroup(this, 'Logs', { retention: RetentionDays.ONE_MONTH, removalPolicy: RemovalPolicy.DESTROY });
    this.role = new Role(this, 'Role', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `Uploads ${props.owner}'s files into the site bucket: ${props.writableKeys.join(', ')} only`,
    });
    this.policy = new Policy(this, 'Policy', {
      roles: [this.role],
      statements: [
        new PolicyStatement({
          actions: ['s3:PutObject', 's3:AbortMultipartUpload'],
          resources: props.writableKeys.map((pattern) => this.bucket.arnForObjects(pattern)),
        }),
        new PolicyStatement({ actions: ['logs:CreateLogStream', 'logs:PutLogEvents'], resources: [this.logGroup.logGroupArn] }),
      ],
    });
  }

  /** Uploads a folder below keyPrefix; the prefix must lie inside the keys this stack may write. */
  upload(id: string, options: UploadOptions): BucketDeployment {
    if (!this.writableKeys.some((pattern) => coversPrefix(pattern, options.keyPrefix))) {
      throw new Error(`${this.node.path}: ${id} uploads to "${options.keyPrefix}", outside ${this.writableKeys.join(', ')}`);
    }
    const asset = new Asset(this, `${id}Files`, { path: options.directory, ...(options.exclude ? { exclude: options.exclude } : {}) });
    this.policy.addStatements(
      new PolicyStatement({ actions: ['s3:GetObject'], resources: [asset.bucket.arnForObjects(asset.s3ObjectKey)] }),
      // `aws s3 sync` lists the destination prefix before it uploads.
      new PolicyStatement({
        effect: Effect.ALLOW,
        actions: ['s3:ListBucket'],
        resources: [this.bucket.bucketArn],
        ...(options.keyPrefix ? { conditions: { StringLike: { 's3:prefix': [options.keyPrefix, `${options.keyPrefix}*`] } } } : {}),
      }),
    );
    const deployment = new BucketDeployment(Stack.of(this), id, {
      sources: [Source.bucket(asset.bucket, asset.s3ObjectKey)],
      destinationBucket: this.bucket,
      ...(options.keyPrefix ? { destinationKeyPrefix: options.keyPrefix } : {}),
      prune: false,
      retainOnDelete: true,
      cacheControl: [CacheControl.fromString(options.cacheControl)],
      ...(options.contentType ? { contentType: options.contentType } : {}),
      memoryLimit: 512,
      // The keys are not used, and a build's key list can exceed CloudFormation's 4 KB response limit.
      outputObjectKeys: false,
      logGroup: this.logGroup,
      // Its grants (the whole bucket, every asset) land nowhere: the role's policy above is all it gets.
      role: this.role.withoutPolicyUpdates(),
    });
    deployment.node.addDependency(this.policy);
    return deployment;
  }

  /** Findings on CDK's own upload function (one per stack, shared by its uploads), whose code aws-cdk-lib fixes. */
  acknowledgeFindings(writableKeysReason: string): void {
    const stack = Stack.of(this);
    for (const child of stack.node.children) {
      if (!child.node.id.startsWith('Custom::CDKBucketDeployment')) continue;
      acknowledge(
        child,
        {
          id: 'AwsSolutions-L1',
          reason: "The upload function's runtime is pinned by aws-cdk-lib's BucketDeployment (it runs the AWS CLI layer), not chosen by this app.",
        },
        {
          id: SERVERLESS_RULES.lambdaLatestVersion,
          reason: "The upload function's runtime is pinned by aws-cdk-lib's BucketDeployment (it runs the AWS CLI layer), not chosen by this app (as AwsSolutions-L1).",
        },
        {
          id: SERVERLESS_RULES.lambdaDlq,
          reason: "CloudFormation's custom-resource handler: a failed upload fails the deploy, which rolls back; there is no event to replay later.",
        },
        {
          id: SERVERLESS_RULES.lambdaTracing,
          reason: "aws-cdk-lib's BucketDeployment builds the upload function and offers no tracing setting; it runs only during deploys, whose events CloudFormation keeps.",
        },
      );
    }
    acknowledge(
      this.policy,
      ...this.writableKeys
        .filter((pattern) => pattern.endsWith('*'))
        .map((pattern) => ({
          id: `AwsSolutions-IAM5[Resource::arn:${stack.partition}:s3:::${this.bucket.bucketName}/${pattern}]`,
          reason: writableKeysReason,
        })),
    );
  }
}
