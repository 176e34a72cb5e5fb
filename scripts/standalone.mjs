/**
 * Runs one remote alone for its team: `npm start -w mfe-legal` (or node scripts/standalone.mjs legal).
 * Builds it in development mode with a minimal host, serves it on PORT (default 3100) with every
 * path falling back to the host page, and proxies /api/* to API_ORIGIN (default the full local site
 * on http://127.0.0.1:3000) so commerce can reach the payment API.
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { apps, browserConfig, repoRoot } from './webpack.config.mjs';
import { compile } from './lib/compile.mjs';

const name = process.argv[2];
if (!name || !apps[name] || name === 'shell') {
  console.error(`Usage: node scripts/standalone.mjs <${Object.keys(apps).filter((app) => app !== 'shell').join('|')}>`);
  process.exit(2);
}
const outDir = path.join(repoRoot, 'dist', 'standalone', name);
const config = browserConfig(name, { outDir, mode: 'development', standalone: true, extraEntries: { standalone: path.join(repoRoot, 'scripts', 'standalone-bootstrap.ts') } });
config.resolve = { ...config.resolve, alias: { 'standalone-remote-routes': path.join(repoRoot, apps[name].dir, apps[name].exposes['./routes']) } };
process.env.NODE_ENV = 'development';
await compile([config]);
const html = `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${name} (standalone)</title><script defer src="/standalone.js"></script></head><body><div id="root"></div></body></html>`;

const apiOrigin = new URL(process.env.API_ORIGIN ?? 'http://127.0.0.1:3000');
const types = { '.js': 'text/javascript', '.json': 'application/json', '.map': 'application/json', '.svg': 'image/svg+xml' };
const server = http.createServer(async (req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (url.pathname.startsWith('/api/')) {
    const upstream = http.request({ hostname: apiOrigin.hostname, port: apiOrigin.port, path: req.url, method: req.method, headers: { ...req.headers, host: apiOrigin.host } }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.writeHead(502, { 'content-type': 'text/plain' }).end(`No API at ${apiOrigin.origin}: run npm start at the repository root.`));
    req.pipe(upstream);
    return;
  }
  const file = path.join(outDir, url.pathname);
  if (path.extname(url.pathname) && file.startsWith(outDir)) {
    try {
      const body = await fs.readFile(file);
      res.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' }).end(body);
      return;
    } catch {
      res.writeHead(404).end();
      return;
    }
  }
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
});
const port = Number(process.env.PORT ?? 3100);
server.listen(port, process.env.HOST ?? '127.0.0.1', () => console.log(`${name} runs alone at http://${process.env.HOST ?? '127.0.0.1'}:${port}`));
