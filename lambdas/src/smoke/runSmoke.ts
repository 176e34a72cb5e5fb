/**
 * The smoke test ops run after a deploy (or against `npm start`): invoke create-payment the way
 * Lambda is invoked, with a small valid order, and check the answer carries an invoice number and
 * a checkout URL; then send one enquiry through the enquiries function and check it was accepted
 * (its mails went out through the configured transport).
 */
import { InvokeCommand, LambdaClient, type LambdaClientConfig } from '@aws-sdk/client-lambda';
import { findCatalogueService } from '@kesho/site-rules/catalogue';
import { centsToDollars } from '@kesho/site-rules/money';
import type { SmokeConfig } from '../config/smoke';
import type { ApiGatewayEvent } from '../http/apiGateway';
import { INVOICE_NUMBER_PATTERN } from '../orders/types';

export interface SmokeResult {
  readonly invoiceNumber: string;
  readonly url: string;
  /** False only against AWS without SMOKE_ENQUIRIES_FUNCTION_NAME (said so in the output). */
  readonly enquirySent: boolean;
}

export class SmokeFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SmokeFailure';
  }
}

const SMOKE_SERVICE_ID = 'basic-consultation';

export function smokeOrder(): { items: { id: string; name: string; price: number; quantity: number }[]; customerData: Record<string, string | boolean> } {
  const service = findCatalogueService(SMOKE_SERVICE_ID);
  if (!service) throw new SmokeFailure(`The catalogue has no ${SMOKE_SERVICE_ID}`);
  return {
    items: [{ id: service.id, name: service.name, price: centsToDollars(service.priceCents), quantity: 1 }],
    customerData: {
      fullName: 'Smoke Test',
      email: 'smoke-test@example.com',
      phone: '+254700000000',
      notes: 'Automated smoke test: no service is owed.',
      acceptTerms: true,
    },
  };
}

export function smokeEvent(pathname = '/api/create-payment', body: unknown = smokeOrder()): ApiGatewayEvent {
  return {
    version: '2.0',
    routeKey: `POST ${pathname}`,
    rawPath: pathname,
    rawQueryString: '',
    headers: { 'content-type': 'application/json', 'user-agent': 'kesho-smoke' },
    requestContext: {
      requestId: `smoke-${Date.now()}`,
      timeEpoch: Date.now(),
      http: { method: 'POST', path: pathname, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'kesho-smoke' },
    },
    body: JSON.stringify(body),
    isBase64Encoded: false,
  };
}

/** A new message each run (the time is in it), so every run really sends both mails. */
export function smokeEnquiry(email: string, now = new Date()): Record<string, string> {
  return {
    name: 'Smoke Test',
    email,
    phone: '+254700000000',
    country: 'other',
    message: `Automated smoke test at ${now.toISOString()}: please ignore, no reply is needed.`,
  };
}

export async function runSmoke(config: SmokeConfig, print: (line: string) => void = console.log): Promise<SmokeResult> {
  const clientConfig: LambdaClientConfig =
    config.target === 'local'
      ? { endpoint: config.endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' }, maxAttempts: 1 }
      : { ...(config.endpoint ? { endpoint: config.endpoint } : {}) };
  const client = new LambdaClient(clientConfig);
  const where = config.target === 'local' ? `the local runtime at ${config.endpoint}` : `AWS function ${config.functionName}`;
  print(`Invoking create-payment on ${where}…`);
  try {
    const order = await invoke(client, config.functionName, smokeEvent(), 'create-payment');
    const { invoiceNumber, url } = order.body;
    if (typeof invoiceNumber !== 'string' || !INVOICE_NUMBER_PATTERN.test(invoiceNumber)) throw new SmokeFailure(`No valid invoice number in ${order.text}`);
    if (typeof url !== 'string' || !/^https?:\/\//.test(url)) throw new SmokeFailure(`No checkout URL in ${order.text}`);
    print(`Invoice number: ${invoiceNumber}`);
    print(`Checkout URL:   ${url}`);

    if (!config.enquiriesFunctionName) {
      print('Enquiry: not sent (set SMOKE_ENQUIRIES_FUNCTION_NAME to the deployed enquiries function to include it).');
      return { invoiceNumber, url, enquirySent: false };
    }
    print(`Sending an enquiry from ${config.enquiryEmail} through ${config.enquiriesFunctionName}…`);
    const enquiry = await invoke(client, config.enquiriesFunctionName, smokeEvent('/api/enquiries', smokeEnquiry(config.enquiryEmail)), 'enquiries');
    if (enquiry.body.status !== 'sent') throw new SmokeFailure(`enquiries did not accept the enquiry: ${enquiry.text}`);
    print('Enquiry:        accepted; the support copy and the acknowledgement were sent');
    return { invoiceNumber, url, enquirySent: true };
  } finally {
    client.destroy();
  }
}

async function invoke(client: LambdaClient, functionName: string, event: ApiGatewayEvent, label: string): Promise<{ body: Record<string, unknown>; text: string }> {
  const response = await client.send(new InvokeCommand({ FunctionName: functionName, InvocationType: 'RequestResponse', Payload: Buffer.from(JSON.stringify(event)) }));
  const payloadText = Buffer.from(response.Payload ?? new Uint8Array()).toString('utf8');
  if (response.FunctionError) throw new SmokeFailure(`The function failed (${response.FunctionError}): ${payloadText}`);
  const result = parseJson(payloadText, 'The function returned a payload that is not JSON') as { statusCode?: unknown; body?: unknown };
  const body = typeof result.body === 'string' ? (parseJson(result.body, 'The response body is not JSON') as Record<string, unknown>) : {};
  if (result.statusCode !== 200) {
    throw new SmokeFailure(`${label} answered ${String(result.statusCode)}: ${typeof body.error === 'string' ? body.error : payloadText}`);
  }
  return { body, text: typeof result.body === 'string' ? result.body : payloadText };
}

function parseJson(text: string, failure: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new SmokeFailure(`${failure}: ${text.slice(0, 200)}`);
  }
}
