import { yieldToMain } from '../src/scheduling/yieldToMain';

describe('yieldToMain', () => {
  it('resumes through scheduler.yield when the browser has it', async () => {
    const schedulerYield = jest.fn(() => Promise.resolve());
    await yieldToMain({ scheduler: { yield: schedulerYield }, setTimeout } as unknown as typeof globalThis);
    expect(schedulerYield).toHaveBeenCalledTimes(1);
  });

  it('otherwise resumes in a new task, after a zero-delay timer, not in a microtask', async () => {
    jest.useFakeTimers();
    try {
      let resumed = false;
      const pending = yieldToMain().then(() => {
        resumed = true;
      });
      await Promise.resolve();
      expect(resumed).toBe(false);
      jest.runOnlyPendingTimers();
      await pending;
      expect(resumed).toBe(true);
    } finally {
      jest.useRealTimers();
    }
  });
});
