/**
 * Entry of `cdk synth` / `cdk deploy` (cdk.json runs it with tsx). Offline by design: no lookups, the
 * account falls back to a placeholder without credentials, and the Lambdas bundle with local esbuild.
 * `-c environment=<name>` builds a committed environment (config/<name>.json; lib/config.ts).
 */
import { App } from 'aws-cdk-lib';
import { readConfig } from '../lib/config';
import { addKeshoStacks, addNagChecks } from '../lib/kesho-app';

const app = new App();
addKeshoStacks(app, readConfig(app));
addNagChecks(app);
app.synth();
