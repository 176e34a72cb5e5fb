/**
 * us-east-1, where CloudFront requires its WAF web ACLs: the site's web ACL (AWS's common rule set
 * plus per-IP rate limits sized for addresses many people share, a separate one on /api/, the
 * providers' callbacks exempt, counting until ops switch them to blocking) and its log. The site stack attaches it to the distribution
 * through CDK's cross-region reference (an SSM parameter here, read by the site stack at deploy).
 * With a custom domain, also the distribution's ACM certificate (CloudFront reads certificates only
 * from us-east-1), validated by DNS records in the domain's hosted zone, passed on the same way.
 */
import { RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { Certificate, CertificateValidation } from 'aws-cdk-lib/aws-certificatemanager';
import { HostedZone } from 'aws-cdk-lib/aws-route53';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { CfnLoggingConfiguration, CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import { API_ROUTES } from '@kesho/operations/api-routes';
import { CLIENT_EVENTS_PATH } from '@kesho/operations/client-events';
import { PROVIDER_CALLBACKS } from './api-limits';
import type { Construct } from 'constructs';

export const EDGE_REGION = 'us-east-1';

export interface RateLimits {
  /** Requests per 5 minutes from one IP address, for the whole site. */
  readonly site: number;
  /** Requests per 5 minutes from one IP address to /api/ (checkout, forms, beacons). */
  readonly api: number;
}

/**
 * Who can share one public address, and what each does in the 5 minutes a rate-based rule counts.
 * Kenyan mobile operators put many subscribers behind one public IPv4 address (carrier-grade NAT),
 * and a campus, office or cyber café puts all its people behind one: the limits must let all of them
 * through. Stripe's webhook and Safaricom's callbacks come from the providers' few addresses and are
 * not counted at all (PROVIDER_PATHS).
 */
export const SHARED_ADDRESS_ASSUMPTION = {
  /** People on the site from one address in the same 5 minutes, at peak. */
  browsersPerAddress: 50,
  /** Of them, paying or sending a form at the same time. */
  payersPerAddress: 10,
  /** A busy reader's requests in 5 minutes: ~20 page views of ~10 requests (page, chunks, pointer, beacons). */
  siteRequestsPerBrowser: 200,
  /** A reader's API requests in 5 minutes: the client-events beacons of those page views, a form. */
  apiRequestsPerBrowser: 20,
  /** A payer's API requests in 5 minutes: an M-Pesa payment's 90 status polls (2 s for 3 minutes), the success page's 15 lookups, the create calls. */
  apiRequestsPerPayer: 150,
} as const;

/** The limits the assumption gives: 10,000 requests per 5 minutes site-wide, 2,500 to /api/. */
export const DEFAULT_RATE_LIMITS: RateLimits = {
  site: SHARED_ADDRESS_ASSUMPTION.browsersPerAddress * SHARED_ADDRESS_ASSUMPTION.siteRequestsPerBrowser,
  api:
    SHARED_ADDRESS_ASSUMPTION.browsersPerAddress * SHARED_ADDRESS_ASSUMPTION.apiRequestsPerBrowser +
    SHARED_ADDRESS_ASSUMPTION.payersPerAddress * SHARED_ADDRESS_ASSUMPTION.apiRequestsPerPayer,
};

/**
 * What the rate rules do when an address goes over: `count` (the request passes, the WAF log and the
 * rule's metric record it) until the limits are confirmed on real traffic, then `block`.
 */
export type RateLimitAction = 'count' | 'block';
export const DEFAULT_RATE_LIMIT_ACTION: RateLimitAction = 'count';

/**
 * The providers' own calls, exempt from the per-address limits: Stripe's webhook and Daraja's STK
 * callbacks (the routes of @kesho/operations/api-routes served by PROVIDER_CALLBACKS). They still meet the
 * route throttles (lib/api-limits.ts) and the handlers' checks (Stripe's signature, the callback token).
 */
export const PROVIDER_PATHS: readonly { readonly path: string; readonly match: 'EXACTLY' | 'STARTS_WITH' }[] = API_ROUTES.filter((route) => PROVIDER_CALLBACKS.has(route.handler)).map(
  (route) => {
    const parameter = route.path.indexOf('{');
    return parameter === -1 ? { path: route.path, match: 'EXACTLY' } : { path: route.path.slice(0, parameter), match: 'STARTS_WITH' };
  },
);

/** WAF logs must go to a log group whose name starts with aws-waf-logs-. */
export const WAF_LOG_GROUP_NAME = 'aws-waf-logs-kesho-site';
/** The web ACL's name (its metrics' WebACL dimension). */
export const WEB_ACL_NAME = 'kesho-site';

export interface EdgeStackProps extends StackProps {
  readonly rateLimits?: RateLimits;
  /** `count` (default) or `block`: the rateLimitAction setting. */
  readonly rateLimitAction?: RateLimitAction;
  /** The apex and its Route 53 hosted zone: adds a certificate for www.<domainName> and <domainName>. */
  readonly domain?: { readonly domainName: string; readonly hostedZoneId: string };
}

const visibility = (metricName: string): CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  sampledRequestsEnabled: true,
  metricName,
});

const pathMatch = (path: string, match: 'EXACTLY' | 'STARTS_WITH'): CfnWebACL.StatementProperty => ({
  byteMatchStatement: { fieldToMatch: { uriPath: {} }, positionalConstraint: match, searchString: path, textTransformations: [{ priority: 0, type: 'NONE' }] },
});

/** Not one of the providers' paths. */
const notProviderPath: CfnWebACL.StatementProperty = {
  notStatement: {
    statement:
      PROVIDER_PATHS.length === 1
        ? pathMatch(PROVIDER_PATHS[0]?.path ?? '', PROVIDER_PATHS[0]?.match ?? 'EXACTLY')
        : { orStatement: { statements: PROVIDER_PATHS.map(({ path, match }) => pathMatch(path, match)) } },
  },
};

/**
 * The paths machines call, not people typing: the providers' callbacks (a webhook has no browser
 * User-Agent, Stripe's event bodies carry customers' text and URLs) and the beacons of
 * /api/client-events (a stack trace looks like path traversal or script to a body rule). The common
 * rule set runs there only in its own rule, with the rules that would refuse them counting.
 */
export const MACHINE_PATHS: readonly { readonly path: string; readonly match: 'EXACTLY' | 'STARTS_WITH' }[] = [...PROVIDER_PATHS, { path: CLIENT_EVENTS_PATH, match: 'EXACTLY' }];

/**
 * The common rule set's rules that count instead of block on MACHINE_PATHS: no User-Agent, a body
 * over 8 KB, and the body rules a stack trace or a provider's payload trips (script, local and
 * remote file inclusion, the metadata address).
 */
export const MACHINE_PATH_COUNTED_RULES: readonly string[] = [
  'NoUserAgent_HEADER',
  'SizeRestrictions_BODY',
  'CrossSiteScripting_BODY',
  'GenericLFI_BODY',
  'GenericRFI_BODY',
  'EC2MetaDataSSRF_BODY',
];
/** The metric of the common rule set on the machine paths: any block there raises `kesho-waf-machine-path-blocks`. */
export const MACHINE_PATHS_RULE_METRIC = 'kesho-aws-common-machine-paths';

const onePathOf = (paths: readonly { readonly path: string; readonly match: 'EXACTLY' | 'STARTS_WITH' }[]): CfnWebACL.StatementProperty =>
  paths.length === 1 ? pathMatch(paths[0]?.path ?? '', paths[0]?.match ?? 'EXACTLY') : { orStatement: { statements: paths.map(({ path, match }) => pathMatch(path, match)) } };

export class EdgeStack extends Stack {
  readonly webAcl: CfnWebACL;
  readonly certificate?: Certificate;
  readonly logs: LogGroup;

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
    const action = (props.rateLimitAction ?? DEFAULT_RATE_LIMIT_ACTION) === 'block' ? { block: {} } : { count: {} };
    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      name: WEB_ACL_NAME,
      description: 'Kesho site distribution: AWS common rule set and per-IP rate limits',
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility('kesho-site'),
      rules: [
        {
          name: 'api-rate-limit',
          priority: 0,
          action,
          statement: {
            rateBasedStatement: {
              limit: limits.api,
              aggregateKeyType: 'IP',
              scopeDownStatement: { andStatement: { statements: [pathMatch('/api/', 'STARTS_WITH'), notProviderPath] } },
            },
          },
          visibilityConfig: visibility('kesho-api-rate-limit'),
        },
        {
          name: 'site-rate-limit',
          priority: 1,
          action,
          statement: { rateBasedStatement: { limit: limits.site, aggregateKeyType: 'IP', scopeDownStatement: notProviderPath } },
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
              // People's paths only: the machines' paths have the next rule.
              scopeDownStatement: { notStatement: { statement: onePathOf(MACHINE_PATHS) } },
            },
          },
          visibilityConfig: visibility('kesho-aws-common'),
        },
        {
          name: 'aws-common-rule-set-machine-paths',
          priority: 3,
          overrideAction: { none: {} },
          statement: {
            managedRuleGroupStatement: {
              vendorName: 'AWS',
              name: 'AWSManagedRulesCommonRuleSet',
              ruleActionOverrides: MACHINE_PATH_COUNTED_RULES.map((name) => ({ name, actionToUse: { count: {} } })),
              scopeDownStatement: onePathOf(MACHINE_PATHS),
            },
          },
          visibilityConfig: visibility(MACHINE_PATHS_RULE_METRIC),
        },
      ],
    });

    // What the rules counted or blocked (not every request: the cost stays small), without query
    // strings (newsletter links carry their tokens there) or cookies: to confirm the limits before
    // they block, and to see what a blocked visitor met.
    this.logs = new LogGroup(this, 'WafLogs', { logGroupName: WAF_LOG_GROUP_NAME, retention: RetentionDays.ONE_MONTH, removalPolicy: RemovalPolicy.DESTROY });
    new CfnLoggingConfiguration(this, 'WafLogging', {
      resourceArn: this.webAcl.attrArn,
      logDestinationConfigs: [this.logs.logGroupArn],
      redactedFields: [{ queryString: {} }, { singleHeader: { Name: 'cookie' } }],
      loggingFilter: {
        DefaultBehavior: 'DROP',
        Filters: [
          {
            Behavior: 'KEEP',
            Requirement: 'MEETS_ANY',
            Conditions: [{ ActionCondition: { Action: 'COUNT' } }, { ActionCondition: { Action: 'BLOCK' } }],
          },
        ],
      },
    });
  }
}
