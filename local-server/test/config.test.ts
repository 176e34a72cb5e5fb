import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_CANARY_THRESHOLDS } from '@kesho/release-model/canary-health';
import {
  DEVELOPMENT_PREVIEW_LINK_SECRET,
  LocalConfigError,
  originOf,
  readBenchConfig,
  readBrowserCheckConfig,
  readPruneConfig,
  readEdgeKeyValueConfig,
  readReleaseConfig,
  readSiteServerConfig,
  readStandaloneConfig,
} from '../src/config';

const repoRoot = path.join(path.sep, 'repo');

describe('the settings of the whole site (npm start)', () => {
  it('has a default for everything, paths under the repository', () => {
    expect(readSiteServerConfig({}, repoRoot)).toEqual({
      port: 3000,
      host: '127.0.0.1',
      siteDir: path.join(repoRoot, 'dist', 'site'),
      dataDir: path.join(repoRoot, '.data'),
      canaryWatch: { intervalSeconds: 15, thresholds: DEFAULT_CANARY_THRESHOLDS, publishWatchMinutes: 30, alarmEmail: null },
      routeThrottles: true,
    });
  });

  it("answers 429 over the API's route throttles unless API_ROUTE_THROTTLES=off, and refuses anything but on or off", () => {
    expect(readSiteServerConfig({ API_ROUTE_THROTTLES: 'off' }, repoRoot).routeThrottles).toBe(false);
    expect(readSiteServerConfig({ API_ROUTE_THROTTLES: 'on' }, repoRoot).routeThrottles).toBe(true);
    expect(() => readSiteServerConfig({ API_ROUTE_THROTTLES: 'yes' }, repoRoot)).toThrow('API_ROUTE_THROTTLES must be on or off, got "yes"');
  });

  it('reads empty values, as .env.example writes them, as the defaults', () => {
    expect(readSiteServerConfig({ PORT: '', HOST: ' ', SITE_DIR: '', DATA_DIR: '' }, repoRoot)).toEqual(readSiteServerConfig({}, repoRoot));
  });

  it('takes the port, the interface and the folders, relative ones from the repository root whatever the working folder', () => {
    expect(readSiteServerConfig({ PORT: '0', HOST: '::1', SITE_DIR: 'elsewhere/site', DATA_DIR: '/var/kesho' }, repoRoot)).toMatchObject({
      port: 0,
      host: '::1',
      siteDir: path.join(repoRoot, 'elsewhere', 'site'),
      dataDir: path.resolve('/var/kesho'),
    });
  });

  it('lists every problem at once, naming the variable and its value', () => {
    let error: unknown;
    try {
      readSiteServerConfig({ PORT: '80a', HOST: 'local host' }, repoRoot);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(LocalConfigError);
    expect((error as LocalConfigError).problems).toEqual(['PORT must be a port number from 0 to 65535, got "80a"', 'HOST must be a host name or an IP address, got "local host"']);
    expect((error as Error).message).toContain('The local settings (.env or the environment) are not valid:\n- PORT must be');
  });

  it.each(['65536', '-1', '3000.5', 'http'])('refuses the port %s', (port) => {
    expect(() => readSiteServerConfig({ PORT: port }, repoRoot)).toThrow(`PORT must be a port number from 0 to 65535, got "${port}"`);
  });

  it('ignores the settings of the other runs, so a bad bench setting never stops the site', () => {
    expect(readSiteServerConfig({ BENCH_RUNS: 'many', API_ORIGIN: 'nope' }, repoRoot).port).toBe(3000);
  });
});

describe('preview links and the watch over canaries', () => {
  it('takes the preview link secret (the release hands it to the server through the edge key-value file), the watch period and every abort threshold', () => {
    expect(readEdgeKeyValueConfig({}, repoRoot).previewLinkSecret).toBe(DEVELOPMENT_PREVIEW_LINK_SECRET);
    expect(readEdgeKeyValueConfig({ PREVIEW_LINK_SECRET: 'x'.repeat(32) }, repoRoot).previewLinkSecret).toBe('x'.repeat(32));
    const config = readSiteServerConfig(
      {
        CANARY_WATCH_SECONDS: '5',
        CANARY_ABORT_MIN_CLIENTS: '4',
        CANARY_ABORT_MIN_ERRORS: '3',
        CANARY_ABORT_ERROR_RATE_PERCENT: '2.5',
        CANARY_ABORT_LIVE_RATIO: '3',
        CANARY_ABORT_INP_P75_MS: '400',
        CANARY_ABORT_MIN_INP_SAMPLES: '10',
        PUBLISH_WATCH_MINUTES: '45',
        ALARM_EMAIL: 'ops@example.com',
      },
      repoRoot,
    );
    expect(config.canaryWatch).toEqual({
      intervalSeconds: 5,
      thresholds: { minClients: 4, minErrors: 3, errorRate: 0.025, liveRatio: 3, inpP75Ms: 400, minInpSamples: 10 },
      publishWatchMinutes: 45,
      alarmEmail: 'ops@example.com',
    });
  });

  it("mails the watch's notices to ALARM_EMAIL, one address, else the API's support address (null)", () => {
    expect(readSiteServerConfig({ ALARM_EMAIL: '' }, repoRoot).canaryWatch.alarmEmail).toBeNull();
    for (const value of ['ops', 'ops@example.com, dev@example.com', 'Ops <ops@example.com>']) {
      expect(() => readSiteServerConfig({ ALARM_EMAIL: value }, repoRoot)).toThrow(`ALARM_EMAIL must be one e-mail address, got "${value}"`);
    }
  });

  it('refuses a short secret and thresholds out of range, all at once', () => {
    expect(() => readEdgeKeyValueConfig({ PREVIEW_LINK_SECRET: 'short' }, repoRoot)).toThrow(/PREVIEW_LINK_SECRET must be at least 32 characters/);
    expect(() => readSiteServerConfig({ CANARY_ABORT_ERROR_RATE_PERCENT: '150', CANARY_WATCH_SECONDS: '0' }, repoRoot)).toThrow(
      /CANARY_WATCH_SECONDS must be a number from 1 to 3600, got "0"\n- CANARY_ABORT_ERROR_RATE_PERCENT must be a number from 0 to 100, got "150"/s,
    );
  });

  it('reads how many builds per app the release keeps: KEPT_BUILDS, default 5 (issue 39, item 9)', () => {
    expect(readPruneConfig({}, repoRoot).keptBuilds).toBe(5);
    expect(readPruneConfig({ KEPT_BUILDS: '2' }, repoRoot).keptBuilds).toBe(2);
    expect(() => readPruneConfig({ KEPT_BUILDS: '0' }, repoRoot)).toThrow('KEPT_BUILDS must be a number from 1 to 1000, got "0"');
  });

  it('runs the browser check of a release by default: RELEASE_BROWSER_CHECK on, 20 s a page view (issue 39, item 1)', () => {
    expect(readBrowserCheckConfig({}, repoRoot)).toEqual({ enabled: true, timeoutMs: 20_000 });
    expect(readBrowserCheckConfig({ RELEASE_BROWSER_CHECK: 'off', RELEASE_BROWSER_CHECK_TIMEOUT_MS: '5000' }, repoRoot)).toEqual({ enabled: false, timeoutMs: 5000 });
    expect(() => readBrowserCheckConfig({ RELEASE_BROWSER_CHECK: 'no' }, repoRoot)).toThrow('RELEASE_BROWSER_CHECK must be on or off, got "no"');
  });

  it('bounds how long a preview link lasts: at most 720 hours (issue 40, item 8)', () => {
    expect(readReleaseConfig({ PREVIEW_LINK_HOURS: '720' }, repoRoot).previewLinkHours).toBe(720);
    for (const hours of ['721', '8760', '0']) {
      expect(() => readReleaseConfig({ PREVIEW_LINK_HOURS: hours }, repoRoot)).toThrow(`PREVIEW_LINK_HOURS must be a number from 1 to 720, got "${hours}"`);
    }
  });

  it('signs with the built-in preview key only for a site on this machine (issue 40, item 8)', () => {
    const refusal = (origin: string) => `PREVIEW_LINK_SECRET must be set for preview links to ${origin}: the built-in development key signs links for this machine (a loopback site) only`;
    expect(() => readReleaseConfig({ PUBLIC_SITE_URL: 'https://staging.example.com' }, repoRoot)).toThrow(refusal('https://staging.example.com'));
    expect(() => readReleaseConfig({ HOST: '0.0.0.0' }, repoRoot)).toThrow(refusal('http://0.0.0.0:3000'));
    expect(() => readReleaseConfig({ HOST: '192.168.1.20', PORT: '8080' }, repoRoot)).toThrow(refusal('http://192.168.1.20:8080'));
    for (const host of ['127.0.0.1', 'localhost', '::1']) expect(readReleaseConfig({ HOST: host }, repoRoot).previewLinkSecret).toBe(DEVELOPMENT_PREVIEW_LINK_SECRET);
    expect(readReleaseConfig({ HOST: '0.0.0.0', PREVIEW_LINK_SECRET: 'k'.repeat(32) }, repoRoot).previewLinkSecret).toBe('k'.repeat(32));
  });

  it('points preview links at PUBLIC_SITE_URL, else at the local server', () => {
    expect(readReleaseConfig({}, repoRoot)).toMatchObject({ siteOrigin: 'http://127.0.0.1:3000', previewLinkHours: 24 });
    expect(readReleaseConfig({ PORT: '4000', HOST: '::1' }, repoRoot).siteOrigin).toBe('http://[::1]:4000');
    expect(readReleaseConfig({ PUBLIC_SITE_URL: 'https://staging.example.com', PREVIEW_LINK_HOURS: '2', PREVIEW_LINK_SECRET: 's'.repeat(32) }, repoRoot)).toMatchObject({
      siteOrigin: 'https://staging.example.com',
      previewLinkHours: 2,
    });
  });
});

describe('the settings of a remote alone (npm start -w mfe-*)', () => {
  it('listens on its own port, so it runs beside the whole site on PORT, and forwards the API to the whole site', () => {
    const config = readStandaloneConfig({ PORT: '3000' }, repoRoot);
    expect(config.port).toBe(3100);
    expect(config.host).toBe('127.0.0.1');
    expect(config.apiOrigin.href).toBe('http://127.0.0.1:3000/');
  });

  it('takes STANDALONE_PORT and API_ORIGIN', () => {
    const config = readStandaloneConfig({ STANDALONE_PORT: '4100', API_ORIGIN: 'https://staging.example.com' }, repoRoot);
    expect(config.port).toBe(4100);
    expect(config.apiOrigin.origin).toBe('https://staging.example.com');
  });

  it.each(['127.0.0.1:3000', 'ftp://127.0.0.1', 'http://127.0.0.1:3000/api', 'http://127.0.0.1:3000/?x=1'])('refuses the API origin %s', (value) => {
    expect(() => readStandaloneConfig({ API_ORIGIN: value }, repoRoot)).toThrow(`API_ORIGIN must be an origin like http://127.0.0.1:3000, got "${value}"`);
  });
});

describe('the settings of the benchmark (npm run bench)', () => {
  it('measures every route three times by default', () => {
    expect(readBenchConfig({}, repoRoot)).toEqual({ runs: 3, routes: null, staticSite: null });
  });

  it('takes the runs and a list of routes (the browser is CHROMIUM_PATH, read by scripts/lib/chromium.mjs)', () => {
    expect(readBenchConfig({ BENCH_RUNS: '5', BENCH_ROUTES: '/faq, /pricing,' }, repoRoot)).toEqual({ runs: 5, routes: ['/faq', '/pricing'], staticSite: null });
  });

  it('takes the build of a static site to measure beside this one, resolved from the repository root', () => {
    const site = fs.mkdtempSync(path.join(os.tmpdir(), 'static-site-'));
    fs.writeFileSync(path.join(site, 'index.html'), '<!doctype html><title>static</title>');
    expect(readBenchConfig({ BENCH_STATIC_SITE: site }, repoRoot).staticSite).toBe(site);
    expect(() => readBenchConfig({ BENCH_STATIC_SITE: 'no-such-build' }, repoRoot)).toThrow('BENCH_STATIC_SITE must be a folder holding index.html, got "no-such-build"');
  });

  it('refuses a count of runs that is not a whole number of at least 1, and routes that are not paths', () => {
    expect(() => readBenchConfig({ BENCH_RUNS: '0', BENCH_ROUTES: 'faq,/pricing' }, repoRoot)).toThrow(
      /BENCH_RUNS must be a whole number of at least 1, got "0"\n- BENCH_ROUTES must list paths that start with "\/", got "faq"/,
    );
  });
});

describe('the address a server prints', () => {
  it('brackets an IPv6 interface', () => {
    expect(originOf('127.0.0.1', 3000)).toBe('http://127.0.0.1:3000');
    expect(originOf('::1', 3100)).toBe('http://[::1]:3100');
  });
});
