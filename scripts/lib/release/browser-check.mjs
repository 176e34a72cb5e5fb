/**
 * A real browser before going live: every publish (full or canary) loads the release's composed site,
 * as it will be served, in headless Chromium before anything is written. The staged pages (for a
 * canary, its variant folder's) are served with the next pointer document and the builds' files from
 * this dist/ by a server of this process on 127.0.0.1 and a free port, stopped afterwards: the local
 * server running on this dist/ serves only what is committed, and the release's pages are not yet.
 * Each route of the released app is loaded, and from it the next one is reached by client-side
 * navigation (the shell's router, as a click on a link would). An error screen, a page that never
 * becomes interactive, an uncaught error, an unhandled rejection or a console error refuses the release,
 * naming the route and the error with its frames mapped to the source line (the build's private source
 * maps in dist/sourcemaps/, lib/status.mjs).
 *
 * `RELEASE_BROWSER_CHECK` (default `on`; `off` only for a test that needs a broken build live, such as
 * the canary watch's, which the history then records) and `RELEASE_BROWSER_CHECK_TIMEOUT_MS` (per page
 * view, default 20000) are read by `readBrowserCheckConfig` (local-server/src/config.ts).
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { chromiumPath } from '../chromium.mjs';
import { readLocalSettings } from '../local-config.mjs';
import { pageFileFor, POINTER_DOCUMENT_KEY, siteDir, variantsDir } from '../paths.mjs';
import { repoRoot } from '../repo-root.mjs';
import { originalPosition } from '../status.mjs';
import { RefusedError, ReleaseError } from './errors.mjs';
import * as pageRoutes from '@kesho/release-model/page-routes';
import * as headers from '@kesho/release-model/security-headers';
import * as contentTypes from '@kesho/release-model/content-types';
import * as pageChecks from '@kesho/release-model/page-checks';
import * as buildChoice from '@kesho/release-model/build-choice';

/** @typedef {import('../../../packages/release-model/src/pointer-document').PointerDocument} PointerDocument */
/** @typedef {{ enabled: boolean, timeoutMs: number }} BrowserCheck the settings (readBrowserCheckConfig) */

/** @returns {Promise<BrowserCheck>} whether publishes and canaries are checked in a browser, and each page view's timeout. */
export async function browserCheckOf() {
  return readLocalSettings('readBrowserCheckConfig');
}

/** @type {() => Promise<typeof import('../../../packages/release-model/src/build-choice')>} */

/**
 * Serves the composed site of a release: `pageFile(route)` gives each route's page (staged, or live),
 * `/mfe/remotes.json` is the next pointer document, every other file comes from dist/site. The API
 * answers the shell's client events (dropped: they are the check's, not visitors') and nothing else.
 * @param {{ pointers: PointerDocument, pageFile: (route: string) => string }} site
 * @returns {Promise<{ origin: string, stop: () => Promise<void> }>}
 */
export async function serveComposedSite({ pointers, pageFile }) {
  const { resolveSiteRequest, NOT_FOUND_PAGE_KEY } = pageRoutes;
  const { securityHeaders } = headers;
  const { contentTypeOf } = contentTypes;
  const routes = new Set(pointers.remotes.flatMap((remote) => remote.routes.map((route) => route.path)));
  const pointerBody = JSON.stringify(pointers);
  const server = http.createServer(async (request, response) => {
    const send = (status, type, body) => {
      response.writeHead(status, { ...securityHeaders, 'Content-Type': type, 'Cache-Control': 'no-store' });
      response.end(request.method === 'HEAD' ? undefined : body);
    };
    const url = new URL(request.url ?? '/', 'http://check');
    const resolved = resolveSiteRequest(url.pathname, url.search.slice(1));
    try {
      if (resolved.kind === 'api') {
        if (url.pathname === '/api/client-events') return send(204, 'text/plain', '');
        return send(503, 'application/json', JSON.stringify({ error: 'The release check serves no API' }));
      }
      if (resolved.kind === 'redirect') {
        response.writeHead(308, { Location: resolved.location });
        return response.end();
      }
      if (resolved.kind === 'page') {
        const route = url.pathname;
        const file = routes.has(route) ? pageFile(route) : path.join(siteDir, NOT_FOUND_PAGE_KEY);
        return send(routes.has(route) ? 200 : 404, 'text/html; charset=utf-8', await fs.readFile(file));
      }
      if (resolved.kind === 'file') {
        if (resolved.key === POINTER_DOCUMENT_KEY) return send(200, 'application/json', pointerBody);
        const file = path.join(siteDir, ...resolved.key.split('/'));
        if (!file.startsWith(siteDir + path.sep) || file.startsWith(variantsDir)) return send(404, 'text/plain', 'Not found');
        return send(200, contentTypeOf(file), await fs.readFile(file));
      }
      if (resolved.kind === 'bad-request') return send(400, 'text/plain', 'Bad request');
      return send(404, 'text/plain', 'Not found');
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error).code === 'ENOENT') return send(404, 'text/plain', 'Not found');
      return send(500, 'text/plain', String(error));
    }
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(undefined));
  });
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    origin: `http://127.0.0.1:${address.port}`,
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve(undefined));
      }),
  };
}

/** How long a page view must make no request to count as settled (effects, lazy chunks): 100 ms measured 12–20 s for marketing's 38 page views, 250 ms 17–27 s. */
const NETWORK_IDLE_MS = 100;
/** How long a page view that settled may wait for its network to go idle (some runs through a preview link waited out the whole timeout, 20 s a page view). */
const NETWORK_IDLE_WAIT_MS = 3_000;
/** Frames shown per error, each mapped to its source line. */
const FRAMES_SHOWN = 5;

/** Chromium as the browser tests and the benchmark run it (CHROMIUM_PATH, lib/chromium.mjs). */
async function launch() {
  const { default: puppeteer } = await import('puppeteer-core');
  return puppeteer.launch({
    executablePath: chromiumPath(repoRoot),
    headless: true,
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-gpu'],
  });
}

/**
 * Runs in the page before its first script: keeps every uncaught error, unhandled rejection and
 * console.error with the stack of the error it names, which the DevTools events carry only as text.
 */
function recordErrors() {
  /** @type {{ kind: string, message: string, stack: string }[]} */
  const seen = [];
  Object.defineProperty(window, '__keshoReleaseCheck', { value: seen });
  /** @param {unknown} value */
  const describe = (value) =>
    value instanceof Error
      ? { message: `${value.name}: ${value.message}`, stack: value.stack ?? '' }
      : { message: typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value)), stack: '' };
  window.addEventListener('error', (event) => seen.push({ kind: 'uncaught error', ...describe(event.error ?? event.message) }));
  window.addEventListener('unhandledrejection', (event) => seen.push({ kind: 'unhandled rejection', ...describe(event.reason) }));
  const consoleError = console.error.bind(console);
  console.error = (...args) => {
    const error = args.find((arg) => arg instanceof Error);
    const text = args
      .map((arg) =>
        arg instanceof Error
          ? `${arg.name}: ${arg.message}`
          : typeof arg === 'string'
            ? arg
            : (() => {
                try {
                  return JSON.stringify(arg);
                } catch {
                  return String(arg);
                }
              })(),
      )
      .join(' ');
    seen.push({ kind: 'console error', message: text, stack: error?.stack ?? '' });
    consoleError(...args);
  };
}

/** An error's frames, each with its source line where the build's source map knows it. @param {string} stack */
async function mappedFrames(stack, origin) {
  const frames = stack
    .split('\n')
    .map((line) => line.trim().replaceAll(origin, ''))
    .filter((line) => line.startsWith('at '))
    .slice(0, FRAMES_SHOWN);
  const lines = [];
  for (const frame of frames) {
    const original = await originalPosition(frame);
    lines.push(original ? `${original}  ← ${frame}` : frame);
  }
  return lines;
}

/**
 * Loads each route, then the next one by client-side navigation, and says what went wrong on each.
 * @param {{ pointers: PointerDocument, pageFile: (route: string) => string, routes: string[], timeoutMs?: number }} check
 * @returns {Promise<{ problems: string[], pageViews: number, ms: number }>}
 */
export async function browserProblems({ pointers, pageFile, routes, timeoutMs = 20_000 }) {
  const started = Date.now();
  const site = await serveComposedSite({ pointers, pageFile });
  const browser = await launch();
  try {
    const page = await browser.newPage();
    const { problems, pageViews } = await routeProblems(page, { origin: site.origin, pointers, routes, timeoutMs });
    return { problems, pageViews, ms: Date.now() - started };
  } finally {
    await browser.close();
    await site.stop();
  }
}

/**
 * The check on a page of Chromium at a site's origin: each route loaded, then the next reached in
 * the page; the titles from the pointer document the browser gets.
 * @param {import('puppeteer-core').Page} page
 * @param {{ origin: string, pointers: PointerDocument, routes: string[], timeoutMs: number }} site
 */
async function routeProblems(page, { origin, pointers, routes, timeoutMs }) {
  const { ERROR_SCREEN_HEADING } = pageChecks;
  const titles = new Map(pointers.remotes.flatMap((remote) => remote.routes.map((route) => [route.path, route.title])));
  const problems = [];
  let pageViews = 0;
  await page.evaluateOnNewDocument(recordErrors);
  /** Errors the DevTools protocol saw that the page's own listeners could not (a script that failed to load, say). */
  const protocolErrors = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const location = message.location();
    // console.error calls are recorded with their stack by recordErrors; the browser's own messages (a failed load) are not.
    if (message.stackTrace().length && !message.text().startsWith('Failed to load resource')) return;
    protocolErrors.push({ kind: 'console error', message: `${message.text()}${location.url ? ` (${location.url})` : ''}`, stack: '' });
  });
  page.on('requestfailed', (request) => {
    // A request the check's own next navigation cancelled (the page's report beacon, say) is no failure of the page.
    if (request.failure()?.errorText === 'net::ERR_ABORTED') return;
    protocolErrors.push({ kind: 'failed request', message: `${request.url()}: ${request.failure()?.errorText ?? 'failed'}`, stack: '' });
  });

  /** What the page shows and reported, once it settled. @param {string} route @param {string} how */
  const inspect = async (route, how) => {
    pageViews += 1;
    const state = await page
      .waitForFunction(
        // The title of the route the page is at: a page may send the visitor on (an empty cart's /payment to /custom-quote).
        (heading, routeTitles) =>
          (document.documentElement.dataset.app === 'ready' && (routeTitles[window.location.pathname] ?? document.title) === document.title) ||
          (document.querySelector('main')?.textContent ?? '').includes(heading),
        { timeout: timeoutMs, polling: 50 },
        ERROR_SCREEN_HEADING,
        Object.fromEntries(titles),
      )
      .then(
        () => 'settled',
        () => 'timeout',
      );
    // Effects, lazy chunks and their requests: what the page does right after it showed.
    // At most NETWORK_IDLE_WAIT_MS: a request that never ends (a report to a server that does not answer it) must not hold every page view.
    await page.waitForNetworkIdle({ idleTime: NETWORK_IDLE_MS, timeout: Math.min(timeoutMs, NETWORK_IDLE_WAIT_MS) }).catch(() => undefined);
    const found = [];
    if (state === 'timeout') found.push({ kind: 'not interactive', message: `the page did not become interactive with its title within ${timeoutMs} ms`, stack: '' });
    const shown = await page.evaluate(() => ({
      main: document.querySelector('main')?.textContent ?? null,
      h1: document.querySelector('main h1')?.textContent?.trim() ?? '',
      at: window.location.pathname,
    }));
    const via = shown.at === route ? how : `${how}, sent on to ${shown.at}`;
    if (shown.main === null) found.push({ kind: 'no content', message: 'it has no <main> element', stack: '' });
    else if (shown.main.includes(ERROR_SCREEN_HEADING)) found.push({ kind: 'error screen', message: `it shows the error screen ("${ERROR_SCREEN_HEADING}")`, stack: '' });
    else if (!shown.h1) found.push({ kind: 'no content', message: 'its <main> has no <h1> heading', stack: '' });
    const recorded = await page.evaluate(() => /** @type {any} */ (window).__keshoReleaseCheck.splice(0));
    found.push(...recorded, ...protocolErrors.splice(0));
    // One error is often reported twice (React's console.error and the shell's own): once, by its stack.
    const unique = new Map(
      found.map((entry) => [
        entry.stack
          ? entry.stack
              .split('\n')
              .filter((line) => line.trim().startsWith('at '))
              .join('\n')
          : `${entry.kind}\0${entry.message}`,
        entry,
      ]),
    );
    for (const entry of unique.values()) {
      const frames = entry.stack ? await mappedFrames(entry.stack, origin) : [];
      problems.push([`${route} (${via}): ${entry.kind}: ${entry.message}`, ...frames.map((frame) => `    ${frame}`)].join('\n'));
    }
  };

  for (const [index, route] of routes.entries()) {
    await page.goto(`${origin}${route}`, { waitUntil: 'load', timeout: timeoutMs }).catch((error) => {
      problems.push(`${route} (loaded): the page did not load: ${error instanceof Error ? error.message : String(error)}`);
    });
    await inspect(route, 'loaded');
    const next = routes[(index + 1) % routes.length];
    if (!next || next === route) continue;
    // The shell's router follows the browser's history, as it does on a click of a link.
    await page.evaluate((to) => {
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    }, next);
    await inspect(next, `reached from ${route} in the page`);
  }
  return { problems, pageViews };
}

/**
 * The check through a preview link, where the release command runs (a team's machine or CI): the
 * staged build of a deployed site (`-c preview=<hours>` in AWS, `npm run release -- preview` locally)
 * loaded in Chromium as its visitors would get it once live. The link's own page first (it sets the
 * preview cookie), then each route of the previewed app, from the document the preview gets, each
 * with the next reached in the page. The check's client events reach the site like any visitor's,
 * counted against the preview's build: no verdict reads them (a canary's and a publish's figures
 * start when it does; blocking them, by request interception or DevTools' blocked URLs, kept the
 * page's network from going idle, 8 s a page view). Frames are mapped with this dist/'s source maps
 * when it holds the build.
 * @param {string} link @param {{ timeoutMs?: number }} [options]
 */
export async function previewLinkProblems(link, { timeoutMs = 20_000 } = {}) {
  const started = Date.now();
  const url = new URL(link);
  const { PREVIEW_PARAMETER } = buildChoice;
  const [app, build] = (url.searchParams.get(PREVIEW_PARAMETER) ?? '').split('.');
  if (!app || !build) throw new ReleaseError(`Not a preview link (no ${PREVIEW_PARAMETER} token): ${link}`);
  const browser = await launch();
  try {
    const page = await browser.newPage();
    const opened = await page.goto(link, { waitUntil: 'load', timeout: timeoutMs });
    if (!opened?.ok()) throw new ReleaseError(`The preview link answered ${opened?.status() ?? 'nothing'}: ${link}`);
    /** @type {PointerDocument} */
    const pointers = await page.evaluate(async () => (await fetch('/mfe/remotes.json', { cache: 'no-store' })).json());
    const previewed = pointers.remotes.find((remote) => remote.name === app);
    if (previewed?.buildId !== build)
      throw new ReleaseError(
        `The preview link does not show ${app} ${build} (the site gives ${previewed ? `${app} ${previewed.buildId}` : `no ${app}`}): has it expired, or is the preview not staged?`,
      );
    const routes = previewed.routes.map((route) => route.path);
    const { problems, pageViews } = await routeProblems(page, { origin: url.origin, pointers, routes, timeoutMs });
    return { app, build, routes, problems, pageViews, ms: Date.now() - started };
  } finally {
    await browser.close();
  }
}

/**
 * The release's hook: refuses it with every problem found, naming the routes and errors.
 * @param {{ pointers: PointerDocument, pageFile: (route: string) => string, routes: string[], what: string, timeoutMs?: number, log?: (line: string) => void }} check
 */
export async function checkInBrowser({ what, log = () => undefined, ...check }) {
  const { problems, pageViews, ms } = await browserProblems(check);
  log(
    `Browser check of ${what}: ${check.routes.length} routes, ${pageViews} page views in Chromium, ${(ms / 1000).toFixed(1)} s${problems.length ? `, ${problems.length} problems` : ', no errors'}`,
  );
  if (problems.length) throw new RefusedError(`The release failed in a browser (${what}: each route loaded, then the next reached in the page):\n  ${problems.join('\n  ')}`);
  return { pageViews, ms };
}

/**
 * The release engine's hook (lib/release-engine.mjs, after the pages are staged, before any write):
 * checks the composed site of a publish or of a canary (the staged pages, the live ones for routes it
 * did not render, the next pointer document: for a canary, the live one with its build put in, as the
 * canary's visitors get it), on the routes of what is released (every route for the shell). Resolves
 * with what the history records of it; throws a RefusedError naming each problem.
 * @param {{ check: BrowserCheck, stageDir: string, pointers: PointerDocument, shell: unknown, remotes: { name: string }[], canary?: string,
 *   stagedPage: (route: string) => string | undefined }} release
 * @returns {Promise<string>}
 */
export async function checkRelease({ check, pointers, shell, remotes, canary, stagedPage }) {
  if (!check.enabled) return 'off (RELEASE_BROWSER_CHECK=off)';
  const document = pointers;
  /** @type {(route: string) => string} */
  const pageFile = (route) => stagedPage(route) ?? pageFileFor(route);
  const apps = canary ? [canary] : shell ? null : remotes.map((remote) => remote.name);
  const routes = document.remotes.filter((remote) => apps === null || apps.includes(remote.name)).flatMap((remote) => remote.routes.map((route) => route.path));
  const what = canary ? `the canary of ${canary}` : apps ? apps.join(' and ') : 'the shell, every route';
  const { pageViews, ms } = await checkInBrowser({ pointers: document, pageFile, routes, what, timeoutMs: check.timeoutMs, log: (line) => console.log(line) });
  return `${pageViews} page views in ${(ms / 1000).toFixed(1)} s, no errors`;
}
