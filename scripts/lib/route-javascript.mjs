/**
 * The JavaScript each route downloads, counted as e2e/tests/js-budget.spec.ts counts it (every script
 * the page requests until the app is ready and the network idle, gzip bytes as the server sends them),
 * and what is in it: each script's modules, from the build's private source maps (dist/sourcemaps).
 * `npm run bench` prints it beside the budgets; `npm run bench -- js` prints only this.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { siteDir, sourceMapsDir } from './paths.mjs';

const require = createRequire(import.meta.url);
/** Larger scripts must arrive gzip-compressed. */
const UNCOMPRESSED_AT_MOST = 1024;

/**
 * Opens every route in Chromium as the budget test does (a cookie choice stored, so the banner stays
 * closed; the routes in `storageByRoute` with that storage, e.g. an order for /checkout) and lists the
 * paths of the scripts it requested, in request order.
 * @param {{ origin: string, routes: readonly string[], chromiumPath: string, storageByRoute?: Map<string, { localStorage: Record<string, string>, sessionStorage: Record<string, string> }> }} options
 * @returns {Promise<Map<string, string[]>>}
 */
async function scriptsRequestedByRoute({ origin, routes, chromiumPath, storageByRoute = new Map() }) {
  const { default: puppeteer } = await import('puppeteer-core');
  const browser = await puppeteer.launch({
    executablePath: chromiumPath,
    headless: true,
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-gpu'],
  });
  const byRoute = new Map();
  try {
    for (const route of routes) {
      const context = await browser.createBrowserContext();
      try {
        const page = await context.newPage();
        const storage = storageByRoute.get(route) ?? { localStorage: {}, sessionStorage: {} };
        await page.evaluateOnNewDocument((state) => {
          window.localStorage.setItem('cookieConsent', 'accepted');
          for (const [key, value] of Object.entries(state.localStorage)) window.localStorage.setItem(key, value);
          for (const [key, value] of Object.entries(state.sessionStorage)) window.sessionStorage.setItem(key, value);
        }, storage);
        /** @type {string[]} */
        const scripts = [];
        page.on('request', (request) => {
          const scriptPath = new URL(request.url()).pathname;
          if (request.resourceType() === 'script' && !scripts.includes(scriptPath)) scripts.push(scriptPath);
        });
        await page.goto(`${origin}${route}`);
        await page.waitForFunction(() => document.documentElement.dataset.app === 'ready');
        await page.waitForNetworkIdle({ idleTime: 500 });
        const landedOn = new URL(page.url()).pathname;
        if (landedOn !== route) throw new Error(`${route} sent the browser to ${landedOn}: the bytes would be another page's`);
        byRoute.set(route, scripts);
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  return byRoute;
}

/**
 * Bytes of each script as the server sends it to a browser that asks for gzip (a file of a few
 * hundred bytes goes uncompressed: gzip would not make it smaller); each URL is fetched once (build
 * files are immutable).
 */
function gzipSizer(origin) {
  /** @type {Map<string, number>} */
  const bytesByPath = new Map();
  return async (/** @type {string} */ scriptPath) => {
    const known = bytesByPath.get(scriptPath);
    if (known !== undefined) return known;
    const response = await fetch(new URL(scriptPath, origin), { headers: { 'accept-encoding': 'gzip' } });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${scriptPath} answered ${response.status}`);
    const bytes = Number(response.headers.get('content-length'));
    if (bytes > UNCOMPRESSED_AT_MOST && response.headers.get('content-encoding') !== 'gzip') throw new Error(`${scriptPath} was not sent gzip-compressed`);
    bytesByPath.set(scriptPath, bytes);
    return bytes;
  };
}

/**
 * "react-dom", "react-router", "shell/src/app/header/Header.tsx",
 * "packages/site-rules/src/site.ts", "webpack runtime": who a source of a build's source map is.
 */
function moduleNameOf(source) {
  const inRepo = source.replace(/^webpack:\/\/[^/]+\//, '');
  const nodeModules = /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(inRepo);
  if (nodeModules) return nodeModules[1];
  if (inRepo.startsWith('webpack/')) return 'webpack runtime';
  const app = /^kesho_([a-z]+)/.exec(source.replace(/^webpack:\/\//, ''))?.[1];
  const relative = inRepo.replace(/^\.\//, '');
  if (relative.startsWith('../')) return relative.slice(3);
  return `${app === 'shell' ? 'shell' : `mfe-${app}`}/${relative}`;
}

/**
 * The minified bytes of a script that each module accounts for (by its source map: every mapped
 * segment runs to the next one), with "(unmapped)" for bytes no source claims.
 * @returns {Map<string, number>}
 */
function minifiedBytesByModule(code, rawMap) {
  const { SourceMapConsumer } = require('source-map');
  /** @type {import('source-map').SourceMapConsumer & { sources: string[] }} */
  const consumer = /** @type {any} */ (new SourceMapConsumer(rawMap));
  // The consumer names sources normalised ("webpack://kesho_shell/../packages/…" loses its "../"): name them as the map wrote them.
  /** @type {Map<string, string>} */
  const written = new Map(consumer.sources.length === rawMap.sources.length ? consumer.sources.map((source, i) => [source, rawMap.sources[i]]) : []);
  const lines = code.split('\n');
  /** @type {Map<string, number>} */
  const bytes = new Map();
  const add = (name, count) => count > 0 && bytes.set(name, (bytes.get(name) ?? 0) + count);
  /** @type {{ line: number, column: number, source: string | null }[]} */
  const segments = [];
  consumer.eachMapping((mapping) => segments.push({ line: mapping.generatedLine, column: mapping.generatedColumn, source: mapping.source }), null, 1);
  let mapped = 0;
  for (const [i, segment] of segments.entries()) {
    const next = segments[i + 1];
    const lineText = lines[segment.line - 1] ?? '';
    const end = next && next.line === segment.line ? next.column : lineText.length;
    const length = Buffer.byteLength(lineText.slice(segment.column, end));
    if (segment.source) {
      add(moduleNameOf(written.get(segment.source) ?? segment.source), length);
      mapped += length;
    }
  }
  add('(unmapped)', Buffer.byteLength(code) - mapped);
  return bytes;
}

/**
 * One script's gzip bytes and its modules, each module's share of the gzip bytes estimated from its
 * share of the minified bytes (gzip works across module boundaries, so a module has no gzip size of
 * its own).
 * @returns {{ path: string, gzipBytes: number, modules: { name: string, gzipBytes: number }[] }}
 */
function analyseScript(scriptPath, gzipBytes) {
  const code = fs.readFileSync(path.join(siteDir, scriptPath), 'utf8');
  const mapFile = path.join(sourceMapsDir, `${scriptPath}.map`);
  if (!fs.existsSync(mapFile)) return { path: scriptPath, gzipBytes, modules: [{ name: '(no source map)', gzipBytes }] };
  const minified = minifiedBytesByModule(code, JSON.parse(fs.readFileSync(mapFile, 'utf8')));
  const total = Buffer.byteLength(code);
  const modules = [...minified].map(([name, bytes]) => ({ name, gzipBytes: (gzipBytes * bytes) / total })).sort((a, b) => b.gzipBytes - a.gzipBytes);
  return { path: scriptPath, gzipBytes, modules };
}

const kb = (bytes) => (bytes / 1024).toFixed(1);

/** @typedef {{ route: string, remote: string, budgetKb: number, scripts: string[], kb: number }} RouteJavaScript */

/**
 * The analysis as printed lines: per route its total beside its budget; then the scripts every
 * route downloads, those every route of one remote downloads, and each route's own; each script with
 * its largest modules (those of at least `minModuleBytes`, the rest summed).
 * @param {{ routes: RouteJavaScript[], scripts: Map<string, ReturnType<typeof analyseScript>>, minModuleBytes?: number }} analysis
 */
export function formatRouteJavaScript({ routes, scripts, minModuleBytes = 512 }) {
  const bytesOf = (/** @type {string[]} */ paths) => paths.reduce((sum, script) => sum + (scripts.get(script)?.gzipBytes ?? 0), 0);
  const width = Math.max(5, ...routes.map((route) => route.route.length));
  const lines = [`${'route'.padEnd(width)}  KB gz  budget  scripts`];
  for (const route of routes) {
    const verdict = route.kb <= route.budgetKb ? 'ok' : 'MISS';
    lines.push(`${route.route.padEnd(width)}  ${route.kb.toFixed(1).padStart(5)}  ${`≤${route.budgetKb}`.padStart(6)}  ${String(route.scripts.length).padStart(7)}  ${verdict}`);
  }
  const scriptLines = (/** @type {string} */ scriptPath) => {
    const script = scripts.get(scriptPath);
    if (!script) return [];
    const out = [`  ${kb(script.gzipBytes).padStart(5)}  ${scriptPath}`];
    const shown = script.modules.filter((module) => module.gzipBytes >= minModuleBytes);
    for (const module of shown) out.push(`         ${kb(module.gzipBytes).padStart(5)}  ${module.name}`);
    const rest = script.modules.slice(shown.length);
    if (rest.length > 0) out.push(`         ${kb(rest.reduce((sum, module) => sum + module.gzipBytes, 0)).padStart(5)}  ${rest.length} more, each under ${kb(minModuleBytes)} KB`);
    return out;
  };
  /** Prints the scripts every one of `group` downloads (less those already printed for a larger group) under `title`. */
  const printed = new Set();
  const section = (/** @type {string} */ title, /** @type {RouteJavaScript[]} */ group) => {
    const [first] = group;
    if (!first) return [];
    const shared = first.scripts.filter((script) => !printed.has(script) && group.every((route) => route.scripts.includes(script)));
    for (const script of shared) printed.add(script);
    return shared.length ? ['', `${title}: ${kb(bytesOf(shared))} KB gz`, ...shared.flatMap(scriptLines)] : [];
  };
  lines.push('', "Scripts (gzip KB as sent; a module's share estimated from its share of the minified bytes):");
  lines.push(...section('Every route measured', routes));
  const remotes = [...new Set(routes.map((route) => route.remote))];
  for (const remote of remotes)
    lines.push(
      ...section(
        `Every ${remote} route measured, besides`,
        routes.filter((route) => route.remote === remote),
      ),
    );
  for (const route of routes) {
    const own = route.scripts.filter((script) => !printed.has(script));
    lines.push('', `${route.route}, besides: ${kb(bytesOf(own))} KB gz`, ...own.flatMap(scriptLines));
  }
  return lines;
}

/**
 * Measures and analyses every route: `remoteOf(route)` names the remote that serves it, `budgetKbOf(route)` gives its budget.
 * @param {{ origin: string, routes: readonly string[], chromiumPath: string, remoteOf: (route: string) => string, budgetKbOf: (route: string) => number, storageByRoute?: Map<string, any> }} options
 */
export async function measureRouteJavaScript({ origin, routes, chromiumPath, remoteOf, budgetKbOf, storageByRoute }) {
  const requested = await scriptsRequestedByRoute({ origin, routes, chromiumPath, storageByRoute });
  const sizeOf = gzipSizer(origin);
  /** @type {Map<string, ReturnType<typeof analyseScript>>} */
  const scripts = new Map();
  for (const scriptPaths of requested.values()) {
    for (const scriptPath of scriptPaths) {
      if (!scripts.has(scriptPath)) scripts.set(scriptPath, analyseScript(scriptPath, await sizeOf(scriptPath)));
    }
  }
  /** @type {RouteJavaScript[]} */
  const measured = routes.map((route) => {
    const routeScripts = requested.get(route) ?? [];
    const bytes = routeScripts.reduce((sum, script) => sum + (scripts.get(script)?.gzipBytes ?? 0), 0);
    return { route, remote: remoteOf(route), budgetKb: budgetKbOf(route), scripts: routeScripts, kb: bytes / 1024 };
  });
  return { routes: measured, scripts };
}
