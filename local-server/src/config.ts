/**
 * The one reader of the settings of local runs: the whole site (`npm start`, `npm run serve`), a
 * remote alone (`npm start -w mfe-*`, scripts/standalone.mjs) and the benchmark (`npm run bench`,
 * scripts/bench.mjs). Each of them loads the repository's .env first (node --env-file-if-exists), so a
 * variable set in the shell wins over the file. The payment API's own settings (Stripe, Daraja, mail,
 * PUBLIC_SITE_URL…) are read by lambdas/src/config.ts, not here.
 *
 * Empty values mean "the default", as .env.example writes them. Relative paths are resolved against
 * the repository root, so a run from any folder reads the same data. Every problem is reported at
 * once, naming the variable and the value it had.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { MAX_PREVIEW_LINK_HOURS } from '@kesho/release-model/build-choice';
import { DEFAULT_KEPT_BUILDS, KEPT_BUILDS_RANGE } from '@kesho/release-model/build-pruning';
import { DEFAULT_CANARY_THRESHOLDS, type CanaryThresholds } from '@kesho/release-model/canary-health';
import { isOneAddress } from '@kesho/lambdas/mail-address';
import { DEFAULT_PUBLISH_WATCH_MINUTES } from '@kesho/release-model/publish-watch';

export interface SiteServerConfig {
  /** PORT (default 3000); 0 lets the system choose a free port, which the server prints. */
  readonly port: number;
  /** HOST (default 127.0.0.1): the interface the site listens on. */
  readonly host: string;
  /** SITE_DIR (default dist/site): the built site that `npm run build` writes. */
  readonly siteDir: string;
  /** DATA_DIR (default .data): the local orders store, mail and failed jobs; survives restarts. */
  readonly dataDir: string;
  readonly canaryWatch: CanaryWatchConfig;
  /**
   * API_ROUTE_THROTTLES (default on): the API answers 429 over each route's throttle as API Gateway
   * does in AWS (@kesho/operations/api-throttles), so the pages' polling meets the same limits locally.
   */
  readonly routeThrottles: boolean;
}

/** The local server's watch over running canaries (the automatic abort). */
export interface CanaryWatchConfig {
  /** CANARY_WATCH_SECONDS (default 15): how often the client events of each canary are judged. */
  readonly intervalSeconds: number;
  /**
   * CANARY_ABORT_MIN_CLIENTS (5), CANARY_ABORT_MIN_ERRORS (5), CANARY_ABORT_ERROR_RATE_PERCENT (2), CANARY_ABORT_LIVE_RATIO (2),
   * CANARY_ABORT_INP_P75_MS (500), CANARY_ABORT_MIN_INP_SAMPLES (5): @kesho/release-model/canary-health.
   */
  readonly thresholds: CanaryThresholds;
  /** PUBLISH_WATCH_MINUTES (default 30, 1 to 1440): how long after a full publish its build is judged against the one it replaced. */
  readonly publishWatchMinutes: number;
  /**
   * ALARM_EMAIL: who the watch mails when it aborts a canary or rolls a publish back (the engine's notice,
   * through the local API's mail: an `.eml` under DATA_DIR/mail with MAIL_TRANSPORT=file), as the kesho-alarms
   * topic mails the environment's alarmEmail in AWS; null (empty): the API's support address, SUPPORT_EMAIL.
   */
  readonly alarmEmail: string | null;
}

/** The release commands' own settings (`npm run release -- preview|status …`). */
export interface ReleaseConfig {
  readonly previewLinkSecret: string;
  /** PREVIEW_LINK_HOURS (default 24, at most MAX_PREVIEW_LINK_HOURS = 720): how long a preview link is valid. */
  readonly previewLinkHours: number;
  /** Where preview links point: PUBLIC_SITE_URL, else the local server's own origin (HOST, PORT). */
  readonly siteOrigin: string;
  /** DATA_DIR, where the local server keeps client events (`status`). */
  readonly dataDir: string;
  readonly canaryThresholds: CanaryThresholds;
}

/** What the release engine's pass keeps in dist/site (read apart from ReleaseConfig: every pass prunes, and needs no preview key). */
export interface PruneConfig {
  /** KEPT_BUILDS (default 5, 1 to 1000): builds per app kept beyond the live one, a canary, previews, the rollback target and builds a current release names. */
  readonly keptBuilds: number;
}

/** The browser check every publish and canary runs before going live (scripts/lib/release/browser-check.mjs). */
export interface BrowserCheckConfig {
  /** RELEASE_BROWSER_CHECK (on/off, default on): off only where a test needs a broken build live (the history records it). */
  readonly enabled: boolean;
  /** RELEASE_BROWSER_CHECK_TIMEOUT_MS (default 20000, 1000 to 120000): how long one page view may take to become interactive. */
  readonly timeoutMs: number;
}

/**
 * Signs preview links when PREVIEW_LINK_SECRET is empty: fine on one's own machine, where anyone who
 * can read this file can read the unreleased build anyway; AWS has its own generated secret. Never
 * beyond the machine: the site server takes links signed with it from loopback visitors only
 * (site-server.ts previewKeyFor), and the release command refuses to sign with it for a site that is
 * not on loopback (PUBLIC_SITE_URL or HOST).
 */
export const DEVELOPMENT_PREVIEW_LINK_SECRET = 'kesho-local-development-only-preview-link-secret';

export interface StandaloneConfig {
  /** STANDALONE_PORT (default 3100): its own port, so a remote runs beside the whole site on PORT. */
  readonly port: number;
  /** HOST, as for the whole site. */
  readonly host: string;
  /** API_ORIGIN (default http://127.0.0.1:3000): where the minimal host forwards /api/*. */
  readonly apiOrigin: URL;
}

export interface BenchConfig {
  /** BENCH_RUNS (default 3): Lighthouse runs per route; the median counts. */
  readonly runs: number;
  /** BENCH_ROUTES (comma-separated paths): the routes to measure; null = every route the site serves. */
  readonly routes: readonly string[] | null;
  /**
   * BENCH_STATIC_SITE: the build of a static site (a folder with an index.html, e.g. AstroWind's
   * `dist/`), served beside this site so its start-up long tasks are measured in the same run and
   * set the budget of this site's; null = the budget measured in issue 44 (scripts/lib/long-tasks.mjs).
   */
  readonly staticSite: string | null;
}

export class LocalConfigError extends Error {
  readonly problems: readonly string[];

  constructor(problems: readonly string[]) {
    super(`The local settings (.env or the environment) are not valid:\n- ${problems.join('\n- ')}`);
    this.name = 'LocalConfigError';
    this.problems = problems;
  }
}

type Env = Readonly<Record<string, string | undefined>>;

/** The checks every setting goes through; problems are collected, not thrown one at a time. */
function settingsOf(env: Env, repoRoot: string) {
  const problems: string[] = [];
  const text = (name: string): string | undefined => {
    const value = env[name]?.trim();
    return value === undefined || value === '' ? undefined : value;
  };

  const settings = {
    port(name: string, fallback: number): number {
      const value = text(name);
      if (value === undefined) return fallback;
      if (!/^\d+$/.test(value) || Number(value) > 65_535) {
        problems.push(`${name} must be a port number from 0 to 65535, got "${value}"`);
        return fallback;
      }
      return Number(value);
    },
    host(): string {
      const value = text('HOST') ?? '127.0.0.1';
      if (/[\s/]/.test(value)) problems.push(`HOST must be a host name or an IP address, got "${value}"`);
      return value;
    },
    directory(name: string, fallback: string): string {
      return path.resolve(repoRoot, text(name) ?? fallback);
    },
    /** A folder that must hold `file` when named; null when the variable is empty. */
    optionalDirectoryWith(name: string, file: string): string | null {
      const value = text(name);
      if (value === undefined) return null;
      const folder = path.resolve(repoRoot, value);
      if (!existsSync(path.join(folder, file))) problems.push(`${name} must be a folder holding ${file}, got "${value}"`);
      return folder;
    },
    origin(name: string, fallback: string): URL {
      const value = text(name) ?? fallback;
      const url = URL.parse(value);
      if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.pathname !== '/' || url.search !== '' || url.hash !== '') {
        problems.push(`${name} must be an origin like http://127.0.0.1:3000, got "${value}"`);
        return new URL(fallback);
      }
      return url;
    },
    number(name: string, fallback: number, min: number, max: number): number {
      const value = text(name);
      if (value === undefined) return fallback;
      const parsed = Number(value);
      if (!/^\d+(\.\d+)?$/.test(value) || parsed < min || parsed > max) {
        problems.push(`${name} must be a number from ${min} to ${max}, got "${value}"`);
        return fallback;
      }
      return parsed;
    },
    onOff(name: string, fallback: boolean): boolean {
      const value = text(name);
      if (value === undefined) return fallback;
      if (value !== 'on' && value !== 'off') {
        problems.push(`${name} must be on or off, got "${value}"`);
        return fallback;
      }
      return value === 'on';
    },
    secret(name: string, fallback: string): string {
      const value = text(name);
      if (value === undefined) return fallback;
      if (value.length < 32) problems.push(`${name} must be at least 32 characters (e.g. openssl rand -hex 32)`);
      return value;
    },
    positiveInteger(name: string, fallback: number): number {
      const value = text(name);
      if (value === undefined) return fallback;
      if (!/^[1-9]\d*$/.test(value)) {
        problems.push(`${name} must be a whole number of at least 1, got "${value}"`);
        return fallback;
      }
      return Number(value);
    },
    paths(name: string): string[] | null {
      const value = text(name);
      if (value === undefined) return null;
      const list = value
        .split(',')
        .map((route) => route.trim())
        .filter((route) => route !== '');
      const malformed = list.filter((route) => !route.startsWith('/'));
      if (malformed.length > 0) problems.push(`${name} must list paths that start with "/", got "${malformed.join('", "')}"`);
      return list.length > 0 ? list : null;
    },
    /** One e-mail address, as the API's mail settings take one (SUPPORT_EMAIL); null when the variable is empty. */
    email(name: string): string | null {
      const value = text(name);
      if (value === undefined) return null;
      if (!isOneAddress(value)) problems.push(`${name} must be one e-mail address, got "${value}"`);
      return value;
    },
    text,
    /** A problem of several settings together. */
    problem(message: string): void {
      problems.push(message);
    },
    /** Returns the config, or throws every problem found while reading it. */
    checked<T>(config: T): T {
      if (problems.length > 0) throw new LocalConfigError(problems);
      return config;
    },
  };
  return settings;
}

type Settings = ReturnType<typeof settingsOf>;

function canaryThresholds(read: Settings): CanaryThresholds {
  const defaults = DEFAULT_CANARY_THRESHOLDS;
  return {
    minClients: read.number('CANARY_ABORT_MIN_CLIENTS', defaults.minClients, 1, 10_000),
    minErrors: read.number('CANARY_ABORT_MIN_ERRORS', defaults.minErrors, 1, 10_000),
    errorRate: read.number('CANARY_ABORT_ERROR_RATE_PERCENT', defaults.errorRate * 100, 0, 100) / 100,
    liveRatio: read.number('CANARY_ABORT_LIVE_RATIO', defaults.liveRatio, 1, 100),
    inpP75Ms: read.number('CANARY_ABORT_INP_P75_MS', defaults.inpP75Ms, 1, 60_000),
    minInpSamples: read.number('CANARY_ABORT_MIN_INP_SAMPLES', defaults.minInpSamples, 1, 10_000),
  };
}

/** The whole site's server. */
export function readSiteServerConfig(env: Env, repoRoot: string): SiteServerConfig {
  const read = settingsOf(env, repoRoot);
  return read.checked({
    port: read.port('PORT', 3000),
    host: read.host(),
    siteDir: read.directory('SITE_DIR', path.join('dist', 'site')),
    dataDir: read.directory('DATA_DIR', '.data'),
    canaryWatch: {
      intervalSeconds: read.number('CANARY_WATCH_SECONDS', 15, 1, 3600),
      thresholds: canaryThresholds(read),
      publishWatchMinutes: read.number('PUBLISH_WATCH_MINUTES', DEFAULT_PUBLISH_WATCH_MINUTES, 1, 1440),
      alarmEmail: read.email('ALARM_EMAIL'),
    },
    routeThrottles: read.onOff('API_ROUTE_THROTTLES', true),
  });
}

/** The release commands (scripts/release.mjs). */
export function readReleaseConfig(env: Env, repoRoot: string): ReleaseConfig {
  const read = settingsOf(env, repoRoot);
  const publicSiteUrl = read.text('PUBLIC_SITE_URL');
  const previewLinkSecret = read.secret('PREVIEW_LINK_SECRET', DEVELOPMENT_PREVIEW_LINK_SECRET);
  const siteOrigin = publicSiteUrl ? read.origin('PUBLIC_SITE_URL', 'http://127.0.0.1:3000').origin : originOf(read.host(), read.port('PORT', 3000));
  if (previewLinkSecret === DEVELOPMENT_PREVIEW_LINK_SECRET && !isLoopbackOrigin(siteOrigin)) {
    read.problem(`PREVIEW_LINK_SECRET must be set for preview links to ${siteOrigin}: the built-in development key signs links for this machine (a loopback site) only`);
  }
  return read.checked({
    previewLinkSecret,
    previewLinkHours: read.number('PREVIEW_LINK_HOURS', 24, 1, MAX_PREVIEW_LINK_HOURS),
    siteOrigin,
    dataDir: read.directory('DATA_DIR', '.data'),
    canaryThresholds: canaryThresholds(read),
  });
}

/**
 * What the release engine hands to the edge key-value state besides the edge state (dist/edge-key-value.json,
 * which the local server reads as the CloudFront functions read the KeyValueStore): PREVIEW_LINK_SECRET,
 * the preview links' HMAC key (default: the built-in development key, which the server accepts from
 * loopback visitors only).
 */
export function readEdgeKeyValueConfig(env: Env, repoRoot: string): { readonly previewLinkSecret: string } {
  const read = settingsOf(env, repoRoot);
  return read.checked({ previewLinkSecret: read.secret('PREVIEW_LINK_SECRET', DEVELOPMENT_PREVIEW_LINK_SECRET) });
}

/** KEPT_BUILDS of the release engine's pass over dist/site (@kesho/release-model/engine/prune, the publisher's keptBuilds). */
export function readPruneConfig(env: Env, repoRoot: string): PruneConfig {
  const read = settingsOf(env, repoRoot);
  // The publisher's default and range (keptBuildsOf), so one setting means the same in both places.
  return read.checked({ keptBuilds: read.number('KEPT_BUILDS', DEFAULT_KEPT_BUILDS, KEPT_BUILDS_RANGE.min, KEPT_BUILDS_RANGE.max) });
}

/** The release's browser check (read apart from ReleaseConfig: a publish needs no preview key). */
export function readBrowserCheckConfig(env: Env, repoRoot: string): BrowserCheckConfig {
  const read = settingsOf(env, repoRoot);
  return read.checked({ enabled: read.onOff('RELEASE_BROWSER_CHECK', true), timeoutMs: read.number('RELEASE_BROWSER_CHECK_TIMEOUT_MS', 20_000, 1_000, 120_000) });
}

/** A remote alone with its minimal host. */
export function readStandaloneConfig(env: Env, repoRoot: string): StandaloneConfig {
  const read = settingsOf(env, repoRoot);
  return read.checked({
    port: read.port('STANDALONE_PORT', 3100),
    host: read.host(),
    apiOrigin: read.origin('API_ORIGIN', 'http://127.0.0.1:3000'),
  });
}

/** The benchmark (it starts the site server itself, on a free port with a scratch data folder). */
export function readBenchConfig(env: Env, repoRoot: string): BenchConfig {
  const read = settingsOf(env, repoRoot);
  return read.checked({
    runs: read.positiveInteger('BENCH_RUNS', 3),
    routes: read.paths('BENCH_ROUTES'),
    staticSite: read.optionalDirectoryWith('BENCH_STATIC_SITE', 'index.html'),
  });
}

/** "http://127.0.0.1:3000", "http://[::1]:3000": how a browser is told where a server listens. */
export function originOf(host: string, port: number): string {
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/** Whether an origin's host is this machine only (localhost, 127.0.0.0/8, [::1]). */
function isLoopbackOrigin(origin: string): boolean {
  const hostname = new URL(origin).hostname.toLowerCase();
  return hostname === 'localhost' || hostname === '[::1]' || /^127(?:\.\d{1,3}){3}$/.test(hostname);
}
