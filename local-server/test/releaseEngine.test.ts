import { completeInterruptedRelease, type ReleaseEngine } from '../src/release-engine';

const engineWith = (complete: () => Promise<unknown>): (() => Promise<ReleaseEngine>) => {
  const engine: ReleaseEngine = {
    completeInterruptedRelease: complete,
    watchCanariesThroughEngine: async () => ({ aborted: [] }),
    watchPublishesThroughEngine: async () => ({ rolledBack: [] }),
  };
  return async () => engine;
};

describe('the server completes a release a killed process left half done, when it starts', () => {
  it("runs the engine's publish over the current records", async () => {
    const complete = jest.fn(async () => ({ attempts: 1 }));
    const log = jest.fn();
    await completeInterruptedRelease(engineWith(complete), log);
    expect(complete).toHaveBeenCalledTimes(1);
    expect(log).not.toHaveBeenCalled();
  });

  it('says so when it fails, and never stops the server', async () => {
    const log = jest.fn();
    await expect(
      completeInterruptedRelease(
        engineWith(async () => Promise.reject(new Error('disk full'))),
        log,
      ),
    ).resolves.toBeUndefined();
    expect(log).toHaveBeenCalledWith('Completing an interrupted release failed: disk full');
  });

  it('says so when the engine cannot be loaded', async () => {
    const log = jest.fn();
    await completeInterruptedRelease(async () => Promise.reject(new Error('no engine')), log);
    expect(log).toHaveBeenCalledWith('Completing an interrupted release failed: no engine');
  });
});
