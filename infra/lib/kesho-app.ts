/**
 * The whole CDK app: which stacks exist, their names, how they reference each other, and the
 * configuration read from context. bin/app.ts and the tests build the app through here, so the tests
 * check the app ops deploy.
 */
import path from 'node:path';
import { Annotations, App, Validations, type Environment } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { site } from '@kesho/common/site';
import { AlarmsStack, CLOUDFRONT_METRICS_REGION, DEFAULT_MONTHLY_BUDGET_USD, EdgeAlarmsStack, PaymentsAlarms, SiteAlarms, type AlarmSettings } from './alarms';
import { applyApiLimits } from './api-limits';
import { EDGE_REGION, EdgeStack } from './edge-stack';
import { OriginVerify } from './origin-verify';
import { INFRA_ROOT } from './paths';
import { PaymentsStack } from './payments-stack';
import type { MailSettings } from './payments/mail-identity';
import type { MpesaSettings } from './payments/payment-functions';
import { RemoteStack } from './remote-stack';
import { ShellStack } from './shell-stack';
import { readBuildPointers, siteBuildExists } from './site-build';
import { isRemoteName } from '@kesho/common/pointer-document';
import { SHELL_APP } from '../functions/release-publisher/release-record';
import { canonicalHostOf, SiteStack, type CustomDomain } from './site-stack';

/** Used when neither -c account nor CDK_DEFAULT_ACCOUNT is set, so `cdk synth` needs no credentials. */
export const PLACEHOLDER_ACCOUNT = '111111111111';
export const DEFAULT_REGION = 'eu-west-1';

export const STACK_NAMES = {
  payments: 'KeshoPayments',
  site: 'KeshoSite',
  shell: 'KeshoShell',
  remote: (remoteName: string) => `KeshoRemote-${remoteName}`,
  alarms: 'KeshoAlarms',
  edge: 'KeshoEdge',
  edgeAlarms: 'KeshoEdgeAlarms',
} as const;

export interface KeshoConfig {
  readonly env: Required<Pick<Environment, 'account' | 'region'>>;
  /** Absolute path of the site build (dist/site). */
  readonly siteDir: string;
  /** Absolute path of the Lambda handler sources. */
  readonly handlersDir: string;
  readonly publicSiteUrl: string;
  /**
   * -c mpesaShortcode=… -c darajaBaseUrl=… -c kesPerUsd=… -c kesRateDate=…: M-Pesa through Daraja at ops'
   * KES rate; unset, M-Pesa is off.
   */
  readonly mpesa?: MpesaSettings;
  readonly siteBucketName: string;
  /** -c domainName=<apex> -c hostedZoneId=…: certificate, DNS records, www as the site, apex → www. */
  readonly domain?: DomainSettings;
  readonly mail: MailSettings;
  readonly alarms: AlarmSettings;
  /**
   * -c only=<shell or a remote name>: the app has that one team's deploy stack (and the shared
   * stacks), and the site build needs to hold only that team's build.
   */
  readonly only?: string;
}

export type DomainSettings = Omit<CustomDomain, 'certificateArn'>;

/**
 * A non-production placeholder: without a domain, the payments stack cannot name the distribution's
 * own domain on the first deploy (the distribution needs the API first), and it must never default to
 * the real site, so Stripe return URLs of a test deploy do not send buyers to production.
 */
export const UNSET_PUBLIC_SITE_URL = 'https://public-site-url-not-set.invalid';

export function readDomain(app: App): DomainSettings | undefined {
  const domainName = contextString(app, 'domainName')?.toLowerCase();
  const hostedZoneId = contextString(app, 'hostedZoneId');
  if (Boolean(domainName) !== Boolean(hostedZoneId)) {
    throw new Error('Set both -c domainName=<apex, e.g. keshoglobal.co.ke> and -c hostedZoneId=<its Route 53 zone id>, or neither');
  }
  if (!domainName || !hostedZoneId) return undefined;
  if (!/^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}$/.test(domainName) || domainName.startsWith('www.')) {
    throw new Error(`-c domainName (${domainName}) must be the apex domain, e.g. keshoglobal.co.ke (the site is served on www.)`);
  }
  if (!/^Z[A-Z0-9]{4,31}$/.test(hostedZoneId)) throw new Error(`-c hostedZoneId (${hostedZoneId}) is not a Route 53 hosted zone id`);
  return { domainName, hostedZoneId };
}

/**
 * PUBLIC_SITE_URL of the Lambdas: -c publicSiteUrl if given; with a domain https://www.<domain>; else
 * https://<-c distributionDomainName> (output DistributionDomainName of KeshoSite, passed from the second
 * deploy on); else a placeholder that is visibly not a site (UNSET_PUBLIC_SITE_URL).
 */
export function readPublicSiteUrl(app: App, domain: DomainSettings | undefined): string {
  const explicit = contextString(app, 'publicSiteUrl');
  if (explicit !== undefined) {
    if (!/^https?:\/\/[^/?#\s]+\/?$/.test(explicit)) throw new Error(`-c publicSiteUrl (${explicit}) must be an origin such as https://www.example.com`);
    return explicit;
  }
  if (domain) return `https://${canonicalHostOf(domain.domainName)}`;
  const distributionDomainName = contextString(app, 'distributionDomainName');
  if (distributionDomainName === undefined) return UNSET_PUBLIC_SITE_URL;
  if (!/^[a-z0-9]+\.cloudfront\.net$/.test(distributionDomainName)) {
    throw new Error(`-c distributionDomainName (${distributionDomainName}) must be the distribution's *.cloudfront.net name`);
  }
  return `https://${distributionDomainName}`;
}

export interface KeshoStacks {
  /** us-east-1: the web ACL of the distribution. */
  readonly edge: EdgeStack;
  readonly alarms: AlarmsStack;
  /** us-east-1; absent until -c distributionId names the deployed distribution. */
  readonly edgeAlarms?: EdgeAlarmsStack;
  readonly payments: PaymentsStack;
  readonly site: SiteStack;
  /** Absent when there is no site build to deploy yet. */
  readonly shell?: ShellStack;
  readonly remotes: readonly RemoteStack[];
}

function contextString(app: App, key: string): string | undefined {
  const value: unknown = app.node.tryGetContext(key);
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw new Error(`Context "${key}" must be a string`);
  return value;
}

/**
 * Reads -c siteDir, handlersDir, account, region, siteBucketName, publicSiteUrl, domainName, hostedZoneId, distributionDomainName,
 * mailIdentity, mailFrom, supportEmail, mpesaShortcode, darajaBaseUrl, kesPerUsd, kesRateDate, alarmEmail, monthlyBudgetUsd, distributionId, only.
 */
export function readConfig(app: App, env: Readonly<Record<string, string | undefined>> = process.env): KeshoConfig {
  const domain = readDomain(app);
  const mpesaShortcode = contextString(app, 'mpesaShortcode');
  const darajaBaseUrl = contextString(app, 'darajaBaseUrl');
  if (Boolean(mpesaShortcode) !== Boolean(darajaBaseUrl)) {
    throw new Error('Set both -c mpesaShortcode=… and -c darajaBaseUrl=… (https://api.safaricom.co.ke or https://sandbox.safaricom.co.ke), or neither');
  }
  if (mpesaShortcode && !/^\d{5,7}$/.test(mpesaShortcode)) throw new Error('-c mpesaShortcode must be the 5–7 digit paybill or till number');
  if (darajaBaseUrl && !/^https:\/\/[^/?#]+$/.test(darajaBaseUrl)) throw new Error('-c darajaBaseUrl must be an https origin');
  // Real M-Pesa money is never charged at a rate nobody set for this deployment (the Lambdas refuse to start without it).
  const kesPerUsd = contextString(app, 'kesPerUsd');
  const kesRateDate = contextString(app, 'kesRateDate');
  if (mpesaShortcode && (!kesPerUsd || !kesRateDate)) throw new Error('M-Pesa needs its KES rate: -c kesPerUsd=… (e.g. 129.25) and -c kesRateDate=YYYY-MM-DD');
  if (kesPerUsd && !/^(?!0+(?:\.0{1,2})?$)\d{1,6}(?:\.\d{1,2})?$/.test(kesPerUsd))
    throw new Error('-c kesPerUsd must be a positive number of shillings per US dollar with at most two decimals');
  if (kesRateDate && !/^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])$/.test(kesRateDate)) throw new Error('-c kesRateDate must be YYYY-MM-DD');
  const only = contextString(app, 'only');
  if (only !== undefined && !isRemoteName(only)) throw new Error(`-c only (${only}) must be "shell" or a remote's name, e.g. -c only=marketing`);
  const account = contextString(app, 'account') ?? env.CDK_DEFAULT_ACCOUNT ?? PLACEHOLDER_ACCOUNT;
  const region = contextString(app, 'region') ?? DEFAULT_REGION;
  return {
    env: { account, region },
    // Bucket names are global: account and region make this one unique and predictable for ops.
    siteBucketName: contextString(app, 'siteBucketName') ?? `kesho-site-${account}-${region}`,
    // Relative paths are relative to infra/ (where cdk.json is), wherever the command runs from.
    siteDir: path.resolve(INFRA_ROOT, contextString(app, 'siteDir') ?? '../dist/site'),
    handlersDir: path.resolve(INFRA_ROOT, contextString(app, 'handlersDir') ?? '../lambdas/src/handlers'),
    publicSiteUrl: readPublicSiteUrl(app, domain),
    ...(domain ? { domain } : {}),
    ...(mpesaShortcode && darajaBaseUrl && kesPerUsd && kesRateDate ? { mpesa: { shortcode: mpesaShortcode, baseUrl: darajaBaseUrl, kesPerUsd, rateDate: kesRateDate } } : {}),
    mail: readMailSettings(app),
    alarms: readAlarmSettings(app),
    ...(only ? { only } : {}),
  };
}

export function readAlarmSettings(app: App): AlarmSettings {
  const email = contextString(app, 'alarmEmail');
  if (email !== undefined && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new Error(`-c alarmEmail (${email}) is not an e-mail address`);
  const budget = contextString(app, 'monthlyBudgetUsd');
  const monthlyBudgetUsd = budget === undefined ? DEFAULT_MONTHLY_BUDGET_USD : Number(budget);
  if (!Number.isFinite(monthlyBudgetUsd) || monthlyBudgetUsd <= 0) throw new Error(`-c monthlyBudgetUsd (${budget}) must be a positive number`);
  const distributionId = contextString(app, 'distributionId');
  if (distributionId !== undefined && !/^[A-Z0-9]{8,20}$/.test(distributionId)) throw new Error(`-c distributionId (${distributionId}) is not a CloudFront distribution id`);
  return { monthlyBudgetUsd, ...(email ? { email } : {}), ...(distributionId ? { distributionId } : {}) };
}

/** Defaults: the support address of the site facts, sent from its domain. */
export function readMailSettings(app: App): MailSettings {
  const supportEmail = contextString(app, 'supportEmail') ?? site.email;
  const from = contextString(app, 'mailFrom') ?? `${site.brand} <${site.email}>`;
  const fromAddress = (/<([^<>]+)>\s*$/.exec(from)?.[1] ?? from).trim().toLowerCase();
  const identity = (contextString(app, 'mailIdentity') ?? fromAddress.slice(fromAddress.indexOf('@') + 1)).trim().toLowerCase();
  const belongs = identity.includes('@') ? fromAddress === identity : fromAddress.endsWith(`@${identity}`);
  if (!belongs) throw new Error(`-c mailFrom (${fromAddress}) must be the SES identity ${identity} or an address of that domain`);
  return { identity, from, supportEmail };
}

export function addKeshoStacks(app: App, config: KeshoConfig): KeshoStacks {
  const alarms = new AlarmsStack(app, STACK_NAMES.alarms, {
    env: config.env,
    description: 'Kesho Global Education: alarm topic and monthly cost budget',
    settings: config.alarms,
  });
  const payments = new PaymentsStack(app, STACK_NAMES.payments, {
    env: config.env,
    description: 'Kesho Global Education: payments API, Lambdas, orders table, Stripe secrets, SES identity, reconciliation schedule',
    handlersDir: config.handlersDir,
    publicSiteUrl: config.publicSiteUrl,
    ...(config.mpesa ? { mpesa: config.mpesa } : {}),
    mail: config.mail,
  });
  const originVerify = new OriginVerify(payments, 'OriginVerify', { api: payments.httpApi });
  const edge = new EdgeStack(app, STACK_NAMES.edge, {
    env: { account: config.env.account, region: EDGE_REGION },
    description: 'Kesho Global Education: WAF web ACL of the site distribution (CloudFront needs it in us-east-1)',
    crossRegionReferences: true,
    ...(config.domain ? { domain: config.domain } : {}),
  });
  if (config.publicSiteUrl === UNSET_PUBLIC_SITE_URL) {
    // Info, not warning: the app keeps to no warnings (app.test.ts), and this is the normal first deploy.
    Annotations.of(payments).addInfo(
      `PUBLIC_SITE_URL is ${UNSET_PUBLIC_SITE_URL}: pass -c domainName/-c hostedZoneId, or after deploying KeshoSite -c distributionDomainName=<its DistributionDomainName output>, and deploy KeshoPayments again.`,
    );
  }
  const siteStack = new SiteStack(app, STACK_NAMES.site, {
    env: config.env,
    crossRegionReferences: true,
    webAclArn: edge.webAcl.attrArn,
    apiOriginHeader: originVerify.header,
    description: 'Kesho Global Education: site bucket, CloudFront distribution, headers, release publisher',
    apiDomainName: payments.apiDomainName,
    siteBucketName: config.siteBucketName,
    ...(config.domain && edge.certificate ? { customDomain: { ...config.domain, certificateArn: edge.certificate.certificateArn } } : {}),
  });
  applyApiLimits(payments.apiStage, payments.functions['fulfil-order']);
  new PaymentsAlarms(payments, 'Alarms', {
    functions: { ...payments.functions, 'origin-verify': originVerify.authorizerFunction },
    fulfilmentFailures: payments.fulfilmentFailures,
    reconcileLogs: payments.functions['reconcile-orders'].logGroup,
    api: payments.httpApi,
    apiAccessLogs: payments.apiAccessLogs,
  });
  new SiteAlarms(siteStack, 'Alarms', {
    publisher: siteStack.releasePublisher.function,
    publishFailures: siteStack.releasePublisher.failures,
  });
  // The alarms notify the topic by name: it must exist first.
  payments.addStackDependency(alarms);
  siteStack.addStackDependency(alarms);
  const { distributionId } = config.alarms;
  const edgeAlarms = distributionId
    ? new EdgeAlarmsStack(app, STACK_NAMES.edgeAlarms, {
        env: { account: config.env.account, region: CLOUDFRONT_METRICS_REGION },
        description: 'Kesho Global Education: CloudFront alarm (its metrics exist only in us-east-1)',
        settings: { ...config.alarms, distributionId },
      })
    : undefined;
  if (!edgeAlarms) {
    Annotations.of(app).addInfo('No -c distributionId: the CloudFront 5xx alarm (us-east-1) is left out. Deploy KeshoSite, then pass its DistributionId output.');
  }
  const base = { alarms, edge, ...(edgeAlarms ? { edgeAlarms } : {}) };

  if (!siteBuildExists(config.siteDir)) {
    if (config.only) throw new Error(`-c only=${config.only} deploys that team's build, but there is no site build at ${config.siteDir}`);
    Annotations.of(app).addInfo(`No site build at ${config.siteDir}: the shell and remote stacks are left out. Build the site, or pass -c siteDir=….`);
    return { ...base, payments, site: siteStack, remotes: [] };
  }

  // Each team's stack reads only its own build, so with -c only the others' builds need not exist.
  const wanted = (app: string) => config.only === undefined || config.only === app;
  const remoteNames = readBuildPointers(config.siteDir).map((pointer) => pointer.name);
  if (config.only !== undefined && config.only !== SHELL_APP && !remoteNames.includes(config.only)) {
    throw new Error(`-c only=${config.only}: the site build's remotes are ${remoteNames.join(', ')} (or pass -c only=${SHELL_APP})`);
  }
  const shell = wanted(SHELL_APP)
    ? new ShellStack(app, STACK_NAMES.shell, {
        env: config.env,
        description: 'Kesho Global Education: shell assets, root files and the shell release',
        siteBucketName: config.siteBucketName,
        siteDir: config.siteDir,
      })
    : undefined;
  const remotes = remoteNames.filter(wanted).map(
    (name) =>
      new RemoteStack(app, STACK_NAMES.remote(name), {
        env: config.env,
        description: `Kesho Global Education: the ${name} remote (build, release, publication)`,
        remoteName: name,
        siteBucketName: config.siteBucketName,
        siteDir: config.siteDir,
      }),
  );
  // Ordering only (no exports): `cdk deploy --all` creates the bucket and the publisher first, while
  // a team deploying its own stack with --exclusively touches nothing else.
  for (const deployStack of [...(shell ? [shell] : []), ...remotes]) deployStack.addStackDependency(siteStack);
  return { ...base, payments, site: siteStack, ...(shell ? { shell } : {}), remotes };
}

/** cdk-nag's AWS Solutions rules on every stack: an unacknowledged finding fails the synth. */
export function addNagChecks(app: App): void {
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }));
}
