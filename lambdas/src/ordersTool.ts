/**
 * `npm run orders -- show INV-12345678`: an order's whole story, locally: what the store holds about it
 * (without the customer's details) and, in time order, every log and metric line the functions wrote
 * about it (by invoice number or correlation id) in `<DATA_DIR>/logs/api.jsonl`. The store is read
 * through the running local server (its Invoke API's `order-story`), or from the data folder itself
 * when no server holds it. With `--aws`, the timeline is read from CloudWatch Logs in AWS instead, with
 * the saved query `kesho/order-story` through the AWS CLI (./orders/cloudStory.ts).
 */
import { readFile } from 'node:fs/promises';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { defaultLocalDataDir } from './config/localTools';
import { loadOrdersToolConfig, type OrdersToolConfig } from './config/ordersTool';
import { localLogFileOf } from './local/logFile';
import { LOCAL_AWS_CLIENT, localDynamoFolderOf, startEmbeddedDynamo } from './local/embeddedDynamo';
import { awsCli, formatCloudStory, storyFromCloudWatch } from './orders/cloudStory';
import { createOrdersStore } from './orders/store';
import { formatStory, storyLines, summariseOrder, type OrderSummary } from './orders/story';
import { INVOICE_NUMBER_PATTERN } from './orders/types';
import { DOCUMENT_CLIENT_OPTIONS } from './clients/dynamo';

const USAGE = "Usage: npm run orders -- show INV-12345678 [--aws]   (--aws: from CloudWatch Logs, with the AWS CLI's credentials and region)";

/** The store through the running server; null when none answers there. */
async function summaryFromServer(config: OrdersToolConfig, invoiceNumber: string): Promise<{ summary: OrderSummary | null } | null> {
  let response: Response;
  try {
    response = await fetch(`${config.endpoint}/2015-03-31/functions/order-story/invocations`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ invoiceNumber }),
    });
  } catch {
    return null;
  }
  if (!response.ok || response.headers.get('x-amz-function-error'))
    throw new Error(`The local server at ${config.endpoint} did not read the order (HTTP ${response.status}): ${await response.text()}`);
  return { summary: (await response.json()) as OrderSummary | null };
}

/** The store from the data folder itself (no server running holds its files). */
async function summaryFromFolder(config: OrdersToolConfig, invoiceNumber: string): Promise<OrderSummary | null> {
  const dynamo = await startEmbeddedDynamo(localDynamoFolderOf(config.dataDir));
  const client = new DynamoDBClient({ endpoint: dynamo.endpoint, ...LOCAL_AWS_CLIENT });
  try {
    const order = await createOrdersStore(DynamoDBDocumentClient.from(client, DOCUMENT_CLIENT_OPTIONS), config.ordersTable).getOrder(invoiceNumber);
    return order ? summariseOrder(order) : null;
  } catch (error) {
    if ((error as { name?: string }).name === 'ResourceNotFoundException') return null;
    throw error;
  } finally {
    client.destroy();
    await dynamo.close();
  }
}

async function main(): Promise<void> {
  const [command, invoiceNumber, ...flags] = process.argv.slice(2);
  if (command !== 'show' || !invoiceNumber || !INVOICE_NUMBER_PATTERN.test(invoiceNumber) || flags.some((flag) => flag !== '--aws')) throw new Error(USAGE);
  if (flags.includes('--aws')) {
    const story = await storyFromCloudWatch(invoiceNumber, awsCli);
    console.log(formatCloudStory(invoiceNumber, story));
    if (story.lines.length === 0) process.exitCode = 1;
    return;
  }
  const config = loadOrdersToolConfig(process.env, defaultLocalDataDir(__dirname), process.cwd());
  const logFile = localLogFileOf(config.dataDir);
  const fromServer = await summaryFromServer(config, invoiceNumber);
  const summary = fromServer ? fromServer.summary : await summaryFromFolder(config, invoiceNumber);
  let lines: string[] = [];
  try {
    lines = (await readFile(logFile, 'utf8')).split('\n');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const store = fromServer ? `the local server at ${config.endpoint}` : localDynamoFolderOf(config.dataDir);
  console.log(formatStory(invoiceNumber, summary, storyLines(lines, invoiceNumber, summary?.correlationId ?? null), { logFile, store }));
  if (!summary) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
});
