/**
 * API exposure: the WAF web ACL in us-east-1 attached to the distribution, separate route throttles
 * for the webhook and the anonymous routes, reserved concurrency for fulfil-order.
 */
import { Match, Template } from 'aws-cdk-lib/assertions';
import { DEFAULT_API_LIMITS } from '../lib/api-limits';
import { DEFAULT_RATE_LIMITS } from '../lib/edge-stack';
import { buildTestApp } from './support/test-app';

const { app, stacks } = buildTestApp();
const edge = Template.fromStack(stacks.edge);
const payments = Template.fromStack(stacks.payments);

describe('the web ACL', () => {
  test('is a CloudFront-scope ACL in us-east-1 with the AWS common rule set and per-IP rate limits', () => {
    expect(stacks.edge.region).toBe('us-east-1');
    edge.hasResourceProperties('AWS::WAFv2::WebACL', {
      Scope: 'CLOUDFRONT',
      DefaultAction: { Allow: {} },
      Rules: Match.arrayWith([
        Match.objectLike({
          Name: 'api-rate-limit',
          Action: { Block: {} },
          Statement: {
            RateBasedStatement: Match.objectLike({
              Limit: DEFAULT_RATE_LIMITS.api,
              AggregateKeyType: 'IP',
              ScopeDownStatement: { ByteMatchStatement: Match.objectLike({ SearchString: '/api/', PositionalConstraint: 'STARTS_WITH' }) },
            }),
          },
        }),
        Match.objectLike({ Name: 'site-rate-limit', Statement: { RateBasedStatement: { Limit: DEFAULT_RATE_LIMITS.site, AggregateKeyType: 'IP' } } }),
        Match.objectLike({
          Name: 'aws-common-rule-set',
          OverrideAction: { None: {} },
          Statement: { ManagedRuleGroupStatement: Match.objectLike({ VendorName: 'AWS', Name: 'AWSManagedRulesCommonRuleSet' }) },
        }),
      ]),
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

describe('API limits', () => {
  test('the webhook and each anonymous route have their own throttle on the stage', () => {
    const throttle = (limits: { rateLimit: number; burstLimit: number }) => ({ ThrottlingRateLimit: limits.rateLimit, ThrottlingBurstLimit: limits.burstLimit });
    payments.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      RouteSettings: {
        'POST /api/stripe-webhook': throttle(DEFAULT_API_LIMITS.webhook),
        'POST /api/create-payment': throttle(DEFAULT_API_LIMITS.anonymous),
        'GET /api/checkout-session': throttle(DEFAULT_API_LIMITS.anonymous),
      },
    });
    // Route settings only apply to routes that exist: every key names one.
    const routeKeys = Object.values(payments.findResources('AWS::ApiGatewayV2::Route')).map((route) => (route as { Properties: { RouteKey: string } }).Properties.RouteKey);
    const stage = Object.values(payments.findResources('AWS::ApiGatewayV2::Stage'))[0] as { Properties: { RouteSettings: Record<string, unknown> } };
    expect(Object.keys(stage.Properties.RouteSettings).sort()).toEqual(routeKeys.sort());
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
