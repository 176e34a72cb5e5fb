/**
 * The whole CDK app: which stacks exist, their names, how they reference each other, and the
 * configuration read from context. bin/app.ts and the tests build the app through here, so the tests
 * check the app ops deploy.
 */
import path from 'node:path';
import { Annotations, App, Validations, type Environment } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { site } from '@kesho/common/site';
import { INFRA_ROOT } from './paths';
import { PaymentsStack, type MailSettings } from './payments-stack';
import { RemoteStack } from './remote-stack';
import { ShellStack } from './shell-stack';
import { readBuildPointers, siteBuildExists } from './site-build';
import { SiteStack, type CustomDomain } from './site-stack';

/** Used when neither -c account nor CDK_DEFAULT_ACCOUNT is set, so `cdk synth` needs no credentials. */
export const PLACEHOLDER_ACCOUNT = '111111111111';
export const DEFAULT_REGION = 'eu-west-1';

export const STACK_NAMES = {
  payments: 'KeshoPayments',
  site: 'KeshoSite',
  shell: 'KeshoShell',
  remote: (remoteName: string) => `KeshoRemote-${remoteName}`,
} as const;

export interface KeshoConfig {
  readonly env: Required<Pick<Environment, 'account' | 'region'>>;
  /** Absolute path of the site build (dist/site). */
  readonly siteDir: string;
  /** Absolute path of the Lambda handler sources. */
  readonly handlersDir: string;
  readonly publicSiteUrl: string;
  /** -c mpesaShortcode=… -c darajaBaseUrl=…: M-Pesa through Daraja; unset, M-Pesa is off. */
  readonly mpesa?: { readonly shortcode: string; readonly baseUrl: string };
  readonly siteBucketName: string;
  readonly customDomain?: CustomDomain;
  readonly mail: MailSettings;
}

export interface KeshoStacks {
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
 * Reads -c siteDir, handlersDir, account, region, siteBucketName, publicSiteUrl, domainNames, certificateArn,
 * mailIdentity, mailFrom, supportEmail, mpesaShortcode, darajaBaseUrl.
 */
export function readConfig(app: App, env: Readonly<Record<string, string | undefined>> = process.env): KeshoConfig {
  const domainNames = contextString(app, 'domainNames')
    ?.split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const certificateArn = contextString(app, 'certificateArn');
  if (Boolean(domainNames?.length) !== Boolean(certificateArn)) {
    throw new Error('Set both -c domainNames=… and -c certificateArn=… (an ACM certificate in us-east-1), or neither');
  }
  const mpesaShortcode = contextString(app, 'mpesaShortcode');
  const darajaBaseUrl = contextString(app, 'darajaBaseUrl');
  if (Boolean(mpesaShortcode) !== Boolean(darajaBaseUrl)) {
    throw new Error('Set both -c mpesaShortcode=… and -c darajaBaseUrl=… (https://api.safaricom.co.ke or https://sandbox.safaricom.co.ke), or neither');
  }
  if (mpesaShortcode && !/^\d{5,7}$/.test(mpesaShortcode)) throw new Error('-c mpesaShortcode must be the 5–7 digit paybill or till number');
  if (darajaBaseUrl && !/^https:\/\/[^/?#]+$/.test(darajaBaseUrl)) throw new Error('-c darajaBaseUrl must be an https origin');
  const account = contextString(app, 'account') ?? env.CDK_DEFAULT_ACCOUNT ?? PLACEHOLDER_ACCOUNT;
  const region = contextString(app, 'region') ?? DEFAULT_REGION;
  return {
    env: { account, region },
    // Bucket names are global: account and region make this one unique and predictable for ops.
    siteBucketName: contextString(app, 'siteBucketName') ?? `kesho-site-${account}-${region}`,
    // Relative paths are relative to infra/ (where cdk.json is), wherever the command runs from.
    siteDir: path.resolve(INFRA_ROOT, contextString(app, 'siteDir') ?? '../dist/site'),
    handlersDir: path.resolve(INFRA_ROOT, contextString(app, 'handlersDir') ?? '../lambdas/src/handlers'),
    publicSiteUrl: contextString(app, 'publicSiteUrl') ?? site.origin,
    ...(domainNames?.length && certificateArn ? { customDomain: { domainNames, certificateArn } } : {}),
    ...(mpesaShortcode && darajaBaseUrl ? { mpesa: { shortcode: mpesaShortcode, baseUrl: darajaBaseUrl } } : {}),
    mail: readMailSettings(app),
  };
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
  const payments = new PaymentsStack(app, STACK_NAMES.payments, {
    env: config.env,
    description: 'Kesho Global Education: payments API, Lambdas, orders table, Stripe secrets, SES identity, reconciliation schedule',
    handlersDir: config.handlersDir,
    publicSiteUrl: config.publicSiteUrl,
    ...(config.mpesa ? { mpesa: config.mpesa } : {}),
    mail: config.mail,
  });
  const siteStack = new SiteStack(app, STACK_NAMES.site, {
    env: config.env,
    description: 'Kesho Global Education: site bucket, CloudFront distribution, headers, release publisher',
    apiDomainName: payments.apiDomainName,
    siteBucketName: config.siteBucketName,
    ...(config.customDomain ? { customDomain: config.customDomain } : {}),
  });

  if (!siteBuildExists(config.siteDir)) {
    Annotations.of(app).addInfo(
      `No site build at ${config.siteDir}: the shell and remote stacks are left out. Build the site, or pass -c siteDir=….`,
    );
    return { payments, site: siteStack, remotes: [] };
  }

  const shell = new ShellStack(app, STACK_NAMES.shell, {
    env: config.env,
    description: 'Kesho Global Education: shell assets and root files',
    siteBucketName: config.siteBucketName,
    siteDir: config.siteDir,
  });
  const remotes = readBuildPointers(config.siteDir).map(
    (pointer) =>
      new RemoteStack(app, STACK_NAMES.remote(pointer.name), {
        env: config.env,
        description: `Kesho Global Education: the ${pointer.name} remote (build, pages, pointer)`,
        remoteName: pointer.name,
        siteBucketName: config.siteBucketName,
        siteDir: config.siteDir,
      }),
  );
  // Ordering only (no exports): `cdk deploy --all` creates the bucket first, while a team deploying
  // its own stack with --exclusively touches nothing else.
  for (const deployStack of [shell, ...remotes]) deployStack.addStackDependency(siteStack);
  return { payments, site: siteStack, shell, remotes };
}

/** cdk-nag's AWS Solutions rules on every stack: an unacknowledged finding fails the synth. */
export function addNagChecks(app: App): void {
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }));
}
