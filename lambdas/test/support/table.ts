/** An in-memory dynalite with the orders table, for tests of the services beneath the HTTP layer. */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ensureOrdersTable, startEmbeddedDynamo } from '../../src/local/embeddedDynamo';

export interface TestTable {
  readonly client: DynamoDBClient;
  readonly documents: DynamoDBDocumentClient;
  close(): Promise<void>;
}

export async function startTestTable(tableName: string): Promise<TestTable> {
  const dynamo = await startEmbeddedDynamo(undefined);
  const client = new DynamoDBClient({ endpoint: dynamo.endpoint, region: 'us-east-1', credentials: { accessKeyId: 'x', secretAccessKey: 'x' } });
  const documents = DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
  await ensureOrdersTable(client, tableName);
  return {
    client,
    documents,
    async close() {
      client.destroy();
      await dynamo.close();
    },
  };
}
