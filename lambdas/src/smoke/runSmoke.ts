/**
 * The smoke test ops run after a deploy (or against `npm start`): invoke create-payment the way
 * Lambda is invoked, with a small valid order, and check the answer carries an invoice number and
 * a checkout URL.
 */
import { InvokeCommand, LambdaClient, type LambdaClientConfig } from '@aws-sdk/client-lambda';
import { findCatalogueService } from '@kesho/common/catalogue';
import { centsToDollars } from '@kesho/common/money';
import type { SmokeConfig } from '../config';
import type { ApiGatewayEvent } from '../http/apiGateway';
import { INVOICE_NUMBER_PATTERN } from '../orders/startCheckout';

export interface SmokeResult {
  readonly invoiceNumber: string;
  readonly url: string;
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

export function smokeEvent(): ApiGatewayEvent {
  return {
    version: '2.0',
    routeKey: 'POST /api/create-payment',
    rawPath: '/api/create-payment',
    rawQueryString: '',
    headers: { 'content-type': 'application/json', 'user-agent': 'kesho-smoke' },
    requestContext: {
      requestId: `smoke-${Date.now()}`,
      timeEpoch: Date.now(),
      http: { method: 'POST', path: '/api/create-payment', protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'kesho-smoke' },
    },
    body: JSON.stringify(smokeOrder()),
    isBase64Encoded: false,
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
    const response = await client.send(
      new InvokeCommand({ FunctionName: config.functionName, InvocationType: 'RequestResponse', Payload: Buffer.from(JSON.stringify(smokeEvent())) }),
    );
    const payloadText = Buffer.from(response.Payload ?? new Uint8Array()).toString('utf8');
    if (response.FunctionError) throw new SmokeFailure(`The function failed (${response.FunctionError}): ${payloadText}`);

    const result = parseJson(payloadText, 'The function returned a payload that is not JSON') as { statusCode?: unknown; body?: unknown };
    const body = typeof result.body === 'string' ? (parseJson(result.body, 'The response body is not JSON') as Record<string, unknown>) : {};
    if (result.statusCode !== 200) {
      throw new SmokeFailure(`create-payment answered ${String(result.statusCode)}: ${typeof body.error === 'string' ? body.error : payloadText}`);
    }
    const { invoiceNumber, url } = body;
    if (typeof invoiceNumber !== 'string' || !INVOICE_NUMBER_PATTERN.test(invoiceNumber)) throw new SmokeFailure(`No valid invoice number in ${result.body as string}`);
    if (typeof url !== 'string' || !/^https?:\/\//.test(url)) throw new SmokeFailure(`No checkout URL in ${result.body as string}`);
    print(`Invoice number: ${invoiceNumber}`);
    print(`Checkout URL:   ${url}`);
    return { invoiceNumber, url };
  } finally {
    client.destroy();
  }
}

function parseJson(text: string, failure: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new SmokeFailure(`${failure}: ${text.slice(0, 200)}`);
  }
}
