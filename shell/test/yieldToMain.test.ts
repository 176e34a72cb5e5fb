import yieldingRuntimePlugin from '../src/federation/yieldingRuntimePlugin';
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

describe('the yielding federation runtime plugin', () => {
  it('hands every step its arguments back unchanged, after a yield', async () => {
    const plugin = yieldingRuntimePlugin();
    const args = { pkgName: 'react' };
    for (const hook of ['beforeLoadShare', 'beforeRequest', 'beforeInitContainer'] as const) {
      const run = plugin[hook] as unknown as (value: typeof args) => Promise<typeof args>;
      await expect(run(args)).resolves.toBe(args);
    }
  });
});
