/**
 * lambda.ts: how a factory handler starts and runs in AWS Lambda. The start reads the function's
 * environment once; the build (clients, services, handler) runs at the first invocation and again
 * after one that failed; each invocation gets the Lambda context on its logger and an order scope
 * named after its function; a start that fails is answered as a plain 500, never a stack trace.
 */
import type { ApiGatewayEvent } from '../src/http/apiGateway';
import { SERVER_ERROR_MESSAGE } from '../src/http/responses';
import { handler as deployedCheckoutSession } from '../src/handlers/checkout-session';
import { handler as deployedClientEvents } from '../src/handlers/client-events';
import { handler as deployedCreatePayment } from '../src/handlers/create-payment';
import { handler as deployedEnquiries } from '../src/handlers/enquiries';
import { handler as deployedFulfilOrder } from '../src/handlers/fulfil-order';
import { handler as deployedMailEvents } from '../src/handlers/mail-events';
import { handler as deployedMpesaCallback } from '../src/handlers/mpesa-callback';
import { handler as deployedStripeWebhook } from '../src/handlers/stripe-webhook';
import { handler as deployedMpesaPayment, MPESA_UNAVAILABLE_MESSAGE } from '../src/handlers/mpesa-payment';
import { handler as deployedMpesaSandbox } from '../src/handlers/mpesa-sandbox';
import { handler as deployedSandboxCheckout } from '../src/handlers/sandbox-checkout';
import { handler as deployedSubscriptions } from '../src/handlers/subscriptions';
import { lambdaEventHandler, lambdaHttpHandler, type FunctionStart } from '../src/lambda';
import { bindOrder, currentOrderFields } from '../src/orderContext';
import { DEPLOYED_ENV as QUIET_DEPLOYED_ENV } from './support/deployedEnv';

/** The deployed environment, logging at info so the lines can be read. */
const DEPLOYED_ENV = { ...QUIET_DEPLOYED_ENV, LOG_LEVEL: 'info' };

const event = (path: string, headers: Record<string, string> = {}): ApiGatewayEvent =>
  ({
    version: '2.0',
    rawPath: path,
    rawQueryString: '',
    headers,
    body: 'name=Amani',
    isBase64Encoded: false,
    requestContext: { http: { method: 'POST', path, sourceIp: '127.0.0.1' }, requestId: 'r1' },
  }) as unknown as ApiGatewayEvent;
/** The same request as a GET. */
const getEvent = (path: string, requestId: string): ApiGatewayEvent =>
  ({ ...event(path), requestContext: { http: { method: 'GET', path, sourceIp: '127.0.0.1' }, requestId } }) as unknown as ApiGatewayEvent;

const saved = { ...process.env };
let output: string[];
let write: jest.SpyInstance;

beforeEach(() => {
  output = [];
  write = jest.spyOn(process.stdout, 'write').mockImplementation((chunk) => (output.push(String(chunk)), true));
});

afterEach(() => {
  write.mockRestore();
  for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
  Object.assign(process.env, saved);
});

const logged = () =>
  output
    .join('')
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe('a factory handler in AWS Lambda', () => {
  it('builds once per container, at the first invocation, and runs each invocation in its own order scope with the Lambda context on its logger', async () => {
    Object.assign(process.env, DEPLOYED_ENV);
    const starts: FunctionStart[] = [];
    const handler = lambdaHttpHandler('enquiries', (start) => {
      starts.push(start);
      return async (request) => {
        expect(currentOrderFields()).toEqual({});
        bindOrder({ invoiceNumber: 'INV-00000001' });
        start.logger.info('probe', { path: request.rawPath });
        return { statusCode: 204, headers: {}, body: '' };
      };
    });
    expect(starts).toHaveLength(0);
    await handler(event('/api/enquiries'), { awsRequestId: 'req-1', functionName: 'enquiries' });
    await handler(event('/api/enquiries'), { awsRequestId: 'req-2', functionName: 'enquiries' });
    expect(starts).toHaveLength(1);
    expect(starts[0]?.config.publicSiteUrl).toBe('https://www.example.com');
    const probes = logged().filter((line) => line.event === 'probe');
    expect(probes.map((line) => [line.function_request_id, line.service, line.invoiceNumber])).toEqual([
      ['req-1', 'enquiries', 'INV-00000001'],
      ['req-2', 'enquiries', 'INV-00000001'],
    ]);
  });

  it('answers a start it cannot make with a plain 500, logged, and tries again at the next invocation', async () => {
    Object.assign(process.env, DEPLOYED_ENV);
    let attempts = 0;
    const handler = lambdaHttpHandler('enquiries', () => {
      attempts += 1;
      if (attempts === 1) throw new Error('the table is not there yet');
      return async () => ({ statusCode: 204, headers: {}, body: '' });
    });
    const failed = await handler(event('/api/enquiries'));
    expect(failed.statusCode).toBe(500);
    expect(JSON.parse(String(failed.body))).toEqual({ error: SERVER_ERROR_MESSAGE });
    expect(String(failed.body)).not.toContain('not there yet');
    expect(logged().find((line) => line.event === 'handler.failed')).toMatchObject({ handler: 'enquiries', level: 'error' });
    expect((await handler(event('/api/enquiries'))).statusCode).toBe(204);
    expect(attempts).toBe(2);
  });

  it('answers a configuration that cannot be read with a plain 500 rather than throwing', async () => {
    Object.assign(process.env, { ...DEPLOYED_ENV, PUBLIC_SITE_URL: '' });
    const handler = lambdaHttpHandler('enquiries', () => async () => ({ statusCode: 204, headers: {}, body: '' }));
    const response = await handler(event('/api/enquiries'));
    expect(response.statusCode).toBe(500);
    expect(logged().find((line) => line.event === 'handler.failed')).toMatchObject({ handler: 'enquiries' });
  });

  it('runs the deployed enquiries handler from its own start: a cross-site post is refused before any AWS call', async () => {
    Object.assign(process.env, DEPLOYED_ENV);
    const response = await deployedEnquiries(event('/api/enquiries', { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' }), {
      awsRequestId: 'req-3',
      functionName: 'enquiries',
    });
    expect(response.statusCode).toBe(403);
  });

  it('runs the deployed subscriptions handler from its own start, its link secret given as a value: a cross-site sign-up is refused', async () => {
    Object.assign(process.env, DEPLOYED_ENV, { SUBSCRIPTION_TOKEN_SECRET: 'a-link-signing-key-long-enough-for-the-newsletter-0123456789' });
    const response = await deployedSubscriptions(event('/api/subscriptions', { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' }));
    expect(response.statusCode).toBe(403);
  });

  it('runs the deployed create-payment handler from its own start, its Stripe key given as a value: a GET is answered 405 with the method it takes', async () => {
    Object.assign(process.env, DEPLOYED_ENV, { STRIPE_SECRET_KEY: 'sk_test_aStripeTestKeyForTheStartOnly' });
    const get = getEvent('/api/create-payment', 'r2');
    const response = await deployedCreatePayment(get);
    expect(response.statusCode).toBe(405);
    expect(response.headers).toMatchObject({ Allow: 'POST' });
  });

  it('runs the deployed mpesa-payment handler from its own start: with no Daraja credentials in production M-Pesa is off, answered 503', async () => {
    Object.assign(process.env, DEPLOYED_ENV);
    const get = getEvent('/api/mpesa-payment', 'r4');
    const response = await deployedMpesaPayment(get);
    expect(response.statusCode).toBe(503);
    expect(JSON.parse(String(response.body))).toMatchObject({ error: MPESA_UNAVAILABLE_MESSAGE });
  });

  it('runs the deployed stripe-webhook handler from its own start, its signing secret given as a value: an unsigned event is refused 400', async () => {
    Object.assign(process.env, DEPLOYED_ENV, { STRIPE_WEBHOOK_SECRET: 'whsec_aSigningSecretForTheStartOnly' });
    const response = await deployedStripeWebhook({ ...event('/api/stripe-webhook', { 'content-type': 'application/json' }), body: '{"type":"checkout.session.completed"}' });
    expect(response.statusCode).toBe(400);
    expect(JSON.parse(String(response.body))).toEqual({ error: 'The webhook signature could not be verified.' });
  });

  it('runs the deployed mpesa-callback handler from its own start: with M-Pesa off every callback is 404', async () => {
    Object.assign(process.env, DEPLOYED_ENV);
    const response = await deployedMpesaCallback({ ...event('/api/mpesa/callback/abcdefabcdefabcdefabcdefabcdefab', { 'content-type': 'application/json' }), body: '{}' });
    expect(response.statusCode).toBe(404);
  });

  it('runs the deployed checkout-session handler from its own start, its Stripe key given as a value: a success page without its session id is 400', async () => {
    Object.assign(process.env, DEPLOYED_ENV, { STRIPE_SECRET_KEY: 'sk_test_aStripeTestKeyForTheStartOnly' });
    const get = getEvent('/api/checkout-session', 'r5');
    const response = await deployedCheckoutSession(get);
    expect(response.statusCode).toBe(400);
    expect(JSON.parse(String(response.body))).toEqual({ error: 'The session_id parameter is required.' });
  });

  it('throws the failed start of a function that only events start, so Lambda retries the invocation, and builds it at the next', async () => {
    Object.assign(process.env, DEPLOYED_ENV, { STRIPE_SECRET_KEY: 'sk_test_aStripeTestKeyForTheStartOnly' });
    let attempts = 0;
    const handler = lambdaEventHandler('fulfil-order', () => {
      attempts += 1;
      if (attempts === 1) throw new Error('the secret is not readable yet');
      return async () => 'done';
    });
    await expect(handler({})).rejects.toThrow('the secret is not readable yet');
    expect(logged().find((line) => line.event === 'handler.failed')).toMatchObject({ handler: 'fulfil-order' });
    await expect(handler({})).resolves.toBe('done');
  });

  it('runs the deployed fulfil-order handler from its own start, its Stripe key given as a value: a malformed job is dropped, not retried', async () => {
    Object.assign(process.env, DEPLOYED_ENV, { STRIPE_SECRET_KEY: 'sk_test_aStripeTestKeyForTheStartOnly' });
    await expect(deployedFulfilOrder({ not: 'a job' }, { awsRequestId: 'req-6', functionName: 'fulfil-order' })).resolves.toEqual({ kind: 'invalid-job' });
    expect(logged().find((line) => line.event === 'fulfil.invalid_job')).toMatchObject({ service: 'fulfil-order', requestId: 'req-6' });
  });

  it('runs the deployed client-events handler from its own start: a body that is not JSON is refused 400, a GET 405', async () => {
    Object.assign(process.env, DEPLOYED_ENV);
    const post = await deployedClientEvents({ ...event('/api/client-events', { 'content-type': 'application/json' }), body: 'not json' });
    expect(post.statusCode).toBe(400);
    const get = getEvent('/api/client-events', 'r7');
    expect((await deployedClientEvents(get)).statusCode).toBe(405);
  });

  it('runs the deployed mail-events handler from its own start: an event that is not one of ours is dropped, before any AWS call', async () => {
    Object.assign(process.env, DEPLOYED_ENV);
    await expect(deployedMailEvents({ 'detail-type': 'Something else', detail: {} }, { awsRequestId: 'req-8', functionName: 'mail-events' })).resolves.toEqual({ result: 'ignored' });
    expect(logged().find((line) => line.event === 'mail.event_ignored')).toMatchObject({ service: 'mail-events' });
  });

  it('runs the sandboxes from their own start as a deployed function would: with Stripe configured and M-Pesa off, their pages are 404', async () => {
    Object.assign(process.env, DEPLOYED_ENV, { STRIPE_SECRET_KEY: 'sk_test_aStripeTestKeyForTheStartOnly' });
    const get = (path: string) => getEvent(path, 'r9');
    expect((await deployedSandboxCheckout(get('/api/sandbox/checkout/cs_test_abcdefgh'))).statusCode).toBe(404);
    expect((await deployedMpesaSandbox(get('/api/mpesa/sandbox/mp_abcdefabcdefabcd'))).statusCode).toBe(404);
  });
});
