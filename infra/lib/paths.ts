import path from 'node:path';

/** infra/: cdk.json, the functions/ sources and the default context paths are relative to it. */
export const INFRA_ROOT = path.resolve(__dirname, '..');
/** The monorepo root: the Lambda bundles resolve dependencies from its node_modules and lock file. */
export const REPO_ROOT = path.resolve(INFRA_ROOT, '..');
