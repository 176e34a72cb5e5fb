import { afterFirstPaint, FIRST_PAINT_TIMEOUT_MS } from '../src/afterFirstPaint';

/** A window whose visibility and paint timing the test controls. */
function fakeWindow({ hidden = false, painted = false, paintTiming = true } = {}) {
  let visibility = hidden ? 'hidden' : 'visible';
  const observers: { callback: PerformanceObserverCallback; disconnected: boolean }[] = [];
  const frames: FrameRequestCallback[] = [];
  const doc = new EventTarget() as Document;
  Object.defineProperty(doc, 'visibilityState', { get: () => visibility });
  class FakeObserver {
    static supportedEntryTypes = paintTiming ? ['paint', 'resource'] : ['resource'];
    private readonly record: { callback: PerformanceObserverCallback; disconnected: boolean };
    constructor(callback: PerformanceObserverCallback) {
      this.record = { callback, disconnected: false };
      observers.push(this.record);
    }
    observe() {}
    disconnect() {
      this.record.disconnected = true;
    }
  }
  const win = {
    document: doc,
    performance: { getEntriesByName: (name: string) => (painted && name === 'first-contentful-paint' ? [{}] : []) },
    PerformanceObserver: FakeObserver,
    requestAnimationFrame: (callback: FrameRequestCallback) => frames.push(callback),
    setTimeout: (callback: () => void, ms: number) => setTimeout(callback, ms),
    clearTimeout: (id: number) => clearTimeout(id),
  } as unknown as Window & typeof globalThis;
  return {
    win,
    paint() {
      const list = { getEntriesByName: (name: string) => (name === 'first-contentful-paint' ? [{}] : []) } as unknown as PerformanceObserverEntryList;
      for (const observer of observers) if (!observer.disconnected) observer.callback(list, {} as PerformanceObserver);
    },
    hide() {
      visibility = 'hidden';
      doc.dispatchEvent(new Event('visibilitychange'));
    },
    runFrame() {
      for (const frame of frames.splice(0)) frame(0);
    },
  };
}

describe('afterFirstPaint', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('waits for the first contentful paint, then starts once', () => {
    const page = fakeWindow();
    const start = jest.fn();
    afterFirstPaint(start, page.win);
    expect(start).not.toHaveBeenCalled();
    page.paint();
    page.paint();
    jest.runAllTimers();
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('starts at once when the page has already painted, or is in a hidden tab', () => {
    for (const options of [{ painted: true }, { hidden: true }]) {
      const start = jest.fn();
      afterFirstPaint(start, fakeWindow(options).win);
      expect(start).toHaveBeenCalledTimes(1);
    }
  });

  it('starts when the tab is hidden before anything was painted', () => {
    const page = fakeWindow();
    const start = jest.fn();
    afterFirstPaint(start, page.win);
    page.hide();
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('does not wait longer than the time limit for a paint that never comes', () => {
    const start = jest.fn();
    afterFirstPaint(start, fakeWindow().win);
    jest.advanceTimersByTime(FIRST_PAINT_TIMEOUT_MS - 1);
    expect(start).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('falls back to the task after the next frame without paint timing', () => {
    const page = fakeWindow({ paintTiming: false });
    const start = jest.fn();
    afterFirstPaint(start, page.win);
    page.runFrame();
    expect(start).not.toHaveBeenCalled();
    jest.advanceTimersByTime(0);
    expect(start).toHaveBeenCalledTimes(1);
  });
});
