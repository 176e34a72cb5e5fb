/** Longest wait for the first paint before the app starts anyway. */
export const FIRST_PAINT_TIMEOUT_MS = 3_000;

/**
 * Runs `start` once the browser has painted the page's content. The server's HTML is complete, but
 * evaluating scripts and hydrating keep the main thread busy, and a browser paints a page for the
 * first time only when it gets a free moment: without this wait the first paint waited for the app.
 * The paint is known from its performance entry (a frame callback is not enough: the paint is
 * presented after the frame's tasks have run). A hidden tab paints nothing, so there the app starts
 * at once, or as soon as the tab is hidden.
 */
export function afterFirstPaint(start: () => void, win: Window & typeof globalThis = window): void {
  let started = false;
  let observer: PerformanceObserver | undefined;
  let timer: number | undefined;
  const onVisibilityChange = () => {
    if (win.document.visibilityState === 'hidden') run();
  };
  function run() {
    if (started) return;
    started = true;
    observer?.disconnect();
    win.clearTimeout(timer);
    win.document.removeEventListener('visibilitychange', onVisibilityChange);
    start();
  }
  const painted = () => win.performance?.getEntriesByName?.('first-contentful-paint').length > 0;
  if (win.document.visibilityState === 'hidden' || painted()) {
    run();
    return;
  }
  win.document.addEventListener('visibilitychange', onVisibilityChange);
  timer = win.setTimeout(run, FIRST_PAINT_TIMEOUT_MS);
  if (win.PerformanceObserver?.supportedEntryTypes?.includes('paint')) {
    observer = new win.PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length > 0) run();
    });
    observer.observe({ type: 'paint', buffered: true });
  } else {
    // No paint timing: a task queued from a frame callback runs after that frame.
    win.requestAnimationFrame(() => win.setTimeout(run, 0));
  }
}
