import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pageRouteCases, servedKeysOf } from '@kesho/release-model/page-route-cases';
import { createSiteServer, type ApiRuntime } from '../src/site-server';

let siteDir: string;
const PUBLISHER_KEYS = [
  'releases/legal/legalabc-0123456789ab/release.json',
  'releases/legal/legalabc-0123456789ab/pages/terms.html',
  'mfe/pointers/legal.json',
  'mfe/canary/legal.json',
  'edge/state.json',
];
let server: http.Server;
let origin: string;

/** fetch keeps encoded slashes as they are, which is what most of these tests are about. */
async function get(rawPath: string, at = origin): Promise<{ status: number; location: string | null; body: string; type: string | null; cache: string | null }> {
  const response = await fetch(`${at}${rawPath}`, { redirect: 'manual' });
  return {
    status: response.status,
    location: response.headers.get('location'),
    body: await response.text(),
    type: response.headers.get('content-type'),
    cache: response.headers.get('cache-control'),
  };
}

beforeAll(async () => {
  siteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kesho-site-'));
  fs.mkdirSync(path.join(siteDir, 'pages', 'services'), { recursive: true });
  fs.writeFileSync(path.join(siteDir, 'pages', 'index.html'), '<p>home page</p>');
  fs.writeFileSync(path.join(siteDir, 'pages', 'faq.html'), '<p>faq page</p>');
  fs.writeFileSync(path.join(siteDir, 'pages', '404.html'), '<p>Oops! Page not found</p>');
  fs.writeFileSync(path.join(siteDir, 'robots.txt'), 'User-agent: *');
  fs.mkdirSync(path.join(siteDir, 'mfe', 'legal', 'abc123'), { recursive: true });
  fs.writeFileSync(path.join(siteDir, 'mfe', 'legal', 'abc123', 'remoteEntry.js'), 'var legal;');
  // The release publisher's own objects, which the local release keeps in dist/site (its store) as the publisher keeps them in the bucket.
  for (const key of PUBLISHER_KEYS) {
    fs.mkdirSync(path.dirname(path.join(siteDir, key)), { recursive: true });
    fs.writeFileSync(path.join(siteDir, key), '{"secret":"of the publisher"}');
  }
  server = createSiteServer({ siteDir });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(siteDir, { recursive: true, force: true });
});

/** A request exactly as written: fetch (like a browser) would turn "\\" into "/" before sending. */
function rawGet(rawPath: string): Promise<{ status: number; location: string | undefined }> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${origin}/`, { path: rawPath }, (response) => {
      response.resume();
      resolve({ status: response.statusCode ?? 0, location: response.headers.location });
    });
    request.on('error', reject);
  });
}

describe("the site server, on the site's one table of request paths (the CloudFront function runs it too)", () => {
  let tableSiteDir: string;
  let tableServer: http.Server;
  let tableOrigin: string;

  beforeAll(async () => {
    tableSiteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kesho-site-table-'));
    // Every object the table names, each holding its own key, and the 404 page.
    for (const key of [...servedKeysOf(pageRouteCases), 'pages/404.html']) {
      fs.mkdirSync(path.dirname(path.join(tableSiteDir, key)), { recursive: true });
      fs.writeFileSync(path.join(tableSiteDir, key), key === 'pages/404.html' ? '<p>Oops! Page not found</p>' : key);
    }
    // Like the local API runtime: it answers /api and /api/* itself.
    const api: ApiRuntime = {
      handle: async (req, res) => {
        if (!/^\/api(\/|$)/.test(req.url ?? '')) return false;
        res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8' }).end('the API');
        return true;
      },
    };
    tableServer = createSiteServer({ siteDir: tableSiteDir, api });
    await new Promise<void>((resolve) => tableServer.listen(0, '127.0.0.1', resolve));
    tableOrigin = `http://127.0.0.1:${(tableServer.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => tableServer.close(resolve));
    fs.rmSync(tableSiteDir, { recursive: true, force: true });
  });

  it.each(pageRouteCases.map((c) => [c.path + (c.query ? `?${c.query}` : ''), c.why, c]))('%s (%s)', async (_request, _why, { path: rawPath, query, expected }) => {
    const answer = await get(query ? `${rawPath}?${query}` : rawPath, tableOrigin);
    switch (expected.kind) {
      case 'page':
      case 'file':
        expect(answer).toMatchObject({ status: 200, body: expected.key });
        break;
      case 'feed':
        expect(answer).toMatchObject({ status: 200, body: expected.key, type: 'application/rss+xml; charset=utf-8', cache: 'no-cache' });
        break;
      case 'api':
        expect(answer).toMatchObject({ status: 200, body: 'the API' });
        break;
      case 'redirect':
        expect(answer).toMatchObject({ status: 308, location: expected.location });
        break;
      case 'not-found':
        expect(answer.status).toBe(404);
        expect(answer.location).toBeNull();
        if (expected.buildOutput) expect(answer).toMatchObject({ type: 'text/plain; charset=utf-8', body: 'Not found' });
        else expect(answer.body).toBe('<p>Oops! Page not found</p>');
        break;
      case 'bad-request':
        expect(answer.status).toBe(400);
        break;
    }
  });
});

describe('the site server', () => {
  it('serves routes, files and a real 404', async () => {
    expect(await get('/')).toMatchObject({ status: 200, body: '<p>home page</p>' });
    expect(await get('/faq')).toMatchObject({ status: 200, body: '<p>faq page</p>' });
    expect(await get('/robots.txt')).toMatchObject({ status: 200 });
    expect(await get('/nothing')).toMatchObject({ status: 404, body: '<p>Oops! Page not found</p>' });
  });

  it('drops a trailing slash with a same-origin redirect that keeps the query', async () => {
    expect(await get('/faq/?a=1')).toMatchObject({ status: 308, location: '/faq?a=1' });
    expect(await get('/faq//')).toMatchObject({ status: 308, location: '/faq' });
  });

  it.each(['/%2fevil.example/', '/%2Fevil.example/', '/%5cevil.example/', '/%5Cevil.example/', '/%2f%2fevil.example/', '/%5c%2fevil.example/'])(
    'never redirects %s to another host',
    async (rawPath) => {
      const answer = await get(rawPath);
      expect(answer.status).toBe(404);
      expect(answer.location).toBeNull();
    },
  );

  it.each(PUBLISHER_KEYS.map((key) => `/${key}`))("never serves the release publisher's own objects, as CloudFront is denied them (%s)", async (rawPath) => {
    const answer = await get(rawPath);
    expect(answer.status).toBe(404);
    expect(answer.body).not.toContain('of the publisher');
  });

  it.each(['/pages/index.html', '/%2fpages/index.html', '/%2Fpages/faq.html', '/%5cpages/faq.html', '/./pages/faq.html', '/x/%2e%2e/pages/faq.html', '/%2e%2e/pages/faq.html'])(
    'keeps the prerendered pages behind their routes (%s)',
    async (rawPath) => {
      const answer = await get(rawPath);
      expect(answer.status).toBe(404);
      expect(answer.body).toBe('<p>Oops! Page not found</p>');
    },
  );

  it.each([
    '/mfe/legal/gone00/remoteEntry.js',
    '/mfe/legal/abc123/missing.1234abcd.js',
    '/mfe/legal/abc123/mf-manifest.json',
    '/mfe/remotes.json',
    '/mfe/legal',
    '/shell/0123456789ab/main.js',
    '/shell/0123456789ab/assets/logo.svg',
    '/shell',
    '/mfe//legal/x.js',
  ])('answers a missing build asset %s with a plain-text 404, never the HTML page', async (rawPath) => {
    const answer = await get(rawPath);
    expect(answer.status).toBe(404);
    expect(answer.type).toBe('text/plain; charset=utf-8');
    expect(answer.body).toBe('Not found');
    expect(answer.body).not.toContain('<');
    expect(answer.cache).toMatch(/no-cache|no-store/);
  });

  it('still serves present build assets, and the HTML 404 for pages whose path only starts like one', async () => {
    expect(await get('/mfe/legal/abc123/remoteEntry.js')).toMatchObject({ status: 200, body: 'var legal;', type: 'text/javascript; charset=utf-8' });
    expect(await get('/mfeature')).toMatchObject({ status: 404, body: '<p>Oops! Page not found</p>', type: 'text/html; charset=utf-8' });
    expect(await get('/shells.js')).toMatchObject({ status: 404, body: '<p>Oops! Page not found</p>' });
  });

  it('answers HEAD for a missing build asset with the 404 and no body', async () => {
    const response = await fetch(`${origin}/mfe/legal/gone00/remoteEntry.js`, { method: 'HEAD' });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await response.text()).toBe('');
  });

  it('serves a route even when a client sends it with a literal ".."', async () => {
    expect(await rawGet('/services/../faq')).toEqual({ status: 200, location: undefined });
  });

  it.each(['//evil.example', '//evil.example/', '/\\evil.example', '/\\evil.example/', '/a//b', 'relative', '*'])(
    'answers %s, sent exactly so, without serving a page or redirecting anywhere',
    async (rawPath) => {
      const answer = await rawGet(rawPath);
      expect([400, 404]).toContain(answer.status);
      expect(answer.location).toBeUndefined();
    },
  );
});
