/**
 * How every Lambda of the app is bundled: local esbuild (no Docker), with the one set of esbuild
 * options in lambdas/bundling.json (CommonJS for Node.js 24, minified, names kept for the logs, source
 * maps that name files but carry no source text), which lambdas/build.mjs builds the handlers with
 * too. One place, so the local build, the payment functions, the release publisher and the
 * origin-verify authorizer cannot drift apart.
 */
import fs from 'node:fs';
import path from 'node:path';
import { OutputFormat, type BundlingOptions } from 'aws-cdk-lib/aws-lambda-nodejs';
import { REPO_ROOT } from './paths';

/** The workspace root and its lockfile: the handlers import workspace packages (`@kesho/common`). */
export const LAMBDA_PROJECT = {
  projectRoot: REPO_ROOT,
  depsLockFilePath: path.join(REPO_ROOT, 'package-lock.json'),
} as const;

interface HandlerBundling {
  readonly platform: 'node';
  readonly target: string;
  readonly format: 'cjs';
  readonly minify: boolean;
  readonly keepNames: boolean;
  readonly sourcemap: boolean;
  readonly sourcesContent: boolean;
  /** Files that travel beside the bundle (the invoice's fonts: `{ ".ttf": "file" }`). */
  readonly loader: Readonly<Record<string, 'file'>>;
}

export const HANDLER_BUNDLING_FILE = path.join(REPO_ROOT, 'lambdas', 'bundling.json');

function readHandlerBundling(): HandlerBundling {
  const options = JSON.parse(fs.readFileSync(HANDLER_BUNDLING_FILE, 'utf8')) as HandlerBundling;
  if (options.platform !== 'node' || options.format !== 'cjs' || !/^node\d+$/.test(options.target)) {
    throw new Error(`${HANDLER_BUNDLING_FILE}: the handlers are CommonJS for a Node.js target (platform "node", format "cjs", target "nodeNN")`);
  }
  return options;
}

const handlerBundling = readHandlerBundling();

export const LAMBDA_BUNDLING = {
  forceDockerBundling: false,
  format: OutputFormat.CJS,
  target: handlerBundling.target,
  minify: handlerBundling.minify,
  keepNames: handlerBundling.keepNames,
  sourceMap: handlerBundling.sourcemap,
  sourcesContent: handlerBundling.sourcesContent,
  loader: handlerBundling.loader,
} as const satisfies BundlingOptions;
