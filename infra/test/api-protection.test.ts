/**
 * API exposure: the WAF web ACL in us-east-1 attached to the distribution, separate route throttles
 * for the webhook and the anonymous routes, reserved concurrency for fulfil-order.
 */
import { VIEWER_ADDRESS_HEADER } from '@kesho/operations/viewer-address';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { DEFAULT_API_LIMITS } from '../lib/api-limits';
import { API_PEAK, MPESA_POLL_SCHEDULE, ROUTE_THROTTLES, unsizedRoutes } from '@kesho/operations/api-throttles';
import { DEFAULT_RATE_LIMITS, PROVIDER_PATHS, SHARED_ADDRESS_ASSUMPTION, WAF_LOG_GROUP_NAME } from '../lib/edge-stack';
import { ORIGIN_VERIFY_SECRET_NAME, ROTATION_WINDOW } from '../lib/origin-verify';
import { ORIGIN_VERIFY_HEADER } from '../functions/origin-verify/verify';
import { buildTestApp } from './support/test-app';
import { matchesPath, type WafStatement } from './support/waf';

const { stacks } = buildTestApp();
const edge = Template.fromStack(stacks.edge);
const payments = Template.fromStack(stacks.payments);

interface WafRule {
  Name: string;
  Action?: Record<string, object>;
  Statement: { RateBasedStatement?: { Limit: number; AggregateKeyType: string; ScopeDownStatement: WafStatement } };
}
const rulesOf = (template: Template): WafRule[] => (Object.values(template.findResources('AWS::WAFv2::WebACL'))[0] as { Properties: { Rules: WafRule[] } }).Properties.Rules;
const ruleNamed = (template: Template, name: string): WafRule => {
  const rule = rulesOf(template).find((candidate) => candidate.Name === name);
  if (!rule) throw new Error(`no rule ${name}`);
  return rule;
};

describe('the web ACL', () => {
  test('is a CloudFront-scope ACL in us-east-1 with the AWS common rule set and per-IP rate limits', () => {
    expect(stacks.edge.region).toBe('us-east-1');
    edge.hasResourceProperties('AWS::WAFv2::WebACL', {
      Scope: 'CLOUDFRONT',
      DefaultAction: { Allow: {} },
      Rules: Match.arrayWith([
        Match.objectLike({ Name: 'api-rate-limit', Statement: { RateBasedStatement: Match.objectLike({ Limit: DEFAULT_RATE_LIMITS.api, AggregateKeyType: 'IP' }) } }),
        Match.objectLike({ Name: 'site-rate-limit', Statement: { RateBasedStatement: Match.objectLike({ Limit: DEFAULT_RATE_LIMITS.site, AggregateKeyType: 'IP' }) } }),
        Match.objectLike({
          Name: 'aws-common-rule-set',
          OverrideAction: { None: {} },
          Statement: { ManagedRuleGroupStatement: Match.objectLike({ VendorName: 'AWS', Name: 'AWSManagedRulesCommonRuleSet' }) },
        }),
      ]),
    });
  });

  test('sizes the limits from the stated assumption about shared addresses: a carrier address full of readers and payers passes', () => {
    const people = SHARED_ADDRESS_ASSUMPTION;
    expect(DEFAULT_RATE_LIMITS).toEqual({
      site: people.browsersPerAddress * people.siteRequestsPerBrowser,
      api: people.browsersPerAddress * people.apiRequestsPerBrowser + people.payersPerAddress * people.apiRequestsPerPayer,
    });
    expect(DEFAULT_RATE_LIMITS).toEqual({ site: 10_000, api: 2_500 });
    // One M-Pesa payer alone (90 status polls, the success page's lookups) was over the old 100 a 5 minutes.
    expect(people.apiRequestsPerPayer).toBeGreaterThan(100);
    expect(ruleNamed(edge, 'api-rate-limit').Statement.RateBasedStatement?.Limit).toBeGreaterThanOrEqual(people.payersPerAddress * people.apiRequestsPerPayer);
  });

  test("the providers' calls are never counted: Stripe's webhook and Daraja's callbacks pass both rate rules' scope", () => {
    const api = ruleNamed(edge, 'api-rate-limit').Statement.RateBasedStatement?.ScopeDownStatement;
    const site = ruleNamed(edge, 'site-rate-limit').Statement.RateBasedStatement?.ScopeDownStatement;
    if (!api || !site) throw new Error('the rate rules lost their scope');
    expect(PROVIDER_PATHS).toEqual([
      { path: '/api/stripe-webhook', match: 'EXACTLY' },
      { path: '/api/mpesa/callback/', match: 'STARTS_WITH' },
    ]);
    for (const path of ['/api/stripe-webhook', '/api/mpesa/callback/3f2a9c1e0b7d4e6f', '/api/mpesa/callback/x']) {
      expect({ path, api: matchesPath(api, path), site: matchesPath(site, path) }).toEqual({ path, api: false, site: false });
    }
    for (const path of ['/api/create-payment', '/api/mpesa-payment', '/api/client-events', '/api/enquiries', '/api/stripe-webhook-x']) {
      expect({ path, api: matchesPath(api, path), site: matchesPath(site, path) }).toEqual({ path, api: true, site: true });
    }
    for (const path of ['/', '/faq', '/mfe/remotes.json']) expect({ path, api: matchesPath(api, path), site: matchesPath(site, path) }).toEqual({ path, api: false, site: true });
  });

  test('the rate rules start counting, not blocking, and block once the setting says so', () => {
    for (const name of ['api-rate-limit', 'site-rate-limit']) expect(ruleNamed(edge, name).Action).toEqual({ Count: {} });
    const blocking = Template.fromStack(buildTestApp({ context: { rateLimitAction: 'block', siteDir: '/nonexistent' } }).stacks.edge);
    for (const name of ['api-rate-limit', 'site-rate-limit']) expect(ruleNamed(blocking, name).Action).toEqual({ Block: {} });
    expect(() => buildTestApp({ context: { rateLimitAction: 'drop' } })).toThrow('-c rateLimitAction (drop) must be "count" or "block"');
  });

  test('logs what its rules counted or blocked, without query strings or cookies, for a month', () => {
    edge.hasResourceProperties('AWS::Logs::LogGroup', { LogGroupName: WAF_LOG_GROUP_NAME, RetentionInDays: 30 });
    expect(WAF_LOG_GROUP_NAME.startsWith('aws-waf-logs-')).toBe(true);
    const [logGroupId] = Object.keys(edge.findResources('AWS::Logs::LogGroup', { Properties: { LogGroupName: WAF_LOG_GROUP_NAME } }));
    const [aclId] = Object.keys(edge.findResources('AWS::WAFv2::WebACL'));
    edge.hasResourceProperties('AWS::WAFv2::LoggingConfiguration', {
      ResourceArn: { 'Fn::GetAtt': [aclId, 'Arn'] },
      LogDestinationConfigs: [{ 'Fn::GetAtt': [logGroupId, 'Arn'] }],
      RedactedFields: [{ QueryString: {} }, { SingleHeader: { Name: 'cookie' } }],
      LoggingFilter: {
        DefaultBehavior: 'DROP',
        Filters: [{ Behavior: 'KEEP', Requirement: 'MEETS_ANY', Conditions: [{ ActionCondition: { Action: 'COUNT' } }, { ActionCondition: { Action: 'BLOCK' } }] }],
      },
    });
  });

  test('protects the distribution, read across regions from the us-east-1 stack', () => {
    const distribution = Object.values(Template.fromStack(stacks.site).findResources('AWS::CloudFront::Distribution'))[0] as {
      Properties: { DistributionConfig: { WebACLId: unknown } };
    };
    expect(JSON.stringify(distribution.Properties.DistributionConfig.WebACLId)).toMatch(/"StackName":"KeshoEdge","Region":"us-east-1"/);
    expect(stacks.site.dependencies).toContain(stacks.edge);
  });
});

describe('references between stacks', () => {
  test('the site reads the API and the origin-verify secret from the payments stack as exports: a replaced API fails the payments deploy instead of leaving the site stale', () => {
    const site = JSON.stringify(Template.fromStack(stacks.site).toJSON());
    const imports = [...site.matchAll(/"Fn::ImportValue":"([^"]+)"/g)].map((match) => match[1]);
    expect(imports.sort()).toEqual([expect.stringMatching(/^KeshoPayments:ExportsOutputRefApi/), expect.stringMatching(/^KeshoPayments:ExportsOutputRefOriginVerifySecret/)].sort());
    expect(site).not.toMatch(/"StackName":"KeshoPayments"/);
    const exported = Object.values(payments.toJSON().Outputs as Record<string, { Export?: { Name: string } }>).flatMap((output) => (output.Export ? [output.Export.Name] : []));
    for (const name of imports) expect(exported).toContain(name);
    // The us-east-1 web ACL is another region: read with Fn::GetStackOutput, as before.
    expect(site).toMatch(/"StackName":"KeshoEdge","Region":"us-east-1"/);
  });
});

describe('API limits', () => {
  test('the webhook and each anonymous route have their own throttle on the stage, sized from the stated peak', () => {
    const throttle = (limits: { rateLimit: number; burstLimit: number }) => ({ ThrottlingRateLimit: limits.rateLimit, ThrottlingBurstLimit: limits.burstLimit });
    payments.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      RouteSettings: Object.fromEntries(Object.entries(ROUTE_THROTTLES).map(([key, limits]) => [key, throttle(limits)])),
    });
    expect(ROUTE_THROTTLES['POST /api/stripe-webhook']).toEqual(DEFAULT_API_LIMITS.webhook);
    // 50 payers polling their M-Pesa payment at the schedule's fastest (one every 2 s) fit the status route's rate, and all at one moment its burst.
    const status = ROUTE_THROTTLES['GET /api/mpesa-payment'];
    expect(status?.rateLimit).toBeGreaterThanOrEqual((API_PEAK.payersAtOnce * 1000) / MPESA_POLL_SCHEDULE.firstIntervalMs);
    expect(status?.burstLimit).toBeGreaterThanOrEqual(API_PEAK.payersAtOnce);
    for (const key of ['POST /api/create-payment', 'POST /api/mpesa-payment', 'GET /api/checkout-session', 'POST /api/mpesa/callback/{token}'])
      expect(ROUTE_THROTTLES[key]?.burstLimit).toBeGreaterThanOrEqual(API_PEAK.payersAtOnce);
    expect(unsizedRoutes()).toEqual([]);
    // Route settings only apply to routes that exist: every key names one.
    const routeKeys = Object.values(payments.findResources('AWS::ApiGatewayV2::Route')).map((route) => (route as { Properties: { RouteKey: string } }).Properties.RouteKey);
    const stage = Object.values(payments.findResources('AWS::ApiGatewayV2::Stage'))[0] as { Properties: { RouteSettings: Record<string, unknown> } };
    expect(Object.keys(stage.Properties.RouteSettings).sort()).toEqual(routeKeys.sort());
  });

  test("fulfil-order's reservation follows the setting, and 0 reserves nothing (a new account's quota of 10 allows no reservation)", () => {
    const reservedIn = (template: Template) => Object.keys(template.findResources('AWS::Lambda::Function', { Properties: { ReservedConcurrentExecutions: Match.anyValue() } }));
    expect(reservedIn(Template.fromStack(buildTestApp({ context: { fulfilOrderConcurrency: '0', siteDir: '/nonexistent' } }).stacks.payments))).toEqual([]);
    Template.fromStack(buildTestApp({ context: { fulfilOrderConcurrency: '20', siteDir: '/nonexistent' } }).stacks.payments).hasResourceProperties('AWS::Lambda::Function', {
      Description: 'Kesho payments: fulfil-order',
      ReservedConcurrentExecutions: 20,
    });
    expect(() => buildTestApp({ context: { fulfilOrderConcurrency: '-1' } })).toThrow('-c fulfilOrderConcurrency (-1) must be a whole number of executions, 0 for none');
  });

  test('only fulfil-order has reserved concurrency', () => {
    const reserved = Object.values(payments.findResources('AWS::Lambda::Function', { Properties: { ReservedConcurrentExecutions: Match.anyValue() } })) as Array<{
      Properties: { Description: string; ReservedConcurrentExecutions: number };
    }>;
    expect(reserved.map((fn) => [fn.Properties.Description, fn.Properties.ReservedConcurrentExecutions])).toEqual([
      ['Kesho payments: fulfil-order', DEFAULT_API_LIMITS.fulfilOrderConcurrency],
    ]);
  });
});

describe('origin verification', () => {
  const secretId = () => {
    const ids = Object.keys(payments.findResources('AWS::SecretsManager::Secret', { Properties: { Name: ORIGIN_VERIFY_SECRET_NAME } }));
    expect(ids).toHaveLength(1);
    return ids[0] as string;
  };

  test('a generated secret, read by CloudFront into the header of the API origin', () => {
    payments.hasResourceProperties('AWS::SecretsManager::Secret', {
      Name: ORIGIN_VERIFY_SECRET_NAME,
      GenerateSecretString: Match.objectLike({ PasswordLength: 48, ExcludePunctuation: true }),
    });
    const distribution = Object.values(Template.fromStack(stacks.site).findResources('AWS::CloudFront::Distribution'))[0] as {
      Properties: { DistributionConfig: { Origins: Array<{ CustomOriginConfig?: unknown; OriginCustomHeaders?: Array<{ HeaderName: string; HeaderValue: unknown }> }> } };
    };
    const customOrigins = distribution.Properties.DistributionConfig.Origins.filter((origin) => origin.CustomOriginConfig);
    const apiOrigins = customOrigins.filter((origin) => JSON.stringify(origin).includes('.execute-api.'));
    expect(apiOrigins).toHaveLength(1);
    const headers = apiOrigins[0]?.OriginCustomHeaders ?? [];
    expect(headers.map((header) => header.HeaderName)).toEqual([ORIGIN_VERIFY_HEADER]);
    // A dynamic reference resolved at deploy: the value never appears in the template.
    expect(JSON.stringify(headers[0]?.HeaderValue)).toContain('{{resolve:secretsmanager:');
    // The S3 origins (the pages' origin group has its own) and the not-found function never receive the secret.
    const otherOrigins = distribution.Properties.DistributionConfig.Origins.filter((origin) => !apiOrigins.includes(origin));
    expect(otherOrigins.length).toBeGreaterThanOrEqual(2);
    for (const origin of otherOrigins) expect(origin.OriginCustomHeaders).toBeUndefined();
  });

  /** The header value the distribution's API origin sends, as the template writes it. */
  const originHeaderValue = (site: Template): string => {
    const distribution = Object.values(site.findResources('AWS::CloudFront::Distribution'))[0] as {
      Properties: { DistributionConfig: { Origins: Array<{ OriginCustomHeaders?: Array<{ HeaderName: string; HeaderValue: unknown }> }> } };
    };
    const header = distribution.Properties.DistributionConfig.Origins.flatMap((origin) => origin.OriginCustomHeaders ?? []).find((found) => found.HeaderName === ORIGIN_VERIFY_HEADER);
    return JSON.stringify(header?.HeaderValue);
  };

  test('a rotation reaches the distribution: the reference names the committed version, so a new version id is a change CloudFormation applies', () => {
    // Before the first deploy there is no version to name: the reference reads the current value.
    expect(originHeaderValue(Template.fromStack(stacks.site))).toMatch(/:SecretString:::}}/);
    const version = (id: string) => originHeaderValue(Template.fromStack(buildTestApp({ context: { originVerifySecretVersion: id, siteDir: '/nonexistent' } }).stacks.site));
    const first = version('0b5bd6a4-1a2f-4f2b-9d9e-2f1f1e0b6c11');
    const second = version('7c0ffee0-3b8e-4e1c-8a55-0a1b2c3d4e5f');
    expect(first).toMatch(/:SecretString:::0b5bd6a4-1a2f-4f2b-9d9e-2f1f1e0b6c11}}/);
    expect(second).toMatch(/:SecretString:::7c0ffee0-3b8e-4e1c-8a55-0a1b2c3d4e5f}}/);
    expect(first).not.toEqual(second);
    expect(() => buildTestApp({ context: { originVerifySecretVersion: 'AWSCURRENT' } })).toThrow('is not a Secrets Manager version id');
  });

  test('the authorizer is told the rotation window in which the previous value still passes', () => {
    payments.hasResourceProperties('AWS::Lambda::Function', {
      Description: Match.stringLikeRegexp('came through CloudFront'),
      Environment: { Variables: Match.objectLike({ ORIGIN_VERIFY_ROTATION_WINDOW_SECONDS: String(ROTATION_WINDOW.toSeconds()) }) },
    });
    expect(ROTATION_WINDOW.toHours()).toBe(24);
  });

  test('every API route is guarded by the Lambda authorizer on that header (its decisions cached per value and viewer address)', () => {
    const authorizers = payments.findResources('AWS::ApiGatewayV2::Authorizer', {
      Properties: {
        AuthorizerType: 'REQUEST',
        IdentitySource: [`$request.header.${ORIGIN_VERIFY_HEADER}`, `$request.header.${VIEWER_ADDRESS_HEADER}`],
        EnableSimpleResponses: true,
        AuthorizerPayloadFormatVersion: '2.0',
      },
    });
    expect(Object.keys(authorizers)).toHaveLength(1);
    const routes = Object.values(payments.findResources('AWS::ApiGatewayV2::Route')) as Array<{ Properties: Record<string, unknown> }>;
    expect(routes).toHaveLength(13);
    for (const route of routes) {
      expect(route.Properties).toMatchObject({ AuthorizationType: 'CUSTOM', AuthorizerId: { Ref: Object.keys(authorizers)[0] } });
    }
  });

  test('the authorizer reads only its own secret, and no payment function reads it', () => {
    const id = secretId();
    const policies = Object.values(payments.findResources('AWS::IAM::Policy')) as Array<{ Properties: { PolicyDocument: unknown; Roles: unknown } }>;
    const readers = policies.filter((policy) => JSON.stringify(policy.Properties.PolicyDocument).includes(`"${id}"`));
    expect(readers).toHaveLength(1);
    const authorizerFn = Object.entries(payments.findResources('AWS::Lambda::Function', { Properties: { Description: Match.stringLikeRegexp('came through CloudFront') } }));
    expect(authorizerFn).toHaveLength(1);
    const roleId = (authorizerFn[0]?.[1] as { Properties: { Role: { 'Fn::GetAtt': [string] } } }).Properties.Role['Fn::GetAtt'][0];
    expect(readers[0]?.Properties.Roles).toEqual([{ Ref: roleId }]);
    const document = JSON.stringify(readers[0]?.Properties.PolicyDocument);
    expect(document).not.toMatch(/StripeSecretKey|StripeWebhookSecret/);
  });
});
