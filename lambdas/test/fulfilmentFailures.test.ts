/**
 * The fulfilment failure queue drained by the reconciliation: locally a fulfil-order job that fails
 * all of Lambda's attempts is written under <dataDir>/fulfilment-failures/ (the stand-in for its SQS
 * on-failure destination), and the next reconciliation settles the named session through the confirm
 * routine and removes the record; a record whose settlement fails again stays for the next run. The
 * SQS adapter is checked against a recording client.
 */
import { DeleteMessageCommand, ReceiveMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import { readdir } from 'node:fs/promises';
import { createDirectoryFulfilmentFailures, createSqsFulfilmentFailures, jobOfFailureRecord } from '../src/fulfilment/failures';
import { fulfilmentFailuresDirectoryOf } from '../src/local/api';
import type { PaymentsProvider } from '../src/payments/types';
import { catalogueItem, validOrder } from './support/orders';
import { postJson, startTestServer, type TestServer } from './support/testServer';

let server: TestServer;

beforeAll(async () => {
  // Old enough never: only the failure queue can settle these orders, not the pending-order scan.
  server = await startTestServer({ env: { RECONCILE_PENDING_AGE_SECONDS: '86400', RECONCILE_INTERVAL_SECONDS: '86400' } });
});
afterAll(() => server.close());

const failuresDir = () => fulfilmentFailuresDirectoryOf(server.dataDir);
const records = async () => {
  try {
    return (await readdir(failuresDir())).filter((name) => name.endsWith('.json'));
  } catch (error) {
    // No folder yet: nothing failed. Anything else must fail the test, not read as "no records".
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
};

/** An order the customer paid in the sandbox but that nothing has confirmed yet. */
async function paidButPending(): Promise<{ invoiceNumber: string; sessionId: string }> {
  const response = await postJson(`${server.origin}/api/create-payment`, validOrder([catalogueItem('career-counseling')]));
  expect(response.status).toBe(200);
  const { invoiceNumber, url } = (await response.json()) as { invoiceNumber: string; url: string };
  const sessionId = url.split('/').at(-1) ?? '';
  await (server.api.runtime.payments as unknown as { pay(id: string): Promise<unknown> }).pay(sessionId);
  expect((await server.api.runtime.orders.getOrder(invoiceNumber))?.status).toBe('pending');
  return { invoiceNumber, sessionId };
}

/** The provider unreachable while `run` runs: every confirmation throws. */
async function withProviderDown<T>(run: () => Promise<T>): Promise<T> {
  const payments = server.api.runtime.payments as { retrieveSession: PaymentsProvider['retrieveSession'] };
  const original = payments.retrieveSession;
  payments.retrieveSession = () => Promise.reject(new Error('provider unreachable'));
  try {
    return await run();
  } finally {
    payments.retrieveSession = original;
  }
}

const job = (sessionId: string) => ({ sessionId, eventId: `evt_${sessionId.slice(-12)}`, eventType: 'checkout.session.completed' });

describe('the local fulfilment failure queue', () => {
  it('records a fulfil-order job that failed every attempt, and the reconciliation settles it once and removes it', async () => {
    const { invoiceNumber, sessionId } = await paidButPending();
    await withProviderDown(async () => {
      const response = await fetch(`${server.origin}/2015-03-31/functions/fulfil-order/invocations`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Amz-Invocation-Type': 'Event' },
        body: JSON.stringify(job(sessionId)),
      });
      expect(response.status).toBe(202);
      await server.api.settled();
    });
    expect(await records()).toHaveLength(1);
    expect((await server.api.runtime.orders.getOrder(invoiceNumber))?.status).toBe('pending');

    const report = await server.api.runtime.services.reconcileOrders();
    expect(report).toMatchObject({ failuresDrained: 1, failuresLeft: 0, settled: 1 });
    expect(await server.api.runtime.orders.getOrder(invoiceNumber)).toMatchObject({ status: 'paid', statusReason: 'reconcile' });
    expect(await records()).toEqual([]);
    expect(await server.api.runtime.services.reconcileOrders()).toMatchObject({ failuresDrained: 0, settled: 0 });
  }, 20_000);

  it('leaves a record whose settlement fails again, and drains it on a later run; a malformed record is removed', async () => {
    const { invoiceNumber, sessionId } = await paidButPending();
    const failures = createDirectoryFulfilmentFailures(failuresDir());
    await failures.record(job(sessionId), new Error('timed out'));
    await failures.record({ sessionId: 'not a session' }, new Error('bad'));

    const stillDown = await withProviderDown(() => server.api.runtime.services.reconcileOrders());
    expect(stillDown).toMatchObject({ failuresDrained: 1, failuresLeft: 1 });
    expect(await records()).toHaveLength(1);
    expect((await server.api.runtime.orders.getOrder(invoiceNumber))?.status).toBe('pending');

    expect(await server.api.runtime.services.reconcileOrders()).toMatchObject({ failuresDrained: 1, failuresLeft: 0, settled: 1 });
    expect((await server.api.runtime.orders.getOrder(invoiceNumber))?.status).toBe('paid');
    expect(await records()).toEqual([]);
  });
});

describe('the SQS failure queue', () => {
  const record = (payload: unknown) => JSON.stringify({ version: '1.0', requestContext: { condition: 'RetriesExhausted' }, requestPayload: payload });

  it('reads Lambda destination records until the queue is empty and deletes by receipt handle', async () => {
    const sent: (ReceiveMessageCommand | DeleteMessageCommand)[] = [];
    const batches = [
      [
        { ReceiptHandle: 'rh-1', Body: record(job('cs_test_a1B2c3D4e5')) },
        { ReceiptHandle: 'rh-2', Body: 'not json' },
      ],
      [],
    ];
    const sqs = {
      send(command: ReceiveMessageCommand | DeleteMessageCommand) {
        sent.push(command);
        return Promise.resolve(command instanceof ReceiveMessageCommand ? { Messages: batches.shift() ?? [] } : {});
      },
    } as unknown as SQSClient;
    const queueUrl = 'https://sqs.eu-west-1.amazonaws.com/123456789012/failures';
    const failures = createSqsFulfilmentFailures(sqs, queueUrl);
    expect(await failures.receive()).toEqual([
      { id: 'rh-1', job: job('cs_test_a1B2c3D4e5') },
      { id: 'rh-2', job: null },
    ]);
    expect(sent.map((command) => command.input)).toEqual([
      expect.objectContaining({ QueueUrl: queueUrl, MaxNumberOfMessages: 10 }),
      expect.objectContaining({ QueueUrl: queueUrl, MaxNumberOfMessages: 10 }),
    ]);
    await failures.remove('rh-1');
    expect(sent.at(-1)).toBeInstanceOf(DeleteMessageCommand);
    expect(sent.at(-1)?.input).toEqual({ QueueUrl: queueUrl, ReceiptHandle: 'rh-1' });
  });

  it('takes only a well-formed job from a record', () => {
    expect(jobOfFailureRecord(record(job('cs_test_a1B2c3D4e5')))).toEqual(job('cs_test_a1B2c3D4e5'));
    expect(jobOfFailureRecord(record({ sessionId: 'cs_test_a1B2c3D4e5' }))).toBeNull();
    expect(jobOfFailureRecord('null')).toBeNull();
  });
});
