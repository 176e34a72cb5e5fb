/**
 * How every Lambda of the app is bundled and run: local esbuild (no Docker), with the one set of
 * esbuild options in lambdas/bundling.json (CommonJS for Node.js 24, minified, names kept for the
 * logs, source maps that name files but carry no source text), which lambdas/build.mjs builds the
 * handlers with too, and one runtime (LAMBDA_FUNCTION_BASE). One place, so the local build, the
 * payment functions, the release publisher, the not-found page and the origin-verify authorizer
 * cannot drift apart.
 */
import fs from 'node:fs';
import path from 'node:path';
import { RemovalPolicy, type Duration } from 'aws-cdk-lib';
import { Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat, type BundlingOptions, type NodejsFunctionProps } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { INFRA_ROOT, REPO_ROOT } from './paths';

/**
 * What every function of the app shares: the exported `handler` on Node.js 24, arm64 (no bundle holds
 * native code: lambdas' test/handlerBundles.test.ts keeps the local-only LevelDB out, and Graviton
 * costs about a fifth less per GB-second), X-Ray tracing, and the workspace root and its lockfile to
 * bundle from (the handlers import workspace packages, `@kesho/release-model`). Each function adds its own
 * environment with NODE_OPTIONS=--enable-source-maps, which the bundles' source maps are for.
 */
export const LAMBDA_FUNCTION_BASE = {
  handler: 'handler',
  runtime: Runtime.NODEJS_24_X,
  architecture: Architecture.ARM_64,
  tracing: Tracing.ACTIVE,
  projectRoot: REPO_ROOT,
  depsLockFilePath: path.join(REPO_ROOT, 'package-lock.json'),
} as const satisfies NodejsFunctionProps;

interface HandlerBundling {
  readonly platform: 'node';
  readonly target: string;
  readonly format: 'cjs';
  readonly minify: boolean;
  readonly keepNames: boolean;
  readonly sourcemap: boolean;
  readonly sourcesContent: boolean;
  /** ESM builds first: the AWS SDK's and nodemailer's ES modules tree-shake, their CommonJS builds do not. */
  readonly mainFields: readonly string[];
  readonly charset: 'utf8';
  /** Modules a handler loads on first use from a file beside its bundle (lambdas/lazy-modules.mjs builds them). */
  readonly external: readonly string[];
  /** Files that travel beside the bundle (the invoice's fonts: `{ ".ttf": "file", ".woff": "file" }`). */
  readonly loader: Readonly<Record<string, 'file'>>;
  /** Packages replaced in the handler bundles, by paths relative to lambdas/ (the SDK's credential chain by the environment's credentials). */
  readonly alias: Readonly<Record<string, string>>;
}

export const HANDLER_BUNDLING_FILE = path.join(REPO_ROOT, 'lambdas', 'bundling.json');
/** Builds a payment handler's lazy modules beside its bundle, from the bundle's esbuild metafile. */
export const LAZY_MODULES_SCRIPT = path.join(REPO_ROOT, 'lambdas', 'lazy-modules.mjs');

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
  mainFields: [...handlerBundling.mainFields],
  // Text such as the order rules' confusables table as UTF-8, not \u escapes (a third smaller).
  esbuildArgs: { '--charset': handlerBundling.charset },
} as const satisfies BundlingOptions;

/**
 * The payment handlers (lambdas/src/handlers): the same options, the pinned SDK clients of
 * lambdas/package.json bundled (not whichever the runtime happens to ship), and the modules each
 * loads on first use (the invoice PDF of the functions that send receipts) built beside its index.js,
 * as lambdas/build.mjs lays out dist/handlers/<name>/.
 */
export const PAYMENT_HANDLER_BUNDLING = {
  ...LAMBDA_BUNDLING,
  esbuildArgs: {
    ...LAMBDA_BUNDLING.esbuildArgs,
    // Absolute, because the CDK runs esbuild from the project root, not from lambdas/.
    ...Object.fromEntries(Object.entries(handlerBundling.alias).map(([module, replacement]) => [`--alias:${module}`, path.join(REPO_ROOT, 'lambdas', replacement)])),
  },
  bundleAwsSDK: true,
  externalModules: [...handlerBundling.external],
  metafile: true,
  commandHooks: {
    beforeBundling: () => [],
    beforeInstall: () => [],
    // The Node that runs the CDK app (Node 24 through npm), on the script that reads and removes index.meta.json.
    afterBundling: (_inputDir: string, outputDir: string) => [`"${process.execPath}" "${LAZY_MODULES_SCRIPT}" "${outputDir}"`],
  },
} as const satisfies BundlingOptions;

export interface InfraFunctionProps {
  readonly description: string;
  /** Its folder under infra/functions/, whose index.js exports the handler. */
  readonly directory: string;
  readonly memorySize: number;
  readonly timeout: Duration;
  /** The construct id of its log group. */
  readonly logGroupId: string;
  /** Its own settings; NODE_OPTIONS=--enable-source-maps is added. */
  readonly environment: Readonly<Record<string, string>>;
  /** The runtime's own AWS SDK clients it uses (left out of the bundle). */
  readonly externalModules: readonly string[];
}

/**
 * One of the platform's own functions (infra/functions/<directory>/index.js: the not-found page, the
 * origin-verify authorizer, the pre-traffic check): the app's runtime and bundling, its logs kept three
 * months and retained when the stack goes, source maps on.
 */
export function infraFunction(scope: Construct, id: string, props: InfraFunctionProps): NodejsFunction {
  return new NodejsFunction(scope, id, {
    description: props.description,
    entry: path.join(INFRA_ROOT, 'functions', props.directory, 'index.js'),
    memorySize: props.memorySize,
    timeout: props.timeout,
    logGroup: new LogGroup(scope, props.logGroupId, { retention: RetentionDays.THREE_MONTHS, removalPolicy: RemovalPolicy.RETAIN }),
    environment: { ...props.environment, NODE_OPTIONS: '--enable-source-maps' },
    ...LAMBDA_FUNCTION_BASE,
    bundling: { ...LAMBDA_BUNDLING, externalModules: [...props.externalModules] },
  });
}
