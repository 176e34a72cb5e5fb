/**
 * `npm run bench`: the speed and size budgets of the site, measured, not asserted in tests.
 * - Lighthouse 13 (mobile, simulated slow 4G + 4x CPU) RUNS times over every route: median scores, LCP,
 *   TBT, CLS, each beside its budget.
 * - JavaScript per route, counted as the JS budget test counts it (Chromium, until the app is ready and
 *   the network idle), beside the route's budget (@kesho/release-model/js-budgets: 130 KB for content routes,
 *   160 KB for the commerce flow): which scripts each route downloads, their gzip bytes and the modules
 *   in each (lib/route-javascript.mjs). The one JavaScript budget check; bytes do not depend on the machine's load.
 * - create-payment under 50 concurrent connections (autocannon): invalid bodies (400s) and valid
 *   sandbox orders, p50/p99 latency over 8 s, each after a 2 s warm-up that is not counted.
 * - Release commands (lib/bench-release.mjs): publish, canary, abort, promote and preview of marketing on
 *   a copy of dist/, RUNS cycles, medians printed (no budget: the figures teams wait for).
 * - the Lambda handlers (lib/lambda-bench.mjs): each deployed bundle's size and cold module load
 *   (median of 10 fresh processes) beside its budget, and create-payment's own cold start and warm calls.
 * Sections run alone when named: `npm run bench -- lambdas`, `-- api` (create-payment under load),
 * `-- pages` (Lighthouse), `-- js` (the JavaScript per route, no Lighthouse), `-- releases`; `-- lambda-sizing` (not in the default run) prints each handler
 * step's CPU time and its duration at each Lambda memory size's CPU share, the basis of the functions' memory sizes (infra/REFERENCE.md).
 * Builds the site first if dist/site is missing. Prints a table; exits 1 when a median misses a budget.
 * /checkout and /payment are measured as a customer reaches them, with a package in the cart and the
 * checkout details saved (without them, the first shows an empty-cart screen and the second sends the
 * visitor back to /custom-quote).
 * Options (read by local-server/src/config.ts): BENCH_STATIC_SITE (a static site's build, measured beside this one), BENCH_RUNS (default 3), BENCH_ROUTES (comma-separated
 * paths, default every route); the browser is CHROMIUM_PATH (read by lib/chromium.mjs).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { chromiumPath } from './lib/chromium.mjs';
import { readLocalSettings } from './lib/local-config.mjs';
import { benchLambdas, benchLambdaSizing } from './lib/lambda-bench.mjs';
import { formatRouteJavaScript, measureRouteJavaScript } from './lib/route-javascript.mjs';
import { launchBrowser, longTaskBudget, measureLoad, measureLongTasks, REFERENCE_STATIC_SITE, serveFolder, summarizeLoads } from './lib/long-tasks.mjs';
import { localServerScript, pointerFile } from './lib/paths.mjs';
import { repoRoot } from './lib/repo-root.mjs';
import { ROOMY_PAYMENT_LIMITS } from './lib/test-traffic.mjs';
import { jsBudgetKbOf } from '@kesho/release-model/js-budgets';
import { catalogue } from '@kesho/site-rules/catalogue';
import { STORAGE_KEYS } from '@kesho/site-rules/storage-keys';
import { serializeCart } from '../mfe-commerce/src/cart/persistence.ts';
import { NODE_TS_OPTIONS } from './lib/node-ts.mjs';

const require = createRequire(import.meta.url);
const settings = await readLocalSettings('readBenchConfig');
const RUNS = settings.runs;
const CHROMIUM = chromiumPath(repoRoot);
const ORDER_STATE_ROUTES = new Set(['/checkout', '/payment']);
const BENCH_CUSTOMER = { fullName: 'Bench Mark', email: 'bench@example.com', phone: '+254700000000', companyName: '', notes: '', acceptTerms: true };

/** The service the bench orders, and the browser storage of a visitor who has ordered it and entered their details. */
async function loadOrderFixtures() {
  const service = catalogue[0];
  if (!service) throw new Error('the catalogue (@kesho/site-rules/catalogue) lists no service to order');
  return {
    service,
    storage: {
      localStorage: { [STORAGE_KEYS.cart]: serializeCart([{ ...service, quantity: 2 }]) },
      sessionStorage: { [STORAGE_KEYS.checkoutData]: JSON.stringify(BENCH_CUSTOMER) },
    },
  };
}

const BUDGET = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100, 'agentic-browsing': 100, lcpMs: 2000, tbtMs: 150, cls: 0.02, p99Ms400: 20 };

/** @returns {Promise<void>} */
function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', ...options });
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`))));
  });
}

async function startServer() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kesho-bench-'));
  const child = spawn(process.execPath, [...NODE_TS_OPTIONS, localServerScript], {
    // The API section starts thousands of orders from 127.0.0.1: the payment limits make room for it.
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      STRIPE_SECRET_KEY: '',
      ...ROOMY_PAYMENT_LIMITS,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const origin = await new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const match = /running at (http:\/\/\S+)/.exec(output);
      if (match) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
  return {
    origin,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
    dataDir,
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** Lighthouse in a tab whose storage already holds an order (kept: no storage reset, same tab). */
async function lighthouseWithOrder(lighthouse, origin, route, port, storage) {
  const { default: puppeteer } = await import('puppeteer-core');
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}`, defaultViewport: null });
  try {
    const page = await browser.newPage();
    await page.goto(`${origin}/robots.txt`);
    await page.evaluate((state) => {
      for (const [key, value] of Object.entries(state.localStorage)) window.localStorage.setItem(key, value);
      for (const [key, value] of Object.entries(state.sessionStorage)) window.sessionStorage.setItem(key, value);
    }, storage);
    const result = await lighthouse(`${origin}${route}`, { port, output: 'json', logLevel: 'error', disableStorageReset: true }, undefined, page);
    if (result?.lhr.finalDisplayedUrl && new URL(result.lhr.finalDisplayedUrl).pathname !== route) {
      throw new Error(`${route} was measured at ${result.lhr.finalDisplayedUrl}: the saved order was not picked up`);
    }
    return result;
  } finally {
    await browser.disconnect();
  }
}

async function lighthouseRoutes(origin, routes, orderStorage) {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const rows = [];
  for (const route of routes) {
    const samples = [];
    let attempts = 0;
    while (samples.length < RUNS) {
      attempts += 1;
      if (attempts > RUNS + 3) throw new Error(`Lighthouse kept failing on ${route}`);
      const chrome = await chromeLauncher.launch({
        chromePath: CHROMIUM,
        chromeFlags: ['--headless=new', '--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-gpu'],
      });
      try {
        const result = ORDER_STATE_ROUTES.has(route)
          ? await lighthouseWithOrder(lighthouse, origin, route, chrome.port, orderStorage)
          : await lighthouse(`${origin}${route}`, { port: chrome.port, output: 'json', logLevel: 'error' });
        const { lhr } = result;
        if (lhr.runtimeError || typeof lhr.audits['cumulative-layout-shift']?.numericValue !== 'number') {
          console.log(`  ${route}: run failed (${lhr.runtimeError?.code ?? 'missing metrics'}), trying again`);
          continue;
        }
        const score = (id) => (lhr.categories[id]?.score == null ? null : Math.round(lhr.categories[id].score * 100));
        samples.push({
          performance: score('performance'),
          accessibility: score('accessibility'),
          'best-practices': score('best-practices'),
          seo: score('seo'),
          'agentic-browsing': score('agentic-browsing'),
          lcpMs: lhr.audits['largest-contentful-paint'].numericValue,
          tbtMs: lhr.audits['total-blocking-time'].numericValue,
          cls: lhr.audits['cumulative-layout-shift'].numericValue,
          // Lighthouse's measure of this machine's CPU at the time: a run on a busy moment shows here.
          benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
        });
      } finally {
        await chrome.kill();
      }
    }
    const row = { route };
    for (const key of Object.keys(samples[0] ?? {})) {
      const values = samples.map((sample) => sample[key]).filter((value) => value !== null);
      row[key] = values.length ? median(values) : null;
    }
    rows.push(row);
    console.log(
      `  ${route}: performance ${row.performance}, LCP ${Math.round(row.lcpMs)} ms, TBT ${Math.round(row.tbtMs)} ms, CLS ${row.cls.toFixed(3)}, CPU benchmark index ${Math.round(row.benchmarkIndex ?? 0)}`,
    );
  }
  return rows;
}

const WARM_UP_SECONDS = 2;
const LOAD_SECONDS = 8;

async function loadTest(origin, service) {
  const autocannon = require('autocannon');
  const load = (body, duration) =>
    new Promise((resolve, reject) => {
      autocannon(
        { url: `${origin}/api/create-payment`, method: 'POST', connections: 50, duration, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
        (error, result) => (error ? reject(error) : resolve(result)),
      );
    });
  // Steady state is what the budget is about: the first second of a cold process is the JIT compiling
  // the handler and the schema (a ~500 ms maximum, which alone moved p99 by 10 ms in an 8 s run).
  const fire = async (body) => {
    await load(body, WARM_UP_SECONDS);
    return load(body, LOAD_SECONDS);
  };
  const invalid = await fire({ items: [], customerData: { fullName: 'A' } });
  const valid = await fire({
    // On the wire the price is in dollars, as the browser sends it (mfe-commerce/src/api/paymentsClient.ts).
    items: [{ id: service.id, name: service.name, price: service.priceCents / 100, quantity: 1 }],
    customerData: BENCH_CUSTOMER,
  });
  const summary = (result) => ({ requests: result.requests.total, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors });
  return { invalid: summary(invalid), valid: summary(valid) };
}

const mark = (ok) => (ok ? 'ok  ' : 'MISS');

/** The release commands' times, on a copy of dist/ (nothing of the real one moves). */
async function releaseSection() {
  console.log(`\nRelease commands (marketing, ${RUNS} cycles on a copy of dist/, medians; node start-up not counted):`);
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'kesho-bench-dist-'));
  try {
    fs.cpSync(path.join(repoRoot, 'dist'), copy, { recursive: true });
    await run(process.execPath, [...NODE_TS_OPTIONS, path.join(repoRoot, 'scripts', 'lib', 'bench-release.mjs'), String(RUNS)], {
      cwd: repoRoot,
      env: { ...process.env, KESHO_DIST_DIR: copy },
    });
  } finally {
    fs.rmSync(copy, { recursive: true, force: true });
  }
}

const SECTIONS = ['pages', 'js', 'api', 'releases', 'lambdas', 'lambda-sizing'];
const DEFAULT_SECTIONS = ['pages', 'js', 'api', 'releases', 'lambdas'];

/** The sections named on the command line (`npm run bench -- lambdas api`), or the default run. */
function requestedSections() {
  const named = process.argv.slice(2);
  const unknown = named.filter((name) => !SECTIONS.includes(name));
  if (unknown.length > 0) {
    console.error(`Unknown bench section ${unknown.join(', ')}: choose from ${SECTIONS.join(', ')}`);
    process.exit(2);
  }
  return new Set(named.length > 0 ? named : DEFAULT_SECTIONS);
}

async function main() {
  const sections = requestedSections();
  let misses = 0;
  if (sections.has('pages') || sections.has('js') || sections.has('api') || sections.has('releases')) {
    if (!fs.existsSync(pointerFile) || !fs.existsSync(localServerScript)) {
      await run('npm', ['run', 'build'], { cwd: repoRoot });
    }
  }
  if (sections.has('pages') || sections.has('js') || sections.has('api')) misses += await benchSite(sections);
  if (sections.has('releases')) await releaseSection();
  if (sections.has('lambdas') || sections.has('lambda-sizing')) {
    const { service } = await loadOrderFixtures();
    // On the wire the price is in dollars, as the browser sends it (mfe-commerce/src/api/paymentsClient.ts).
    const order = { items: [{ id: service.id, name: service.name, price: service.priceCents / 100, quantity: 1 }], customerData: BENCH_CUSTOMER };
    if (sections.has('lambdas')) {
      console.log('');
      misses += await benchLambdas(repoRoot, order);
    }
    if (sections.has('lambda-sizing')) {
      console.log('');
      misses += await benchLambdaSizing(repoRoot, order);
    }
  }
  if (misses > 0) {
    console.log(`\n${misses} figure(s) missed their budget.`);
    process.exitCode = 1;
  }
}

/** Lighthouse per route, the JavaScript per route and create-payment under load, against the local server; returns the misses. */
async function benchSite(sections) {
  const pointers = JSON.parse(fs.readFileSync(pointerFile, 'utf8'));
  /** @type {Map<string, string>} the remote that serves each route */
  const remoteOf = new Map(pointers.remotes.flatMap((remote) => remote.routes.map((route) => [route.path, remote.name])));
  const routes = settings.routes ?? [...remoteOf.keys()];
  const server = await startServer();
  let misses = 0;
  try {
    const order = await loadOrderFixtures();
    if (sections.has('pages')) misses += await benchPages(server, routes, order);
    if (sections.has('js')) misses += await benchJavaScript(server, routes, remoteOf, order);
    if (sections.has('api')) misses += await benchApi(server, order);
  } finally {
    await server.stop();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  }
  return misses;
}

async function benchPages(server, routes, order) {
  const staticSite = settings.staticSite ? await serveFolder(settings.staticSite) : null;
  try {
    return await benchPagesWith(server, routes, order, staticSite);
  } finally {
    await staticSite?.close();
  }
}

/** One row of the Lighthouse table: the label, the scores and timings, and the last column's word. */
function lighthouseCells(label, row, verdict) {
  return [
    label,
    row.performance,
    row.accessibility,
    row['best-practices'],
    row.seo,
    row['agentic-browsing'] ?? 'n/a',
    Math.round(row.lcpMs),
    Math.round(row.tbtMs),
    row.cls.toFixed(3),
    verdict,
  ].map(String);
}

async function benchPagesWith(server, routes, order, staticSite) {
  let misses = 0;
  console.log(`Lighthouse 13, mobile, ${RUNS} runs per route (medians)${staticSite ? ', and the static site of BENCH_STATIC_SITE at the end' : ''}:`);
  const rows = await lighthouseRoutes(server.origin, routes, order.storage);
  const header = ['route', 'perf', 'a11y', 'best', 'seo', 'agent', 'LCP ms', 'TBT ms', 'CLS', ''];
  const lines = [header, ['budget', `≥${BUDGET.performance}`, '100', '100', '100', '100', `≤${BUDGET.lcpMs}`, `≤${BUDGET.tbtMs}`, `≤${BUDGET.cls}`, '']];
  for (const row of rows) {
    const ok =
      row.performance >= BUDGET.performance &&
      ['accessibility', 'best-practices', 'seo'].every((key) => row[key] === 100) &&
      (row['agentic-browsing'] === null || row['agentic-browsing'] === 100) &&
      row.lcpMs <= BUDGET.lcpMs &&
      row.tbtMs <= BUDGET.tbtMs &&
      row.cls <= BUDGET.cls;
    if (!ok) misses += 1;
    lines.push(lighthouseCells(row.route, row, mark(ok)));
  }
  if (staticSite) {
    const [row] = await lighthouseRoutes(staticSite.origin, ['/'], order.storage);
    if (row) lines.push(lighthouseCells('static site /', row, '(same run)'));
  }
  printTable(lines);
  return misses + (await benchLongTasks(server, routes, order, staticSite));
}

function printTable(/** @type {string[][]} */ lines) {
  const widths = (lines[0] ?? []).map((_, i) => Math.max(...lines.map((line) => String(line[i]).length)));
  console.log('');
  for (const line of lines)
    console.log(
      line
        .map((cell, i) => String(cell).padEnd(widths[i] ?? 0))
        .join('  ')
        .trimEnd(),
    );
}

/** Loads per route for the long tasks: wall-clock figures on a shared machine need a median of several. */
const LONG_TASK_LOADS = Math.max(RUNS, 5);
const CPU_THROTTLE = 4;

/**
 * Every long task of each route's start-up at CPU 4x (scripts/lib/long-tasks.mjs), the median of
 * LONG_TASK_LOADS fresh loads, counted from each load's trace (every top-level task of the page's
 * main thread, a first frame's layout and paint included), beside the budget: no task longer than
 * the static site's longest and a blocking time within 1.5 times its own. When BENCH_STATIC_SITE
 * names a static site's build, it is measured the same way in the same run, its loads spread over
 * the run (one before each route, the first ones at the start) so that the budget is taken under
 * the same load of the machine as the routes. The verdict is on thread time (the CPU each task took:
 * what the page asked of the processor, far less moved by the other processes of a shared machine);
 * wall time and the Long Tasks API observer's figures (which miss rendering-only tasks) are printed
 * beside it. Returns the routes over budget.
 */
async function benchLongTasks(server, routes, order, staticSite) {
  const browser = await launchBrowser(CHROMIUM);
  try {
    const loadAtStart = os
      .loadavg()
      .map((load) => load.toFixed(1))
      .join(' ');
    console.log(
      `\nStart-up long tasks at CPU ${CPU_THROTTLE}x (Chromium, fresh context, median of ${LONG_TASK_LOADS} loads, until 5 s after the page is ready; counted from a trace of each load: every top-level main-thread task over 50 ms; blocking = the time each runs past 50 ms):`,
    );
    /** @type {import('./lib/long-tasks.mjs').LoadSample[]} */
    const staticSamples = [];
    const loadStatic = async () => {
      if (staticSite) staticSamples.push(await measureLoad(browser, { url: `${staticSite.origin}/`, throttle: CPU_THROTTLE }));
    };
    for (let load = routes.length; load < LONG_TASK_LOADS; load += 1) await loadStatic();
    const measuredRoutes = [];
    for (const route of routes) {
      await loadStatic();
      const storage = ORDER_STATE_ROUTES.has(route) ? order.storage : undefined;
      const measured = await measureLongTasks({ browser, url: `${server.origin}${route}`, runs: LONG_TASK_LOADS, throttle: CPU_THROTTLE, ...(storage ? { storage } : {}) });
      measuredRoutes.push({ route, measured });
      const by = measured.thread ?? measured.wall;
      console.log(`  ${route}: longest ${Math.round(by.longestMs)} ms, blocking ${Math.round(by.blockingMs)} ms (${measured.thread ? 'thread' : 'wall'} time, median)`);
    }

    const figures = (measure) => (measure ? [String(measure.count), String(Math.round(measure.longestMs)), String(Math.round(measure.blockingMs))] : ['n/a', 'n/a', 'n/a']);
    const row = (label, measured, verdict) => [
      label,
      ...figures(measured.thread),
      ...figures(measured.wall).slice(1),
      ...figures(measured.observer).slice(1),
      measured.samples.map((sample) => (sample.traced?.thread ? `${Math.round(sample.traced.thread.longestMs)}/${Math.round(sample.traced.thread.blockingMs)}` : 'n/a')).join(' '),
      verdict,
    ];
    const lines = [
      ['', 'thread', '', '', 'wall', '', 'observer', '', '', ''],
      ['route', 'tasks', 'longest', 'blocking', 'longest', 'blocking', 'longest', 'blocking', 'loads, thread ms (longest/blocking)', ''],
    ];
    let reference = REFERENCE_STATIC_SITE;
    if (staticSite) {
      const measured = summarizeLoads(staticSamples);
      const by = measured.thread ?? measured.wall;
      reference = {
        label: `the static site at ${settings.staticSite}, /, ${staticSamples.length} loads spread over this run${measured.thread ? '' : ' (wall time: its trace had no thread time)'}`,
        longestMs: by.longestMs,
        blockingMs: by.blockingMs,
      };
      lines.push(row('static site /', measured, '(same run)'));
    }
    const budget = longTaskBudget(reference);
    console.log(
      `  budget, on thread time: longest ≤ ${Math.round(budget.longestMs)} ms, blocking ≤ ${Math.round(budget.blockingMs)} ms (${reference.label}: longest ${Math.round(reference.longestMs)} ms, blocking ${Math.round(reference.blockingMs)} ms, ×1.5)`,
    );
    console.log(
      "  thread = CPU time of each task (the verdict); wall = its elapsed time, moved by the machine's other load; observer = PerformanceObserver('longtask'), which misses tasks that only lay out and paint",
    );
    lines.push(['budget', '', `≤${Math.round(budget.longestMs)}`, `≤${Math.round(budget.blockingMs)}`, '', '', '', '', '', '']);
    let misses = 0;
    for (const { route, measured } of measuredRoutes) {
      const by = measured.thread ?? measured.wall;
      const ok = by.longestMs <= budget.longestMs && by.blockingMs <= budget.blockingMs;
      if (!ok) misses += 1;
      lines.push(row(route, measured, `${mark(ok)}${measured.thread ? '' : ' (wall: no thread time traced)'}`));
    }
    printTable(lines);
    console.log(
      `  load average (1, 5, 15 min) at the start: ${loadAtStart}, at the end: ${os
        .loadavg()
        .map((load) => load.toFixed(1))
        .join(' ')} (${os.cpus().length} CPUs)`,
    );
    console.log("  (where each task's time goes: node --import tsx scripts/lib/long-tasks.mjs <origin or a static site's folder> <route>…)");
    return misses;
  } finally {
    await browser.close();
  }
}

/** What each route downloads, script by script and module by module, beside its budget; returns how many routes are over. */
async function benchJavaScript(server, routes, remoteOf, order) {
  console.log('\nJavaScript per route (gzip, counted as e2e/tests/js-budget.spec.ts counts it: until the app is ready and the network idle):');
  const measured = await measureRouteJavaScript({
    origin: server.origin,
    routes,
    chromiumPath: CHROMIUM,
    remoteOf: (route) => remoteOf.get(route) ?? '',
    budgetKbOf: (route) => jsBudgetKbOf(remoteOf.get(route) ?? ''),
    storageByRoute: new Map([...ORDER_STATE_ROUTES].map((route) => [route, order.storage])),
  });
  for (const line of formatRouteJavaScript(measured)) console.log(`  ${line}`.trimEnd());
  return measured.routes.filter((route) => route.kb > route.budgetKb).length;
}

async function benchApi(server, order) {
  let misses = 0;
  console.log(`\ncreate-payment, 50 concurrent connections, ${LOAD_SECONDS} s each after a ${WARM_UP_SECONDS} s warm-up (sandbox):`);
  const load = await loadTest(server.origin, order.service);
  const okInvalid = load.invalid.p99 < BUDGET.p99Ms400 && load.invalid.errors === 0;
  if (!okInvalid) misses += 1;
  console.log(`  invalid body → 400: ${load.invalid.requests} requests, p50 ${load.invalid.p50} ms, p99 ${load.invalid.p99} ms (budget p99 < ${BUDGET.p99Ms400} ms) ${mark(okInvalid)}`);
  console.log(`  valid order  → 200: ${load.valid.requests} requests, p50 ${load.valid.p50} ms, p99 ${load.valid.p99} ms, non-2xx ${load.valid.non2xx}`);
  return misses;
}

await main();
