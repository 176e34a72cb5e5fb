/**
 * One webpack configuration factory for the shell and the three remotes, for the browser (Module
 * Federation) and for Node (the prerender bundles). Every app builds through here, so the rules that
 * make the composition work (shared singletons, deterministic styled-components ids)
 * live in one place.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import webpack from 'webpack';
import TerserPlugin from 'terser-webpack-plugin';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import { RemoteManifestPlugin } from './lib/remote-manifest-plugin.mjs';
import { repoRoot } from './lib/repo-root.mjs';

const require = createRequire(import.meta.url);

/** How each app of the composition is built, by name. `exposes` is the remote's contract with the shell. */
export const appBuilds = {
  shell: { dir: 'shell', federationName: 'shell', entry: './src/index.ts', serverEntry: './src/server/render.tsx' },
  marketing: {
    dir: 'mfe-marketing',
    federationName: 'marketing',
    exposes: { './routes': './src/routes.ts' },
    // The blog's Markdown articles become modules at build time (mfe-marketing/tools/): no parser in a bundle.
    rules: [{ test: /\.(md|articles)$/, use: { loader: path.join(repoRoot, 'mfe-marketing/tools/article-loader.mjs'), options: {} } }],
  },
  commerce: { dir: 'mfe-commerce', federationName: 'commerce', exposes: { './routes': './src/routes.ts' } },
  legal: { dir: 'mfe-legal', federationName: 'legal', exposes: { './routes': './src/routes.ts' } },
};
export const remoteNames = ['marketing', 'commerce', 'legal'];

/**
 * Stands for a remote's build id in its browser files until the id is known (the id is a hash of
 * those files, see lib/compile.mjs contentId): lib/build-apps.mjs writes the id over it, byte for byte
 * the same length, so source maps stay true. It names the build's container global and its
 * chunk-loading global, which makes each build's runtime and chunks its own: a tab that loaded one
 * build of a remote and then meets another (a release, a rollback) would otherwise take the new
 * build's chunks for the old ones it already holds (same global, same chunk ids) and keep showing,
 * or mixing in, the old code.
 */
export const BUILD_ID_PLACEHOLDER = 'KESHOBUILDID';

/**
 * Must be ONE instance in the page: React (with its subpaths, else jsx-runtime and react-dom/client
 * are bundled twice), styled-components (one style sheet, one id counter) and the shell-kit (one
 * navigation/toast context). The router is not shared: only the shell imports it (remotes reach it
 * through the shell-kit contract), so it is bundled into the shell and tree-shaken like its own code.
 * The toast library stays private to the shell, tree-shaken.
 */
export const sharedSingletons = ['react', 'react-dom', 'styled-components', '@kesho/shell-kit'];

/**
 * react-router ships a production build beside the development one its package exports (the same
 * code with its development warnings off), but not tree-shakeable: its top-level contexts and
 * components are made by calls a bundler must keep. The shell imports `react-router-dom` (the design's
 * router package, which in v7 re-exports `react-router`: byte-identical output, measured), whose
 * `react-router` comes from that build,
 * through lib/tree-shakeable-router-loader.cjs, which marks those calls pure: 6.4 KB gzip instead of
 * 12.3 KB with react-router 7.18.5. Both depend on how react-router lays out its build, so an upgrade
 * that changes it stops the build here or in the loader, with the reason, rather than shipping a
 * grown chunk (scripts/test/router-build.test.mjs measures the result).
 */
function routerProductionBuild() {
  const packageDir = path.dirname(require.resolve('react-router/package.json'));
  const { version } = require(path.join(packageDir, 'package.json'));
  const dir = path.join(packageDir, 'dist', 'production');
  if (!fs.existsSync(path.join(dir, 'index.mjs'))) {
    throw new Error(
      `react-router ${version} has no production build at ${path.relative(repoRoot, dir)}/index.mjs: scripts/webpack.config.mjs bundles the shell's router from it (react-router 7.18's layout). Point routerProductionBuild at the new build and check lib/tree-shakeable-router-loader.cjs still trims it (npm run test:scripts).`,
    );
  }
  return { version, dir, entry: path.join(dir, 'index.mjs') };
}
export const routerBuild = routerProductionBuild();
const routerBuildFile = new RegExp(`^${routerBuild.dir.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&')}[\\\\/].*\\.mjs$`);

function federationShared(appDir) {
  const pkg = require(path.join(repoRoot, appDir, 'package.json'));
  const version = (name) => pkg.dependencies?.[name] ?? require(path.join(repoRoot, 'node_modules', name, 'package.json')).version;
  /** @type {Record<string, { singleton: boolean, requiredVersion: string, strictVersion?: boolean }>} */
  const shared = {};
  for (const name of sharedSingletons) {
    shared[name] = { singleton: true, requiredVersion: `^${version(name)}`, strictVersion: false };
  }
  shared['react/'] = { singleton: true, requiredVersion: `^${version('react')}` };
  shared['react-dom/'] = { singleton: true, requiredVersion: `^${version('react-dom')}` };
  return shared;
}

/**
 * The version of each shared singleton a host build (the shell) puts in the share scope: the one its
 * federation config names, else the installed package's. Recorded with the shell build, it is what
 * a release checks each remote's requirements against (lib/version-skew.mjs).
 * @param {import('webpack').Configuration} config the shell's browser configuration
 * @returns {Record<string, string>}
 */
export function sharedVersionsProvided(config) {
  const federation = config.plugins?.find((plugin) => plugin instanceof webpack.container.ModuleFederationPlugin);
  /** @type {Record<string, { version?: string }>} */
  const shared = /** @type {any} */ (federation)?.options?.shared ?? {};
  const installed = (name) => require(path.join(repoRoot, 'node_modules', name, 'package.json')).version;
  return Object.fromEntries(sharedSingletons.map((name) => [name, shared[name]?.version ?? installed(name)]));
}

function babelRule() {
  return {
    test: /\.[cm]?[jt]sx?$/,
    exclude: /node_modules/,
    use: {
      loader: require.resolve('babel-loader'),
      options: {
        babelrc: false,
        configFile: false,
        cacheDirectory: path.join(repoRoot, 'node_modules/.cache/babel-loader'),
        presets: [
          [require.resolve('@babel/preset-typescript'), { allowDeclareFields: true }],
          [require.resolve('@babel/preset-react'), { runtime: 'automatic' }],
        ],
        plugins: [
          // Deterministic component ids (package name + file path) so the prerendered HTML's class
          // names are the ones the browser computes when it hydrates.
          [require.resolve('babel-plugin-styled-components'), { ssr: true, displayName: false, fileName: false, pure: true, minify: true, transpileTemplateLiterals: true }],
        ],
      },
    },
  };
}

/** @typedef {'production' | 'development'} BuildMode */

/**
 * @param {BuildMode} mode
 * @param {string} [appName] its own module rules are added (`rules` in `appBuilds`)
 * @returns {import('webpack').Configuration}
 */
function common(mode, appName) {
  return {
    mode,
    context: repoRoot,
    // Hidden: the maps are written (and set aside from the public site by the publish step) but no
    // script names them, so a visitor's browser never asks for the source.
    devtool: mode === 'production' ? 'hidden-source-map' : 'eval-cheap-module-source-map',
    resolve: { extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'], alias: { 'react-router$': routerBuild.entry } },
    module: {
      rules: [
        babelRule(),
        { test: /\.(woff2|png|jpe?g|webp|avif|svg)$/, type: 'asset/resource' },
        { test: routerBuildFile, use: path.join(repoRoot, 'scripts/lib/tree-shakeable-router-loader.cjs') },
        ...((appName && appBuilds[appName]?.rules) ?? []),
      ],
    },
    performance: false,
    infrastructureLogging: { level: 'warn' },
    stats: 'errors-warnings',
  };
}

/**
 * Browser build of one app: the shell as the federation host, or a remote as a federation container.
 * @param {string} appName
 * @param {{ outDir: string, mode?: BuildMode, extraEntries?: Record<string, string>, standalone?: boolean }} options
 * @returns {import('webpack').Configuration}
 */
export function browserConfig(appName, { outDir, mode = 'production', extraEntries, standalone = false }) {
  const app = appBuilds[appName];
  const appRoot = path.join(repoRoot, app.dir);
  const isShell = appName === 'shell';
  const entry = { ...(isShell ? { main: path.join(appRoot, app.entry) } : {}), ...(extraEntries ?? {}) };
  // The shell and a remote running alone live for one page load; a remote in the composition meets its next build in open tabs.
  const perBuild = isShell || standalone ? '' : `_${BUILD_ID_PLACEHOLDER}`;
  return {
    ...common(mode, appName),
    name: `${appName}-browser`,
    target: 'web',
    context: appRoot,
    entry,
    output: {
      path: outDir,
      publicPath: 'auto',
      uniqueName: `kesho_${app.federationName}${perBuild}`,
      // Every build lives under its own content-addressed directory (/shell/<buildId>/,
      // /mfe/<name>/<buildId>/), so entry names need no hash (the federation container cannot have one).
      filename: '[name].js',
      chunkFilename: '[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      clean: true,
      crossOriginLoading: false,
    },
    optimization: {
      minimize: mode === 'production',
      minimizer: [new TerserPlugin({ minify: TerserPlugin.swcMinify, terserOptions: { compress: { passes: 2 } } })],
      moduleIds: 'deterministic',
      chunkIds: 'deterministic',
      // The router as one file of its own (router.js), which scripts/test/router-build.test.mjs weighs.
      splitChunks: { cacheGroups: { router: { test: (module) => routerBuildFile.test(module.resource ?? ''), name: 'router', chunks: 'async', enforce: true } } },
    },
    plugins: [new webpack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify(mode) }), ...federationPlugins(appName, { standalone, globalName: `${app.federationName}${perBuild}` })],
  };
}

const EXPOSE_CHUNK_PREFIX = '__federation_expose_';
const REMOTE_ENTRY_FILE = 'remoteEntry.js';

/**
 * The shell is the federation host, built with webpack's own ModuleFederationPlugin: its share scope
 * holds the singletons, and it loads each remote's container itself (`init` + `get`, see
 * shell/src/federation/loader.ts) from the entry and global name the remote's mf-manifest.json
 * gives. The enhanced plugin's runtime (registerRemotes, loadRemote, snapshots, preloading, hooks)
 * was 21 KB gzip of every page's 24 KB entry, for work the loader does in a few lines; a singleton
 * already loaded wins in webpack's own share scope, as `loaded-first` had it.
 *
 * A remote is only a container (`init` + `get`), built with the same plugin, whose entry is a few
 * hundred bytes of glue (measured on /faq: remote entry 17.3 KB gzip with the enhanced plugin, see
 * scripts/README.md for the figure now).
 * Standalone mode keeps the enhanced plugin: there the remote is its own host.
 */
function federationPlugins(appName, { standalone, globalName }) {
  const app = appBuilds[appName];
  const shared = federationShared(app.dir);
  if (appName === 'shell') return [new webpack.container.ModuleFederationPlugin({ name: app.federationName, shared })];
  if (standalone) {
    return [
      new ModuleFederationPlugin({
        name: app.federationName,
        filename: REMOTE_ENTRY_FILE,
        exposes: app.exposes,
        shared,
        shareStrategy: 'loaded-first',
        manifest: false,
        dts: false,
        dev: false,
        experiments: { optimization: { disableSnapshot: true, target: 'web' } },
      }),
    ];
  }
  const pkg = require(path.join(repoRoot, app.dir, 'package.json'));
  const exposes = Object.fromEntries(Object.entries(app.exposes).map(([key, file]) => [key, { import: file, name: `${EXPOSE_CHUNK_PREFIX}${key.replace(/^\.\//, '')}` }]));
  return [
    new webpack.container.ModuleFederationPlugin({
      name: app.federationName,
      filename: REMOTE_ENTRY_FILE,
      library: { type: 'var', name: globalName },
      exposes,
      shared,
    }),
    new RemoteManifestPlugin({
      name: app.federationName,
      globalName,
      buildName: pkg.name,
      buildVersion: pkg.version,
      entryFile: REMOTE_ENTRY_FILE,
      exposes,
      shared,
    }),
  ];
}

/**
 * Node build used only by the prerenderer: the shell's render function, or a remote's routes. The
 * shared singletons stay external so the shell and every remote render with the same React,
 * styled-components and shell-kit instances, exactly as in the browser.
 * @param {string} appName
 * @param {{ outDir: string, mode?: BuildMode }} options
 * @returns {import('webpack').Configuration}
 */
export function serverConfig(appName, { outDir, mode = 'production' }) {
  const app = appBuilds[appName];
  const appRoot = path.join(repoRoot, app.dir);
  const entry = appName === 'shell' ? app.serverEntry : app.exposes['./routes'];
  return {
    ...common(mode, appName),
    devtool: false,
    name: `${appName}-server`,
    target: 'node24',
    context: appRoot,
    entry: { server: path.join(appRoot, entry) },
    output: { path: outDir, filename: '[name].cjs', library: { type: 'commonjs2' }, clean: true },
    externals: serverExternals,
    externalsType: 'commonjs',
    optimization: { minimize: false, splitChunks: false },
    plugins: [new webpack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify(mode) }), new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 })],
  };
}

/**
 * The shell-kit compiled for Node, so the prerender bundles can share one instance of it.
 * @param {{ outDir: string, mode?: BuildMode }} options
 * @returns {import('webpack').Configuration}
 */
export function kitServerConfig({ outDir, mode = 'production' }) {
  return {
    ...common(mode),
    devtool: false,
    name: 'shell-kit-server',
    target: 'node24',
    context: path.join(repoRoot, 'packages/shell-kit'),
    entry: { 'shell-kit': path.join(repoRoot, 'packages/shell-kit/src/index.ts') },
    output: { path: outDir, filename: '[name].cjs', library: { type: 'commonjs2' }, clean: false },
    externals: serverExternals,
    externalsType: 'commonjs',
    optimization: { minimize: false },
    plugins: [new webpack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify(mode) })],
  };
}

/**
 * The shell-kit's own entries beside the shared kit (`@kesho/shell-kit/fields`): bundled into the
 * remote that imports them, in the browser and in the prerender alike, so only its pages carry them.
 */
const isKitEntryOfItsOwn = (request) => request.startsWith('@kesho/shell-kit/');

function serverExternals({ request }, callback) {
  const singleton = !isKitEntryOfItsOwn(request) && sharedSingletons.some((name) => request === name || request.startsWith(`${name}/`));
  if (singleton) return callback(null, `commonjs ${request}`);
  return callback();
}
