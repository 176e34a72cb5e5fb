interface SchedulerWithYield {
  yield?: () => Promise<void>;
}

/**
 * Ends the current task and resumes in a new one, so the browser can paint and answer input in
 * between. Start-up work (loading a remote's container, evaluating the app's modules,
 * hydration) would otherwise run as one long task that a visitor's tap has to wait for.
 * `scheduler.yield()` resumes ahead of other queued tasks; without it, a zero-delay timer.
 */
export function yieldToMain(win: typeof globalThis = globalThis): Promise<void> {
  const scheduler = (win as { scheduler?: SchedulerWithYield }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => win.setTimeout(resolve, 0));
}
