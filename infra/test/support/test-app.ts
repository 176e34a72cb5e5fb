/**
 * Builds the real app (lib/kesho-app.ts) for tests: the feature flags of cdk.json, the fixture site
 * build, and optionally no asset bundling, so a test file pays for esbuild only when it checks bundles.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { App } from 'aws-cdk-lib';
import { readConfig, type KeshoConfig } from '../../lib/config';
import { addKeshoStacks, type KeshoStacks } from '../../lib/kesho-app';
import { INFRA_ROOT } from '../../lib/paths';

export const FIXTURES_DIR = path.join(INFRA_ROOT, 'test', 'fixtures');
export const FIXTURE_SITE_DIR = path.join(FIXTURES_DIR, 'site');

export function cdkJsonContext(): Record<string, unknown> {
  const cdkJson: unknown = JSON.parse(fs.readFileSync(path.join(INFRA_ROOT, 'cdk.json'), 'utf8'));
  if (typeof cdkJson !== 'object' || cdkJson === null || !('context' in cdkJson)) throw new Error('cdk.json has no context');
  return cdkJson.context as Record<string, unknown>;
}

export interface TestAppOptions {
  readonly context?: Readonly<Record<string, string>>;
  /** Run esbuild for the Lambda bundles (slow); off by default. */
  readonly bundle?: boolean;
  readonly env?: Readonly<Record<string, string | undefined>>;
}

export interface TestApp {
  readonly app: App;
  readonly config: KeshoConfig;
  readonly stacks: KeshoStacks;
}

export function buildTestApp(options: TestAppOptions = {}): TestApp {
  const app = new App({
    outdir: fs.mkdtempSync(path.join(os.tmpdir(), 'kesho-cdk-out-')),
    context: {
      ...cdkJsonContext(),
      siteDir: FIXTURE_SITE_DIR,
      ...(options.bundle ? {} : { 'aws:cdk:bundling-stacks': [] }),
      ...options.context,
    },
  });
  const config = readConfig(app, options.env ?? {});
  return { app, config, stacks: addKeshoStacks(app, config) };
}
