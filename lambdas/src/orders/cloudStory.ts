/**
 * `npm run orders -- show INV-… --aws`: an order's story read from CloudWatch Logs in AWS, with the
 * saved Logs Insights query `kesho/order-story` (@kesho/operations/log-queries; infra/lib/log-queries.ts
 * saves it over every payment function's log group). It runs through the AWS CLI ops already use
 * (`aws logs …`, their credentials and region), so this tool carries no AWS SDK for it: the query's
 * log groups come from the saved definition, the lines about the invoice number are read first, then
 * again with the correlation id the first of them names (lines that name only the correlation id,
 * such as Stripe's webhook before it knows the order, are found too).
 */
import { execFile } from 'node:child_process';
import { ORDER_STORY_QUERY_NAME, orderStoryQuery } from '@kesho/operations/log-queries';
import { storyLines, type StoryLine } from './story';

/** Runs `aws <args…> --output json` and answers its parsed output. */
export type AwsCli = (args: readonly string[]) => Promise<unknown>;

export const awsCli: AwsCli = (args) =>
  new Promise((resolve, reject) => {
    execFile('aws', [...args, '--output', 'json'], { maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) {
        const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
        reject(
          new Error(
            missing
              ? 'The AWS CLI (aws) is not installed or not on the PATH: --aws reads CloudWatch Logs through it'
              : `aws ${args.slice(0, 2).join(' ')} failed: ${stderr.trim() || error.message}`,
          ),
        );
        return;
      }
      try {
        resolve(JSON.parse(stdout) as unknown);
      } catch {
        reject(new Error(`aws ${args.slice(0, 2).join(' ')} did not answer JSON`));
      }
    });
  });

export interface CloudStoryOptions {
  /** How far back to look (the payment functions keep their logs three months). */
  readonly lookBackDays?: number;
  readonly now?: () => number;
  readonly sleep?: (ms: number) => Promise<void>;
  /** Between two reads of a running query's results. */
  readonly pollMs?: number;
  /** A query still running after this is given up. */
  readonly timeoutMs?: number;
}

export interface CloudStory {
  readonly logGroups: readonly string[];
  readonly correlationId: string | null;
  readonly lines: readonly StoryLine[];
}

interface QueryDefinitions {
  readonly queryDefinitions?: readonly { readonly name?: string; readonly logGroupNames?: readonly string[] }[];
}
interface QueryResults {
  readonly status?: string;
  readonly results?: readonly (readonly { readonly field?: string; readonly value?: string }[])[];
}

const DONE = new Set(['Complete', 'Failed', 'Cancelled', 'Timeout']);

export async function storyFromCloudWatch(invoiceNumber: string, aws: AwsCli, options: CloudStoryOptions = {}): Promise<CloudStory> {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const pollMs = options.pollMs ?? 1000;
  const timeoutMs = options.timeoutMs ?? 120_000;
  const lookBackDays = options.lookBackDays ?? 92;

  const definitions = (await aws(['logs', 'describe-query-definitions', '--query-definition-name-prefix', ORDER_STORY_QUERY_NAME])) as QueryDefinitions;
  const saved = definitions.queryDefinitions?.find((definition) => definition.name === ORDER_STORY_QUERY_NAME);
  const logGroups = saved?.logGroupNames ?? [];
  if (logGroups.length === 0)
    throw new Error(`No saved query ${ORDER_STORY_QUERY_NAME} with log groups in this account and region: deploy KeshoPayments, or set AWS_REGION to the stack's region`);

  const messagesOf = async (query: string): Promise<string[]> => {
    const end = Math.floor(now() / 1000);
    const started = (await aws([
      'logs',
      'start-query',
      '--log-group-names',
      ...logGroups,
      '--start-time',
      String(end - lookBackDays * 24 * 3600),
      '--end-time',
      String(end),
      '--query-string',
      query,
    ])) as { queryId?: string };
    if (!started.queryId) throw new Error('CloudWatch Logs started no query');
    const giveUpAt = now() + timeoutMs;
    for (;;) {
      const results = (await aws(['logs', 'get-query-results', '--query-id', started.queryId])) as QueryResults;
      if (results.status === 'Complete') return (results.results ?? []).flatMap((row) => row.filter((cell) => cell.field === '@message').map((cell) => cell.value ?? ''));
      if (results.status && DONE.has(results.status)) throw new Error(`The Logs Insights query ended ${results.status}`);
      if (now() >= giveUpAt) throw new Error(`The Logs Insights query was still ${results.status ?? 'running'} after ${timeoutMs / 1000} s`);
      await sleep(pollMs);
    }
  };

  const first = await messagesOf(orderStoryQuery(invoiceNumber));
  let correlationId: string | null = null;
  for (const message of first) {
    try {
      const entry = JSON.parse(message) as { invoiceNumber?: unknown; correlationId?: unknown };
      if (entry.invoiceNumber === invoiceNumber && typeof entry.correlationId === 'string' && entry.correlationId) {
        correlationId = entry.correlationId;
        break;
      }
    } catch {
      // Not a JSON line (a runtime's START/END line): not about the order.
    }
  }
  const messages = correlationId ? await messagesOf(orderStoryQuery(invoiceNumber, correlationId)) : first;
  return { logGroups, correlationId, lines: storyLines(messages, invoiceNumber, correlationId) };
}

/** The printout of --aws: the timeline (the store is DynamoDB's, read with the AWS CLI if needed). */
export function formatCloudStory(invoiceNumber: string, story: CloudStory): string {
  return [
    `Order ${invoiceNumber}${story.correlationId ? ` (correlation id ${story.correlationId})` : ''}: from CloudWatch Logs (${ORDER_STORY_QUERY_NAME}, ${story.logGroups.length} log groups)`,
    `  the stored order: aws dynamodb get-item --table-name <OrdersTableName output> --key '{"pk":{"S":"order#${invoiceNumber}"}}'`,
    '',
    `Timeline: ${story.lines.length} line${story.lines.length === 1 ? '' : 's'}`,
    ...story.lines.map((line) => line.text),
  ].join('\n');
}
