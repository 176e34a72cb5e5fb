import fs from 'node:fs/promises';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import {
  BUILD_CHOICE_VARY,
  chooseBuild,
  EDGE_BUILDS_HEADER,
  edgeBuildsOf,
  EMPTY_EDGE_STATE,
  parseEdgeState,
  POINTER_KEY,
  PREVIEW_PARAMETER,
  setCookieHeader,
  variantObjectKey,
  type BuildChoice,
  type EdgeState,
} from '@kesho/release-model/build-choice';
import { CLIENT_EVENTS_PATH } from '@kesho/operations/client-events';
import { contentTypeOf, extensionOf } from '@kesho/release-model/content-types';
import { FEED_CONTENT_TYPE, NOT_FOUND_PAGE_KEY, resolveSiteRequest, TRAILING_SLASH_REDIRECT_STATUS } from '@kesho/release-model/page-routes';
import { CACHE_IMMUTABLE, CACHE_NO_CACHE, securityHeaders } from '@kesho/release-model/security-headers';
import { keyValuesOf } from '@kesho/release-model/folder-store';
import { hmacHex } from '@kesho/release-model/signed-tokens';
import { parseCookie } from 'cookie';
import { EDGE_STATE_KEY, isPublisherObject, LOCAL_EDGE_KEY_VALUE_FILE, PREVIEW_LINK_SECRET_KEY } from '@kesho/release-model/site-keys';
import { DEVELOPMENT_PREVIEW_LINK_SECRET } from './config';

/**
 * The local stand-in for CloudFront + S3: serves the built site with the production headers and
 * cache rules, follows the site's one rule from request path to page or file (@kesho/release-model/page-routes,
 * which the CloudFront viewer-request function runs too), answers unknown paths with a real 404, and hands
 * /api/* (and the local Lambda Invoke API) to the API runtime. Pages and the pointer document come
 * from the build each browser gets (live, a canary's, a preview's: @kesho/release-model/build-choice, the
 * decision the CloudFront functions take), read from the edge state the release writes.
 */
export interface ApiRuntime {
  handle(req: IncomingMessage, res: ServerResponse): Promise<boolean>;
}

/** The edge key-value state's file beside the site folder (dist/edge-key-value.json), written by the release. */
export const EDGE_KEY_VALUE_FILE = LOCAL_EDGE_KEY_VALUE_FILE;

export interface BuildChoiceOptions {
  /**
   * dist/edge-key-value.json, the KeyValueStore's stand-in, read as the CloudFront functions read
   * theirs: its `state` is what the release says the edge serves (canaries, previews, their folders),
   * its `preview-key` the preview links' HMAC key the release signs them with (PREVIEW_LINK_SECRET).
   */
  readonly edgeKeyValueFile: string;
  /** The clock and the draw of a new browser's bucket (tests fix them). */
  readonly now?: () => number;
  readonly random?: () => number;
}

export interface SiteServerOptions {
  readonly siteDir: string;
  /** Which build each browser gets; without it every request gets the live site. */
  readonly buildChoice?: BuildChoiceOptions;
  /** Attached once the API knows the server's own origin (the port may be chosen at listen time). */
  api?: ApiRuntime;
}

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

/** The request's cookies by name, the first of each kept, their values as sent (CloudFront hands the edge functions them undecoded too). */
function cookiesOf(req: IncomingMessage): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const [name, value] of Object.entries(parseCookie(req.headers.cookie ?? '', { decode: (raw) => raw }))) if (name && value !== undefined) cookies[name] = value;
  return cookies;
}

/** What the release handed to the edge key-value state. */
interface EdgeKeyValues {
  readonly state: EdgeState;
  /** The preview links' HMAC key; null before a release wrote one (no preview link is valid then). */
  readonly previewKey: string | null;
}

/**
 * The edge state and the preview links' key the release handed to the key-value state, read again
 * when the file changes; an unreadable state means live for everyone.
 */
function edgeKeyValuesReader(file: string): () => Promise<EdgeKeyValues> {
  let read: { version: string; values: EdgeKeyValues } | null = null;
  return async () => {
    const stat = await fs.stat(file).catch(() => null);
    const version = stat ? `${stat.mtimeMs}:${stat.size}` : 'none';
    if (read?.version !== version) {
      const text = stat ? await fs.readFile(file, 'utf8').catch(() => '') : '';
      const values = keyValuesOf(text);
      let state = parseEdgeState(null);
      try {
        state = parseEdgeState(JSON.parse(values[EDGE_STATE_KEY] ?? 'null'));
      } catch {
        // Half-written or missing: the live site until the release finishes writing it.
      }
      read = { version, values: { state, previewKey: values[PREVIEW_LINK_SECRET_KEY] || null } };
    }
    return read.values;
  };
}

/**
 * The key a request's preview links are checked with. The built-in development key is in this
 * repository for anyone to read, so it signs for visitors on this machine only (a loopback
 * connection); from any other address no link signed with it is valid. Set PREVIEW_LINK_SECRET to
 * share previews beyond the machine.
 */
export function previewKeyFor(secret: string | null, remoteAddress: string | undefined): string | null {
  if (secret !== DEVELOPMENT_PREVIEW_LINK_SECRET) return secret;
  return isLoopbackAddress(remoteAddress) ? secret : null;
}

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (a dual-stack socket's view of 127.0.0.1). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return plain === '::1' || /^127(?:\.\d{1,3}){3}$/.test(plain);
}

export function createSiteServer(options: SiteServerOptions): http.Server {
  const root = path.resolve(options.siteDir);
  const bodies = new Map<string, CachedBody>();
  const choice = options.buildChoice;
  const edgeKeyValues = choice ? edgeKeyValuesReader(choice.edgeKeyValueFile) : null;

  /** The build this request gets, by the rule the CloudFront functions follow. */
  async function chooseFor(req: IncomingMessage, url: URL, kind: 'page' | 'pointer'): Promise<BuildChoice | null> {
    if (!choice || !edgeKeyValues) return null;
    const parameter = url.searchParams.get(PREVIEW_PARAMETER);
    const { state, previewKey } = await edgeKeyValues();
    return chooseBuild(
      {
        kind,
        cookies: cookiesOf(req),
        ...(parameter === null ? {} : { previewParameter: parameter }),
        userAgent: String(req.headers['user-agent'] ?? ''),
        ...(typeof req.headers['sec-fetch-site'] === 'string' ? { fetchSite: req.headers['sec-fetch-site'] } : {}),
        now: (choice.now ?? Date.now)(),
        secure: false,
      },
      state,
      previewKeyFor(previewKey, req.socket.remoteAddress),
      { hmacHex, random: choice.random ?? Math.random },
    );
  }

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

  /** `contentType`: what the file is, when its extension does not say (a feed is XML of a kind of its own). */
  async function send(req: IncomingMessage, res: ServerResponse, file: string, status: number, cacheControl: string, vary = 'Accept-Encoding', contentType?: string): Promise<boolean> {
    const body = await readBody(file);
    if (!body) return false;
    const extension = extensionOf(file);
    const etag = `W/"${body.raw.length.toString(16)}-${Math.floor(body.mtimeMs).toString(16)}"`;
    res.setHeader('Content-Type', contentType ?? contentTypeOf(file));
    res.setHeader('Cache-Control', cacheControl);
    res.setHeader('ETag', etag);
    res.setHeader('Vary', vary);
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
    // run the page as the remote's entry (and the shell's loader waits on it before its retry).
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
    if (options.api) {
      // As the viewer-request function does: the edge's canary and preview builds on a client-events
      // request, written over whatever the browser sent, and on no other request.
      delete req.headers[EDGE_BUILDS_HEADER];
      if (URL.parse(`http://localhost${req.url ?? '/'}`)?.pathname === CLIENT_EVENTS_PATH)
        req.headers[EDGE_BUILDS_HEADER] = edgeBuildsOf(edgeKeyValues ? (await edgeKeyValues()).state : EMPTY_EDGE_STATE);
      if (await options.api.handle(req, res)) return;
    }

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
      case 'file':
      case 'feed': {
        // The release publisher's own objects in dist/site (snapshots, records, its edge record), as CloudFront is denied them.
        if (isPublisherObject(answer.key)) {
          await notFound(req, res, answer.kind === 'file' && answer.buildOutput);
          return;
        }
        const kind = answer.kind === 'page' ? 'page' : answer.key === POINTER_KEY ? 'pointer' : null;
        const chosen = kind ? await chooseFor(req, url, kind) : null;
        if (chosen) {
          for (const cookie of chosen.cookies) res.appendHeader('Set-Cookie', setCookieHeader(cookie));
          if (chosen.noindex) res.setHeader('X-Robots-Tag', 'noindex');
        }
        const key = chosen?.folder ? variantObjectKey(chosen.folder, answer.key) : answer.key;
        const file = path.join(root, key);
        const buildOutput = answer.kind === 'file' && answer.buildOutput;
        // Pages and the pointer document may differ by the browser's cookies (a canary, a preview).
        const vary = chosen ? `Accept-Encoding, ${BUILD_CHOICE_VARY}` : 'Accept-Encoding';
        if (
          file.startsWith(root + path.sep) &&
          (await send(req, res, file, 200, chosen?.cacheControl ?? cacheControlFor(url.pathname), vary, answer.kind === 'feed' ? FEED_CONTENT_TYPE : undefined))
        )
          return;
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
