/**
 * `npm run smoke`: invokes create-payment through @aws-sdk/client-lambda and prints the invoice
 * number and checkout URL. Local runtime by default (SMOKE_ENDPOINT, default http://127.0.0.1:3000);
 * a deployed stack when SMOKE_FUNCTION_NAME is set (credentials and region from the usual AWS
 * environment). Exits non-zero on any failure.
 */
import { loadSmokeConfig } from './config/smoke';
import { runSmoke } from './smoke/runSmoke';

runSmoke(loadSmokeConfig()).then(
  () => {
    console.log('Smoke test passed.');
  },
  (error: unknown) => {
    console.error(`Smoke test failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  },
);
