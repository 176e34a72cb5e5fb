/**
 * How every Lambda of the app is bundled: local esbuild (no Docker), CommonJS for Node.js 24, minified,
 * with source maps that name files but carry no source text. One place, so the payment functions, the
 * release publisher and the origin-verify authorizer cannot drift apart.
 */
import path from 'node:path';
import { OutputFormat, type BundlingOptions } from 'aws-cdk-lib/aws-lambda-nodejs';
import { REPO_ROOT } from './paths';

/** The workspace root and its lockfile: the handlers import workspace packages (`@kesho/common`). */
export const LAMBDA_PROJECT = {
  projectRoot: REPO_ROOT,
  depsLockFilePath: path.join(REPO_ROOT, 'package-lock.json'),
} as const;

export const LAMBDA_BUNDLING = {
  forceDockerBundling: false,
  format: OutputFormat.CJS,
  target: 'node24',
  minify: true,
  sourceMap: true,
  sourcesContent: false,
} as const satisfies BundlingOptions;
