/**
 * The main thread at start-up, as a phone sees it: each route loaded in a fresh Chromium context with
 * the CPU throttled (DevTools' `Emulation.setCPUThrottlingRate`, 4x by default), every long task
 * (PerformanceObserver 'longtask', registered before the page's first script) collected until the
 * page has been quiet for a while, and its blocking time (the sum of each task's time past 50 ms).
 * Wall-clock figures on a busy machine move from run to run: the bench takes the median of several
 * loads, and compares a site with another only when measured in the same run.
 * With `attribute`, each load is also traced (DevTools timeline + V8 sampling profiler) and every
 * long task is split into where its time went: script by module (through the build's source maps,
 * dist/sourcemaps), style recalculation, layout, paint, HTML parsing, garbage collection, and the
 * font look-ups inside layout and style (a font's first use: on Linux, synchronous calls to the
 * browser process, most of a first layout's time on a busy machine).
 * `npm run bench -- pages` prints it; `node scripts/lib/long-tasks.mjs <origin> <route>…` prints the
 * attributed profile of each route (what the closing notes of start-up work quote).
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
/** @typedef {{ tasks: LongTask[], longestMs: number, blockingMs: number, fcpMs: number | null }} LoadSample */

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
 * @param {{ url: string, throttle: number, storage?: { localStorage: Record<string, string>, sessionStorage: Record<string, string> }, trace?: boolean }} options
 * @returns {Promise<LoadSample & { trace?: Buffer }>}
 */
async function loadOnce(browser, { url, throttle, storage, trace }) {
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
    if (trace) {
      await page.tracing.start({
        categories: [
          'devtools.timeline',
          'disabled-by-default-devtools.timeline',
          'v8.execute',
          'disabled-by-default-v8.cpu_profiler',
          'v8',
          'blink',
          'blink.user_timing',
          'loading',
          'toplevel',
          'fonts',
        ],
      });
    }
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    // This site says when its page area is interactive; a static site is watched from its load event.
    const says = await page.evaluate(() => document.querySelector('script[src*="/shell/"]') !== null);
    if (says) await Promise.race([page.evaluate(() => /** @type {any} */ (window).__benchReady), sleep(AT_MOST_MS)]);
    await sleep(QUIET_MS);
    const { tasks, fcpMs } = await page.evaluate(() => ({
      tasks: /** @type {{ start: number, duration: number }[]} */ (/** @type {any} */ (window).__benchLongTasks),
      fcpMs: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    }));
    const traced = trace ? await page.tracing.stop() : undefined;
    return {
      tasks,
      longestMs: Math.max(0, ...tasks.map((task) => task.duration)),
      blockingMs: blockingOf(tasks),
      fcpMs,
      ...(traced ? { trace: Buffer.from(traced) } : {}),
    };
  } finally {
    await context.close();
  }
}

/**
 * @param {{ browser: import('puppeteer-core').Browser, url: string, runs: number, throttle?: number, storage?: { localStorage: Record<string, string>, sessionStorage: Record<string, string> } }} options
 * @returns {Promise<{ samples: LoadSample[], count: number, longestMs: number, blockingMs: number }>} medians over the runs
 */
export async function measureLongTasks({ browser, url, runs, throttle = 4, storage }) {
  /** @type {LoadSample[]} */
  const samples = [];
  for (let run = 0; run < runs; run += 1) samples.push(await loadOnce(browser, { url, throttle, storage }));
  return {
    samples,
    count: median(samples.map((sample) => sample.tasks.length)),
    longestMs: median(samples.map((sample) => sample.longestMs)),
    blockingMs: median(samples.map((sample) => sample.blockingMs)),
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
 * as issue 44 measured it on the team's machine, CPU 4x: longest task 118 ms, blocking time 93 ms.
 */
export const REFERENCE_STATIC_SITE = { label: 'AstroWind as measured in issue 44', longestMs: 118, blockingMs: 93 };
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
 * @param {Buffer} traceBuffer
 * @returns {{ start: number, duration: number, entries: string[], parts: [string, number][] }[]} in ms, from navigation
 */
export function attributeLongTasks(traceBuffer) {
  const moduleAt = moduleResolver();
  const { traceEvents } = JSON.parse(traceBuffer.toString('utf8'));
  // The page's renderer is the one that painted its first content.
  const painted = traceEvents.find((event) => event.name === 'firstContentfulPaint' && event.pid);
  if (!painted) return [];
  const { pid, tid } = painted;
  const onMain = traceEvents.filter((event) => event.pid === pid && event.tid === tid);
  const navigationStart = onMain.find((event) => event.name === 'navigationStart')?.ts ?? onMain.find((event) => event.name === 'ParseHTML')?.ts ?? 0;
  const candidates = onMain.filter((event) => event.ph === 'X' && (event.name === 'RunTask' || event.name === 'ThreadControllerImpl::RunTask') && event.dur / 1000 > LONG_TASK_MS);
  // A task is traced twice (the scheduler's event inside the thread's): keep the outermost.
  const tasks = candidates.filter(
    (task) =>
      !candidates.some(
        (other) => other !== task && other.ts <= task.ts && other.ts + other.dur >= task.ts + task.dur && (other.ts < task.ts || other.dur > task.dur || other.name === 'RunTask'),
      ),
  );

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
    const sample = await loadOnce(browser, { url: new URL(route, origin).href, throttle, trace: true });
    const tasks = attributeLongTasks(/** @type {Buffer} */ (sample.trace));
    lines.push(
      `${route}: ${sample.tasks.length} long tasks (observer), longest ${Math.round(sample.longestMs)} ms, blocking ${Math.round(sample.blockingMs)} ms, FCP ${Math.round(sample.fcpMs ?? 0)} ms (CPU ${throttle}x, traced)`,
    );
    for (const task of tasks) {
      lines.push(`  at ${Math.round(task.start)} ms, ${Math.round(task.duration)} ms: ${task.entries.join(' | ')}`);
      lines.push(`    ${task.parts.map(([name, ms]) => `${name} ${Math.round(ms)}`).join(', ')}`);
    }
  }
  return lines;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [origin, ...routes] = process.argv.slice(2);
  if (!origin || routes.length === 0) {
    console.error('usage: node scripts/lib/long-tasks.mjs <origin> <route>…  (CPU throttling from BENCH_THROTTLE, default 4)');
    process.exit(2);
  }
  const { chromiumPath } = await import('./chromium.mjs');
  const { repoRoot } = await import('./repo-root.mjs');
  const browser = await launchBrowser(chromiumPath(repoRoot));
  try {
    for (const line of await profileRoutes({ browser, origin, routes, throttle: Number(process.env.BENCH_THROTTLE ?? 4) })) console.log(line);
  } finally {
    await browser.close();
  }
}
