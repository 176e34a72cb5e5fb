/**
 * The failover origin of the site's pages (functions/not-found-page/): when S3 has no object for a
 * page path it answers 403 (the distribution has no list rights), and the default behaviour's origin
 * group asks this function instead, which answers 404 with the live pages/404.html. Only the page
 * behaviour fails over: the API's responses, its 403s included, reach the browser as they are, which
 * a distribution-wide error response (the only other way CloudFront maps a status) would not allow.
 * The function is reached only through its URL, signed by CloudFront (origin access control).
 */
import { Duration } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { FunctionUrlAuthType, type FunctionUrl } from 'aws-cdk-lib/aws-lambda';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { NOT_FOUND_PAGE_KEY } from '@kesho/release-model/page-routes';
import { infraFunction } from './lambda-bundling';
import { acknowledge, BASIC_EXECUTION_REASON, LAMBDA_BASIC_EXECUTION_ROLE, SERVERLESS_RULES, synchronousOnlyReason, WILDCARD_RESOURCE, XRAY_REASON } from './nag';

export interface NotFoundPageProps {
  readonly bucket: IBucket;
  /** How long the function and CloudFront keep an answer, so a newly published route shows up quickly. */
  readonly cacheTtl: Duration;
}

export class NotFoundPage extends Construct {
  readonly function: NodejsFunction;
  readonly url: FunctionUrl;

  constructor(scope: Construct, id: string, props: NotFoundPageProps) {
    super(scope, id);
    this.function = infraFunction(this, 'Function', {
      description: 'Kesho: answers 404 with the live not-found page when S3 has no page for a path',
      directory: 'not-found-page',
      memorySize: 128,
      timeout: Duration.seconds(5),
      logGroupId: 'Logs',
      environment: {
        SITE_BUCKET_NAME: props.bucket.bucketName,
        NOT_FOUND_PAGE_KEY,
        NOT_FOUND_CACHE_SECONDS: String(props.cacheTtl.toSeconds()),
      },
      externalModules: ['@aws-sdk/client-s3'],
    });
    // The one object it answers with, nothing else in the bucket (not even a listing).
    this.function.addToRolePolicy(new PolicyStatement({ actions: ['s3:GetObject'], resources: [props.bucket.arnForObjects(NOT_FOUND_PAGE_KEY)] }));
    this.url = this.function.addFunctionUrl({ authType: FunctionUrlAuthType.AWS_IAM });
    acknowledge(
      this.function,
      { id: LAMBDA_BASIC_EXECUTION_ROLE, reason: BASIC_EXECUTION_REASON },
      { id: WILDCARD_RESOURCE, reason: XRAY_REASON },
      { id: SERVERLESS_RULES.lambdaDlq, reason: synchronousOnlyReason("CloudFront, through the function's URL") },
    );
  }
}
