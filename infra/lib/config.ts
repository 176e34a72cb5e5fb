/**
 * The app's configuration: where each setting comes from and what it must look like.
 *
 * A deployed environment's settings are committed, one file per environment (config/<name>.json, no
 * secrets in them), and chosen by one flag: `-c environment=production`. With an environment, no
 * setting may also come from a `-c` flag (the file is the one place), and a production file must name
 * every production setting, or the synth fails listing the missing ones: a deploy can no longer drop
 * the domain, the alarm e-mail or M-Pesa by a forgotten flag. Without an environment the app runs on
 * `-c` flags and embedded defaults, a non-production app that synthesizes offline (`npm test`), and
 * refuses an account that a committed environment names, so a deploy to production's account without
 * `-c environment=production` (a team that forgot it, say) fails instead of deploying empty settings.
 *
 * One environment per account: the stacks give resources fixed names (the alarm topic kesho-alarms,
 * the secrets kesho/stripe/…, the backup vault kesho-orders, the teams' roles kesho-deploy-<team>, the
 * dashboard, the WAF), so two environments in one account would fight over them. A committed
 * environment whose account another one names is refused, and every committed environment names the
 * address its alarms mail (alarmEmail), staging's as much as production's.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { App, Environment } from 'aws-cdk-lib';
import { site } from '@kesho/site-rules/site';
import { isRemoteName } from '@kesho/release-model/pointer-document';
import { DEFAULT_MONTHLY_BUDGET_USD, type AlarmSettings } from './alarms';
import { DEFAULT_GITHUB_REPOSITORY } from './ci-workflows';
import type { RateLimitAction } from './edge-stack';
import { SECRET_VERSION_ID } from './origin-verify';
import { INFRA_ROOT } from './paths';
import type { MailSettings } from './payments/mail-identity';
import type { MpesaSettings } from './payments/payment-functions';
import type { ReleaseMode } from './release-upload';
import { canonicalHostOf, type CustomDomain } from './site-stack';

/** Used when neither -c account nor CDK_DEFAULT_ACCOUNT is set, so `cdk synth` needs no credentials. */
export const PLACEHOLDER_ACCOUNT = '111111111111';
export const DEFAULT_REGION = 'eu-west-1';
/** The committed environments: config/<name>.json. */
export const ENVIRONMENTS_DIR = path.join(INFRA_ROOT, 'config');

/** What an environment decides; each is also a `-c` flag of the same name when no environment is chosen. */
export const ENVIRONMENT_SETTINGS = [
  'account',
  'region',
  'siteBucketName',
  'publicSiteUrl',
  'distributionDomainName',
  'domainName',
  'hostedZoneId',
  'mailIdentity',
  'mailFrom',
  'supportEmail',
  'mpesaShortcode',
  'darajaBaseUrl',
  'kesPerUsd',
  'kesRateDate',
  'alarmEmail',
  'monthlyBudgetUsd',
  'distributionId',
  'originVerifySecretVersion',
  'rateLimitAction',
  'fulfilOrderConcurrency',
  'githubRepository',
] as const;
export type EnvironmentSetting = (typeof ENVIRONMENT_SETTINGS)[number];

/**
 * A production environment names each of these. The mail settings are not among them: their
 * defaults are the site's facts (@kesho/site-rules/site), the one place the support address lives.
 */
export const PRODUCTION_SETTINGS: readonly EnvironmentSetting[] = [
  'account',
  'region',
  'domainName',
  'hostedZoneId',
  'mpesaShortcode',
  'darajaBaseUrl',
  'kesPerUsd',
  'kesRateDate',
  'alarmEmail',
  'monthlyBudgetUsd',
  'rateLimitAction',
  'fulfilOrderConcurrency',
];
/**
 * Known only once the first deploy has run (the distribution's id, the origin-verify secret's
 * version): a production file lists each, `null` until then, so leaving one out is a visible choice
 * and not an oversight.
 */
export const AFTER_FIRST_DEPLOY_SETTINGS: readonly EnvironmentSetting[] = ['distributionId', 'originVerifySecretVersion'];

/** Where the settings come from: one committed environment, or -c flags with the embedded defaults. */
export interface SettingsSource {
  get(key: EnvironmentSetting): string | undefined;
  /** How an error names the setting: `-c domainName`, or `domainName in config/production.json`. */
  label(key: EnvironmentSetting): string;
  readonly environment?: EnvironmentFile;
}

export interface EnvironmentFile {
  readonly name: string;
  /** For messages: config/production.json. */
  readonly file: string;
  readonly production: boolean;
  readonly settings: Readonly<Partial<Record<EnvironmentSetting, string | null>>>;
}

export interface KeshoConfig {
  readonly env: Required<Pick<Environment, 'account' | 'region'>>;
  /** The committed environment the app was built for; absent for -c flags and defaults. */
  readonly environment?: { readonly name: string; readonly production: boolean };
  /** Absolute path of the site build (dist/site). */
  readonly siteDir: string;
  /** Absolute path of the Lambda handler sources. */
  readonly handlersDir: string;
  readonly publicSiteUrl: string;
  /** M-Pesa through Daraja at ops' KES rate; unset, M-Pesa is off. */
  readonly mpesa?: MpesaSettings;
  readonly siteBucketName: string;
  /** domainName + hostedZoneId: certificate, DNS records, www as the site, apex → www. */
  readonly domain?: DomainSettings;
  readonly mail: MailSettings;
  readonly alarms: AlarmSettings;
  /** What the WAF's per-address rate rules do over their limit (lib/edge-stack.ts): count until confirmed, then block. */
  readonly rateLimitAction?: RateLimitAction;
  /** `owner/name` of the GitHub repository whose workflows may assume the CI roles (lib/ci-roles.ts). */
  readonly githubRepository: string;
  /** fulfil-order's reserved concurrency (lib/api-limits.ts); 0 reserves none. */
  readonly fulfilOrderConcurrency?: number;
  /** The origin-verify secret's version the distribution sends (lib/origin-verify.ts); unset until the first deploy. */
  readonly originVerifySecretVersion?: string;
  /**
   * -c only=<shell or a remote name>: the app has that one team's deploy stack (and the shared
   * stacks), and the site build needs to hold only that team's build.
   */
  readonly only?: string;
  /**
   * -c canary=<percent> or -c preview=<hours>, with -c only=<remote>: that remote's deploy starts a
   * canary or stages a preview instead of releasing to everyone (lib/release-upload.ts).
   */
  readonly release?: ReleaseMode;
}

export type DomainSettings = Omit<CustomDomain, 'certificateArn'>;

/**
 * A non-production placeholder: without a domain, the payments stack cannot name the distribution's
 * own domain on the first deploy (the distribution needs the API first), and it must never default to
 * the real site, so Stripe return URLs of a test deploy do not send buyers to production.
 */
export const UNSET_PUBLIC_SITE_URL = 'https://public-site-url-not-set.invalid';

function contextString(app: App, key: string): string | undefined {
  const value: unknown = app.node.tryGetContext(key);
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw new Error(`Context "${key}" must be a string`);
  return value;
}

/** -c flags: what bin/app.ts reads when no environment is chosen. */
export function settingsFromContext(app: App): SettingsSource {
  return { get: (key) => contextString(app, key), label: (key) => `-c ${key}` };
}

const isSetting = (key: string): key is EnvironmentSetting => (ENVIRONMENT_SETTINGS as readonly string[]).includes(key);

/** Reads and checks config/<name>.json: known settings only, each a string, a number or null. */
export function readEnvironmentFile(name: string, environmentsDir: string = ENVIRONMENTS_DIR): EnvironmentFile {
  const file = path.join(environmentsDir, `${name}.json`);
  // Named as ops know it (tests stand other folders in for config/).
  const shown = `config/${name}.json`;
  if (!/^[a-z][a-z0-9-]*$/.test(name) || !fs.existsSync(file)) {
    const known = fs.existsSync(environmentsDir) ? fs.readdirSync(environmentsDir).filter((entry) => entry.endsWith('.json')) : [];
    throw new Error(`-c environment=${name}: there is no ${shown} (committed environments: ${known.map((entry) => entry.slice(0, -'.json'.length)).join(', ') || 'none'})`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`${shown} is not JSON: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error(`${shown} must be an object`);
  const { production, settings, ...rest } = parsed as Record<string, unknown>;
  const unknownTopLevel = Object.keys(rest).filter((key) => key !== '$comment');
  if (unknownTopLevel.length > 0) throw new Error(`${shown}: unknown ${unknownTopLevel.join(', ')} (only "$comment", "production" and "settings")`);
  if (typeof production !== 'boolean') throw new Error(`${shown}: "production" must be true or false`);
  if (typeof settings !== 'object' || settings === null || Array.isArray(settings)) throw new Error(`${shown}: "settings" must be an object`);
  const values: Partial<Record<EnvironmentSetting, string | null>> = {};
  for (const [key, value] of Object.entries(settings)) {
    if (key === '$comment') continue;
    if (!isSetting(key)) throw new Error(`${shown}: "${key}" is not a setting (settings: ${ENVIRONMENT_SETTINGS.join(', ')})`);
    if (value !== null && typeof value !== 'string' && typeof value !== 'number') throw new Error(`${shown}: "${key}" must be a string, a number or null`);
    values[key] = value === null ? null : String(value);
  }
  return { name, file: shown, production, settings: values };
}

/** A production environment's missing settings: unset (absent or null), or after-first-deploy ones left out entirely. */
export function missingProductionSettings(environment: EnvironmentFile): string[] {
  const unset = PRODUCTION_SETTINGS.filter((key) => environment.settings[key] === undefined || environment.settings[key] === null || environment.settings[key] === '');
  const absent = AFTER_FIRST_DEPLOY_SETTINGS.filter((key) => !(key in environment.settings)).map((key) => `${key} (null until the first deploy)`);
  return [...unset, ...absent];
}

function settingsFromEnvironment(app: App, environment: EnvironmentFile): SettingsSource {
  const flags = ENVIRONMENT_SETTINGS.filter((key) => contextString(app, key) !== undefined);
  if (flags.length > 0) {
    throw new Error(`-c environment=${environment.name} takes every setting from ${environment.file}: drop ${flags.map((key) => `-c ${key}`).join(', ')} and change the file instead`);
  }
  if (environment.production) {
    const missing = missingProductionSettings(environment);
    if (missing.length > 0) throw new Error(`${environment.file} is a production environment and does not set: ${missing.join(', ')} (infra/RUNBOOK.md, "A first production deploy")`);
  } else if (!environment.settings.alarmEmail) {
    throw new Error(`${environment.file} does not set alarmEmail: every deployed environment's alarms and budget mail someone (infra/REFERENCE.md, Settings)`);
  }
  return {
    get: (key) => environment.settings[key] ?? undefined,
    label: (key) => `${key} in ${environment.file}`,
    environment,
  };
}

/** The committed environments that name `account`. */
function environmentsOfAccount(account: string, environmentsDir: string): string[] {
  if (!fs.existsSync(environmentsDir)) return [];
  return fs
    .readdirSync(environmentsDir)
    .filter((entry) => entry.endsWith('.json'))
    .map((entry) => readEnvironmentFile(entry.slice(0, -'.json'.length), environmentsDir))
    .filter((environment) => environment.settings.account === account)
    .map((environment) => environment.name);
}

export function readDomain(settings: SettingsSource): DomainSettings | undefined {
  const domainName = settings.get('domainName')?.toLowerCase();
  const hostedZoneId = settings.get('hostedZoneId');
  if (Boolean(domainName) !== Boolean(hostedZoneId)) {
    throw new Error(`Set both ${settings.label('domainName')} (the apex, e.g. keshoglobal.co.ke) and ${settings.label('hostedZoneId')} (its Route 53 zone id), or neither`);
  }
  if (!domainName || !hostedZoneId) return undefined;
  if (!/^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}$/.test(domainName) || domainName.startsWith('www.')) {
    throw new Error(`${settings.label('domainName')} (${domainName}) must be the apex domain, e.g. keshoglobal.co.ke (the site is served on www.)`);
  }
  if (!/^Z[A-Z0-9]{4,31}$/.test(hostedZoneId)) throw new Error(`${settings.label('hostedZoneId')} (${hostedZoneId}) is not a Route 53 hosted zone id`);
  return { domainName, hostedZoneId };
}

/**
 * PUBLIC_SITE_URL of the Lambdas: publicSiteUrl if given; with a domain https://www.<domain>; else
 * https://<distributionDomainName> (output DistributionDomainName of KeshoSite, set from the second
 * deploy on); else a placeholder that is visibly not a site (UNSET_PUBLIC_SITE_URL).
 */
export function readPublicSiteUrl(settings: SettingsSource, domain: DomainSettings | undefined): string {
  const explicit = settings.get('publicSiteUrl');
  if (explicit !== undefined) {
    if (!/^https?:\/\/[^/?#\s]+\/?$/.test(explicit)) throw new Error(`${settings.label('publicSiteUrl')} (${explicit}) must be an origin such as https://www.example.com`);
    return explicit;
  }
  if (domain) return `https://${canonicalHostOf(domain.domainName)}`;
  const distributionDomainName = settings.get('distributionDomainName');
  if (distributionDomainName === undefined) return UNSET_PUBLIC_SITE_URL;
  if (!/^[a-z0-9]+\.cloudfront\.net$/.test(distributionDomainName)) {
    throw new Error(`${settings.label('distributionDomainName')} (${distributionDomainName}) must be the distribution's *.cloudfront.net name`);
  }
  return `https://${distributionDomainName}`;
}

export function readMpesaSettings(settings: SettingsSource): MpesaSettings | undefined {
  const shortcode = settings.get('mpesaShortcode');
  const baseUrl = settings.get('darajaBaseUrl');
  if (Boolean(shortcode) !== Boolean(baseUrl)) {
    throw new Error(`Set both ${settings.label('mpesaShortcode')} and ${settings.label('darajaBaseUrl')} (https://api.safaricom.co.ke or https://sandbox.safaricom.co.ke), or neither`);
  }
  if (shortcode && !/^\d{5,7}$/.test(shortcode)) throw new Error(`${settings.label('mpesaShortcode')} must be the 5–7 digit paybill or till number`);
  if (baseUrl && !/^https:\/\/[^/?#]+$/.test(baseUrl)) throw new Error(`${settings.label('darajaBaseUrl')} must be an https origin`);
  // Real M-Pesa money is never charged at a rate nobody set for this deployment (the Lambdas refuse to start without it).
  const kesPerUsd = settings.get('kesPerUsd');
  const rateDate = settings.get('kesRateDate');
  if (shortcode && (!kesPerUsd || !rateDate)) {
    throw new Error(`M-Pesa needs its KES rate: ${settings.label('kesPerUsd')} (e.g. 129.25) and ${settings.label('kesRateDate')} (YYYY-MM-DD)`);
  }
  if (kesPerUsd && !/^(?!0+(?:\.0{1,2})?$)\d{1,6}(?:\.\d{1,2})?$/.test(kesPerUsd)) {
    throw new Error(`${settings.label('kesPerUsd')} must be a positive number of shillings per US dollar with at most two decimals`);
  }
  if (rateDate && !/^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])$/.test(rateDate)) throw new Error(`${settings.label('kesRateDate')} must be YYYY-MM-DD`);
  return shortcode && baseUrl && kesPerUsd && rateDate ? { shortcode, baseUrl, kesPerUsd, rateDate } : undefined;
}

export function readAlarmSettings(settings: SettingsSource): AlarmSettings {
  const email = settings.get('alarmEmail');
  if (email !== undefined && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new Error(`${settings.label('alarmEmail')} (${email}) is not an e-mail address`);
  const budget = settings.get('monthlyBudgetUsd');
  const monthlyBudgetUsd = budget === undefined ? DEFAULT_MONTHLY_BUDGET_USD : Number(budget);
  if (!Number.isFinite(monthlyBudgetUsd) || monthlyBudgetUsd <= 0) throw new Error(`${settings.label('monthlyBudgetUsd')} (${budget}) must be a positive number`);
  const distributionId = settings.get('distributionId');
  if (distributionId !== undefined && !/^[A-Z0-9]{8,20}$/.test(distributionId)) {
    throw new Error(`${settings.label('distributionId')} (${distributionId}) is not a CloudFront distribution id`);
  }
  return { monthlyBudgetUsd, ...(email ? { email } : {}), ...(distributionId ? { distributionId } : {}) };
}

/** The repository of the CI workflows (lib/ci-workflows.ts), `owner/name`. */
export function readGithubRepository(settings: SettingsSource): string {
  const repository = settings.get('githubRepository') ?? DEFAULT_GITHUB_REPOSITORY;
  if (!/^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/.test(repository)) throw new Error(`${settings.label('githubRepository')} (${repository}) must be the GitHub repository as owner/name`);
  return repository;
}

/** Defaults: the support address of the site facts, sent from its domain. */
export function readMailSettings(settings: SettingsSource): MailSettings {
  const supportEmail = settings.get('supportEmail') ?? site.email;
  const from = settings.get('mailFrom') ?? `${site.brand} <${site.email}>`;
  const fromAddress = (/<([^<>]+)>\s*$/.exec(from)?.[1] ?? from).trim().toLowerCase();
  const identity = (settings.get('mailIdentity') ?? fromAddress.slice(fromAddress.indexOf('@') + 1)).trim().toLowerCase();
  const belongs = identity.includes('@') ? fromAddress === identity : fromAddress.endsWith(`@${identity}`);
  if (!belongs) throw new Error(`${settings.label('mailFrom')} (${fromAddress}) must be the SES identity ${identity} or an address of that domain`);
  return { identity, from, supportEmail };
}

/** -c canary=<percent> (1–99) or -c preview=<hours> (1–720), for one remote's deploy (-c only=<remote>). */
function readReleaseMode(app: App, only: string | undefined): ReleaseMode | undefined {
  const canary = contextString(app, 'canary');
  const preview = contextString(app, 'preview');
  if (canary === undefined && preview === undefined) return undefined;
  if (canary !== undefined && preview !== undefined) throw new Error('-c canary and -c preview are two ways to deploy: give one');
  if (only === undefined || only === 'shell') throw new Error('-c canary and -c preview deploy one remote: add -c only=<remote>, e.g. -c only=marketing (the shell is released whole)');
  if (canary !== undefined) {
    const percent = Number(canary);
    if (!/^\d+(\.\d{1,2})?$/.test(canary) || percent < 1 || percent > 99) throw new Error(`-c canary (${canary}) is a share of visitors from 1 to 99 percent`);
    return { kind: 'canary', percent };
  }
  const hours = Number(preview);
  if (!/^\d+$/.test(preview ?? '') || hours < 1 || hours > 720) throw new Error(`-c preview (${preview}) is how many hours the link stays valid, 1 to 720`);
  return { kind: 'preview', hours };
}

/** The settings source bin/app.ts and the tests build the app from: -c environment=<name>, or -c flags. */
export function readSettings(app: App, environmentsDir: string = ENVIRONMENTS_DIR): SettingsSource {
  const name = contextString(app, 'environment');
  return name === undefined ? settingsFromContext(app) : settingsFromEnvironment(app, readEnvironmentFile(name, environmentsDir));
}

/**
 * The whole configuration. Build inputs always come from -c: siteDir, handlersDir, only (and
 * environment itself); everything else from the SettingsSource.
 */
export function readConfig(app: App, env: Readonly<Record<string, string | undefined>> = process.env, environmentsDir: string = ENVIRONMENTS_DIR): KeshoConfig {
  const settings = readSettings(app, environmentsDir);
  const domain = readDomain(settings);
  const mpesa = readMpesaSettings(settings);
  const only = contextString(app, 'only');
  if (only !== undefined && !isRemoteName(only)) throw new Error(`-c only (${only}) must be "shell" or a remote's name, e.g. -c only=marketing`);
  const account = settings.get('account') ?? env.CDK_DEFAULT_ACCOUNT ?? PLACEHOLDER_ACCOUNT;
  if (!/^\d{12}$/.test(account)) throw new Error(`${settings.label('account')} (${account}) is not an AWS account id`);
  if (settings.environment) {
    const { name } = settings.environment;
    const others = environmentsOfAccount(account, environmentsDir).filter((owner) => owner !== name);
    if (others.length > 0) {
      throw new Error(
        `One environment per account: account ${account} is the account of ${others.map((owner) => `config/${owner}.json`).join(', ')}, and the stacks' fixed names (kesho-alarms, kesho/stripe/…, kesho-orders, kesho-deploy-<team>) would collide: deploy config/${name}.json to an account of its own`,
      );
    }
  } else {
    const owners = environmentsOfAccount(account, environmentsDir);
    if (owners.length > 0) {
      throw new Error(
        `Account ${account} is the account of ${owners.map((owner) => `config/${owner}.json`).join(', ')}: deploy it with -c environment=${owners[0]}, never with -c flags or defaults`,
      );
    }
  }
  const region = settings.get('region') ?? DEFAULT_REGION;
  const originVerifySecretVersion = settings.get('originVerifySecretVersion');
  if (originVerifySecretVersion !== undefined && !SECRET_VERSION_ID.test(originVerifySecretVersion)) {
    throw new Error(`${settings.label('originVerifySecretVersion')} (${originVerifySecretVersion}) is not a Secrets Manager version id (the VersionId put-secret-value prints)`);
  }
  const rateLimitAction = settings.get('rateLimitAction');
  if (rateLimitAction !== undefined && rateLimitAction !== 'count' && rateLimitAction !== 'block') {
    throw new Error(`${settings.label('rateLimitAction')} (${rateLimitAction}) must be "count" or "block"`);
  }
  const concurrency = settings.get('fulfilOrderConcurrency');
  if (concurrency !== undefined && !/^(?:0|[1-9]\d{0,3})$/.test(concurrency)) {
    throw new Error(`${settings.label('fulfilOrderConcurrency')} (${concurrency}) must be a whole number of executions, 0 for none`);
  }
  const publicSiteUrl = readPublicSiteUrl(settings, domain);
  // Production serves the site's one origin (canonical links, sitemap, mail links all name it).
  if (settings.environment?.production && publicSiteUrl !== site.origin) {
    throw new Error(`${settings.environment.file} is production, so the site must be served on ${site.origin} (@kesho/site-rules/site), not ${publicSiteUrl}: check domainName`);
  }
  const release = readReleaseMode(app, only);
  return {
    ...(release ? { release } : {}),
    env: { account, region },
    ...(settings.environment ? { environment: { name: settings.environment.name, production: settings.environment.production } } : {}),
    // Bucket names are global: account and region make this one unique and predictable for ops.
    siteBucketName: settings.get('siteBucketName') ?? `kesho-site-${account}-${region}`,
    // Relative paths are relative to infra/ (where cdk.json is), wherever the command runs from.
    siteDir: path.resolve(INFRA_ROOT, contextString(app, 'siteDir') ?? '../dist/site'),
    handlersDir: path.resolve(INFRA_ROOT, contextString(app, 'handlersDir') ?? '../lambdas/src/handlers'),
    publicSiteUrl,
    ...(domain ? { domain } : {}),
    ...(mpesa ? { mpesa } : {}),
    mail: readMailSettings(settings),
    githubRepository: readGithubRepository(settings),
    alarms: readAlarmSettings(settings),
    ...(originVerifySecretVersion ? { originVerifySecretVersion } : {}),
    ...(rateLimitAction ? { rateLimitAction } : {}),
    ...(concurrency !== undefined ? { fulfilOrderConcurrency: Number(concurrency) } : {}),
    ...(only ? { only } : {}),
  };
}
