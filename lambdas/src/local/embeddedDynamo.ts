/**
 * The local stand-in for DynamoDB: dynalite in this process, its data in LevelDB on disk, reached
 * over loopback HTTP by the very same AWS SDK code the Lambdas use in AWS. A write is on disk
 * (in LevelDB's log) before dynalite answers it, so killing the process loses no answered write.
 */
import { mkdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import {
  CreateTableCommand,
  DeleteTableCommand,
  DescribeTableCommand,
  PutItemCommand,
  ScanCommand,
  type AttributeValue,
  type DynamoDBClient,
  type TableDescription,
} from '@aws-sdk/client-dynamodb';
import dynalite from 'dynalite';
import { HELD_FOR_REVIEW, HELD_ORDERS_INDEX, OPEN_ORDERS_INDEX, ORDERS_TABLE_INDEXES, ORDERS_TABLE_KEY } from '@kesho/operations/orders-table';
import { openStatusOf } from '../orders/store';
import type { OrderStatus } from '../orders/types';

/** SigV4 needs a region and credentials; the local endpoints (dynalite, the Invoke API) accept any. */
export const LOCAL_AWS_CLIENT = { region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } as const;

/** Where the local runtime keeps the store under DATA_DIR (`npm run orders` reads it there when no server holds it). */
export function localDynamoFolderOf(dataDir: string): string {
  return join(dataDir, 'dynamodb');
}

export interface EmbeddedDynamo {
  readonly endpoint: string;
  close(): Promise<void>;
}

/** `path` undefined keeps the data in memory (tests that need no disk). */
export async function startEmbeddedDynamo(path: string | undefined): Promise<EmbeddedDynamo> {
  if (path) await mkdir(path, { recursive: true });
  const server = dynalite({ ...(path ? { path } : {}), createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error?: Error) => (error ? reject(error) : resolve()));
      }),
  };
}

/**
 * The orders table as infra creates it in AWS (@kesho/operations/orders-table): partition key `pk`
 * (string), on-demand billing, the open-orders and held-orders indexes. A local table made before the
 * indexes existed is rebuilt with them, its items kept (dynalite cannot add an index to a table).
 * Returns once the table is ACTIVE: dynalite answers CreateTable while the table is still CREATING and
 * flips it to ACTIVE in a timer of its own, so on a busy machine a write sent straight after could
 * meet "resource not found".
 */
export async function ensureOrdersTable(client: DynamoDBClient, tableName: string): Promise<void> {
  const existing = await describeTable(client, tableName);
  if (existing === undefined) await createOrdersTable(client, tableName);
  else if (ORDERS_TABLE_INDEXES.some((index) => !existing.GlobalSecondaryIndexes?.some((present) => present.IndexName === index.name))) {
    await rebuildWithIndexes(client, tableName);
  }
  await waitUntilActive(client, tableName);
}

async function createOrdersTable(client: DynamoDBClient, tableName: string): Promise<void> {
  const attributes = new Set([ORDERS_TABLE_KEY, ...ORDERS_TABLE_INDEXES.flatMap((index) => [index.partitionKey, ...(index.sortKey ? [index.sortKey] : [])])]);
  try {
    await client.send(
      new CreateTableCommand({
        TableName: tableName,
        AttributeDefinitions: [...attributes].map((name) => ({ AttributeName: name, AttributeType: 'S' })),
        KeySchema: [{ AttributeName: ORDERS_TABLE_KEY, KeyType: 'HASH' }],
        GlobalSecondaryIndexes: ORDERS_TABLE_INDEXES.map((index) => ({
          IndexName: index.name,
          KeySchema: [{ AttributeName: index.partitionKey, KeyType: 'HASH' }, ...(index.sortKey ? [{ AttributeName: index.sortKey, KeyType: 'RANGE' as const }] : [])],
          Projection: { ProjectionType: 'ALL' },
        })),
        BillingMode: 'PAY_PER_REQUEST',
      }),
    );
  } catch (error) {
    if (!(error instanceof Error && error.name === 'ResourceInUseException')) throw error;
  }
}

/** Every item out, the table made again with its indexes, every item back with the index keys its order needs. */
async function rebuildWithIndexes(client: DynamoDBClient, tableName: string): Promise<void> {
  const items: Record<string, AttributeValue>[] = [];
  let startKey: Record<string, AttributeValue> | undefined;
  do {
    const page = await client.send(new ScanCommand({ TableName: tableName, ConsistentRead: true, ...(startKey ? { ExclusiveStartKey: startKey } : {}) }));
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  await client.send(new DeleteTableCommand({ TableName: tableName }));
  while ((await describeTable(client, tableName)) !== undefined) await new Promise((resolve) => setTimeout(resolve, 10));
  await createOrdersTable(client, tableName);
  await waitUntilActive(client, tableName);
  for (const item of items) await client.send(new PutItemCommand({ TableName: tableName, Item: withIndexKeys(item) }));
}

function withIndexKeys(item: Record<string, AttributeValue>): Record<string, AttributeValue> {
  if (item.kind?.S !== 'order' || item.status?.S === undefined) return item;
  const receiptStatus = item.receiptStatus?.S === 'due' || item.receiptStatus?.S === 'sent' ? item.receiptStatus.S : undefined;
  const { openStatus } = openStatusOf(item.status.S as OrderStatus, receiptStatus);
  return {
    ...item,
    ...(openStatus ? { [OPEN_ORDERS_INDEX.partitionKey]: { S: openStatus } } : {}),
    ...(item.review ? { [HELD_ORDERS_INDEX.partitionKey]: { S: HELD_FOR_REVIEW } } : {}),
  };
}

async function waitUntilActive(client: DynamoDBClient, tableName: string): Promise<void> {
  const deadline = Date.now() + TABLE_ACTIVE_TIMEOUT_MS;
  for (;;) {
    const status = (await describeTable(client, tableName))?.TableStatus ?? 'missing';
    if (status === 'ACTIVE') return;
    if (Date.now() > deadline) throw new Error(`The local table ${tableName} is still ${status} after ${TABLE_ACTIVE_TIMEOUT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const TABLE_ACTIVE_TIMEOUT_MS = 10_000;

async function describeTable(client: DynamoDBClient, tableName: string): Promise<TableDescription | undefined> {
  try {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    return Table ?? { TableStatus: 'ACTIVE' };
  } catch (error) {
    if (error instanceof Error && error.name === 'ResourceNotFoundException') return undefined;
    throw error;
  }
}
