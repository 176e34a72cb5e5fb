import fs from 'node:fs/promises';
import { createRequire, registerHooks } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from './repo-root.mjs';
import { BUILD_ID_PLACEHOLDER, appBuilds, browserConfig, kitServerConfig, serverConfig, sharedVersionsProvided } from '../webpack.config.mjs';
import { compile, contentId, exists, moveInto, readJson, setSourceMapsAside, writeJson } from './compile.mjs';
import { buildFilesDirOf, buildRecordFileOf, kitServerFile, siteDir, sourceMapsDir, ssrDir, stagingDir, stagingRoot } from './paths.mjs';
import { cardNameOf, routeShareCard, writeAppIcons, writeShareCard } from './share-images.mjs';
import { boundaryBreaches, bundledResources } from './workspaces.mjs';
import { RefusedError } from './release/errors.mjs';

const require = createRequire(import.meta.url);
const requireFromRepo = createRequire(path.join(repoRoot, 'package.json'));

/**
 * The prerender bundles import the shell-kit as an external; point that import at the kit built for
 * Node with the shell being rendered, so the shell and the remotes share one instance of it, as they
 * do in the browser. A shell build keeps its own kit (a rollback renders with the kit it was built
 * with); builds made before that use the last kit built. Done with Node's public resolution hook
 * (`module.registerHooks`, which `require` goes through too), not by patching its internal resolver.
 */
let kitFile = kitServerFile;
let kitHookInstalled = false;
export function useKit(file) {
  kitFile = file;
}
export function installKitResolution() {
  if (kitHookInstalled) return;
  kitHookInstalled = true;
  registerHooks({
    resolve(specifier, context, nextResolve) {
      if (specifier === '@kesho/shell-kit') return { url: pathToFileURL(kitFile).href, shortCircuit: true };
      try {
        return nextResolve(specifier, context);
      } catch (error) {
        // The bundles' externals (react, react-dom/server, styled-components …) are the repository's
        // packages: a dist/ outside the checkout (KESHO_DIST_DIR) has no node_modules above it.
        if (specifier.startsWith('.') || path.isAbsolute(specifier) || specifier.includes(':')) throw error;
        return { url: pathToFileURL(requireFromRepo.resolve(specifier)).href, shortCircuit: true };
      }
    },
  });
}

export function loadServerBundle(file) {
  installKitResolution();
  return require(file);
}

/** A bundle at a path that is built again in this process (the staging folder): read afresh. */
function loadFreshServerBundle(file) {
  delete require.cache[require.resolve(file)];
  try {
    return loadServerBundle(file);
  } finally {
    delete require.cache[require.resolve(file)];
  }
}

/**
 * Draws the share card of every route of a build into its browser output (before the build id is
 * taken, so the id covers them); returns { [route]: { file, alt } } with `file` relative to it.
 * @param {string} browserOut @param {{ path: string, title: string, shareCard?: { eyebrow?: string, detail?: string } }[]} routes
 */
async function drawShareCards(browserOut, routes) {
  /** @type {Record<string, { file: string, alt: string }>} */
  const cards = {};
  for (const route of routes) cards[route.path] = await writeShareCard(browserOut, cardNameOf(route.path), await routeShareCard(route));
  return cards;
}

/** The cards' addresses once the build's folder is known. */
const cardUrls = (cards, publicDir) => Object.fromEntries(Object.entries(cards).map(([key, card]) => [key, { url: urlOf(path.join(publicDir, card.file)), alt: card.alt }]));

function urlOf(file) {
  return `/${path.relative(siteDir, file).split(path.sep).join('/')}`;
}

/** The record of a shell build, kept with it: what a release of it (or a rollback to it) needs. */
export function shellRecordFile(buildId) {
  return buildRecordFileOf('shell', buildId);
}

/**
 * Builds the shell (browser + prerender bundle + its Node shell-kit) under its build id. Nothing
 * goes live: releasing it is lib/release-engine.mjs's job. Its record names the versions of the shared
 * singletons it provides, which a release checks the remotes' requirements against.
 * `configure` may adjust its browser configuration (tests build variants with it).
 * @param {{ mode?: import('../webpack.config.mjs').BuildMode, configure?: (config: import('webpack').Configuration) => import('webpack').Configuration }} [options]
 */
export async function buildShell({ mode = 'production', configure = (config) => config } = {}) {
  const browserOut = path.join(stagingDir, 'shell-browser');
  const serverOut = path.join(stagingDir, 'shell-server');
  const kitOut = path.join(stagingDir, 'shell-kit');
  const browser = configure(browserConfig('shell', { outDir: browserOut, mode }));
  const allStats = await compile([browser, serverConfig('shell', { outDir: serverOut, mode }), kitServerConfig({ outDir: kitOut, mode })]);
  refuseBoundaryBreaches('shell', allStats.slice(0, 2));
  const [browserStats] = allStats;
  const entryAssets = browserStats?.toJson({ all: false, entrypoints: true, chunks: true, chunkOrigins: true }).entrypoints?.main?.assets;
  if (!entryAssets) throw new Error('The shell build has no main entry point');
  const entryFiles = entryAssets.map((asset) => asset.name).filter((name) => name.endsWith('.js'));
  // The shell's other chunks (React, the app) are not preloaded: the entry asks for them once the
  // page has painted (src/afterFirstPaint.ts). Measured with Lighthouse on /blog: preloading them
  // put every one of them on the simulated path to the first paint (LCP 1.9-2.1 s against 1.5 s).

  // The shell's own pages' cards (the not-found page, and the card of a page whose build drew none) and the app icons.
  // Its render module runs on the kit built with it (the one a first build has).
  useKit(path.join(kitOut, 'shell-kit.cjs'));
  const { shellShareCards } = loadFreshServerBundle(path.join(serverOut, 'server.cjs'));
  const cards = await drawShareCards(browserOut, shellShareCards);
  const icons = await writeAppIcons(browserOut);
  // What the kit provides by name, which a release checks each remote's imports against (lib/kit-contract.mjs).
  const kitExports = Object.keys(loadFreshServerBundle(path.join(kitOut, 'shell-kit.cjs')))
    .filter((name) => name !== '__esModule')
    .sort();
  const buildId = await contentId(browserOut, serverOut, kitOut);
  const publicDir = buildFilesDirOf('shell', buildId);
  await setSourceMapsAside(browserOut, path.join(sourceMapsDir, path.relative(siteDir, publicDir)));
  await moveInto(browserOut, publicDir);
  await fs.rename(path.join(kitOut, 'shell-kit.cjs'), path.join(serverOut, 'shell-kit.cjs'));
  await fs.mkdir(path.dirname(kitServerFile), { recursive: true });
  await fs.copyFile(path.join(serverOut, 'shell-kit.cjs'), kitServerFile);
  const serverDir = path.join(ssrDir, 'shell', buildId);
  await moveInto(serverOut, serverDir);
  const record = {
    buildId,
    server: path.relative(ssrDir, path.join(serverDir, 'server.cjs')),
    kit: path.relative(ssrDir, path.join(serverDir, 'shell-kit.cjs')),
    scripts: entryFiles.map((name) => urlOf(path.join(publicDir, name))),
    shared: sharedVersionsProvided(browser),
    kitExports,
    shareImages: cardUrls(cards, publicDir),
    manifest: urlOf(path.join(publicDir, icons.manifest)),
    appleTouchIcon: urlOf(path.join(publicDir, icons.appleTouchIcon)),
  };
  // Same id, same build: a record already there stays (it is the one its pages were rendered from).
  if (!(await exists(shellRecordFile(buildId)))) await writeJson(shellRecordFile(buildId), record);
  return readJson(shellRecordFile(buildId));
}

/**
 * Builds one remote and stores it under /mfe/<name>/<buildId>/; nothing goes live (see lib/release-engine.mjs).
 * `configure` may adjust both webpack configurations (the e2e tests build variants of a remote with it);
 * `contentDirs` are folders of content the build is told to read on purpose (the article loader's extra
 * folders: Markdown, not another team's code), which the boundary check leaves out.
 * @param {string} name
 * @param {{ mode?: import('../webpack.config.mjs').BuildMode, configure?: (config: import('webpack').Configuration) => import('webpack').Configuration, contentDirs?: string[] }} [options]
 */
export async function buildRemote(name, { mode = 'production', configure = (config) => config, contentDirs = [] } = {}) {
  const browserOut = path.join(stagingDir, `${name}-browser`);
  const serverOut = path.join(stagingDir, `${name}-server`);
  refuseBoundaryBreaches(name, await compile([configure(browserConfig(name, { outDir: browserOut, mode })), configure(serverConfig(name, { outDir: serverOut, mode }))]), contentDirs);
  // The team's own pages' share cards, built and released with its build.
  const cards = await drawShareCards(browserOut, loadFreshServerBundle(path.join(serverOut, 'server.cjs')).routes);
  const buildId = await contentId(browserOut, serverOut);
  await stampBuildId(browserOut, buildId);
  const publicDir = buildFilesDirOf(name, buildId);
  await setSourceMapsAside(browserOut, path.join(sourceMapsDir, path.relative(siteDir, publicDir)));
  await moveInto(browserOut, publicDir);
  const serverDir = path.join(ssrDir, name, buildId);
  await moveInto(serverOut, serverDir);

  const { routes } = loadServerBundle(path.join(serverDir, 'server.cjs'));
  const manifestUrl = urlOf(path.join(publicDir, 'mf-manifest.json'));
  const manifest = await readJson(path.join(publicDir, 'mf-manifest.json'));
  const exposed = manifest.exposes.find((expose) => expose.path === './routes');
  const preloads = [
    { href: manifestUrl, as: 'fetch' },
    { href: urlOf(path.join(publicDir, manifest.metaData.remoteEntry.name)), as: 'script' },
    ...(exposed?.assets.js.sync ?? []).map((file) => ({ href: urlOf(path.join(publicDir, file)), as: 'script' })),
  ];
  const pointer = {
    name,
    buildId,
    manifest: manifestUrl,
    routes: routes.map((route) => ({
      path: route.path,
      title: route.title,
      description: route.description,
      listed: route.listed !== false,
      ...(route.feed ? { feed: true } : {}),
      ...(route.menu ? { menu: { group: route.menu.group, label: route.menu.label, order: route.menu.order } } : {}),
    })),
  };
  const recordFile = buildRecordFileOf(name, buildId);
  if (!(await exists(recordFile))) await writeJson(recordFile, { pointer, preloads, shareImages: cardUrls(cards, publicDir) });
  return readJson(recordFile);
}

/**
 * Lint holds each workspace to its "May import" table in the source; this holds the build to it: a
 * module of another team's workspace in what webpack bundled (reached by an import lint did not see:
 * a computed path, a disabled rule, a re-export) refuses the build before it is stored, naming each
 * module and its workspace. The shell-kit's Node build is the shell's platform code and not checked.
 * @param {string} app @param {import('webpack').Stats[]} stats the app's browser and prerender builds
 * @param {string[]} [contentDirs] absolute folders of content the build was given on purpose (buildRemote)
 */
export function refuseBoundaryBreaches(app, stats, contentDirs = []) {
  const folder = appBuilds[/** @type {keyof typeof appBuilds} */ (app)]?.dir;
  if (!folder) throw new Error(`No build of ${app}`);
  const isContent = (/** @type {string} */ resource) => contentDirs.some((dir) => !path.relative(dir, (resource.split('?')[0] ?? '').split('!').pop() ?? '').startsWith('..'));
  const resources = new Set(stats.flatMap((one) => [...bundledResources(one)]).filter((resource) => !isContent(resource)));
  const breaches = boundaryBreaches(repoRoot, folder, resources);
  if (breaches.length === 0) return;
  throw new RefusedError(
    `The ${app} build is refused: its module graph reaches another team's workspace.\n${breaches.map((breach) => `  ${breach.module} (workspace ${breach.workspace})`).join('\n')}\n${breaches[0]?.message} Nothing was stored; the live site is unchanged.`,
  );
}

/**
 * Writes the build id over its placeholder in a remote's browser files (scripts, manifest, maps):
 * the container and chunk-loading globals become the build's own (see BUILD_ID_PLACEHOLDER).
 * @param {string} dir @param {string} buildId
 */
async function stampBuildId(dir, buildId) {
  if (buildId.length !== BUILD_ID_PLACEHOLDER.length) throw new Error(`A build id of ${buildId.length} characters cannot replace the ${BUILD_ID_PLACEHOLDER.length}-character placeholder`);
  for (const file of await fs.readdir(dir, { recursive: true })) {
    if (!/\.(js|json|map)$/.test(file)) continue;
    const full = path.join(dir, file);
    const text = await fs.readFile(full, 'utf8');
    if (text.includes(BUILD_ID_PLACEHOLDER)) await fs.writeFile(full, text.replaceAll(BUILD_ID_PLACEHOLDER, buildId));
  }
}

/** Removes this process's staging folder, and those left by processes that no longer run (never another running one's). */
export async function cleanStaging() {
  await fs.rm(stagingDir, { recursive: true, force: true });
  const left = await fs.readdir(stagingRoot, { withFileTypes: true }).catch(() => []);
  for (const entry of left) {
    const pid = Number(entry.name);
    // A folder of the layout before per-process folders (shell-browser, legal-server …) or of a process that is gone.
    if (!Number.isInteger(pid) || pid <= 0 || !isRunning(pid)) await fs.rm(path.join(stagingRoot, entry.name), { recursive: true, force: true });
  }
}

/** @param {number} pid */
function isRunning(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return /** @type {NodeJS.ErrnoException} */ (error).code === 'EPERM';
  }
}
