/** Failed reads retry up to 3 times, backing off exponentially from 1 s, capped at 30 s. */
export const RETRY_POLICY = { retries: 3, baseDelayMs: 1_000, maxDelayMs: 30_000 } as const;

export function backoffDelay(attempt: number, policy: { baseDelayMs: number; maxDelayMs: number } = RETRY_POLICY): number {
  return Math.min(policy.baseDelayMs * 2 ** attempt, policy.maxDelayMs);
}

export async function withRetry<T>(
  operation: (attempt: number) => Promise<T>,
  options: { retries?: number; baseDelayMs?: number; maxDelayMs?: number; sleep?: (ms: number) => Promise<void> } = {},
): Promise<T> {
  const retries = options.retries ?? RETRY_POLICY.retries;
  const policy = { baseDelayMs: options.baseDelayMs ?? RETRY_POLICY.baseDelayMs, maxDelayMs: options.maxDelayMs ?? RETRY_POLICY.maxDelayMs };
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  let lastError: unknown;
  for (let attempt = 0; attempt <= retries; attempt += 1) {
    try {
      return await operation(attempt);
    } catch (error) {
      lastError = error;
      if (attempt < retries) await sleep(backoffDelay(attempt, policy));
    }
  }
  throw lastError;
}
