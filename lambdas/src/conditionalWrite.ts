/**
 * DynamoDB conditional writes, the one way every store here tells "the condition did not hold" (a
 * claim already taken, a status already moved on, an item already there) from a real failure: the
 * first is an answer, the second is thrown.
 */

/** By name, so the check holds however many copies of the SDK a bundle ends up with. */
export function isConditionalCheckFailure(error: unknown): boolean {
  return error instanceof Error && error.name === 'ConditionalCheckFailedException';
}

/**
 * A conditional write's output, or `null` when its condition did not hold (nothing was written);
 * any other failure is thrown. `write` is the send: `conditionalWrite(client.send(new PutCommand(…)))`.
 */
export async function conditionalWrite<Output>(write: Promise<Output>): Promise<Output | null> {
  try {
    return await write;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return null;
    throw error;
  }
}
