import fs from 'node:fs';
import path from 'node:path';
import { HANDLER_BUNDLING_FILE, LAMBDA_BUNDLING, LAZY_MODULES_SCRIPT, PAYMENT_HANDLER_BUNDLING } from '../lib/lambda-bundling';
import { REPO_ROOT } from '../lib/paths';

const handlerBundling = JSON.parse(fs.readFileSync(HANDLER_BUNDLING_FILE, 'utf8')) as Record<string, unknown>;

describe('Lambda bundling', () => {
  it('deploys every function with the esbuild options the local handler build uses (lambdas/bundling.json)', () => {
    expect(LAMBDA_BUNDLING).toMatchObject({
      target: handlerBundling.target,
      minify: handlerBundling.minify,
      keepNames: handlerBundling.keepNames,
      sourceMap: handlerBundling.sourcemap,
      sourcesContent: handlerBundling.sourcesContent,
      forceDockerBundling: false,
      mainFields: handlerBundling.mainFields,
      esbuildArgs: { '--charset': handlerBundling.charset },
    });
    expect(LAMBDA_BUNDLING.target).toBe('node24');
  });

  it('deploys each payment handler with its lazy modules built beside it, as the local build lays them out', () => {
    expect(PAYMENT_HANDLER_BUNDLING).toMatchObject({ bundleAwsSDK: true, externalModules: handlerBundling.external, metafile: true });
    // The SDK's credential chain is replaced by the environment's credentials, as in the local build.
    const credentials = path.join(REPO_ROOT, 'lambdas', 'src', 'clients', 'lambdaCredentials.ts');
    expect(PAYMENT_HANDLER_BUNDLING.esbuildArgs).toEqual({ '--charset': handlerBundling.charset, '--alias:@aws-sdk/credential-provider-node': credentials });
    expect(fs.existsSync(credentials)).toBe(true);
    expect(PAYMENT_HANDLER_BUNDLING.commandHooks.afterBundling('/in', '/out')).toEqual([`"${process.execPath}" "${LAZY_MODULES_SCRIPT}" "/out"`]);
    expect(fs.existsSync(LAZY_MODULES_SCRIPT)).toBe(true);
  });

  it('is the file the local build of the handlers reads its options from', () => {
    const buildScript = fs.readFileSync(path.join(REPO_ROOT, 'lambdas', 'build.mjs'), 'utf8');
    expect(buildScript).toContain("from './bundling.json'");
    expect(buildScript).toMatch(/build\(\{ \.\.\.common, \.\.\.handlerBundling, external: \[\.\.\.handlerBundling\.external/);
    expect(buildScript).toContain("from './lazy-modules.mjs'");
  });
});
