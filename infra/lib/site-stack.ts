/**
 * What every team shares and nobody deploys files into directly: the private site bucket, its log
 * bucket, the one CloudFront distribution (S3 + the payments API), the security headers, the
 * viewer-request function, and the release publisher that assembles mfe/remotes.json from the remotes'
 * pointers. The shell and remote stacks only upload files into the bucket.
 */
import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  Function as CloudFrontFunction,
  HttpVersion,
  KeyValueStore,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  OriginSslPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
  type BehaviorOptions,
  type IOrigin,
} from 'aws-cdk-lib/aws-cloudfront';
import { FunctionUrlOrigin, HttpOrigin, OriginGroup, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { Effect, PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { AaaaRecord, ARecord, HostedZone, RecordTarget } from 'aws-cdk-lib/aws-route53';
import { CloudFrontTarget } from 'aws-cdk-lib/aws-route53-targets';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import type { CanaryThresholds } from '@kesho/release-model/canary-health';
import { securityHeaders } from '@kesho/release-model/security-headers';
import { POINTER_DOCUMENT_KEY, PUBLISHER_OBJECTS } from '@kesho/release-model/site-keys';
import { acknowledge } from './nag';
import { viewerRequestCode, viewerResponseCode } from './edge-functions';
import { NotFoundPage } from './not-found-page';
import { ReleasePublisher } from './release-publisher';
import { responseHeadersPolicyConfig } from './security-headers-policy';

export interface CustomDomain {
  /** The apex, e.g. keshoglobal.co.ke: the site is served on www.<domainName>, the apex redirects there. */
  readonly domainName: string;
  /** Route 53 public hosted zone of domainName (given, not looked up, so the synth stays offline). */
  readonly hostedZoneId: string;
  /** ACM certificate in us-east-1 for www.<domainName> and <domainName> (lib/edge-stack.ts). */
  readonly certificateArn: string;
}

/** The one host name the site answers on with a custom domain; every other name redirects to it. */
export const canonicalHostOf = (domainName: string): string => `www.${domainName}`;

export interface SiteStackProps extends StackProps {
  /**
   * Physical name of the site bucket. Fixed (not generated) so the shell and remote stacks address the
   * bucket by name, without a cross-stack export that would tie every team's deploy to this stack.
   */
  readonly siteBucketName: string;
  /** Host name of the payments HTTP API (its execute-api endpoint). */
  readonly apiDomainName: string;
  readonly customDomain?: CustomDomain;
  /** ARN of the WAF web ACL (us-east-1, scope CLOUDFRONT) the distribution is protected by (lib/edge-stack.ts). */
  readonly webAclArn: string;
  /** Secret header the API admits (lib/origin-verify.ts), sent on every /api/* request. */
  readonly apiOriginHeader?: { readonly name: string; readonly value: string };
  /** Where preview links point (the site's public origin); default the distribution's own name. */
  readonly siteOrigin?: string;
  /** When the scheduled check aborts a canary; default @kesho/release-model/canary-health's. */
  readonly canaryThresholds?: CanaryThresholds;
}

/** The distribution's KeyValueStore: the edge state and preview key the release publisher writes, the functions read. */
export const EDGE_STATE_STORE_NAME = 'kesho-edge-state';

/** How long a not-found answer is kept (by the function and CloudFront), so a newly published route shows up quickly. */
export const NOT_FOUND_CACHE_TTL = Duration.seconds(10);

export class SiteStack extends Stack {
  readonly siteBucket: Bucket;
  readonly distribution: Distribution;
  readonly releasePublisher: ReleasePublisher;
  readonly edgeState: KeyValueStore;
  readonly notFoundPage: NotFoundPage;

  constructor(scope: Construct, id: string, props: SiteStackProps) {
    super(scope, id, props);

    const logBucket = new Bucket(this, 'Logs', {
      encryption: BucketEncryption.S3_MANAGED,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      // CloudFront standard logs are delivered with ACLs, which need object-writer ownership.
      objectOwnership: ObjectOwnership.OBJECT_WRITER,
      lifecycleRules: [{ expiration: Duration.days(365) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });

    this.siteBucket = new Bucket(this, 'Site', {
      bucketName: props.siteBucketName,
      encryption: BucketEncryption.S3_MANAGED,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      // Overwritten pages and pointers keep their previous versions: a bad publish can be undone even
      // for files that are not in a build folder.
      versioned: true,
      lifecycleRules: [{ noncurrentVersionExpiration: Duration.days(90) }],
      serverAccessLogsBucket: logBucket,
      serverAccessLogsPrefix: 's3-site/',
      removalPolicy: RemovalPolicy.RETAIN,
    });

    const siteOrigin = S3BucketOrigin.withOriginAccessControl(this.siteBucket);
    // Release snapshots, per-remote pointers, canary commands and the edge record are the publisher's
    // inputs, not public files (variant folders are read only where the build choice points).
    this.siteBucket.addToResourcePolicy(
      new PolicyStatement({
        sid: 'KeepReleaseInputsPrivate',
        effect: Effect.DENY,
        principals: [new ServicePrincipal('cloudfront.amazonaws.com')],
        actions: ['s3:GetObject'],
        resources: PUBLISHER_OBJECTS.map((key) => this.siteBucket.arnForObjects(key.endsWith('/') ? `${key}*` : key)),
      }),
    );

    // A page path S3 has no object for (403: no list rights) fails over to the not-found function.
    const notFoundPage = new NotFoundPage(this, 'NotFoundPage', { bucket: this.siteBucket, cacheTtl: NOT_FOUND_CACHE_TTL });
    this.notFoundPage = notFoundPage;
    const pagesOrigin = new OriginGroup({
      primaryOrigin: siteOrigin,
      fallbackOrigin: FunctionUrlOrigin.withOriginAccessControl(notFoundPage.url),
      fallbackStatusCodes: [403],
    });

    const apiOrigin = new HttpOrigin(props.apiDomainName, {
      protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
      originSslProtocols: [OriginSslPolicy.TLS_V1_2],
      ...(props.apiOriginHeader ? { customHeaders: { [props.apiOriginHeader.name]: props.apiOriginHeader.value } } : {}),
    });

    const headersPolicy = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'Kesho security headers, from @kesho/release-model/security-headers (same as the local server)',
      ...responseHeadersPolicyConfig(securityHeaders),
    });

    // Build folders (/shell/<buildId>/, /mfe/<name>/<buildId>/) never change once written.
    const immutable = new CachePolicy(this, 'Immutable', {
      comment: 'Build-id folders: cached for a year whatever the object says',
      minTtl: Duration.days(365),
      defaultTtl: Duration.days(365),
      maxTtl: Duration.days(365),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });
    // Pages, the pointer document and root files carry their own Cache-Control (no-cache): honour it.
    const originControlled = new CachePolicy(this, 'OriginControlled', {
      comment: "Honours the object's Cache-Control; objects without one are not cached",
      minTtl: Duration.seconds(0),
      defaultTtl: Duration.seconds(0),
      maxTtl: Duration.days(365),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });

    // Which build each browser gets (live, a canary's, a preview's): written by the release
    // publisher, read per request by both functions (lib/edge-functions.ts), no origin round trip.
    this.edgeState = new KeyValueStore(this, 'EdgeState', {
      keyValueStoreName: EDGE_STATE_STORE_NAME,
      comment: 'Kesho build choice: running canaries, staged previews, their variant folders, the preview link key',
    });
    const routeRewrite = new CloudFrontFunction(this, 'RouteRewrite', {
      comment: 'Maps site routes to their prerendered pages under /pages/, from the build each browser gets',
      runtime: FunctionRuntime.JS_2_0,
      keyValueStore: this.edgeState,
      code: FunctionCode.fromInline(viewerRequestCode(props.customDomain && canonicalHostOf(props.customDomain.domainName))),
    });
    const buildChoiceResponse = new CloudFrontFunction(this, 'BuildChoiceResponse', {
      comment: "The build choice's cookies, Cache-Control, X-Robots-Tag and Vary on pages and the pointer document",
      runtime: FunctionRuntime.JS_2_0,
      keyValueStore: this.edgeState,
      code: FunctionCode.fromInline(viewerResponseCode()),
    });
    // With a custom domain every behaviour runs it, so the apex redirects on every path (it leaves
    // /mfe/, /shell/ and /api/ paths as they are); without one only pages need it.
    const routeRewriteAssociation = { eventType: FunctionEventType.VIEWER_REQUEST, function: routeRewrite };
    const everyBehaviour = props.customDomain ? { functionAssociations: [routeRewriteAssociation] } : {};
    // Pages and the pointer document: the build each browser gets, both ways.
    const buildChoiceAssociations = [routeRewriteAssociation, { eventType: FunctionEventType.VIEWER_RESPONSE, function: buildChoiceResponse }];

    const s3Behavior = (origin: IOrigin, cachePolicy: CachePolicy): BehaviorOptions => ({
      origin,
      cachePolicy,
      responseHeadersPolicy: headersPolicy,
      viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
      compress: true,
      ...everyBehaviour,
    });

    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'Kesho Global Education site',
      httpVersion: HttpVersion.HTTP2_AND_3,
      // PriceClass_200 is the cheapest class with edge locations in Africa (Nairobi among them).
      priceClass: PriceClass.PRICE_CLASS_200,
      ...(props.customDomain
        ? {
            domainNames: [canonicalHostOf(props.customDomain.domainName), props.customDomain.domainName],
            certificate: Certificate.fromCertificateArn(this, 'Certificate', props.customDomain.certificateArn),
            minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {}),
      webAclId: props.webAclArn,
      enableLogging: true,
      logBucket,
      logFilePrefix: 'cloudfront/',
      defaultBehavior: {
        ...s3Behavior(pagesOrigin, originControlled),
        functionAssociations: buildChoiceAssociations,
      },
      additionalBehaviors: {
        '/api/*': {
          origin: apiOrigin,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: headersPolicy,
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          compress: true,
          // Always: it writes the viewer's address the API's per-client limits trust.
          functionAssociations: [routeRewriteAssociation],
        },
        [`/${POINTER_DOCUMENT_KEY}`]: { ...s3Behavior(siteOrigin, originControlled), functionAssociations: buildChoiceAssociations },
        '/mfe/*': s3Behavior(siteOrigin, immutable),
        '/shell/*': s3Behavior(siteOrigin, immutable),
      },
      // No error responses: they would apply to every behaviour, /api/* included, and turn the API's
      // own 403s and 404s into the HTML not-found page. Pages fail over to NotFoundPage instead.
    });

    this.releasePublisher = new ReleasePublisher(this, 'ReleasePublisher', {
      bucket: this.siteBucket,
      edgeState: this.edgeState,
      siteOrigin: props.siteOrigin ?? `https://${this.distribution.distributionDomainName}`,
      ...(props.canaryThresholds ? { canaryThresholds: props.canaryThresholds } : {}),
    });
    if (props.customDomain) this.domainRecords(props.customDomain);

    new CfnOutput(this, 'SiteBucketName', { value: this.siteBucket.bucketName });
    new CfnOutput(this, 'DistributionId', { value: this.distribution.distributionId });
    new CfnOutput(this, 'DistributionDomainName', { value: this.distribution.distributionDomainName });
    new CfnOutput(this, 'ReleasePublisherFunctionName', { value: this.releasePublisher.function.functionName });

    this.acknowledgeNagFindings(!props.customDomain);
  }

  /** www and the apex, IPv4 and IPv6, alias the distribution; the apex is redirected by the viewer-request function. */
  private domainRecords(domain: CustomDomain): void {
    const zone = HostedZone.fromHostedZoneAttributes(this, 'Zone', { hostedZoneId: domain.hostedZoneId, zoneName: domain.domainName });
    const target = RecordTarget.fromAlias(new CloudFrontTarget(this.distribution));
    for (const [id, recordName] of [
      ['Www', canonicalHostOf(domain.domainName)],
      ['Apex', domain.domainName],
    ] as const) {
      new ARecord(this, `${id}A`, { zone, recordName, target });
      new AaaaRecord(this, `${id}Aaaa`, { zone, recordName, target });
    }
  }

  private acknowledgeNagFindings(defaultCertificate: boolean): void {
    acknowledge(this.distribution, {
      id: 'AwsSolutions-CFR1',
      reason: 'The site serves students and parents worldwide (Kenya and every study destination); no country is to be blocked.',
    });
    if (defaultCertificate) {
      acknowledge(this.distribution, {
        id: 'AwsSolutions-CFR4',
        reason:
          'Without -c domainName/-c hostedZoneId the distribution uses the default *.cloudfront.net certificate, whose TLS policy CloudFront fixes; with a custom domain the stack sets TLSv1.2_2021.',
      });
    }
  }
}
