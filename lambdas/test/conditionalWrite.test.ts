import { conditionalWrite, isConditionalCheckFailure } from '../src/conditionalWrite';

const failure = (name: string) => Object.assign(new Error(name), { name });

describe('conditionalWrite', () => {
  it("answers the write's output when its condition held", async () => {
    await expect(conditionalWrite(Promise.resolve({ Attributes: { pk: 'order#INV-1' } }))).resolves.toEqual({ Attributes: { pk: 'order#INV-1' } });
  });

  it('answers null when the condition did not hold, by the error name (any copy of the SDK)', async () => {
    await expect(conditionalWrite(Promise.reject(failure('ConditionalCheckFailedException')))).resolves.toBeNull();
    expect(isConditionalCheckFailure(failure('ConditionalCheckFailedException'))).toBe(true);
    expect(isConditionalCheckFailure({ name: 'ConditionalCheckFailedException' })).toBe(false);
  });

  it('throws any other failure', async () => {
    await expect(conditionalWrite(Promise.reject(failure('ProvisionedThroughputExceededException')))).rejects.toThrow('ProvisionedThroughputExceededException');
  });
});
