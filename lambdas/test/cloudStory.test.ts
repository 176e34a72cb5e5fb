/**
 * `npm run orders -- show INV-… --aws`: the order's story read from CloudWatch Logs through the AWS
 * CLI, played here by a stand-in that answers as `aws logs` does.
 */
import { ORDER_STORY_QUERY_NAME } from '@kesho/operations/log-queries';
import { formatCloudStory, storyFromCloudWatch, type AwsCli } from '../src/orders/cloudStory';

const INVOICE = 'INV-12345678';
const line = (fields: Record<string, unknown>) => JSON.stringify({ level: 'INFO', service: 'kesho-payments', ...fields });

/** A stand-in `aws logs`: the saved definition, and queries that run for a while, then answer the lines matching their filter. */
function fakeAws(messages: readonly string[], groups: readonly string[] = ['KeshoPayments-CreatePaymentLogs-1', 'KeshoPayments-StripeWebhookLogs-2']) {
  const calls: string[][] = [];
  const queries = new Map<string, { query: string; polls: number }>();
  const aws: AwsCli = async (args) => {
    calls.push([...args]);
    const [service, verb] = args;
    if (service !== 'logs') throw new Error(`unexpected ${args.join(' ')}`);
    if (verb === 'describe-query-definitions') return { queryDefinitions: groups.length ? [{ name: ORDER_STORY_QUERY_NAME, logGroupNames: groups }] : [] };
    if (verb === 'start-query') {
      const query = args[args.indexOf('--query-string') + 1] ?? '';
      const id = `q${queries.size + 1}`;
      queries.set(id, { query, polls: 0 });
      return { queryId: id };
    }
    if (verb === 'get-query-results') {
      const running = queries.get(args[args.indexOf('--query-id') + 1] ?? '');
      if (!running) throw new Error('unknown query');
      running.polls += 1;
      if (running.polls < 2) return { status: 'Running', results: [] };
      const wanted = [...running.query.matchAll(/(invoiceNumber|correlationId) = "([^"]+)"/g)].map((match) => [match[1], match[2]]);
      const hits = messages.filter((message) => wanted.some(([field, value]) => (JSON.parse(message) as Record<string, unknown>)[field as string] === value));
      return {
        status: 'Complete',
        results: hits.map((message) => [
          { field: '@timestamp', value: '…' },
          { field: '@message', value: message },
        ]),
      };
    }
    throw new Error(`unexpected ${args.join(' ')}`);
  };
  return { aws, calls };
}

const noWait = { sleep: async () => undefined, now: () => Date.parse('2026-11-27T12:00:00Z') };

describe('the order story from CloudWatch Logs (--aws)', () => {
  test("reads the saved query's log groups, finds the correlation id and then the lines that name only it, oldest first", async () => {
    const messages = [
      line({ time: '2026-11-27T10:00:02Z', function: 'stripe-webhook', event: 'webhook.received', correlationId: 'corr-1' }),
      line({ time: '2026-11-27T10:00:00Z', function: 'create-payment', event: 'order.created', invoiceNumber: INVOICE, correlationId: 'corr-1' }),
      line({ time: '2026-11-27T10:00:05Z', function: 'fulfil-order', event: 'receipt.sent', invoiceNumber: INVOICE, correlationId: 'corr-1' }),
      line({ time: '2026-11-27T10:00:01Z', function: 'create-payment', event: 'order.created', invoiceNumber: 'INV-99999999', correlationId: 'corr-2' }),
    ];
    const { aws, calls } = fakeAws(messages);
    const story = await storyFromCloudWatch(INVOICE, aws, noWait);
    expect(story.correlationId).toBe('corr-1');
    expect(story.lines.map((entry) => entry.text.split(/\s+/)[3])).toEqual(['order.created', 'webhook.received', 'receipt.sent']);
    const starts = calls.filter((call) => call[1] === 'start-query');
    expect(starts).toHaveLength(2);
    expect(starts[0]).toEqual(expect.arrayContaining(['--log-group-names', 'KeshoPayments-CreatePaymentLogs-1', 'KeshoPayments-StripeWebhookLogs-2']));
    // The last three months (the log groups' retention), up to now, in seconds.
    const end = Number(starts[0]?.[starts[0].indexOf('--end-time') + 1]);
    expect(end).toBe(Date.parse('2026-11-27T12:00:00Z') / 1000);
    expect(end - Number(starts[0]?.[starts[0].indexOf('--start-time') + 1])).toBe(92 * 24 * 3600);
    const printed = formatCloudStory(INVOICE, story);
    expect(printed).toContain(`Order ${INVOICE} (correlation id corr-1): from CloudWatch Logs (${ORDER_STORY_QUERY_NAME}, 2 log groups)`);
    expect(printed).toContain('Timeline: 3 lines');
  });

  test('an order with no lines is an empty timeline, read once', async () => {
    const { aws, calls } = fakeAws([]);
    const story = await storyFromCloudWatch(INVOICE, aws, noWait);
    expect(story).toMatchObject({ correlationId: null, lines: [] });
    expect(calls.filter((call) => call[1] === 'start-query')).toHaveLength(1);
  });

  test('says what to do when the account has no saved query, and when a query fails or never ends', async () => {
    await expect(storyFromCloudWatch(INVOICE, fakeAws([], []).aws, noWait)).rejects.toThrow(/No saved query kesho\/order-story .*deploy KeshoPayments/);
    // The saved query is there; the query started on it ends in `status` (or never ends).
    const queryEnding =
      (status: string): AwsCli =>
      async (args) =>
        args[1] === 'describe-query-definitions' ? { queryDefinitions: [{ name: ORDER_STORY_QUERY_NAME, logGroupNames: ['g'] }] } : args[1] === 'start-query' ? { queryId: 'q' } : { status };
    await expect(storyFromCloudWatch(INVOICE, queryEnding('Failed'), noWait)).rejects.toThrow('ended Failed');
    let clock = 0;
    await expect(storyFromCloudWatch(INVOICE, queryEnding('Running'), { now: () => clock, sleep: async (ms) => void (clock += ms), pollMs: 1000, timeoutMs: 5000 })).rejects.toThrow(
      'still Running after 5 s',
    );
  });
});
