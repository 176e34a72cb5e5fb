import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { readdirSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { API_ROUTES } from '@kesho/operations/api-routes';
import Stripe from 'stripe';
import { loadSmokeConfig } from '../src/config/smoke';
import type { SandboxPayments } from '../src/payments/sandbox';
import { runSmoke, smokeEvent } from '../src/smoke/runSmoke';
import { listMailbox } from '../src/mail/mailbox';
import { localFunctionFor } from '../src/local/api';
import { mailDirectoryOf } from '../src/mail/fileTransport';
import { startFakeStripe, type FakeStripe } from './support/fakeStripe';
import { postJson, startTestServer, type TestServer } from './support/testServer';

let server: TestServer;
let lambda: LambdaClient;

beforeAll(async () => {
  server = await startTestServer();
  lambda = new LambdaClient({ endpoint: server.origin, region: 'us-east-1', credentials: { accessKeyId: 'test', secretAccessKey: 'test' }, maxAttempts: 1 });
});

afterAll(async () => {
  lambda.destroy();
  await server.close();
});

describe('routing', () => {
  it('leaves paths outside /api and the Invoke API to the site server', async () => {
    const response = await fetch(`${server.origin}/pricing`);
    expect(response.status).toBe(404);
    expect(await response.text()).toBe('Not served by the API');
  });

  it('answers unknown /api paths itself with a JSON 404', async () => {
    const response = await fetch(`${server.origin}/api/nothing-here`);
    expect(response.status).toBe(404);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ error: 'Not found.' });
  });

  it('serves exactly the deployed route table (@kesho/operations/api-routes), each path by its handler, plus the sandboxes', async () => {
    for (const route of API_ROUTES) {
      const pathname = route.path.replace(/\{[^}]+\}/g, 'sample-token');
      expect([pathname, localFunctionFor(pathname)]).toEqual([pathname, route.handler]);
    }
    for (const unlisted of ['/api/subscriptions/elsewhere', '/api/create-payment/extra', '/api/mpesa/callback', '/api/mpesa/callback/a/b'])
      expect([unlisted, localFunctionFor(unlisted)]).toEqual([unlisted, undefined]);
    expect(localFunctionFor('/api/sandbox/checkout/cs_sandbox_1')).toBe('sandbox-checkout');
    expect(localFunctionFor('/api/mpesa/sandbox/ws_1')).toBe('mpesa-sandbox');
    // Every handler is routed, local-only, or invoked (fulfil-order by the webhook, reconcile-orders by its schedule, mail-events by SES's events).
    const routed = new Set<string>([...API_ROUTES.map((route) => route.handler), 'sandbox-checkout', 'mpesa-sandbox', 'fulfil-order', 'reconcile-orders', 'mail-events']);
    expect(
      readdirSync(path.join(__dirname, '../src/handlers'))
        .map((file) => file.replace(/\.ts$/, ''))
        .filter((name) => !routed.has(name)),
    ).toEqual([]);
  });

  it('refuses bodies over its 1 MB limit without buffering them', async () => {
    const response = await postJson(`${server.origin}/api/create-payment`, 'x'.repeat(1024 * 1024 + 1));
    expect(response.status).toBe(413);
  });
});

describe('the Lambda Invoke API', () => {
  it('runs create-payment synchronously for the SDK (RequestResponse) with an API Gateway event', async () => {
    const result = await lambda.send(new InvokeCommand({ FunctionName: 'create-payment', InvocationType: 'RequestResponse', Payload: Buffer.from(JSON.stringify(smokeEvent())) }));
    expect(result.StatusCode).toBe(200);
    expect(result.FunctionError).toBeUndefined();
    const answer = JSON.parse(Buffer.from(result.Payload ?? []).toString()) as { statusCode: number; headers: Record<string, string>; body: string };
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['Cache-Control']).toBe('no-store');
    expect(JSON.parse(answer.body)).toEqual({ invoiceNumber: expect.stringMatching(/^INV-\d{8}$/), url: expect.stringContaining('/api/sandbox/checkout/cs_sandbox_') });
  });

  it('accepts an asynchronous fulfil-order invocation with 202 and runs it in the background', async () => {
    const created = await postJson(`${server.origin}/api/create-payment`, JSON.parse(smokeEvent().body ?? '{}'));
    const { invoiceNumber, url } = (await created.json()) as { invoiceNumber: string; url: string };
    const sessionId = url.split('/').at(-1) ?? '';
    // Paid at the provider, not yet confirmed: only fulfil-order can settle it now.
    await (server.api.runtime.payments as SandboxPayments).pay(sessionId);
    expect((await server.api.runtime.orders.getOrder(invoiceNumber))?.status).toBe('pending');

    const result = await lambda.send(
      new InvokeCommand({
        FunctionName: 'fulfil-order',
        InvocationType: 'Event',
        Payload: Buffer.from(JSON.stringify({ sessionId, eventId: 'evt_local', eventType: 'checkout.session.completed' })),
      }),
    );
    expect(result.StatusCode).toBe(202);
    await server.api.settled();
    expect((await server.api.runtime.orders.getOrder(invoiceNumber))?.status).toBe('paid');
  });

  it('does not fail an open order on an unverified "payment failed" invocation; the later payment settles it', async () => {
    const created = await postJson(`${server.origin}/api/create-payment`, JSON.parse(smokeEvent().body ?? '{}'));
    const { invoiceNumber, url } = (await created.json()) as { invoiceNumber: string; url: string };
    const sessionId = url.split('/').at(-1) ?? '';
    const forged = await lambda.send(
      new InvokeCommand({
        FunctionName: 'fulfil-order',
        InvocationType: 'RequestResponse',
        Payload: Buffer.from(JSON.stringify({ sessionId, eventId: 'evt_forged', eventType: 'checkout.session.async_payment_failed' })),
      }),
    );
    expect(forged.FunctionError).toBeUndefined();
    expect((await server.api.runtime.orders.getOrder(invoiceNumber))?.status).toBe('pending');

    await (server.api.runtime.payments as SandboxPayments).pay(sessionId);
    await lambda.send(
      new InvokeCommand({
        FunctionName: 'fulfil-order',
        InvocationType: 'RequestResponse',
        Payload: Buffer.from(JSON.stringify({ sessionId, eventId: 'evt_paid', eventType: 'checkout.session.completed' })),
      }),
    );
    expect((await server.api.runtime.orders.getOrder(invoiceNumber))?.status).toBe('paid');
  });

  it('refuses what a web page could send cross-site: a browser Origin, or a form or text body', async () => {
    const created = await postJson(`${server.origin}/api/create-payment`, JSON.parse(smokeEvent().body ?? '{}'));
    const { invoiceNumber, url } = (await created.json()) as { invoiceNumber: string; url: string };
    const sessionId = url.split('/').at(-1) ?? '';
    const invocations = `${server.origin}/2015-03-31/functions/fulfil-order/invocations`;
    const job = JSON.stringify({ sessionId, eventId: 'evt_page', eventType: 'checkout.session.async_payment_failed' });
    const attempts: [Record<string, string>, number][] = [
      [{ 'Content-Type': 'text/plain' }, 415],
      [{ 'Content-Type': 'application/x-www-form-urlencoded' }, 415],
      [{ 'Content-Type': 'multipart/form-data; boundary=x' }, 415],
      [{}, 415],
      [{ 'Content-Type': 'application/octet-stream', Origin: 'https://evil.example' }, 403],
      [{ 'Content-Type': 'application/json', Origin: 'null' }, 403],
      [{ 'Content-Type': 'application/octet-stream', 'Sec-Fetch-Site': 'cross-site' }, 403],
    ];
    for (const [headers, status] of attempts) {
      const response = await fetch(invocations, { method: 'POST', headers: { 'X-Amz-Invocation-Type': 'Event', ...headers }, body: job });
      expect([headers, response.status]).toEqual([headers, status]);
    }
    await server.api.settled();
    const order = await server.api.runtime.orders.getOrder(invoiceNumber);
    expect(order?.statusReason).toBeUndefined();
  });

  it('reports an unknown function as ResourceNotFoundException', async () => {
    await expect(lambda.send(new InvokeCommand({ FunctionName: 'no-such-function', Payload: Buffer.from('{}') }))).rejects.toMatchObject({ name: 'ResourceNotFoundException' });
  });

  it('reports a payload that is not an event as a function error, like Lambda', async () => {
    const result = await lambda.send(new InvokeCommand({ FunctionName: 'create-payment', Payload: Buffer.from('{"hello":"world"}') }));
    expect(result.StatusCode).toBe(200);
    expect(result.FunctionError).toBe('Unhandled');
    expect(JSON.parse(Buffer.from(result.Payload ?? []).toString())).toMatchObject({ errorType: 'TypeError' });
  });

  it('drops a malformed fulfilment job instead of acting on it', async () => {
    const result = await lambda.send(new InvokeCommand({ FunctionName: 'fulfil-order', InvocationType: 'RequestResponse', Payload: Buffer.from('{"sessionId":"../x"}') }));
    expect(JSON.parse(Buffer.from(result.Payload ?? []).toString())).toEqual({ kind: 'invalid-job' });
  });
});

describe('the API Gateway event the handlers receive', () => {
  it('carries the raw body byte for byte, base64-encoded when it is not text', async () => {
    const stripe: FakeStripe = await startFakeStripe();
    const secret = 'whsec_rawBodyTest';
    const stripeServer = await startTestServer({ env: stripe.env(secret) });
    try {
      // Odd spacing and non-ASCII text: any re-serialisation or re-encoding breaks the signature.
      const payload = '{ "id":"evt_raw",  "object":"event", "type":"customer.created", "data":{"object":{"id":"cus_1","name":"Wanjirũ"}} }';
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
      for (const contentType of ['application/json', 'application/octet-stream']) {
        const response = await fetch(`${stripeServer.origin}/api/stripe-webhook`, { method: 'POST', headers: { 'Content-Type': contentType, 'Stripe-Signature': signature }, body: payload });
        expect(response.status).toBe(200);
      }
    } finally {
      await stripeServer.close();
      await stripe.close();
    }
  });

  it('answers HEAD without a body', async () => {
    const status = await new Promise<{ code: number; body: string }>((resolve, reject) => {
      const req = request(`${server.origin}/api/checkout-session`, { method: 'HEAD' }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => {
          body += chunk.toString();
        });
        res.on('end', () => resolve({ code: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.end();
    });
    expect(status).toEqual({ code: 400, body: '' });
  });
});

describe('npm run smoke', () => {
  it('invokes create-payment on the local runtime, prints the invoice number and URL, and sends an enquiry', async () => {
    const lines: string[] = [];
    const result = await runSmoke(loadSmokeConfig({ SMOKE_ENDPOINT: server.origin }), (line) => lines.push(line));
    expect(result.invoiceNumber).toMatch(/^INV-\d{8}$/);
    expect(lines).toContain(`Invoice number: ${result.invoiceNumber}`);
    expect(lines).toContain(`Checkout URL:   ${result.url}`);
    expect(result.enquirySent).toBe(true);
    expect(lines).toContain('Enquiry:        accepted; the support copy and the acknowledgement were sent');
    const mailbox = await listMailbox(mailDirectoryOf(server.dataDir));
    expect(mailbox.map((entry) => entry.to)).toEqual(expect.arrayContaining(['smoke-test@example.com']));
    expect((await server.api.runtime.orders.getOrder(result.invoiceNumber))?.customer.fullName).toBe('Smoke Test');
  });

  it('fails when the function answers with an error', async () => {
    const stripe = await startFakeStripe();
    const stripeServer = await startTestServer({ env: stripe.env('whsec_smokeFailure') });
    stripe.failWith(500);
    try {
      await expect(runSmoke(loadSmokeConfig({ SMOKE_ENDPOINT: stripeServer.origin }), () => undefined)).rejects.toThrow(
        'create-payment answered 502: We could not reach the payment provider. Please try again in a moment.',
      );
    } finally {
      await stripeServer.close();
      await stripe.close();
    }
  });

  it('fails when nothing is listening', async () => {
    const closed = await startTestServer();
    const origin = closed.origin;
    await closed.close();
    await expect(runSmoke(loadSmokeConfig({ SMOKE_ENDPOINT: origin }), () => undefined)).rejects.toThrow();
  });
});

describe("ops' notices (the local server's watch)", () => {
  it('mails a plain-text notice through the mail transport: to the address given, else the support address', async () => {
    const mailDir = mailDirectoryOf(server.dataDir);
    const before = (await listMailbox(mailDir)).length;
    await server.api.notifyOps({ subject: 'Kesho: canary of marketing aborted', text: 'The canary of marketing was aborted <automatically>.', to: 'ops@example.com' });
    await server.api.notifyOps({ subject: 'Kesho: marketing rolled back', text: 'Rolled back.' });
    const latest = (await listMailbox(mailDir)).slice(0, 2);
    expect(latest.map((entry) => `${entry.to}: ${entry.subject}`).sort()).toEqual([
      'ops@example.com: Kesho: canary of marketing aborted',
      'support@keshoglobal.co.ke: Kesho: marketing rolled back',
    ]);
    expect((await listMailbox(mailDir)).length).toBe(before + 2);
  });
});

describe('closing', () => {
  it('lets a request it is answering finish before it closes the database', async () => {
    const own = await startTestServer();
    const body = JSON.stringify(JSON.parse(smokeEvent().body ?? '{}'));
    const { port } = new URL(own.origin);
    const status = new Promise<number>((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port, path: '/api/create-payment', method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      // Half the body now: the request is being answered while the server closes.
      req.write(body.slice(0, 10));
      setTimeout(() => req.end(body.slice(10)), 200);
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const closed = own.close();
    expect(await status).toBe(200);
    await closed;
  });
});
