/**
 * us-east-1, where CloudFront requires its WAF web ACLs: the site's web ACL (AWS's common rule set
 * plus per-IP rate limits, a stricter one on /api/). The site stack attaches it to the distribution
 * through CDK's cross-region reference (an SSM parameter here, read by the site stack at deploy).
 * With a custom domain, also the distribution's ACM certificate (CloudFront reads certificates only
 * from us-east-1), validated by DNS records in the domain's hosted zone, passed on the same way.
 */
import { Stack, type StackProps } from 'aws-cdk-lib';
import { Certificate, CertificateValidation } from 'aws-cdk-lib/aws-certificatemanager';
import { HostedZone } from 'aws-cdk-lib/aws-route53';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';

export const EDGE_REGION = 'us-east-1';

export interface RateLimits {
  /** Requests per 5 minutes from one IP address, for the whole site. */
  readonly site: number;
  /** Requests per 5 minutes from one IP address to /api/ (checkout and the webhook). */
  readonly api: number;
}

/** Generous for people (a page view is a handful of requests), tight enough to stop a scraper or a card-testing script. */
export const DEFAULT_RATE_LIMITS: RateLimits = { site: 2000, api: 100 };

export interface EdgeStackProps extends StackProps {
  readonly rateLimits?: RateLimits;
  /** The apex and its Route 53 hosted zone: adds a certificate for www.<domainName> and <domainName>. */
  readonly domain?: { readonly domainName: string; readonly hostedZoneId: string };
}

const visibility = (metricName: string): CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  sampledRequestsEnabled: true,
  metricName,
});

export class EdgeStack extends Stack {
  readonly webAcl: CfnWebACL;
  readonly certificate?: Certificate;

  constructor(scope: Construct, id: string, props: EdgeStackProps) {
    super(scope, id, props);
    if (this.region !== EDGE_REGION) throw new Error(`A CloudFront web ACL must be created in ${EDGE_REGION}, not ${this.region}`);
    if (props.domain) {
      const { domainName, hostedZoneId } = props.domain;
      this.certificate = new Certificate(this, 'Certificate', {
        domainName: `www.${domainName}`,
        subjectAlternativeNames: [domainName],
        validation: CertificateValidation.fromDns(HostedZone.fromHostedZoneAttributes(this, 'Zone', { hostedZoneId, zoneName: domainName })),
      });
    }
    const limits = props.rateLimits ?? DEFAULT_RATE_LIMITS;
    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      name: 'kesho-site',
      description: 'Kesho site distribution: AWS common rule set and per-IP rate limits',
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility('kesho-site'),
      rules: [
        {
          name: 'api-rate-limit',
          priority: 0,
          action: { block: {} },
          statement: {
            rateBasedStatement: {
              limit: limits.api,
              aggregateKeyType: 'IP',
              scopeDownStatement: {
                byteMatchStatement: {
                  fieldToMatch: { uriPath: {} },
                  positionalConstraint: 'STARTS_WITH',
                  searchString: '/api/',
                  textTransformations: [{ priority: 0, type: 'NONE' }],
                },
              },
            },
          },
          visibilityConfig: visibility('kesho-api-rate-limit'),
        },
        {
          name: 'site-rate-limit',
          priority: 1,
          action: { block: {} },
          statement: { rateBasedStatement: { limit: limits.site, aggregateKeyType: 'IP' } },
          visibilityConfig: visibility('kesho-site-rate-limit'),
        },
        {
          name: 'aws-common-rule-set',
          priority: 2,
          overrideAction: { none: {} },
          statement: {
            managedRuleGroupStatement: {
              vendorName: 'AWS',
              name: 'AWSManagedRulesCommonRuleSet',
              // Stripe's signed webhook events can exceed the rule set's 8 KB body limit: count, not block.
              ruleActionOverrides: [{ name: 'SizeRestrictions_BODY', actionToUse: { count: {} } }],
            },
          },
          visibilityConfig: visibility('kesho-aws-common'),
        },
      ],
    });
  }
}
