/**
 * Runs one remote alone for its team: `npm start -w mfe-legal` (or node scripts/standalone.mjs legal).
 * A webpack-dev-server in development mode with a minimal host: it watches the sources, rebuilds in
 * memory on every save and reloads the open page (live reload: hot module replacement does not fit a
 * federation container cheaply), serves every path without an extension with the host page, and
 * proxies /api/* to API_ORIGIN (default the full local site on http://127.0.0.1:3000) so commerce can
 * reach the payment API. Settings (STANDALONE_PORT, HOST, API_ORIGIN) come from the one reader of
 * the local settings (local-server/src/config.ts). Nothing is fetched from the network.
 */
import path from 'node:path';
import webpack from 'webpack';
import WebpackDevServer from 'webpack-dev-server';
import { readLocalSettings } from './lib/local-config.mjs';
import { repoRoot } from './lib/repo-root.mjs';
import { appBuilds, browserConfig } from './webpack.config.mjs';

const name = process.argv[2];
if (!name || !appBuilds[name] || name === 'shell') {
  console.error(
    `Usage: node scripts/standalone.mjs <${Object.keys(appBuilds)
      .filter((app) => app !== 'shell')
      .join('|')}>`,
  );
  process.exit(2);
}
const { port, host, apiOrigin } = await readLocalSettings('readStandaloneConfig');

process.env.NODE_ENV = 'development';
const config = browserConfig(name, {
  // Kept in memory by the dev server; the folder is only the build's notional home.
  outDir: path.join(repoRoot, 'dist', 'standalone', name),
  mode: 'development',
  standalone: true,
  extraEntries: { standalone: path.join(repoRoot, 'scripts', 'standalone-bootstrap.ts') },
});
config.resolve = { ...config.resolve, alias: { ...config.resolve?.alias, 'standalone-remote-routes': path.join(repoRoot, appBuilds[name].dir, appBuilds[name].exposes['./routes']) } };
config.output = { ...config.output, publicPath: '/' };

const hostPage = `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${name} (standalone)</title><script defer src="/standalone.js"></script></head><body><div id="root"></div></body></html>`;

/** After the dev server's own files: a path without an extension is a route of the remote, anything else is missing. */
function hostPageMiddleware(req, res, next) {
  if (req.method !== 'GET' && req.method !== 'HEAD') return next();
  const pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
  if (path.extname(pathname) !== '') {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
    return;
  }
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' }).end(req.method === 'HEAD' ? undefined : hostPage);
}

const server = new WebpackDevServer(
  {
    host,
    port,
    hot: false,
    liveReload: true,
    static: false,
    client: { overlay: { errors: true, warnings: false, runtimeErrors: false }, logging: 'warn' },
    proxy: [
      {
        context: ['/api'],
        target: apiOrigin.origin,
        changeOrigin: true,
        on: {
          error: (_error, _req, res) => {
            if ('writeHead' in res && !res.headersSent) {
              res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' }).end(`No API at ${apiOrigin.origin}: run npm start at the repository root.`);
            }
          },
        },
      },
    ],
    setupMiddlewares: (middlewares) => [...middlewares, { name: 'standalone-host-page', middleware: hostPageMiddleware }],
  },
  webpack(config),
);
await server.start();
const address = server.server?.address();
const url = `http://${host.includes(':') ? `[${host}]` : host}:${typeof address === 'object' && address ? address.port : port}`;
console.log(`${name} runs alone at ${url} (rebuilt and reloaded on every save)`);
