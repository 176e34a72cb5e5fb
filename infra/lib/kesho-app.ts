/**
 * The whole CDK app: which stacks exist, their names and how they reference each other, from the
 * configuration of lib/config.ts. bin/app.ts and the tests build the app through here, so the tests
 * check the app ops deploy.
 */
import { Annotations, App, CrossStackReferences, ReferenceStrength, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks, ServerlessChecks, type NagPack } from 'cdk-nag';
import { AlarmsStack, CLOUDFRONT_METRICS_REGION, EdgeAlarmsStack, PaymentsAlarms, SiteAlarms } from './alarms';
import { applyApiLimits, DEFAULT_API_LIMITS } from './api-limits';
import { EDGE_REGION, EdgeStack } from './edge-stack';
import { OriginVerify } from './origin-verify';
import { UNSET_PUBLIC_SITE_URL, type KeshoConfig } from './config';
import { PaymentsStack } from './payments-stack';
import { RemoteStack } from './remote-stack';
import { ShellStack } from './shell-stack';
import { readBuildPointers, siteBuildExists } from './site-build';
import { SHELL_APP } from '@kesho/release-model/engine/release-record';
import { SiteStack } from './site-stack';
import { STACK_NAMES } from './stack-names';
import { TeamsStack } from './team-deploy';
import { ORDERS_TABLE_INDEXES } from '@kesho/operations/orders-table';

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
  /** ops': each team's deploy role, CloudFormation execution role and permissions boundary. */
  readonly teams: TeamsStack;
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
  const originVerify = new OriginVerify(payments, 'OriginVerify', {
    api: payments.httpApi,
    ...(config.originVerifySecretVersion ? { secretVersion: config.originVerifySecretVersion } : {}),
  });
  // What the distribution reads from the payments stack (same region) is a CloudFormation export: a
  // replaced API or secret then fails the payments deploy while the site uses it, where a weak
  // reference (cdk.json's default, kept for the us-east-1 web ACL and certificate) would leave the
  // distribution pointing at the old one until KeshoSite happened to be deployed again.
  for (const produced of [payments.httpApi, originVerify.secret]) CrossStackReferences.of(produced).produce(ReferenceStrength.STRONG);
  const edge = new EdgeStack(app, STACK_NAMES.edge, {
    env: { account: config.env.account, region: EDGE_REGION },
    description: 'Kesho Global Education: WAF web ACL of the site distribution (CloudFront needs it in us-east-1)',
    crossRegionReferences: true,
    ...(config.domain ? { domain: config.domain } : {}),
    ...(config.rateLimitAction ? { rateLimitAction: config.rateLimitAction } : {}),
  });
  if (config.publicSiteUrl === UNSET_PUBLIC_SITE_URL) {
    // Info, not warning: the app keeps to no warnings (app.test.ts), and this is the normal first deploy.
    Annotations.of(payments).addInfo(
      `PUBLIC_SITE_URL is ${UNSET_PUBLIC_SITE_URL}: set domainName and hostedZoneId, or, after deploying KeshoSite, distributionDomainName (its DistributionDomainName output), in the environment's config file or as -c, and deploy KeshoPayments again.`,
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
    // Preview links point at the site's public origin (else the distribution's own name).
    ...(config.publicSiteUrl !== UNSET_PUBLIC_SITE_URL ? { siteOrigin: new URL(config.publicSiteUrl).origin } : {}),
  });
  applyApiLimits(payments.apiStage, payments.functions['fulfil-order'], {
    ...DEFAULT_API_LIMITS,
    ...(config.fulfilOrderConcurrency !== undefined ? { fulfilOrderConcurrency: config.fulfilOrderConcurrency } : {}),
  });
  new PaymentsAlarms(payments, 'Alarms', {
    functions: { ...payments.functions, 'origin-verify': originVerify.authorizerFunction, 'pre-traffic-check': payments.safeDeploys.preTrafficCheck },
    fulfilmentFailures: payments.fulfilmentFailures,
    mailEventFailures: payments.mailEventFailures,
    api: payments.httpApi,
    apiAccessLogs: payments.apiAccessLogs,
    ordersTable: payments.ordersTable,
    ordersTableIndexes: ORDERS_TABLE_INDEXES.map((index) => index.name),
  });
  new SiteAlarms(siteStack, 'Alarms', {
    publisher: siteStack.releasePublisher.function,
    publishFailures: siteStack.releasePublisher.failures,
    canaryCheck: siteStack.releasePublisher.canaryCheck,
    notFoundPage: siteStack.notFoundPage.function,
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
    Annotations.of(app).addInfo('No distributionId: the CloudFront 5xx alarm (us-east-1) is left out. Deploy KeshoSite, then set its DistributionId output (config file or -c).');
  }
  const teams = new TeamsStack(app, STACK_NAMES.teams, {
    env: config.env,
    description: "Kesho Global Education: each team's deploy role, CloudFormation execution role and permissions boundary (ops own them)",
    siteBucketName: config.siteBucketName,
    githubRepository: config.githubRepository,
    ciRegions: [config.env.region, EDGE_REGION],
  });
  const base = { alarms, edge, teams, ...(edgeAlarms ? { edgeAlarms } : {}) };

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
        ...(config.release ? { mode: config.release } : {}),
      }),
  );
  // Ordering only (no exports): `cdk deploy --all` creates the bucket and the publisher first, while
  // a team deploying its own stack with --exclusively touches nothing else.
  for (const deployStack of [...(shell ? [shell] : []), ...remotes]) {
    deployStack.addStackDependency(siteStack);
    deployStack.addStackDependency(teams);
  }
  return { ...base, payments, site: siteStack, ...(shell ? { shell } : {}), remotes };
}

/**
 * cdk-nag's packs this app is held to: AWS Solutions and Serverless (dead-letter queues and failure
 * destinations, tracing, runtimes, structured API logs). A finding is fixed or acknowledged on its
 * own construct with its reason (infra/REFERENCE.md, "cdk-nag").
 */
export function nagPacks(scope?: App): NagPack[] {
  return [new AwsSolutionsChecks(scope, { verbose: true }), new ServerlessChecks(scope, { verbose: true })];
}

/** cdk-nag's packs (nagPacks) on every stack: an unacknowledged finding fails the synth. */
export function addNagChecks(app: App): void {
  Validations.of(app).addPlugins(...nagPacks(app));
}
