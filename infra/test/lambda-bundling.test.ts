import fs from 'node:fs';
import path from 'node:path';
import { HANDLER_BUNDLING_FILE, LAMBDA_BUNDLING } from '../lib/lambda-bundling';
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
    });
    expect(LAMBDA_BUNDLING.target).toBe('node24');
  });

  it('is the file the local build of the handlers reads its options from', () => {
    const buildScript = fs.readFileSync(path.join(REPO_ROOT, 'lambdas', 'build.mjs'), 'utf8');
    expect(buildScript).toContain("from './bundling.json'");
    expect(buildScript).toMatch(/\.\.\.handlerBundling, entryPoints: handlers/);
  });
});
