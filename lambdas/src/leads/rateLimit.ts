/**
 * Fixed-window counters in the orders table (`ratelimit#<scope>#<sha256 of the key>#<window>`), so
 * every Lambda instance counts together. Keys are hashed: no address or IP is stored in a key, and the
 * items expire with DynamoDB TTL shortly after their window.
 */
import { createHash } from 'node:crypto';
import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

export interface RateLimitRule {
  readonly scope: string;
  readonly limit: number;
  readonly windowSeconds: number;
}

export interface RateLimiter {
  /** Counts one attempt; the answer says whether it is over the limit and when the window ends. */
  hit(rule: RateLimitRule, key: string): Promise<{ readonly limited: boolean; readonly retryAfterSeconds: number }>;
}

export function hashKey(value: string): string {
  return createHash('sha256').update(value).digest('hex').slice(0, 32);
}

export function createRateLimiter(client: DynamoDBDocumentClient, tableName: string, clock: () => Date): RateLimiter {
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
  };
}
