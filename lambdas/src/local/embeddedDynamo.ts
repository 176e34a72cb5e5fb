/**
 * The local stand-in for DynamoDB: dynalite in this process, its data in LevelDB on disk, reached
 * over loopback HTTP by the very same AWS SDK code the Lambdas use in AWS. A write is on disk
 * (in LevelDB's log) before dynalite answers it, so killing the process loses no answered write.
 */
import { mkdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { CreateTableCommand, DescribeTableCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import dynalite from 'dynalite';

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
 * The orders table as infra creates it in AWS: partition key `pk` (string), on-demand billing. Returns once
 * the table is ACTIVE: dynalite answers CreateTable while the table is still CREATING and flips it to ACTIVE
 * in a timer of its own, so on a busy machine a write sent straight after could meet "resource not found".
 */
export async function ensureOrdersTable(client: DynamoDBClient, tableName: string): Promise<void> {
  if ((await tableStatus(client, tableName)) === undefined) {
    try {
      await client.send(
        new CreateTableCommand({
          TableName: tableName,
          AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
          KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
          BillingMode: 'PAY_PER_REQUEST',
        }),
      );
    } catch (error) {
      if (!(error instanceof Error && error.name === 'ResourceInUseException')) throw error;
    }
  }
  const deadline = Date.now() + TABLE_ACTIVE_TIMEOUT_MS;
  for (;;) {
    const status = await tableStatus(client, tableName);
    if (status === 'ACTIVE') return;
    if (Date.now() > deadline) throw new Error(`The local table ${tableName} is still ${status ?? 'missing'} after ${TABLE_ACTIVE_TIMEOUT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const TABLE_ACTIVE_TIMEOUT_MS = 10_000;

async function tableStatus(client: DynamoDBClient, tableName: string): Promise<string | undefined> {
  try {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    return Table?.TableStatus ?? 'ACTIVE';
  } catch (error) {
    if (error instanceof Error && error.name === 'ResourceNotFoundException') return undefined;
    throw error;
  }
}
