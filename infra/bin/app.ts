/**
 * Entry of `cdk synth` / `cdk deploy` (cdk.json runs it with tsx). Offline by design: no lookups, the
 * account falls back to a placeholder without credentials, and the Lambdas bundle with local esbuild.
 */
import { App } from 'aws-cdk-lib';
import { addKeshoStacks, addNagChecks, readConfig } from '../lib/kesho-app';

const app = new App();
addKeshoStacks(app, readConfig(app));
addNagChecks(app);
app.synth();
