/**
 * The local table is usable the moment ensureOrdersTable returns: dynalite answers CreateTable while the
 * table is still CREATING and refuses writes until its own timer marks it ACTIVE, which on a busy machine
 * let the first order of a fresh server fail with a 500.
 */
import type { AddressInfo } from 'node:net';
import { DynamoDBClient, PutItemCommand } from '@aws-sdk/client-dynamodb';
import dynalite from 'dynalite';
import { ensureOrdersTable } from '../src/local/embeddedDynamo';

it('returns only once the new table takes writes, however slowly the store activates it', async () => {
  // A slow activation stands in for a loaded machine, where dynalite's 0 ms timer runs late.
  const server = dynalite({ createTableMs: 300 });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const client = new DynamoDBClient({
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  try {
    await ensureOrdersTable(client, 'orders');
    await expect(client.send(new PutItemCommand({ TableName: 'orders', Item: { pk: { S: 'order#INV-00000001' } } }))).resolves.toBeDefined();
    await ensureOrdersTable(client, 'orders');
  } finally {
    client.destroy();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});
