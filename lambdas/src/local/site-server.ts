import fs from 'node:fs/promises';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { CACHE_IMMUTABLE, CACHE_NO_CACHE, securityHeaders } from '@kesho/common/security-headers';

/**
 * The local stand-in for CloudFront + S3: serves the built site with the production headers and
 * cache rules, answers routes with their prerendered page and unknown paths with a real 404, and
 * hands /api/* (and the local Lambda Invoke API) to the API runtime.
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

/** "/" → pages/index.html, "/services/visa" → pages/services/visa.html (the CloudFront rewrite rule). */
export function pageObjectFor(urlPath: string): string {
  return urlPath === '/' ? 'pages/index.html' : `pages${urlPath}.html`;
}

/**
 * A decoded request path the site can answer: no NUL, no ".." segment, no backslash and no empty
 * segment ("//"), except the trailing slash the server redirects away.
 */
export function isServablePath(decodedPath: string): boolean {
  if (!decodedPath.startsWith('/') || decodedPath.includes('\0') || decodedPath.includes('\\')) return false;
  const segments = decodedPath.replace(/\/+$/, '').split('/').slice(1);
  return !segments.some((segment) => segment === '' || segment === '..');
}

/** Paths of build output (the shell's and the remotes' scripts, manifests, the pointer document). */
export function isBuildAssetPath(urlPath: string): boolean {
  return /^\/(mfe|shell)(\/|$)/.test(urlPath);
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

  async function notFound(req: IncomingMessage, res: ServerResponse, urlPath?: string) {
    // A script or manifest that is missing must never be answered with HTML: a browser would try to
    // run the page as the remote's entry (and the federation runtime waits on it before its retry).
    if (urlPath !== undefined && isBuildAssetPath(urlPath)) {
      const body = 'Not found';
      res
        .writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': CACHE_NO_CACHE, 'Content-Length': Buffer.byteLength(body) })
        .end(req.method === 'HEAD' ? undefined : body);
      return;
    }
    if (!(await send(req, res, path.join(root, 'pages', '404.html'), 404, CACHE_NO_CACHE))) {
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
    let url: URL;
    let urlPath: string;
    try {
      url = new URL(req.url ?? '/', 'http://localhost');
      urlPath = decodeURIComponent(url.pathname);
    } catch {
      res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Bad request');
      return;
    }
    // An encoded "/" or "\" ("/%2fevil.example/") decodes into a path no route or file has, and one a
    // browser would read as another host if it came back in a Location header.
    if (!isServablePath(urlPath)) {
      await notFound(req, res, urlPath);
      return;
    }
    if (urlPath.length > 1 && urlPath.endsWith('/')) {
      // Built from the path as it was sent (still encoded), so the target stays on this origin.
      res.writeHead(308, { Location: `${url.pathname.replace(/\/+$/, '') || '/'}${url.search}` }).end();
      return;
    }
    const isFile = path.extname(urlPath) !== '';
    const objectPath = isFile ? urlPath.slice(1) : pageObjectFor(urlPath);
    const file = path.join(root, objectPath);
    // Pages are only reachable through their route, never as /pages/x.html.
    const reachable = file.startsWith(root + path.sep) && !(isFile && path.relative(root, file).split(path.sep)[0] === 'pages');
    if (reachable && (await send(req, res, file, 200, cacheControlFor(urlPath)))) return;
    await notFound(req, res, urlPath);
  }

  return http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      console.error(JSON.stringify({ level: 'error', message: 'request failed', path: req.url, error: String(error) }));
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Internal error');
    });
  });
}

