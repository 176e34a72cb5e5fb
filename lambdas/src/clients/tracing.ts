/**
 * How the functions that call AWS or a payment provider are traced (X-Ray through Powertools Tracer,
 * xrayTracing.ts), kept out of their module load: the Tracer and the X-Ray SDK are imported with the
 * first invocation that is traced, which happens only inside Lambda with tracing on (config/site.ts:
 * `tracing`; Powertools' own rule: AWS_EXECUTION_ENV set, POWERTOOLS_TRACE_ENABLED not false). Locally
 * (`npm start`, the tests, the bench) the X-Ray SDK is never loaded, nothing is patched, and nothing
 * looks for an X-Ray daemon. In AWS the load moves from the module load to the first invocation: a
 * cold start pays it all the same (lambdas/README.md, "What ops see").
 *
 * A handler's build captures its AWS SDK clients with `traced`, which is the identity until the Tracer
 * is loaded; the build runs inside the first invocation (lambda.ts), after it is.
 */
import type { OrderFields } from '../orderContext';
import type { InvocationTracing } from '../lambda';

type XrayTracing = (typeof import('./xrayTracing.js'))['xrayTracing'];

let xray: XrayTracing | undefined;

/** An AWS SDK v3 client whose calls are subsegments of the invocation's trace (unchanged while tracing is off). */
export function traced<Client>(client: Client): Client {
  return xray ? xray.traced(client) : client;
}

export const tracing: InvocationTracing = {
  async run(fn, work, enabled) {
    if (!enabled) return work();
    xray ??= (await import('./xrayTracing.js')).xrayTracing;
    return xray.run(fn, work);
  },
  annotateOrder(fields: OrderFields) {
    xray?.annotateOrder(fields);
  },
};
