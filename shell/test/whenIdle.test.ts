import { whenIdle } from '../src/scheduling/whenIdle';

describe('whenIdle', () => {
  it('asks the browser for its first idle moment, with the deadline, and can be cancelled', () => {
    const requestIdleCallback = jest.fn<number, [() => void, { timeout: number }?]>(() => 7);
    const cancelIdleCallback = jest.fn();
    const job = jest.fn();
    const cancel = whenIdle(job, 1_000, { requestIdleCallback, cancelIdleCallback, setTimeout, clearTimeout });
    expect(requestIdleCallback).toHaveBeenCalledWith(job, { timeout: 1_000 });
    expect(job).not.toHaveBeenCalled();
    cancel();
    expect(cancelIdleCallback).toHaveBeenCalledWith(7);
  });

  it('otherwise runs the job in a task of its own, not in the current one', () => {
    jest.useFakeTimers();
    try {
      const job = jest.fn();
      whenIdle(job, 1_000, { setTimeout, clearTimeout });
      expect(job).not.toHaveBeenCalled();
      jest.runOnlyPendingTimers();
      expect(job).toHaveBeenCalledTimes(1);

      const cancelled = jest.fn();
      whenIdle(cancelled, 1_000, { setTimeout, clearTimeout })();
      jest.runOnlyPendingTimers();
      expect(cancelled).not.toHaveBeenCalled();
    } finally {
      jest.useRealTimers();
    }
  });
});
