import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { App } from 'aws-cdk-lib';
import { site } from '@kesho/site-rules/site';
import { AFTER_FIRST_DEPLOY_SETTINGS, ENVIRONMENTS_DIR, PRODUCTION_SETTINGS, readConfig, readEnvironmentFile, UNSET_PUBLIC_SITE_URL, type EnvironmentSetting } from '../lib/config';
import { buildTestApp, cdkJsonContext } from './support/test-app';

/** What ops fill into the committed production file before the first deploy. */
const FILLED_IN: Readonly<Partial<Record<EnvironmentSetting, string | number>>> = {
  account: '444455556666',
  hostedZoneId: 'Z0123456789ABCDEFGHIJ',
  mpesaShortcode: '600000',
  kesPerUsd: 129.25,
  kesRateDate: '2026-02-02',
  alarmEmail: 'ops@keshoglobal.co.ke',
};

interface EnvironmentJson {
  $comment?: string;
  production: boolean;
  settings: Record<string, string | number | null>;
}

const committed = (name: string): EnvironmentJson => JSON.parse(fs.readFileSync(path.join(ENVIRONMENTS_DIR, `${name}.json`), 'utf8')) as EnvironmentJson;

/** The committed production file with its nulls filled in: what a first deploy runs with. */
function completeProduction(): EnvironmentJson {
  const production = committed('production');
  const settings = Object.fromEntries(Object.entries(production.settings).map(([key, value]) => [key, value ?? FILLED_IN[key as EnvironmentSetting] ?? null]));
  return { ...production, settings };
}

/** A folder of environments, e.g. { production: {...} }. */
function environmentsDir(environments: Readonly<Record<string, EnvironmentJson>>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kesho-environments-'));
  for (const [name, environment] of Object.entries(environments)) fs.writeFileSync(path.join(dir, `${name}.json`), JSON.stringify(environment));
  return dir;
}

const appWith = (context: Record<string, string>) => new App({ context: { ...cdkJsonContext(), ...context } });

describe('committed environments', () => {
  test('the production file names every production setting, and only the account-specific ones are left to fill', () => {
    const production = committed('production');
    expect(production.production).toBe(true);
    for (const key of [...PRODUCTION_SETTINGS, ...AFTER_FIRST_DEPLOY_SETTINGS]) expect(Object.keys(production.settings)).toContain(key);
    const unset = Object.entries(production.settings)
      .filter(([, value]) => value === null)
      .map(([key]) => key);
    expect(unset.filter((key) => !(key in FILLED_IN) && !AFTER_FIRST_DEPLOY_SETTINGS.includes(key as EnvironmentSetting))).toEqual([]);
    expect(JSON.stringify(production)).not.toMatch(/sk_(live|test)_|whsec_|rk_live_/);
  });

  test('as committed, a production synth names every setting still to fill (none once ops have filled the file)', () => {
    const missing = PRODUCTION_SETTINGS.filter((key) => committed('production').settings[key] === null);
    const synth = () => readConfig(appWith({ environment: 'production', siteDir: '/nonexistent' }), {});
    if (missing.length === 0) expect(synth).not.toThrow();
    else expect(synth).toThrow(`config/production.json is a production environment and does not set: ${missing.join(', ')} (`);
  });

  test('filled in, production builds from the file alone: domain, M-Pesa, alarm e-mail and account', () => {
    const config = readConfig(appWith({ environment: 'production' }), {}, environmentsDir({ production: completeProduction() }));
    expect(config.environment).toEqual({ name: 'production', production: true });
    expect(config.env).toEqual({ account: '444455556666', region: 'eu-west-1' });
    expect(config.domain).toEqual({ domainName: 'keshoglobal.co.ke', hostedZoneId: 'Z0123456789ABCDEFGHIJ' });
    expect(config.publicSiteUrl).toBe(site.origin);
    expect(config.mpesa).toEqual({ shortcode: '600000', baseUrl: 'https://api.safaricom.co.ke', kesPerUsd: '129.25', rateDate: '2026-02-02' });
    expect(config.alarms).toEqual({ email: 'ops@keshoglobal.co.ke', monthlyBudgetUsd: 50 });
    expect(config.mail).toEqual({ identity: 'keshoglobal.co.ke', from: `${site.brand} <${site.email}>`, supportEmail: site.email });
  });

  test.each(PRODUCTION_SETTINGS)('a production synth without %s fails and names it', (key) => {
    const production = completeProduction();
    const withNull = { ...production, settings: { ...production.settings, [key]: null } };
    const { [key]: _dropped, ...withoutKey } = production.settings;
    for (const environment of [withNull, { ...production, settings: withoutKey }]) {
      expect(() => readConfig(appWith({ environment: 'production' }), {}, environmentsDir({ production: environment }))).toThrow(
        new RegExp(`config/production\\.json is a production environment and does not set: ${key}\\b`),
      );
    }
  });

  test('a setting known only after the first deploy may be null, never left out', () => {
    const production = completeProduction();
    for (const key of AFTER_FIRST_DEPLOY_SETTINGS) {
      expect(production.settings[key]).toBeNull();
      const { [key]: _dropped, ...withoutKey } = production.settings;
      expect(() => readConfig(appWith({ environment: 'production' }), {}, environmentsDir({ production: { ...production, settings: withoutKey } }))).toThrow(
        `${key} (null until the first deploy)`,
      );
    }
    const deployed = readConfig(
      appWith({ environment: 'production' }),
      {},
      environmentsDir({ production: { ...production, settings: { ...production.settings, distributionId: 'E2ABCDEF123456' } } }),
    );
    expect(deployed.alarms.distributionId).toBe('E2ABCDEF123456');
  });

  test('production serves the site origin of @kesho/site-rules/site and nothing else', () => {
    const production = completeProduction();
    const elsewhere = { ...production, settings: { ...production.settings, domainName: 'example.org' } };
    expect(() => readConfig(appWith({ environment: 'production' }), {}, environmentsDir({ production: elsewhere }))).toThrow(`must be served on ${site.origin}`);
  });

  test('with an environment every setting comes from its file: a -c flag beside it is refused', () => {
    const dir = environmentsDir({ production: completeProduction() });
    expect(() => readConfig(appWith({ environment: 'production', alarmEmail: 'someone@example.org', kesPerUsd: '1' }), {}, dir)).toThrow(
      '-c environment=production takes every setting from config/production.json: drop -c kesPerUsd, -c alarmEmail and change the file instead',
    );
    // Build inputs are not settings.
    expect(readConfig(appWith({ environment: 'production', only: 'marketing', siteDir: '/nonexistent' }), {}, dir).only).toBe('marketing');
  });

  test('names a setting by where it came from in its errors', () => {
    const production = completeProduction();
    const badRate = { ...production, settings: { ...production.settings, kesPerUsd: '12.345' } };
    expect(() => readConfig(appWith({ environment: 'production' }), {}, environmentsDir({ production: badRate }))).toThrow(
      'kesPerUsd in config/production.json must be a positive number of shillings per US dollar with at most two decimals',
    );
    expect(() => readConfig(appWith({ kesPerUsd: '12.345', mpesaShortcode: '174379', darajaBaseUrl: 'https://x.example', kesRateDate: '2026-01-01' }), {})).toThrow(
      '-c kesPerUsd must be a positive number',
    );
  });

  test("the pipelines' repository is a setting, owner/name", () => {
    expect(readConfig(appWith({}), {}).githubRepository).toBe('kesho/kesho-global-education');
    expect(readConfig(appWith({ githubRepository: 'kesho-global/site' }), {}).githubRepository).toBe('kesho-global/site');
    expect(() => readConfig(appWith({ githubRepository: 'https://github.com/kesho/site' }), {})).toThrow(
      '-c githubRepository (https://github.com/kesho/site) must be the GitHub repository as owner/name',
    );
  });

  test('refuses an unknown environment, an unknown setting and a malformed file', () => {
    expect(() => readConfig(appWith({ environment: 'prod' }), {})).toThrow('-c environment=prod: there is no config/prod.json (committed environments: production, staging)');
    const dir = environmentsDir({
      typo: { production: false, settings: { alarmMail: 'ops@example.org' } },
      shape: { production: false, settings: { alarmEmail: ['ops@example.org'] as unknown as string } },
      unflagged: { settings: {} } as unknown as EnvironmentJson,
    });
    expect(() => readEnvironmentFile('typo', dir)).toThrow('"alarmMail" is not a setting');
    expect(() => readEnvironmentFile('shape', dir)).toThrow('"alarmEmail" must be a string, a number or null');
    expect(() => readEnvironmentFile('unflagged', dir)).toThrow('"production" must be true or false');
  });

  test("without -c environment, an account a committed environment names is refused: no deploy of production's account from flags or defaults", () => {
    const dir = environmentsDir({ production: completeProduction() });
    expect(() => readConfig(appWith({}), { CDK_DEFAULT_ACCOUNT: '444455556666' }, dir)).toThrow(
      'Account 444455556666 is the account of config/production.json: deploy it with -c environment=production',
    );
    expect(() => readConfig(appWith({ account: '444455556666' }), {}, dir)).toThrow('-c environment=production');
    expect(readConfig(appWith({}), { CDK_DEFAULT_ACCOUNT: '777788889999' }, dir).env.account).toBe('777788889999');
  });

  test("staging's alarms mail its own address, and a committed environment without alarmEmail is refused", () => {
    const { config } = buildTestApp({ context: { environment: 'staging', siteDir: '/nonexistent' } });
    expect(config.alarms.email).toBe(committed('staging').settings.alarmEmail);
    expect(config.alarms.email).toMatch(/^[^\s@]+@keshoglobal\.co\.ke$/);
    const staging = committed('staging');
    const silent = { ...staging, settings: { ...staging.settings, alarmEmail: null } };
    expect(() => readConfig(appWith({ environment: 'staging' }), {}, environmentsDir({ staging: silent }))).toThrow(
      'config/staging.json does not set alarmEmail: every deployed environment',
    );
  });

  test('one environment per account: an environment whose account another committed environment names is refused', () => {
    const production = completeProduction();
    const staging = committed('staging');
    const sharing = { ...staging, settings: { ...staging.settings, account: production.settings.account ?? null } };
    const dir = environmentsDir({ production, staging: sharing });
    expect(() => readConfig(appWith({ environment: 'staging' }), {}, dir)).toThrow('One environment per account: account 444455556666 is the account of config/production.json');
    // Staging's account comes from its credentials when the file leaves it null: production's credentials are refused too.
    expect(() => readConfig(appWith({ environment: 'staging' }), { CDK_DEFAULT_ACCOUNT: '444455556666' }, environmentsDir({ production, staging }))).toThrow('One environment per account');
    expect(readConfig(appWith({ environment: 'staging' }), { CDK_DEFAULT_ACCOUNT: '777788889999' }, environmentsDir({ production, staging })).env.account).toBe('777788889999');
  });

  test('staging synthesizes offline from its file: Daraja sandbox on, no domain, the placeholder site URL until its first deploy', () => {
    const { config, stacks } = buildTestApp({ context: { environment: 'staging', siteDir: '/nonexistent' } });
    expect(config.environment).toEqual({ name: 'staging', production: false });
    expect(config.mpesa?.baseUrl).toBe('https://sandbox.safaricom.co.ke');
    expect(config.domain).toBeUndefined();
    expect(config.publicSiteUrl).toBe(UNSET_PUBLIC_SITE_URL);
    expect(stacks.payments.functions['mpesa-payment']).toBeDefined();
  });
});
