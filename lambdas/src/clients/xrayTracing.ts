/**
 * X-Ray tracing through Powertools for AWS Lambda's Tracer: each invocation in its handler's
 * subsegment (`## <function>`, annotated with the cold start, the service and, once known, the order's
 * invoice number and correlation id), every AWS SDK client captured (`traced`), and every outgoing
 * HTTP call (Stripe's SDK over node:https, Daraja over fetch) a subsegment of its own.
 *
 * The Tracer and the X-Ray SDK under it (about 125 KB) are loaded only where tracing is on (tracing.ts
 * imports this module as `./xrayTracing.js`, a file beside a deployed handler's bundle: lazy-modules.mjs).
 */
import { Tracer } from '@aws-lambda-powertools/tracer';
import type { OrderFields } from '../orderContext';

let tracer: Tracer | undefined;

/** The function's one Tracer (its service name from POWERTOOLS_SERVICE_NAME, which the CDK app sets to the function's name). */
export function functionTracer(): Tracer {
  tracer ??= new Tracer();
  return tracer;
}

/** An AWS SDK v3 client whose calls are subsegments of the invocation's trace (unchanged when tracing is off). */
export function traced<Client>(client: Client): Client {
  return functionTracer().captureAWSv3Client(client);
}

export const xrayTracing = {
  traced,

  async run<T>(fn: string, work: () => Promise<T>): Promise<T> {
    const tracer = functionTracer();
    if (!tracer.isTracingEnabled()) return work();
    const parent = tracer.getSegment();
    const subsegment = parent?.addNewSubsegment(`## ${fn}`);
    if (subsegment) tracer.setSegment(subsegment);
    tracer.annotateColdStart();
    tracer.addServiceNameAnnotation();
    try {
      return await work();
    } catch (error) {
      tracer.addErrorAsMetadata(error as Error);
      throw error;
    } finally {
      subsegment?.close();
      if (parent) tracer.setSegment(parent);
    }
  },

  annotateOrder(fields: OrderFields): void {
    const tracer = functionTracer();
    if (!tracer.isTracingEnabled()) return;
    if (fields.invoiceNumber) tracer.putAnnotation('invoiceNumber', fields.invoiceNumber);
    if (fields.correlationId) tracer.putAnnotation('correlationId', fields.correlationId);
  },
};
