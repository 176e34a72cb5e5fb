import fs from 'node:fs';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createSiteServer, isServablePath } from '../src/local/site-server';

let siteDir: string;
let server: http.Server;
let origin: string;

/** Raw requests: fetch would normalise the encoded slashes these tests are about. */
async function get(rawPath: string): Promise<{ status: number; location: string | null; body: string }> {
  const response = await fetch(`${origin}${rawPath}`, { redirect: 'manual' });
  return { status: response.status, location: response.headers.get('location'), body: await response.text() };
}

beforeAll(async () => {
  siteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kesho-site-'));
  fs.mkdirSync(path.join(siteDir, 'pages', 'services'), { recursive: true });
  fs.writeFileSync(path.join(siteDir, 'pages', 'index.html'), '<p>home page</p>');
  fs.writeFileSync(path.join(siteDir, 'pages', 'faq.html'), '<p>faq page</p>');
  fs.writeFileSync(path.join(siteDir, 'pages', '404.html'), '<p>Oops! Page not found</p>');
  fs.writeFileSync(path.join(siteDir, 'robots.txt'), 'User-agent: *');
  server = createSiteServer({ siteDir });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(siteDir, { recursive: true, force: true });
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

  it.each(['/pages/index.html', '/%2fpages/index.html', '/%2Fpages/faq.html', '/%5cpages/faq.html', '/./pages/faq.html', '/x/%2e%2e/pages/faq.html', '/%2e%2e/pages/faq.html'])(
    'keeps the prerendered pages behind their routes (%s)',
    async (rawPath) => {
      const answer = await get(rawPath);
      expect(answer.status).toBe(404);
      expect(answer.body).toBe('<p>Oops! Page not found</p>');
    },
  );

  it('tells servable paths from the rest', () => {
    expect(['/', '/faq', '/faq/', '/mfe/legal/abc/main.js'].every(isServablePath)).toBe(true);
    expect(['//evil.example', '/\\evil.example', '/a//b', '/a/../b', '/a\0b', 'relative'].some(isServablePath)).toBe(false);
  });
});
