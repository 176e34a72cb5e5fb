/**
 * Who sent a batch of client events, for the canary verdict (@kesho/release-model/canary-health): a client
 * is one address, an IPv6 address by its /64 (what one home or phone is given, so rotating within it
 * changes nothing), within one client window (a UTC day). The address is the visitor's as the API
 * reads it for every per-client limit (http/apiGateway.ts clientAddress: CloudFront's viewer address
 * in AWS, never X-Forwarded-For), so a forger cannot rename itself by a header or a cookie.
 *
 * The tally counts each client's page views, page views with errors and interactions per build and
 * window, and answers what of a batch the verdict counts within CLIENT_WEIGHT's caps. In AWS it is an
 * expiring counter in the orders table (`clientevents#<sha256 of app, build, window and client>`,
 * one UpdateItem ADD per app × build of a batch: every instance counts together, no address is stored
 * in a key, and the item is deleted by the table's TTL a day after its window ends). Locally the
 * stored events carry a keyed hash of the client (sinks.ts) and the verdict counts them when it reads.
 */
import { createHash } from 'node:crypto';
import { isIP } from 'node:net';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { CLIENT_WINDOW_SECONDS, type ClientTotals } from '@kesho/release-model/canary-health';

/** The client an address is: an IPv4 address (an IPv4-mapped IPv6 one too) whole, an IPv6 address by its first 64 bits. */
export function clientOfAddress(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address)?.[1];
  if (mapped && isIP(mapped) === 4) return mapped;
  if (isIP(address) !== 6) return address;
  const [head = '', tail = ''] = address.toLowerCase().split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  // An IPv4 tail ("::1.2.3.4") sits in the last 32 bits, never in the first 64.
  const groups = address.includes('::') ? [...headGroups, ...Array<string>(Math.max(0, 8 - headGroups.length - tailGroups.length)).fill('0'), ...tailGroups] : headGroups;
  return `${groups
    .slice(0, 4)
    .map((group) => (/^[0-9a-f]{1,4}$/.test(group) ? group.replace(/^0+(?=.)/, '') : '0'))
    .join(':')}::/64`;
}

/** One client's batch about one build, and what the tally knew of that client, build and window before it. */
export interface TallyKey {
  readonly app: string;
  readonly build: string;
  /** clientOfAddress's answer. */
  readonly client: string;
  /** Epoch seconds (@kesho/release-model/canary-health clientWindowOf). */
  readonly window: number;
}

export interface ClientTally {
  /** Adds a batch to the client's totals for the build and window; answers its totals before the batch. */
  add(key: TallyKey, batch: ClientTotals): Promise<ClientTotals>;
}

export const TALLY_KEY_PREFIX = 'clientevents#';

export function createDynamoTally(client: DynamoDBDocumentClient, tableName: string): ClientTally {
  return {
    async add({ app, build, client: who, window }, batch) {
      const hash = createHash('sha256').update(`${app} ${build} ${window} ${who}`).digest('hex').slice(0, 32);
      const result = await client.send(
        new UpdateCommand({
          TableName: tableName,
          Key: { pk: `${TALLY_KEY_PREFIX}${hash}` },
          UpdateExpression: 'ADD pageViews :pageViews, pageViewsWithErrors :pageViewsWithErrors, inpSamples :inpSamples SET expiresAt = :expiresAt, kind = :kind',
          ExpressionAttributeValues: {
            ':pageViews': batch.pageViews,
            ':pageViewsWithErrors': batch.pageViewsWithErrors,
            ':inpSamples': batch.inpSamples,
            ':expiresAt': window + 2 * CLIENT_WINDOW_SECONDS,
            ':kind': 'clientevents',
          },
          ReturnValues: 'UPDATED_NEW',
        }),
      );
      const after = (name: keyof ClientTotals) => Number(result.Attributes?.[name] ?? batch[name]);
      // ADD is atomic: what this update added subtracted from what it left is what every update before it left.
      return {
        pageViews: after('pageViews') - batch.pageViews,
        pageViewsWithErrors: after('pageViewsWithErrors') - batch.pageViewsWithErrors,
        inpSamples: after('inpSamples') - batch.inpSamples,
      };
    },
  };
}

/**
 * The tally on the orders table in a deployed function: DynamoDB with the function's own credentials.
 * Untraced, like the rest of client-events (a beacon per page left): no X-Ray SDK beside its bundle.
 */
export function awsClientTally(tableName: string): ClientTally {
  return createDynamoTally(DynamoDBDocumentClient.from(new DynamoDBClient({}), { marshallOptions: { removeUndefinedValues: true } }), tableName);
}
