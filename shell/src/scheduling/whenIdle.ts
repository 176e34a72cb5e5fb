interface IdleWindow {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
  setTimeout: typeof globalThis.setTimeout;
  clearTimeout: typeof globalThis.clearTimeout;
}

/**
 * Runs `job` in a task of its own once the main thread is idle (start-up done, or `timeoutMs` at the
 * latest), for start-up work no first interaction needs: kept out of the tasks that hydrate the page,
 * it neither lengthens them nor waits in front of a tap. Without `requestIdleCallback` (Safari), a
 * zero-delay timer: still a task of its own. Returns the cancellation.
 */
export function whenIdle(job: () => void, timeoutMs: number, win: IdleWindow = globalThis as unknown as IdleWindow): () => void {
  if (typeof win.requestIdleCallback === 'function') {
    const handle = win.requestIdleCallback(job, { timeout: timeoutMs });
    return () => win.cancelIdleCallback?.(handle);
  }
  const timer = win.setTimeout(job, 0);
  return () => win.clearTimeout(timer);
}
