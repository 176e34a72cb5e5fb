/**
 * The main thread at start-up, as a phone sees it: each route loaded in a fresh Chromium context with
 * the CPU throttled (DevTools' `Emulation.setCPUThrottlingRate`, 4x by default) and traced until the
 * page has been quiet for a while. Every top-level task of the page's main thread over 50 ms is counted
 * from the trace (countTracedTasks), with its wall time and its thread time, and the blocking time (the
 * sum of each task's time past 50 ms) by each; the Long Tasks API's figures (a PerformanceObserver
 * registered before the page's first script) are kept beside them, labelled: that observer does not see
 * tasks that only style, lay out and paint, such as a first frame.
 * Wall-clock figures on a busy machine move from run to run: the bench takes the median of several
 * loads, and compares a site with another only when measured in the same run.
 * With `attribute`, the trace also has Blink's detail and the V8 sampling profiler, and every
 * long task is split into where its time went: script by module (through the build's source maps,
 * dist/sourcemaps), style recalculation, layout, paint, HTML parsing, garbage collection, and the
 * font look-ups inside layout and style (a font's first use: on Linux, synchronous calls to the
 * browser process, most of a first layout's time on a busy machine).
 * `npm run bench -- pages` prints it; `node scripts/lib/long-tasks.mjs <origin | folder> <route>…` prints the
 * attributed profile of each route (a folder: a static site's build, served as the bench serves it) (what the closing notes of start-up work quote).
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { sourceMapsDir } from './paths.mjs';

const require = createRequire(import.meta.url);

/** A task longer than this blocks input (the Long Tasks API's and Lighthouse's threshold). */
export const LONG_TASK_MS = 50;
/** How long the page is watched after it said it is ready (or loaded): idle-time start-up jobs run in it. */
const QUIET_MS = 5_000;
/** The longest wait for a page of this site to say it is ready. */
const AT_MOST_MS = 20_000;

/** @typedef {{ start: number, duration: number }} LongTask */
/**
 * One load: `tasks`, `longestMs` and `blockingMs` are the Long Tasks API's (the observer's, which
 * misses tasks that only style, lay out and paint); `traced` is the count from the load's trace
 * (countTracedTasks), every top-level task of the main thread.
 * @typedef {{ tasks: LongTask[], longestMs: number, blockingMs: number, fcpMs: number | null, traced: TracedCount | null }} LoadSample
 */

export const blockingOf = (/** @type {LongTask[]} */ tasks) => tasks.reduce((sum, task) => sum + Math.max(0, task.duration - LONG_TASK_MS), 0);

const median = (/** @type {number[]} */ values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return 0;
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

function observeLongTasks() {
  /** @type {{ start: number, duration: number }[]} */
  const tasks = [];
  Object.defineProperty(window, '__benchLongTasks', { value: tasks });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) tasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask' });
  // Resolves when the site marks its page area interactive (<html data-app="ready">): watched by a
  // mutation observer of that one attribute (from the document: <html> does not exist yet), as
  // polling from the bench would add tasks of its own.
  const ready = new Promise((resolve) => {
    new window.MutationObserver(() => {
      if (document.documentElement.dataset.app === 'ready') resolve(true);
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-app'] });
  });
  Object.defineProperty(window, '__benchReady', { value: ready });
}

const sleep = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Loads `url` once in a fresh context with the CPU throttled; resolves once the page has said it is
 * ready (or, for a site that never says so, has loaded) and QUIET_MS more have passed, the bench
 * leaving the page alone meanwhile (no polling: a page.evaluate is a task of the page's).
 * @param {import('puppeteer-core').Browser} browser
 * @param {{ url: string, throttle: number, storage?: { localStorage: Record<string, string>, sessionStorage: Record<string, string> }, attribute?: boolean }} options
 * @returns {Promise<LoadSample & { trace?: Buffer }>}
 */
async function loadOnce(browser, { url, throttle, storage, attribute }) {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    const cdp = await page.createCDPSession();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
    await page.evaluateOnNewDocument(observeLongTasks);
    if (storage) {
      await page.evaluateOnNewDocument((state) => {
        for (const [key, value] of Object.entries(state.localStorage)) window.localStorage.setItem(key, value);
        for (const [key, value] of Object.entries(state.sessionStorage)) window.sessionStorage.setItem(key, value);
      }, storage);
    }
    // Every load is traced for the count of its tasks; `attribute` adds the profiler and Blink's detail.
    await page.tracing.start({
      categories: attribute ? [...TASK_TRACE_CATEGORIES, 'v8.execute', 'disabled-by-default-v8.cpu_profiler', 'v8', 'blink', 'fonts'] : TASK_TRACE_CATEGORIES,
    });
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    // This site says when its page area is interactive; a static site is watched from its load event.
    const says = await page.evaluate(() => document.querySelector('script[src*="/shell/"]') !== null);
    if (says) await Promise.race([page.evaluate(() => /** @type {any} */ (window).__benchReady), sleep(AT_MOST_MS)]);
    await sleep(QUIET_MS);
    const { tasks, fcpMs } = await page.evaluate(() => ({
      tasks: /** @type {{ start: number, duration: number }[]} */ (/** @type {any} */ (window).__benchLongTasks),
      fcpMs: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    }));
    const traceBuffer = Buffer.from((await page.tracing.stop()) ?? '{"traceEvents":[]}');
    const traceEvents = JSON.parse(traceBuffer.toString('utf8')).traceEvents;
    return {
      tasks,
      longestMs: Math.max(0, ...tasks.map((task) => task.duration)),
      blockingMs: blockingOf(tasks),
      fcpMs,
      traced: countTracedTasks(traceEvents, { url }),
      ...(attribute ? { trace: traceBuffer } : {}),
    };
  } finally {
    await context.close();
  }
}

/** @typedef {{ count: number, longestMs: number, blockingMs: number }} TaskFigures medians over the loads */

/**
 * @param {{ browser: import('puppeteer-core').Browser, url: string, runs: number, throttle?: number, storage?: { localStorage: Record<string, string>, sessionStorage: Record<string, string> } }} options
 * @returns {Promise<{ samples: LoadSample[], observer: TaskFigures, wall: TaskFigures, thread: TaskFigures | null }>}
 *   medians over the runs: the observer's, and the trace's by wall time and by thread time (null when a load's trace lacked it)
 */
export async function measureLongTasks({ browser, url, runs, throttle = 4, storage }) {
  /** @type {LoadSample[]} */
  const samples = [];
  for (let run = 0; run < runs; run += 1) samples.push(await measureLoad(browser, { url, throttle, ...(storage ? { storage } : {}) }));
  return summarizeLoads(samples);
}

/**
 * One load of `url` (a fresh context, the CPU throttled, traced until quiet), for a caller that
 * spreads a page's loads over a run (the bench's static site, between the routes).
 * @param {import('puppeteer-core').Browser} browser
 * @param {{ url: string, throttle?: number, storage?: { localStorage: Record<string, string>, sessionStorage: Record<string, string> } }} options
 * @returns {Promise<LoadSample>}
 */
export async function measureLoad(browser, { url, throttle = 4, storage }) {
  const sample = await loadOnce(browser, { url, throttle, ...(storage ? { storage } : {}) });
  if (!sample.traced) throw new Error(`the trace of ${url} shows no navigation of the page: its tasks cannot be counted`);
  return sample;
}

/**
 * The medians of several loads of one page: the observer's figures, and the trace's by wall time and
 * by thread time (null when a load's trace lacked it).
 * @param {LoadSample[]} samples
 * @returns {{ samples: LoadSample[], observer: TaskFigures, wall: TaskFigures, thread: TaskFigures | null }}
 */
export function summarizeLoads(samples) {
  const figures = (/** @type {{ count: number, longestMs: number, blockingMs: number }[]} */ perLoad) => ({
    count: median(perLoad.map((load) => load.count)),
    longestMs: median(perLoad.map((load) => load.longestMs)),
    blockingMs: median(perLoad.map((load) => load.blockingMs)),
  });
  const traced = samples.map((sample) => /** @type {TracedCount} */ (sample.traced));
  const threads = traced.map((count) => count.thread);
  return {
    samples,
    observer: figures(samples.map((sample) => ({ count: sample.tasks.length, longestMs: sample.longestMs, blockingMs: sample.blockingMs }))),
    wall: figures(traced.map((count) => count.wall)),
    thread: threads.every((thread) => thread !== null) ? figures(/** @type {TaskFigures[]} */ (threads)) : null,
  };
}

export async function launchBrowser(/** @type {string} */ chromiumPath) {
  const { default: puppeteer } = await import('puppeteer-core');
  return puppeteer.launch({
    executablePath: chromiumPath,
    headless: true,
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-gpu'],
  });
}

/**
 * The budget when no static site is measured in the same run: AstroWind (a static Astro template)
 * by this count on the team's machine, CPU 4x, thread time, median of 5 loads (issue 44, load 4.5-6.8
 * on 2 CPUs): longest task 175 ms (its first frame), blocking time 170 ms. (The Long Tasks API saw
 * 118 ms and 93 ms when the issue was filed, and none of its first-frame task since.)
 */
export const REFERENCE_STATIC_SITE = { label: 'AstroWind as issue 44 traced it (thread time)', longestMs: 175, blockingMs: 170 };
/** A route may block for this many times the static site's blocking time. */
export const BLOCKING_ALLOWANCE = 1.5;

/** The budget a route's start-up is held to, from a static site's figures. */
export function longTaskBudget(/** @type {{ longestMs: number, blockingMs: number }} */ staticSite) {
  return { longestMs: staticSite.longestMs, blockingMs: staticSite.blockingMs * BLOCKING_ALLOWANCE };
}

const CONTENT_TYPES = new Map([
  ['.html', 'text/html; charset=utf-8'],
  ['.js', 'text/javascript'],
  ['.mjs', 'text/javascript'],
  ['.css', 'text/css'],
  ['.json', 'application/json'],
  ['.svg', 'image/svg+xml'],
  ['.png', 'image/png'],
  ['.jpg', 'image/jpeg'],
  ['.jpeg', 'image/jpeg'],
  ['.webp', 'image/webp'],
  ['.avif', 'image/avif'],
  ['.woff2', 'font/woff2'],
  ['.woff', 'font/woff'],
  ['.ico', 'image/x-icon'],
  ['.xml', 'application/xml'],
  ['.txt', 'text/plain; charset=utf-8'],
]);

/**
 * Serves a built static site from its folder on a free loopback port ("/about" is about/index.html
 * or about.html), gzip-compressed as a static host would send it.
 * @returns {Promise<{ origin: string, close: () => Promise<void> }>}
 */
export async function serveFolder(/** @type {string} */ folder) {
  const http = await import('node:http');
  const zlib = await import('node:zlib');
  const root = path.resolve(folder);
  const server = http.createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    const candidates = [pathname, path.join(pathname, 'index.html'), `${pathname.replace(/\/$/, '')}.html`].map((name) => path.join(root, name));
    const file = candidates.find((candidate) => candidate.startsWith(root) && fs.existsSync(candidate) && fs.statSync(candidate).isFile());
    if (!file) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    const type = CONTENT_TYPES.get(path.extname(file).toLowerCase()) ?? 'application/octet-stream';
    const body = fs.readFileSync(file);
    const compressible = /^(text\/|application\/(json|xml)|image\/svg)/.test(type) && /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
    response.writeHead(200, { 'content-type': type, 'cache-control': 'no-cache', ...(compressible ? { 'content-encoding': 'gzip' } : {}) });
    response.end(compressible ? zlib.gzipSync(body) : body);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    origin: `http://127.0.0.1:${address.port}`,
    close: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}

/* ---------------------------------------------------------------- the traced count ------------- */

/** The trace categories of the traced count: the main thread's tasks (`toplevel`, and DevTools' own `RunTask`), the navigation's start; `loading` for the first paint. */
export const TASK_TRACE_CATEGORIES = ['toplevel', 'disabled-by-default-devtools.timeline', 'devtools.timeline', 'blink.user_timing', 'loading'];

/** The events a task of a thread's run loop is traced as: Blink's (DevTools') and the scheduler's, the second usually inside the first. */
const TASK_EVENTS = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);

/** @typedef {{ ts: number, start: number, wallMs: number, threadMs: number | null }} TracedTask ts in the trace's µs, start in ms from navigation */
/**
 * @typedef {{ tasks: TracedTask[], wall: { count: number, longestMs: number, blockingMs: number },
 *   thread: { count: number, longestMs: number, blockingMs: number } | null, windowMs: number }} TracedCount
 */

/**
 * The page's renderer main thread and when its navigation started: the thread that traced
 * `navigationStart` for `url` (its first such event: later ones with an empty URL are other frames'
 * or same-document states), else (a redirect answered `url`) the first `navigationStart` of a page on
 * a `CrRendererMain` thread (not an `about:` one: a fresh tab's blank page), else the thread that
 * painted first.
 * @param {any[]} traceEvents
 * @param {string} [url]
 * @returns {{ pid: number, tid: number, navigationStart: number } | null} navigationStart in the trace's µs
 */
export function pageMainThread(traceEvents, url) {
  /** @type {Set<string>} */
  const rendererMains = new Set(
    traceEvents.filter((event) => event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain').map((event) => `${event.pid}:${event.tid}`),
  );
  const starts = traceEvents.filter((event) => event.name === 'navigationStart' && /^https?:/.test(event.args?.data?.documentLoaderURL ?? ''));
  const start =
    (url ? starts.find((event) => event.args.data.documentLoaderURL === url) : undefined) ??
    starts.find((event) => rendererMains.has(`${event.pid}:${event.tid}`)) ??
    traceEvents.find((event) => event.name === 'firstContentfulPaint');
  if (!start) return null;
  return { pid: start.pid, tid: start.tid, navigationStart: start.ts };
}

/**
 * The main thread's top-level tasks over LONG_TASK_MS, from the page's navigation to the end of the
 * trace (the bench stops it once the page has been quiet for QUIET_MS): unlike the Long Tasks API,
 * this counts every task, a first frame's style, layout and paint included. A task is traced as
 * `RunTask` and/or `ThreadControllerImpl::RunTask` (complete events, or begin/end pairs; a begin
 * without its end, the task that stopped the trace, is left out); an event inside another one of the
 * thread (the scheduler's event inside DevTools', a nested run loop's task inside the task that
 * spun it) is part of that task, not one of its own. Each task has its wall time (`dur`) and its
 * thread time (`tdur`, the CPU the thread used: the time it was descheduled by the machine's other
 * processes is not in it, so it moves far less on a shared machine; under DevTools' CPU throttling a
 * synchronous wait, such as the first `localStorage` read or a font look-up's call to the browser,
 * still shows about three quarters of its wall time as thread time, the throttling's own spinning).
 * A task is long, and blocks for its time past LONG_TASK_MS, by each measure on its own.
 * @param {any[]} traceEvents
 * @param {{ url?: string }} [options]
 * @returns {TracedCount | null} null when the trace has no page navigation
 */
export function countTracedTasks(traceEvents, { url } = {}) {
  const main = pageMainThread(traceEvents, url);
  if (!main) return null;
  /** @type {{ ts: number, dur: number, tdur: number | null, name: string }[]} */
  const events = [];
  /** @type {any[]} */
  const open = [];
  let traceEnd = main.navigationStart;
  for (const event of traceEvents) {
    if (event.ph === 'M' || typeof event.ts !== 'number') continue;
    traceEnd = Math.max(traceEnd, event.ts + (event.ph === 'X' ? (event.dur ?? 0) : 0));
    if (event.pid !== main.pid || event.tid !== main.tid || !TASK_EVENTS.has(event.name)) continue;
    if (event.ph === 'X') events.push({ ts: event.ts, dur: event.dur ?? 0, tdur: typeof event.tdur === 'number' ? event.tdur : null, name: event.name });
    else if (event.ph === 'B') open.push(event);
    else if (event.ph === 'E') {
      const begin = open.findLast((candidate) => candidate.name === event.name);
      if (!begin) continue;
      open.splice(open.lastIndexOf(begin), 1);
      const threadTime = typeof begin.tts === 'number' && typeof event.tts === 'number' ? event.tts - begin.tts : null;
      events.push({ ts: begin.ts, dur: event.ts - begin.ts, tdur: threadTime, name: begin.name });
    }
  }
  // Outermost first: earlier start, then longer, then DevTools' event before the scheduler's.
  events.sort((a, b) => a.ts - b.ts || b.dur - a.dur || (a.name === 'RunTask' ? -1 : b.name === 'RunTask' ? 1 : 0));
  /** @type {typeof events} */
  const topLevel = [];
  let coveredUntil = -Infinity;
  for (const event of events) {
    if (event.ts < coveredUntil) continue;
    topLevel.push(event);
    coveredUntil = event.ts + event.dur;
  }
  const inWindow = topLevel.filter((event) => event.ts >= main.navigationStart);
  /** @type {TracedTask[]} */
  const tasks = inWindow
    .filter((event) => event.dur / 1000 > LONG_TASK_MS || (event.tdur ?? 0) / 1000 > LONG_TASK_MS)
    .map((event) => ({ ts: event.ts, start: (event.ts - main.navigationStart) / 1000, wallMs: event.dur / 1000, threadMs: event.tdur === null ? null : event.tdur / 1000 }));
  const measure = (/** @type {number[]} */ durations) => {
    const long = durations.filter((ms) => ms > LONG_TASK_MS);
    return { count: long.length, longestMs: Math.max(0, ...long), blockingMs: long.reduce((sum, ms) => sum + ms - LONG_TASK_MS, 0) };
  };
  // A task traced without its thread time (seen once in a while) counts by its wall time, the upper
  // bound; a trace without any thread time has no thread figures.
  const threadKnown = inWindow.some((event) => event.tdur !== null);
  return {
    tasks,
    wall: measure(tasks.map((task) => task.wallMs)),
    thread: threadKnown ? measure(tasks.map((task) => task.threadMs ?? task.wallMs)) : null,
    windowMs: (traceEnd - main.navigationStart) / 1000,
  };
}

/* ---------------------------------------------------------------- attribution ------------------ */

/** "react-dom", "shell/src/app/App.tsx": who a source of a build's source map is (as lib/route-javascript.mjs names them). */
function moduleNameOf(/** @type {string} */ source) {
  const inRepo = source.replace(/^webpack:\/\/[^/]+\//, '');
  const nodeModules = /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(inRepo);
  if (nodeModules?.[1]) return nodeModules[1];
  if (inRepo.startsWith('webpack/')) return 'webpack runtime';
  const app = /^kesho_([a-z]+)/.exec(source.replace(/^webpack:\/\//, ''))?.[1];
  const relative = inRepo.replace(/^\.\//, '');
  if (relative.startsWith('../')) return relative.slice(3);
  return `${app === 'shell' ? 'shell' : `mfe-${app}`}/${relative}`;
}

/** The module behind a script position, by the script's source map when the build kept one. */
function moduleResolver() {
  const { SourceMapConsumer } = require('source-map');
  /** @type {Map<string, any>} */
  const consumers = new Map();
  return (/** @type {string} */ url, /** @type {number} */ line, /** @type {number} */ column) => {
    if (!url) return '(native)';
    let scriptPath;
    try {
      scriptPath = new URL(url).pathname;
    } catch {
      return url;
    }
    if (!consumers.has(scriptPath)) {
      const mapFile = path.join(sourceMapsDir, `${scriptPath}.map`);
      consumers.set(scriptPath, fs.existsSync(mapFile) ? new SourceMapConsumer(JSON.parse(fs.readFileSync(mapFile, 'utf8'))) : null);
    }
    const consumer = consumers.get(scriptPath);
    if (!consumer) return scriptPath;
    const position = consumer.originalPositionFor({ line: line + 1, column: Math.max(0, column) });
    return position.source ? moduleNameOf(position.source) : `${scriptPath} (unmapped)`;
  };
}

/** Trace events that are not script: what the renderer did itself, by a readable name. */
const RENDERER_WORK = new Map([
  ['ParseHTML', 'parse HTML'],
  ['UpdateLayoutTree', 'style recalculation'],
  ['RecalculateStyles', 'style recalculation'],
  ['ParseAuthorStyleSheet', 'parse CSS'],
  ['Layout', 'layout'],
  ['PrePaint', 'paint'],
  ['Paint', 'paint'],
  ['Layerize', 'paint'],
  ['UpdateLayerTree', 'paint'],
  ['MajorGC', 'garbage collection'],
  ['MinorGC', 'garbage collection'],
  ['V8.GC_SCAVENGER', 'garbage collection'],
  ['HitTest', 'hit test'],
]);

/** Blink's font cache missing a font (family, size, weight): where the first uses of a font go. */
const FONT_LOOKUP = 'FontCache::GetFontPlatformData';

/**
 * Splits every long task of a trace into where its time went: script time by module (the V8
 * profiler's samples, each charged to the module of its innermost frame with a script), the rest by
 * the renderer's own events; and names the script entries (the event that ran JavaScript at the
 * task's top: a script evaluated, a timer, a message, a promise job…).
 * The tasks are those of the traced count (countTracedTasks: long by wall or by thread time).
 * @param {Buffer} traceBuffer
 * @param {string} [url] the page loaded (which renderer is the page's)
 * @returns {{ start: number, duration: number, threadMs: number | null, entries: string[], parts: [string, number][] }[]} in ms, from navigation
 */
export function attributeLongTasks(traceBuffer, url) {
  const moduleAt = moduleResolver();
  const { traceEvents } = JSON.parse(traceBuffer.toString('utf8'));
  const main = pageMainThread(traceEvents, url);
  const count = countTracedTasks(traceEvents, url ? { url } : {});
  if (!main || !count) return [];
  const { pid, tid, navigationStart } = main;
  const onMain = traceEvents.filter((/** @type {any} */ event) => event.pid === pid && event.tid === tid);
  const tasks = count.tasks.map((task) => ({ ts: task.ts, dur: task.wallMs * 1000, threadMs: task.threadMs }));

  // The profiler's samples on the main thread: [time, module].
  /** @type {Map<number, { callFrame: any, parent?: number }>} */
  const nodes = new Map();
  /** @type {[number, string][]} */
  const samples = [];
  const profiles = traceEvents.filter((event) => event.pid === pid && (event.name === 'Profile' || event.name === 'ProfileChunk'));
  const profileIds = new Set(profiles.filter((event) => event.name === 'Profile' && event.tid === tid).map((event) => event.id));
  let time = 0;
  for (const event of profiles) {
    if (!profileIds.has(event.id)) continue;
    if (event.name === 'Profile') {
      time = event.args.data.startTime;
      continue;
    }
    const profile = event.args.data.cpuProfile ?? {};
    for (const node of profile.nodes ?? []) nodes.set(node.id, { callFrame: node.callFrame, parent: node.parent });
    const deltas = event.args.data.timeDeltas ?? [];
    for (const [i, nodeId] of (profile.samples ?? []).entries()) {
      time += deltas[i] ?? 0;
      samples.push([time, frameModule(/** @type {number} */ (nodeId))]);
    }
  }
  function frameModule(/** @type {number} */ nodeId) {
    /** @type {number | undefined} */
    let id = nodeId;
    while (id !== undefined) {
      const node = nodes.get(id);
      if (!node) break;
      const { url, functionName, lineNumber, columnNumber } = node.callFrame;
      if (url) return moduleAt(url, lineNumber, columnNumber);
      if (functionName === '(garbage collector)') return 'garbage collection';
      if (functionName === '(program)' || functionName === '(idle)') return '(renderer)';
      id = node.parent;
    }
    return '(renderer)';
  }
  samples.sort((a, b) => a[0] - b[0]);

  return tasks.map((task) => {
    const end = task.ts + task.dur;
    const inside = onMain.filter((event) => event.ph === 'X' && event.ts >= task.ts && event.ts < end && event !== task);
    /** @type {Map<string, number>} */
    const parts = new Map();
    const add = (/** @type {string} */ name, /** @type {number} */ ms) => parts.set(name, (parts.get(name) ?? 0) + ms);
    // Renderer work, counting only the outermost event of each kind (their durations nest).
    /** @type {[number, number, string][]} */
    const counted = [];
    for (const event of inside) {
      const kind = RENDERER_WORK.get(event.name);
      if (!kind) continue;
      if (counted.some(([from, to]) => event.ts >= from && event.ts + event.dur <= to)) continue;
      counted.push([event.ts, event.ts + event.dur, kind]);
      add(kind, event.dur / 1000);
    }
    // A font's first use (a family matched, a size's render style read: on Linux each a synchronous
    // call to the browser process, which a busy machine makes wait) is charged to the font
    // look-ups, out of the layout or style work it happened in.
    /** @type {[number, number][]} */
    const fontLookups = [];
    for (const event of inside) {
      if (event.name !== FONT_LOOKUP) continue;
      if (fontLookups.some(([from, to]) => event.ts >= from && event.ts + event.dur <= to)) continue;
      fontLookups.push([event.ts, event.ts + event.dur]);
      const around = counted.find(([from, to]) => event.ts >= from && event.ts + event.dur <= to);
      if (around) add(around[2], -event.dur / 1000);
      add('font look-ups', event.dur / 1000);
    }
    // Script time from the samples inside the task, minus the renderer work already counted.
    const taskSamples = samples.filter(([at]) => at >= task.ts && at < end);
    for (const [i, [at, module]] of taskSamples.entries()) {
      if (module === '(renderer)' || module === 'garbage collection') continue;
      if (counted.some(([from, to]) => at >= from && at < to)) continue;
      const next = taskSamples[i + 1]?.[0] ?? end;
      add(module, (next - at) / 1000);
    }
    const attributed = [...parts.values()].reduce((sum, ms) => sum + ms, 0);
    add('(other)', Math.max(0, task.dur / 1000 - attributed));
    /** @type {string[]} */
    const entries = [];
    for (const event of inside) {
      if (!['EvaluateScript', 'FunctionCall', 'TimerFire', 'FireIdleCallback', 'EventDispatch', 'FireAnimationFrame', 'RunMicrotasks', 'v8.evaluateModule', 'ParseHTML'].includes(event.name))
        continue;
      const data = event.args?.data ?? {};
      const where = data.url ? new URL(data.url).pathname.split('/').slice(-2).join('/') : (data.type ?? data.functionName ?? '');
      const label = `${event.name}${where ? ` ${where}` : ''}`;
      if (!entries.includes(label)) entries.push(label);
      if (entries.length >= 4) break;
    }
    return {
      start: (task.ts - navigationStart) / 1000,
      duration: task.dur / 1000,
      threadMs: task.threadMs,
      entries,
      parts: [...parts].filter(([, ms]) => ms >= 1).sort((a, b) => b[1] - a[1]),
    };
  });
}

/** One traced load per route, each long task with where its time went, as printed lines. */
export async function profileRoutes(
  /** @type {{ browser: import('puppeteer-core').Browser, origin: string, routes: string[], throttle?: number }} */ { browser, origin, routes, throttle = 4 },
) {
  /** @type {string[]} */
  const lines = [];
  for (const route of routes) {
    const url = new URL(route, origin).href;
    const sample = await loadOnce(browser, { url, throttle, attribute: true });
    const tasks = attributeLongTasks(/** @type {Buffer} */ (sample.trace), url);
    const traced = sample.traced;
    const figures = (/** @type {{ count: number, longestMs: number, blockingMs: number } | null | undefined} */ measure) =>
      measure ? `${measure.count} tasks, longest ${Math.round(measure.longestMs)} ms, blocking ${Math.round(measure.blockingMs)} ms` : 'n/a';
    lines.push(
      `${route} (CPU ${throttle}x, FCP ${Math.round(sample.fcpMs ?? 0)} ms): traced, thread time: ${figures(traced?.thread)}; wall time: ${figures(traced?.wall)}; observer: ${figures({ count: sample.tasks.length, longestMs: sample.longestMs, blockingMs: sample.blockingMs })}`,
    );
    for (const task of tasks) {
      const thread = task.threadMs === null ? '' : `, thread ${Math.round(task.threadMs)} ms`;
      // The task that commits the navigation runs the previous page's unload: here the fresh context's blank page.
      const commit = task.entries.some((entry) => /^EventDispatch (pagehide|unload)$/.test(entry)) ? "the navigation's commit (the previous page unloaded, the new document created): " : '';
      lines.push(`  at ${Math.round(task.start)} ms, wall ${Math.round(task.duration)} ms${thread}: ${commit}${task.entries.join(' | ')}`);
      lines.push(`    ${task.parts.map(([name, ms]) => `${name} ${Math.round(ms)}`).join(', ')}`);
    }
  }
  return lines;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [target, ...routes] = process.argv.slice(2);
  if (!target || routes.length === 0) {
    console.error("usage: node scripts/lib/long-tasks.mjs <origin | a static site's folder> <route>…  (CPU throttling from BENCH_THROTTLE, default 4)");
    process.exit(2);
  }
  const { chromiumPath } = await import('./chromium.mjs');
  const { repoRoot } = await import('./repo-root.mjs');
  // A folder (a static site's build, e.g. AstroWind's dist/) is served as the bench serves it.
  const folder = /^https?:\/\//.test(target) ? null : await serveFolder(target);
  const browser = await launchBrowser(chromiumPath(repoRoot));
  try {
    const origin = folder ? folder.origin : target;
    for (const line of await profileRoutes({ browser, origin, routes, throttle: Number(process.env.BENCH_THROTTLE ?? 4) })) console.log(line);
  } finally {
    await browser.close();
    await folder?.close();
  }
}
