/**
 * The API's per-client limits, kept in the orders table so every Lambda instance (and the local
 * runtime, which runs the same code) counts together. Keys are hashed: no address, IP or phone number
 * is stored in a key, and the items expire with DynamoDB TTL shortly after they stop mattering.
 *
 * - Fixed-window counters (`ratelimit#<scope>#<sha256 of the key>#<window start>`): the forms' posts
 *   per hour, payments started per quarter hour.
 * - Holds (`ratelimit#<scope>#<sha256 of the key>#hold`): one thing at a time per key (one M-Pesa push
 *   waiting on a phone), held by a named holder until it is released or its time runs out.
 * Both are single UpdateItem calls with conditions: no read-then-write race between instances.
 */
import { createHash } from 'node:crypto';
import { GetCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { conditionalWrite } from '../conditionalWrite';

export interface RateLimitRule {
  readonly scope: string;
  readonly limit: number;
  readonly windowSeconds: number;
}

export interface HoldRule {
  readonly scope: string;
  /** The longest a holder keeps the key without releasing it (a crashed holder frees it then). */
  readonly seconds: number;
}

export type HoldResult = { readonly held: true } | { readonly held: false; readonly retryAfterSeconds: number };

export interface RateLimiter {
  /** Counts one attempt; the answer says whether it is over the limit and when the window ends. */
  hit(rule: RateLimitRule, key: string): Promise<{ readonly limited: boolean; readonly retryAfterSeconds: number }>;
  /** Takes the key for `holder` (again, when it already holds it), unless another holder has it. */
  hold(rule: HoldRule, key: string, holder: string): Promise<HoldResult>;
  /** Frees the key if `holder` still has it; anyone else's hold is left alone. */
  release(rule: HoldRule, key: string, holder: string): Promise<void>;
}

export function hashKey(value: string): string {
  return createHash('sha256').update(value).digest('hex').slice(0, 32);
}

export function createRateLimiter(client: DynamoDBDocumentClient, tableName: string, clock: () => Date): RateLimiter {
  const holdKey = (rule: HoldRule, key: string) => ({ pk: `ratelimit#${rule.scope}#${hashKey(key)}#hold` });
  return {
    async hit(rule, key) {
      const nowSeconds = Math.floor(clock().getTime() / 1000);
      const windowStart = nowSeconds - (nowSeconds % rule.windowSeconds);
      const windowEnd = windowStart + rule.windowSeconds;
      const result = await client.send(
        new UpdateCommand({
          TableName: tableName,
          Key: { pk: `ratelimit#${rule.scope}#${hashKey(key)}#${windowStart}` },
          UpdateExpression: 'ADD hits :one SET expiresAt = :expiresAt, kind = :kind',
          ExpressionAttributeValues: { ':one': 1, ':expiresAt': windowEnd + 3600, ':kind': 'ratelimit' },
          ReturnValues: 'UPDATED_NEW',
        }),
      );
      const hits = Number(result.Attributes?.hits ?? 1);
      return { limited: hits > rule.limit, retryAfterSeconds: Math.max(1, windowEnd - nowSeconds) };
    },

    async hold(rule, key, holder) {
      const nowMs = clock().getTime();
      const until = nowMs + rule.seconds * 1000;
      const held = await conditionalWrite(
        client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: holdKey(rule, key),
            UpdateExpression: 'SET holder = :holder, heldUntil = :until, expiresAt = :expiresAt, kind = :kind',
            ConditionExpression: 'attribute_not_exists(pk) OR heldUntil <= :now OR holder = :holder',
            ExpressionAttributeValues: { ':holder': holder, ':until': until, ':now': nowMs, ':expiresAt': Math.ceil(until / 1000) + 3600, ':kind': 'ratelimit' },
          }),
        ),
      );
      if (held) return { held: true };
      const { Item } = await client.send(new GetCommand({ TableName: tableName, Key: holdKey(rule, key), ConsistentRead: true }));
      const heldUntil = Number(Item?.heldUntil ?? until);
      return { held: false, retryAfterSeconds: Math.max(1, Math.ceil((heldUntil - nowMs) / 1000)) };
    },

    async release(rule, key, holder) {
      // Refused when another holder has it now: theirs stands.
      await conditionalWrite(
        client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: holdKey(rule, key),
            UpdateExpression: 'SET heldUntil = :now',
            ConditionExpression: 'holder = :holder',
            ExpressionAttributeValues: { ':holder': holder, ':now': clock().getTime() },
          }),
        ),
      );
    },
  };
}
