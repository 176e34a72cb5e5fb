import { Duration } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { CachePolicy, OriginRequestPolicy } from 'aws-cdk-lib/aws-cloudfront';
import { contentSecurityPolicy, HSTS_MAX_AGE_SECONDS, securityHeaders } from '@kesho/release-model/security-headers';
import { RELEASE_PUBLISHER_FUNCTION_NAME } from '../lib/release-publisher';
import { responseHeadersPolicyConfig } from '../lib/security-headers-policy';
import { viewerRequestCode, viewerResponseCode } from '../lib/edge-functions';
import { EDGE_STATE_STORE_NAME, NOT_FOUND_CACHE_TTL } from '../lib/site-stack';
import { buildTestApp } from './support/test-app';

const YEAR_IN_SECONDS = 365 * 24 * 3600;

let template: Template;
let siteBucketId: string;
let siteBucketName: string;

interface CacheBehavior {
  PathPattern?: string;
  CachePolicyId: unknown;
  OriginRequestPolicyId?: unknown;
  AllowedMethods: string[];
  ViewerProtocolPolicy: string;
  ResponseHeadersPolicyId: unknown;
  TargetOriginId: string;
  FunctionAssociations?: unknown[];
}

interface DistributionConfig {
  DefaultCacheBehavior: CacheBehavior;
  CacheBehaviors: CacheBehavior[];
  CustomErrorResponses?: unknown[];
  OriginGroups?: { Quantity: number; Items: { Id: string; FailoverCriteria: { StatusCodes: { Items: number[] } }; Members: { Items: { OriginId: string }[] } }[] };
  Origins: { Id: string; DomainName: unknown; OriginAccessControlId?: unknown; CustomOriginConfig?: unknown; S3OriginConfig?: unknown }[];
  Aliases?: string[];
  ViewerCertificate?: unknown;
  Logging: unknown;
  PriceClass: string;
}

let distribution: DistributionConfig;

// The parts of AWS::CloudFront::ResponseHeadersPolicy the security-headers test reads.
interface ResponseHeadersConfig {
  SecurityHeadersConfig: {
    ContentSecurityPolicy: { ContentSecurityPolicy: string };
    StrictTransportSecurity: { AccessControlMaxAgeSec: number; IncludeSubdomains?: boolean; Preload?: boolean };
    ContentTypeOptions: { Override: boolean };
    FrameOptions: { FrameOption: string };
    ReferrerPolicy: { ReferrerPolicy: string };
  };
  CustomHeadersConfig: { Items: unknown[] };
}

function behavior(pathPattern: string): CacheBehavior {
  const found = distribution.CacheBehaviors.find((candidate) => candidate.PathPattern === pathPattern);
  if (!found) throw new Error(`no behaviour for ${pathPattern}`);
  return found;
}

function onlyLogicalId(type: string, props: Record<string, unknown> = {}): string {
  const ids = Object.keys(template.findResources(type, { Properties: Match.objectLike(props) }));
  if (ids.length !== 1) throw new Error(`expected one ${type}, found ${ids.length}`);
  return ids[0] as string;
}

beforeAll(() => {
  const { stacks, config } = buildTestApp();
  template = Template.fromStack(stacks.site);
  siteBucketName = config.siteBucketName;
  siteBucketId = onlyLogicalId('AWS::S3::Bucket', { BucketName: siteBucketName });
  const [resource] = Object.values(template.findResources('AWS::CloudFront::Distribution'));
  distribution = (resource as { Properties: { DistributionConfig: DistributionConfig } }).Properties.DistributionConfig;
});

describe('site stack: storage', () => {
  test('keeps the site in a private, encrypted, versioned bucket that logs its access', () => {
    expect(siteBucketName).toBe('kesho-site-111111111111-eu-west-1');
    const logBucketId = onlyLogicalId('AWS::S3::Bucket', { OwnershipControls: { Rules: [{ ObjectOwnership: 'ObjectWriter' }] } });
    template.hasResource('AWS::S3::Bucket', {
      DeletionPolicy: 'Retain',
      Properties: {
        BucketName: siteBucketName,
        VersioningConfiguration: { Status: 'Enabled' },
        BucketEncryption: { ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }] },
        PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
        LoggingConfiguration: { DestinationBucketName: { Ref: logBucketId }, LogFilePrefix: 's3-site/' },
        LifecycleConfiguration: { Rules: [Match.objectLike({ NoncurrentVersionExpiration: { NoncurrentDays: 90 } })] },
      },
    });
    template.hasResourceProperties('AWS::S3::Bucket', {
      OwnershipControls: { Rules: [{ ObjectOwnership: 'ObjectWriter' }] },
      PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
      BucketEncryption: { ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }] },
    });
  });

  test('refuses plain HTTP on both buckets', () => {
    const policies = template.findResources('AWS::S3::BucketPolicy', {
      Properties: {
        PolicyDocument: {
          Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]),
        },
      },
    });
    expect(Object.keys(policies)).toHaveLength(2);
  });

  test('lets only this distribution read the site bucket, through origin access control, and never the release inputs', () => {
    const oacId = onlyLogicalId('AWS::CloudFront::OriginAccessControl', { OriginAccessControlConfig: { OriginAccessControlOriginType: 's3' } });
    template.hasResourceProperties('AWS::CloudFront::OriginAccessControl', {
      OriginAccessControlConfig: { OriginAccessControlOriginType: 's3', SigningBehavior: 'always', SigningProtocol: 'sigv4' },
    });
    const s3Origin = distribution.Origins.find((origin) => origin.S3OriginConfig !== undefined);
    expect(s3Origin?.OriginAccessControlId).toEqual({ 'Fn::GetAtt': [oacId, 'Id'] });
    expect(s3Origin?.DomainName).toEqual({ 'Fn::GetAtt': [siteBucketId, 'RegionalDomainName'] });

    const [sitePolicy] = Object.values(template.findResources('AWS::S3::BucketPolicy', { Properties: { Bucket: { Ref: siteBucketId } } }));
    const statements = (sitePolicy as { Properties: { PolicyDocument: { Statement: unknown[] } } }).Properties.PolicyDocument.Statement;
    expect(statements).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          Effect: 'Allow',
          Principal: { Service: 'cloudfront.amazonaws.com' },
          Action: 's3:GetObject',
          Condition: { StringEquals: { 'AWS:SourceArn': expect.anything() } },
        }),
        expect.objectContaining({
          Sid: 'KeepReleaseInputsPrivate',
          Effect: 'Deny',
          Principal: { Service: 'cloudfront.amazonaws.com' },
          Action: 's3:GetObject',
          Resource: ['/edge/state.json', '/mfe/canary/*', '/mfe/pointers/*', '/releases/*'].map((suffix) => ({ 'Fn::Join': ['', [{ 'Fn::GetAtt': [siteBucketId, 'Arn'] }, suffix]] })),
        }),
      ]),
    );
  });
});

describe('site stack: distribution', () => {
  test('chooses the build of every page and pointer read at the edge: route rewrite and build choice on request, its headers on response', () => {
    const requestId = onlyLogicalId('AWS::CloudFront::Function', { FunctionConfig: Match.objectLike({ Comment: Match.stringLikeRegexp('^Maps site routes') }) });
    const responseId = onlyLogicalId('AWS::CloudFront::Function', { FunctionConfig: Match.objectLike({ Comment: Match.stringLikeRegexp("^The build choice's cookies") }) });
    const storeId = onlyLogicalId('AWS::CloudFront::KeyValueStore', { Name: EDGE_STATE_STORE_NAME });
    for (const [id, code] of [
      [requestId, viewerRequestCode()],
      [responseId, viewerResponseCode()],
    ] as const) {
      template.hasResource('AWS::CloudFront::Function', {
        Properties: {
          AutoPublish: true,
          FunctionCode: code,
          FunctionConfig: Match.objectLike({ Runtime: 'cloudfront-js-2.0', KeyValueStoreAssociations: [{ KeyValueStoreARN: { 'Fn::GetAtt': [storeId, 'Arn'] } }] }),
        },
      });
      expect(Object.keys(template.findResources('AWS::CloudFront::Function', { Properties: { FunctionCode: code } }))).toEqual([id]);
    }
    const both = [
      { EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [requestId, 'FunctionARN'] } },
      { EventType: 'viewer-response', FunctionARN: { 'Fn::GetAtt': [responseId, 'FunctionARN'] } },
    ];
    expect(distribution.DefaultCacheBehavior.FunctionAssociations).toEqual(both);
    expect(behavior('/mfe/remotes.json').FunctionAssociations).toEqual(both);
    // Build files need no function without a custom domain; the API always gets the request one.
    expect(behavior('/api/*').FunctionAssociations).toEqual([both[0]]);
    for (const path of ['/mfe/*', '/shell/*']) expect(behavior(path).FunctionAssociations).toBeUndefined();
  });

  test('answers a missing page (S3 403 without list rights) from the not-found function, and leaves every API status alone', () => {
    // No distribution-wide error response: it would turn the API's 403s (an origin-verify failure) and 404s into the HTML page.
    expect(distribution.CustomErrorResponses).toBeUndefined();
    const groups = distribution.OriginGroups?.Items ?? [];
    expect(groups).toHaveLength(1);
    const [group] = groups;
    expect(group?.FailoverCriteria.StatusCodes.Items).toEqual([403]);
    expect(distribution.DefaultCacheBehavior.TargetOriginId).toBe(group?.Id);
    const [primary, fallback] = (group?.Members.Items ?? []).map((member) => distribution.Origins.find((origin) => origin.Id === member.OriginId));
    expect(primary?.DomainName).toEqual({ 'Fn::GetAtt': [siteBucketId, 'RegionalDomainName'] });
    // Only the pages fail over: every other behaviour, /api/* above all, targets a plain origin.
    for (const other of distribution.CacheBehaviors) expect(other.TargetOriginId).not.toBe(group?.Id);

    // The fallback is the function's URL, signed by CloudFront (OAC) and invocable by this distribution alone.
    const functionId = onlyLogicalId('AWS::Lambda::Function', { Description: Match.stringLikeRegexp('not-found page') });
    const urlId = onlyLogicalId('AWS::Lambda::Url', { AuthType: 'AWS_IAM' });
    expect(JSON.stringify(fallback?.DomainName)).toContain(urlId);
    template.hasResourceProperties('AWS::CloudFront::OriginAccessControl', {
      OriginAccessControlConfig: Match.objectLike({ OriginAccessControlOriginType: 'lambda', SigningBehavior: 'always' }),
    });
    const permissions = Object.values(template.findResources('AWS::Lambda::Permission', { Properties: { Principal: 'cloudfront.amazonaws.com' } })) as Array<{
      Properties: { Action: string; FunctionName: unknown; SourceArn: unknown };
    }>;
    expect(permissions.map((permission) => permission.Properties.Action).sort()).toEqual(['lambda:InvokeFunction', 'lambda:InvokeFunctionUrl']);
    for (const permission of permissions) {
      expect([{ 'Fn::GetAtt': [urlId, 'FunctionArn'] }, { 'Fn::GetAtt': [functionId, 'Arn'] }]).toContainEqual(permission.Properties.FunctionName);
      expect(JSON.stringify(permission.Properties.SourceArn)).toContain(onlyLogicalId('AWS::CloudFront::Distribution'));
    }
    template.hasResourceProperties('AWS::Lambda::Function', {
      Description: Match.stringLikeRegexp('not-found page'),
      Environment: { Variables: Match.objectLike({ NOT_FOUND_PAGE_KEY: 'pages/404.html', NOT_FOUND_CACHE_SECONDS: String(NOT_FOUND_CACHE_TTL.toSeconds()) }) },
    });
    // It may read pages/404.html and nothing else.
    const role = (template.toJSON().Resources[functionId] as { Properties: { Role: { 'Fn::GetAtt': [string] } } }).Properties.Role['Fn::GetAtt'][0];
    const [policy] = Object.values(template.findResources('AWS::IAM::Policy', { Properties: { Roles: [{ Ref: role }] } })) as Array<{
      Properties: { PolicyDocument: { Statement: Array<{ Action: unknown; Resource: unknown }> } };
    }>;
    const s3Statements = (policy?.Properties.PolicyDocument.Statement ?? []).filter((statement) => JSON.stringify(statement.Action).includes('s3:'));
    expect(s3Statements).toEqual([{ Effect: 'Allow', Action: 's3:GetObject', Resource: { 'Fn::Join': ['', [{ 'Fn::GetAtt': [siteBucketId, 'Arn'] }, '/pages/404.html']] } }]);
  });

  test('caches build folders for a year whatever the object says', () => {
    const immutableId = onlyLogicalId('AWS::CloudFront::CachePolicy', { CachePolicyConfig: { MinTTL: YEAR_IN_SECONDS } });
    template.hasResourceProperties('AWS::CloudFront::CachePolicy', {
      CachePolicyConfig: {
        MinTTL: YEAR_IN_SECONDS,
        DefaultTTL: YEAR_IN_SECONDS,
        MaxTTL: YEAR_IN_SECONDS,
        ParametersInCacheKeyAndForwardedToOrigin: Match.objectLike({
          EnableAcceptEncodingGzip: true,
          EnableAcceptEncodingBrotli: true,
          QueryStringsConfig: { QueryStringBehavior: 'none' },
          CookiesConfig: { CookieBehavior: 'none' },
          HeadersConfig: { HeaderBehavior: 'none' },
        }),
      },
    });
    expect(behavior('/mfe/*').CachePolicyId).toEqual({ Ref: immutableId });
    expect(behavior('/shell/*').CachePolicyId).toEqual({ Ref: immutableId });
  });

  test('serves pages, root files and the pointer document by their own Cache-Control (no-cache), never cached by default', () => {
    const honouringId = onlyLogicalId('AWS::CloudFront::CachePolicy', { CachePolicyConfig: { MinTTL: 0 } });
    template.hasResourceProperties('AWS::CloudFront::CachePolicy', {
      CachePolicyConfig: { MinTTL: 0, DefaultTTL: 0, MaxTTL: YEAR_IN_SECONDS },
    });
    expect(distribution.DefaultCacheBehavior.CachePolicyId).toEqual({ Ref: honouringId });
    expect(behavior('/mfe/remotes.json').CachePolicyId).toEqual({ Ref: honouringId });
    const order = distribution.CacheBehaviors.map((candidate) => candidate.PathPattern);
    expect(order.indexOf('/mfe/remotes.json')).toBeLessThan(order.indexOf('/mfe/*'));
  });

  test('sends /api/* to the HTTP API uncached, with every viewer header but Host and every method', () => {
    const api = behavior('/api/*');
    expect(api.CachePolicyId).toBe(CachePolicy.CACHING_DISABLED.cachePolicyId);
    expect(api.OriginRequestPolicyId).toBe(OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER.originRequestPolicyId);
    expect(api.AllowedMethods).toEqual(['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE']);
    const apiOrigin = distribution.Origins.find((origin) => origin.Id === api.TargetOriginId);
    expect(apiOrigin?.CustomOriginConfig).toEqual({ OriginProtocolPolicy: 'https-only', OriginSSLProtocols: ['TLSv1.2'] });
    expect(JSON.stringify(apiOrigin?.DomainName)).toContain('.execute-api.eu-west-1.');
    // Without a custom domain too: the function writes the viewer address the API's limits trust.
    expect(api.FunctionAssociations).toEqual([distribution.DefaultCacheBehavior.FunctionAssociations?.[0]]);
  });

  test('redirects HTTP to HTTPS and adds the security headers on every behaviour', () => {
    const headersPolicyId = onlyLogicalId('AWS::CloudFront::ResponseHeadersPolicy');
    for (const candidate of [distribution.DefaultCacheBehavior, ...distribution.CacheBehaviors]) {
      expect(candidate.ViewerProtocolPolicy).toBe('redirect-to-https');
      expect(candidate.ResponseHeadersPolicyId).toEqual({ Ref: headersPolicyId });
    }
    expect(distribution.PriceClass).toBe('PriceClass_200');
    expect(distribution.Logging).toEqual({ Bucket: expect.anything(), Prefix: 'cloudfront/' });
  });

  test('sends exactly the headers of @kesho/release-model/security-headers, as the local server does', () => {
    const [resource] = Object.values(template.findResources('AWS::CloudFront::ResponseHeadersPolicy'));
    const config = (resource as { Properties: { ResponseHeadersPolicyConfig: ResponseHeadersConfig } }).Properties.ResponseHeadersPolicyConfig;
    const security = config.SecurityHeadersConfig;
    const sent: Record<string, string> = {
      'Content-Security-Policy': security.ContentSecurityPolicy.ContentSecurityPolicy,
      'Strict-Transport-Security': [
        `max-age=${security.StrictTransportSecurity.AccessControlMaxAgeSec}`,
        ...(security.StrictTransportSecurity.IncludeSubdomains ? ['includeSubDomains'] : []),
        ...(security.StrictTransportSecurity.Preload ? ['preload'] : []),
      ].join('; '),
      'X-Content-Type-Options': security.ContentTypeOptions.Override ? 'nosniff' : '',
      'X-Frame-Options': security.FrameOptions.FrameOption,
      'Referrer-Policy': security.ReferrerPolicy.ReferrerPolicy,
    };
    for (const custom of config.CustomHeadersConfig.Items as { Header: string; Value: string; Override: boolean }[]) {
      expect(custom.Override).toBe(true);
      sent[custom.Header] = custom.Value;
    }
    expect(sent).toEqual(securityHeaders);

    expect(security.ContentSecurityPolicy.ContentSecurityPolicy).toContain("frame-ancestors 'none'");
    expect(contentSecurityPolicy['script-src']).not.toContain('unsafe-inline');
    expect(security.StrictTransportSecurity.AccessControlMaxAgeSec).toBe(HSTS_MAX_AGE_SECONDS);
    expect(security.FrameOptions.FrameOption).toBe('DENY');
    expect(sent['Cross-Origin-Resource-Policy']).toBe('same-origin');
  });
});

describe('site stack: release publisher', () => {
  let publisherId: string;
  beforeAll(() => {
    publisherId = onlyLogicalId('AWS::Lambda::Function', { FunctionName: RELEASE_PUBLISHER_FUNCTION_NAME });
  });

  test('runs on Node.js 24 and learns the bucket from its environment', () => {
    template.hasResourceProperties('AWS::Lambda::Function', {
      Runtime: 'nodejs24.x',
      Architectures: ['arm64'],
      TracingConfig: { Mode: 'Active' },
      Environment: { Variables: { SITE_BUCKET_NAME: { Ref: siteBucketId }, NODE_OPTIONS: '--enable-source-maps' } },
    });
  });

  test('keeps KEPT_BUILDS builds per app (default 5) when it prunes the bucket', () => {
    template.hasResourceProperties('AWS::Lambda::Function', { FunctionName: RELEASE_PUBLISHER_FUNCTION_NAME, Environment: { Variables: Match.objectLike({ KEPT_BUILDS: '5' }) } });
  });

  test('has the fixed name the shell and remote stacks call it by, without an export', () => {
    template.hasResourceProperties('AWS::Lambda::Function', { FunctionName: RELEASE_PUBLISHER_FUNCTION_NAME, Handler: 'index.handler' });
    expect(RELEASE_PUBLISHER_FUNCTION_NAME).toBe('kesho-release-publisher');
  });

  test('runs whenever a release record is written or deleted, or a team writes its canary command', () => {
    const notification = {
      Filter: {
        Key: {
          FilterRules: [
            { Name: 'suffix', Value: '.json' },
            { Name: 'prefix', Value: 'mfe/pointers/' },
          ],
        },
      },
      LambdaFunctionArn: { 'Fn::GetAtt': [publisherId, 'Arn'] },
    };
    template.hasResourceProperties('Custom::S3BucketNotifications', {
      BucketName: { Ref: siteBucketId },
      NotificationConfiguration: {
        LambdaFunctionConfigurations: [
          { Events: ['s3:ObjectCreated:*'], ...notification },
          { Events: ['s3:ObjectRemoved:*'], ...notification },
          {
            Events: ['s3:ObjectCreated:*'],
            ...notification,
            Filter: {
              Key: {
                FilterRules: [
                  { Name: 'suffix', Value: '.json' },
                  { Name: 'prefix', Value: 'mfe/canary/' },
                ],
              },
            },
          },
        ],
      },
    });
  });

  test("may read the release inputs and what it writes (a publish heads each key first), and write only the pointer document, the live pages, the shell's root files, the variant folders and its edge record (and a promoted canary as a current record), and delete old builds", () => {
    const arn = (suffix: string) => ({ 'Fn::Join': ['', [{ 'Fn::GetAtt': [siteBucketId, 'Arn'] }, suffix]] });
    const [policy] = Object.values(template.findResources('AWS::IAM::Policy', { Properties: { PolicyName: Match.stringLikeRegexp('^ReleasePublisher') } }));
    const statements = (policy as { Properties: { PolicyDocument: { Statement: { Action: string | string[] }[] } } }).Properties.PolicyDocument.Statement;
    const s3Statements = statements.filter((statement) => [statement.Action].flat().some((action) => action.startsWith('s3:')));
    expect(s3Statements).toEqual([
      { Action: 's3:ListBucket', Effect: 'Allow', Resource: { 'Fn::GetAtt': [siteBucketId, 'Arn'] } },
      {
        Action: 's3:GetObject',
        Effect: 'Allow',
        // Every key it puts is readable too: a publish heads each before it writes (only what changed is written).
        Resource: [
          '/edge/state.json',
          '/favicon.svg',
          '/llms.txt',
          '/mfe/canary/*',
          '/mfe/pointers/*',
          '/mfe/remotes.json',
          '/pages/*',
          '/releases/*',
          '/robots.txt',
          '/sitemap.xml',
          '/variants/*',
        ].map(arn),
      },
      {
        Action: 's3:PutObject',
        Effect: 'Allow',
        Resource: ['/edge/state.json', '/favicon.svg', '/llms.txt', '/mfe/pointers/*', '/mfe/remotes.json', '/pages/*', '/robots.txt', '/sitemap.xml', '/variants/*'].map(arn),
      },
      // Pages and variant folders no longer used; and, pruning old builds (issue 39, item 9), a build's files
      // (mfe/<name>/<build>/…, never mfe/remotes.json nor mfe/pointers/<app>.json) and release snapshots.
      { Action: 's3:DeleteObject', Effect: 'Allow', Resource: ['/mfe/*/*/*', '/pages/*', '/releases/*', '/shell/*', '/variants/*'].map(arn) },
    ]);
  });

  test("writes the edge's KeyValueStore, reads the client-event metrics and tells ops, and nothing more", () => {
    const storeId = onlyLogicalId('AWS::CloudFront::KeyValueStore');
    const [policy] = Object.values(template.findResources('AWS::IAM::Policy', { Properties: { PolicyName: Match.stringLikeRegexp('^ReleasePublisher') } }));
    const statements = (policy as { Properties: { PolicyDocument: { Statement: { Action: string | string[]; Resource: unknown }[] } } }).Properties.PolicyDocument.Statement;
    expect(statements).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          Action: ['cloudfront-keyvaluestore:DescribeKeyValueStore', 'cloudfront-keyvaluestore:GetKey', 'cloudfront-keyvaluestore:PutKey'],
          Resource: { 'Fn::GetAtt': [storeId, 'Arn'] },
        }),
        expect.objectContaining({ Action: ['cloudwatch:GetMetricData', 'xray:PutTelemetryRecords', 'xray:PutTraceSegments'], Resource: '*' }),
        expect.objectContaining({ Action: 'sns:Publish', Resource: 'arn:aws:sns:eu-west-1:111111111111:kesho-alarms' }),
        // Whether a deploy of a withdrawn release comes from its stack's rollback: the team stacks only.
        {
          Action: 'cloudformation:DescribeStacks',
          Effect: 'Allow',
          Resource: ['arn:aws:cloudformation:eu-west-1:111111111111:stack/KeshoRemote-*/*', 'arn:aws:cloudformation:eu-west-1:111111111111:stack/KeshoShell/*'],
        },
      ]),
    );
    template.hasResourceProperties('AWS::SecretsManager::Secret', { Name: 'kesho/preview-link-secret', GenerateSecretString: { PasswordLength: 64, ExcludePunctuation: true } });
  });

  test("checks the running canaries every minute (through the publisher's canary-check alias: heartbeats.test.ts)", () => {
    template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'rate(1 minute)',
      Targets: [
        Match.objectLike({
          Arn: { Ref: Match.stringLikeRegexp('^ReleasePublisherCanaryCheckInvocationAlias') },
          Input: JSON.stringify({ canaryCheck: true }),
          RetryPolicy: { MaximumRetryAttempts: 0 },
        }),
      ],
    });
  });

  test('retries a failed run twice, then keeps the event in an encrypted queue', () => {
    template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
      FunctionName: { Ref: publisherId },
      MaximumRetryAttempts: 2,
      DestinationConfig: { OnFailure: { Destination: Match.anyValue() } },
    });
    template.hasResourceProperties('AWS::SQS::Queue', { SqsManagedSseEnabled: true });
  });
});

describe('security headers mapping', () => {
  test('turns headers CloudFront has no typed field for into custom headers', () => {
    const config = responseHeadersPolicyConfig({ 'Permissions-Policy': 'camera=()' });
    expect(config.customHeadersBehavior).toEqual({ customHeaders: [{ header: 'Permissions-Policy', value: 'camera=()', override: true }] });
  });

  test('reads max-age and flags out of the HSTS value', () => {
    const config = responseHeadersPolicyConfig({ 'Strict-Transport-Security': 'max-age=300' });
    expect(config.securityHeadersBehavior?.strictTransportSecurity).toEqual({
      accessControlMaxAge: Duration.seconds(300),
      includeSubdomains: false,
      preload: false,
      override: true,
    });
  });

  test.each([
    [{ 'X-Frame-Options': 'ALLOW-FROM https://example.org' }, 'CloudFront cannot send X-Frame-Options'],
    [{ 'Referrer-Policy': 'strict' }, 'CloudFront cannot send Referrer-Policy: strict'],
    [{ 'X-Content-Type-Options': 'sniff' }, 'CloudFront cannot send X-Content-Type-Options'],
    [{ 'Strict-Transport-Security': 'includeSubDomains' }, 'has no valid max-age'],
  ])('fails the synth rather than drop a value CloudFront cannot send (%#)', (headers, message) => {
    expect(() => responseHeadersPolicyConfig(headers)).toThrow(message);
  });
});
