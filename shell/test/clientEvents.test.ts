/**
 * The client events reporter: what it sends (batched, scrubbed, counted against the right app and
 * build, the route pattern without query or fragment), when (a hidden or left page), and nothing at
 * all for a page view the sample leaves out.
 */
import { flushClientEvents, notePageShown, reportClientError, sampleRateOf, shellBuildOf, startClientEvents, stopClientEventsForTests } from '../src/telemetry/clientEvents';

const SHELL = 'aaaaaaaaaaa1';
const MARKETING = 'bbbbbbbbbbb2';
const COMMERCE = 'ccccccccccc3';

let sent: { events: Record<string, unknown>[] }[];
let vitals: ((name: 'LCP' | 'INP' | 'CLS' | 'TTFB' | 'FCP', value: number) => void) | undefined;

function start(random = 0) {
  return startClientEvents({
    builds: { shell: SHELL },
    page: { route: '/about', app: 'marketing', build: MARKETING },
    sampleRate: 0.5,
    random: () => random,
    send: (body) => sent.push(JSON.parse(body) as { events: Record<string, unknown>[] }),
    measureVitals: (report) => (vitals = report),
  });
}

beforeEach(() => {
  sent = [];
  vitals = undefined;
  stopClientEventsForTests();
});

test('a sampled page view sends its page views, errors and vitals in one batch when the page is hidden', () => {
  expect(start()).toBe(true);
  notePageShown({ route: '/about', app: 'marketing', build: MARKETING });
  vitals?.('LCP', 1800);
  reportClientError('render', new TypeError('x is undefined'));
  expect(sent).toEqual([]);
  Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
  expect(sent).toHaveLength(1);
  expect(sent[0]?.events).toEqual([
    { type: 'pageview', app: 'marketing', build: MARKETING, route: '/about' },
    { type: 'vital', app: 'marketing', build: MARKETING, route: '/about', name: 'LCP', value: 1800 },
    expect.objectContaining({ type: 'error', kind: 'render', app: 'marketing', build: MARKETING, route: '/about', name: 'TypeError', message: 'x is undefined' }),
  ]);
  Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
});

test('a page view the sample leaves out sends nothing, whatever happens', () => {
  expect(start(0.9)).toBe(false);
  notePageShown({ route: '/faq', app: 'marketing', build: MARKETING });
  reportClientError('error', new Error('boom'));
  window.dispatchEvent(new Event('pagehide'));
  flushClientEvents();
  expect(sent).toEqual([]);
});

test("an error counts against the app whose script is on top of its stack, with that script's build", () => {
  start();
  notePageShown({ route: '/checkout', app: 'commerce', build: COMMERCE });
  const error = new Error('Cannot read properties of undefined');
  error.stack = `TypeError: Cannot read properties of undefined\n    at Header (https://keshoglobal.co.ke/shell/${SHELL}/581.js:1:200)\n    at render (https://keshoglobal.co.ke/shell/${SHELL}/470.js:1:100)`;
  reportClientError('error', error);
  flushClientEvents();
  expect(sent[0]?.events.at(-1)).toMatchObject({
    app: 'shell',
    build: SHELL,
    route: '/checkout',
    frames: [`at Header (/shell/${SHELL}/581.js:1:200)`, `at render (/shell/${SHELL}/470.js:1:100)`],
  });
});

test('nothing personal leaves the browser: messages and frames are scrubbed, routes lose their query and fragment', () => {
  start();
  notePageShown({ route: '/contact?email=amina@example.com#sent', app: 'marketing', build: MARKETING });
  const error = new Error('Invalid value "Amina Wanjiru <amina@example.com>" for +254 712 345 678');
  error.stack = `Error: x\n    at submit (https://keshoglobal.co.ke/mfe/marketing/${MARKETING}/contact-form.js?email=amina@example.com:1:20)`;
  reportClientError('unhandledrejection', error);
  flushClientEvents();
  const text = JSON.stringify(sent);
  expect(text).not.toMatch(/amina|Wanjiru|712|example\.com|#sent/i);
  expect(sent[0]?.events.at(-1)).toMatchObject({
    route: '/contact',
    message: 'Invalid value "…" for [number]',
    frames: [`at submit (/mfe/marketing/${MARKETING}/contact-form.js:1:20)`],
  });
});

test('a chunk that fails to load is told apart, and a long visit sends in batches of 20', () => {
  start();
  const chunk = new Error('Loading chunk 806 failed.');
  chunk.name = 'ChunkLoadError';
  reportClientError('remote-load', chunk, 'marketing');
  for (let index = 0; index < 24; index += 1) notePageShown({ route: '/faq', app: 'marketing', build: MARKETING });
  expect(sent).toHaveLength(1);
  expect(sent[0]?.events).toHaveLength(20);
  expect(sent[0]?.events[0]).toMatchObject({ kind: 'chunk-load', app: 'marketing' });
  window.dispatchEvent(new Event('pagehide'));
  expect(sent[1]?.events).toHaveLength(5);
});

test('the sample rate and the shell build are read from the document', () => {
  document.head.innerHTML = `<meta name="kesho-client-events-sample-rate" content="0.1"><script defer src="/shell/${SHELL}/main.js"></script>`;
  expect(sampleRateOf(document)).toBe(0.1);
  expect(shellBuildOf(document)).toBe(SHELL);
  document.head.innerHTML = '';
  expect(sampleRateOf(document)).toBe(1);
  expect(shellBuildOf(document)).toBeNull();
});
