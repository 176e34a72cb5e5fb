import fs from 'node:fs/promises';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { NOT_FOUND_PAGE_KEY, resolveSiteRequest, TRAILING_SLASH_REDIRECT_STATUS } from '@kesho/common/page-routes';
import { CACHE_IMMUTABLE, CACHE_NO_CACHE, securityHeaders } from '@kesho/common/security-headers';

/**
 * The local stand-in for CloudFront + S3: serves the built site with the production headers and
 * cache rules, follows the site's one rule from request path to page or file (@kesho/common/page-routes,
 * which the CloudFront route-rewrite function copies), answers unknown paths with a real 404, and hands
 * /api/* (and the local Lambda Invoke API) to the API runtime.
 */
export interface ApiRuntime {
  handle(req: IncomingMessage, res: ServerResponse): Promise<boolean>;
}

export interface SiteServerOptions {
  readonly siteDir: string;
  /** Attached once the API knows the server's own origin (the port may be chosen at listen time). */
  api?: ApiRuntime;
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.ico': 'image/x-icon',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.json', '.css', '.svg', '.txt', '.xml', '.map']);

/** Build output under a content-addressed directory never changes; pointers and pages always revalidate. */
export function cacheControlFor(urlPath: string): string {
  if (/^\/(shell\/[^/]+|mfe\/[^/]+\/[^/]+)\//.test(urlPath) && !urlPath.endsWith('/mf-manifest.json')) return CACHE_IMMUTABLE;
  return CACHE_NO_CACHE;
}

interface CachedBody {
  readonly mtimeMs: number;
  readonly raw: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

export function createSiteServer(options: SiteServerOptions): http.Server {
  const root = path.resolve(options.siteDir);
  const bodies = new Map<string, CachedBody>();

  async function readBody(file: string): Promise<CachedBody | null> {
    let stat;
    try {
      stat = await fs.stat(file);
    } catch {
      return null;
    }
    if (!stat.isFile()) return null;
    const cached = bodies.get(file);
    if (cached && cached.mtimeMs === stat.mtimeMs) return cached;
    const fresh: CachedBody = { mtimeMs: stat.mtimeMs, raw: await fs.readFile(file) };
    bodies.set(file, fresh);
    return fresh;
  }

  function encodingFor(req: IncomingMessage): 'br' | 'gzip' | null {
    const accepted = String(req.headers['accept-encoding'] ?? '');
    if (/\bbr\b/.test(accepted)) return 'br';
    if (/\bgzip\b/.test(accepted)) return 'gzip';
    return null;
  }

  async function send(req: IncomingMessage, res: ServerResponse, file: string, status: number, cacheControl: string): Promise<boolean> {
    const body = await readBody(file);
    if (!body) return false;
    const extension = path.extname(file).toLowerCase();
    const etag = `W/"${body.raw.length.toString(16)}-${Math.floor(body.mtimeMs).toString(16)}"`;
    res.setHeader('Content-Type', CONTENT_TYPES[extension] ?? 'application/octet-stream');
    res.setHeader('Cache-Control', cacheControl);
    res.setHeader('ETag', etag);
    res.setHeader('Vary', 'Accept-Encoding');
    if (status === 200 && req.headers['if-none-match'] === etag) {
      res.writeHead(304).end();
      return true;
    }
    let payload = body.raw;
    const encoding = COMPRESSIBLE.has(extension) && body.raw.length > 512 ? encodingFor(req) : null;
    if (encoding === 'br') {
      body.br ??= zlib.brotliCompressSync(body.raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } });
      payload = body.br;
      res.setHeader('Content-Encoding', 'br');
    } else if (encoding === 'gzip') {
      body.gzip ??= zlib.gzipSync(body.raw, { level: 9 });
      payload = body.gzip;
      res.setHeader('Content-Encoding', 'gzip');
    }
    res.setHeader('Content-Length', payload.length);
    res.writeHead(status);
    res.end(req.method === 'HEAD' ? undefined : payload);
    return true;
  }

  async function notFound(req: IncomingMessage, res: ServerResponse, buildOutput: boolean) {
    // A script or manifest that is missing must never be answered with HTML: a browser would try to
    // run the page as the remote's entry (and the federation runtime waits on it before its retry).
    if (buildOutput) {
      const body = 'Not found';
      res
        .writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': CACHE_NO_CACHE, 'Content-Length': Buffer.byteLength(body) })
        .end(req.method === 'HEAD' ? undefined : body);
      return;
    }
    if (!(await send(req, res, path.join(root, NOT_FOUND_PAGE_KEY), 404, CACHE_NO_CACHE))) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': CACHE_NO_CACHE }).end('Not found');
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    for (const [name, value] of Object.entries(securityHeaders)) res.setHeader(name, value);
    if (options.api && (await options.api.handle(req, res))) return;

    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' }).end('Method not allowed');
      return;
    }
    // Parsed as a path, never as a URL of its own: "//evil.example/" is a path with an empty segment here.
    const url = req.url?.startsWith('/') ? URL.parse(`http://localhost${req.url}`) : null;
    if (!url) {
      badRequest(res);
      return;
    }
    const answer = resolveSiteRequest(url.pathname, url.search.slice(1));
    switch (answer.kind) {
      case 'bad-request':
        badRequest(res);
        return;
      case 'redirect':
        res.writeHead(TRAILING_SLASH_REDIRECT_STATUS, { Location: answer.location }).end();
        return;
      case 'api':
      case 'not-found':
        await notFound(req, res, answer.kind === 'not-found' && answer.buildOutput);
        return;
      case 'page':
      case 'file': {
        const file = path.join(root, answer.key);
        const buildOutput = answer.kind === 'file' && answer.buildOutput;
        if (file.startsWith(root + path.sep) && (await send(req, res, file, 200, cacheControlFor(url.pathname)))) return;
        await notFound(req, res, buildOutput);
      }
    }
  }

  function badRequest(res: ServerResponse) {
    res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': CACHE_NO_CACHE }).end('Bad request');
  }

  return http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      console.error(JSON.stringify({ level: 'error', message: 'request failed', path: req.url, error: String(error) }));
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Internal error');
    });
  });
}
