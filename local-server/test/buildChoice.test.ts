import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createHmac } from 'node:crypto';
import { previewToken, setCookieHeader, type EdgeState } from '@kesho/release-model/build-choice';
import { buildChoiceCases, FOLDERS, PREVIEW_KEY, RANDOM, type BuildChoiceCase } from '@kesho/release-model/build-choice-cases';
import { PREVIEW_LINK_SECRET_KEY } from '@kesho/release-model/site-keys';
import { DEVELOPMENT_PREVIEW_LINK_SECRET } from '../src/config';
import { createSiteServer, isLoopbackAddress, previewKeyFor } from '../src/site-server';

/*
 * The table of @kesho/release-model/build-choice-cases (the rule's own test and the CloudFront functions'
 * test run it too) against a real server: each request is answered from the folder the table names,
 * with its cookies, Cache-Control, X-Robots-Tag and Vary.
 */
const NOW = Date.parse('2025-06-01T12:00:00.250Z');
let siteDir: string;
const servers = new Map<string, { origin: string; server: http.Server }>();

function write(file: string, content: string) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
}

/** One server per edge state and key: the state is the release's file beside the site. */
async function serverFor(state: EdgeState, previewKey: string | null): Promise<string> {
  const id = `${JSON.stringify(state)} ${previewKey}`;
  const running = servers.get(id);
  if (running) return running.origin;
  const edgeKeyValueFile = path.join(siteDir, '..', `edge-key-value-${servers.size}.json`);
  // The key as the release hands it to the edge; an edge without it takes every link for forged.
  write(edgeKeyValueFile, JSON.stringify({ state: JSON.stringify(state), ...(previewKey === null ? {} : { [PREVIEW_LINK_SECRET_KEY]: previewKey }) }));
  const server = createSiteServer({ siteDir, buildChoice: { edgeKeyValueFile, now: () => NOW, random: () => RANDOM } });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  servers.set(id, { origin, server });
  return origin;
}

function get(url: string, headers: Record<string, string>): Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body, headers: response.headers }));
    });
    request.on('error', reject);
  });
}

beforeAll(() => {
  siteDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'kesho-build-choice-')), 'site');
  write(path.join(siteDir, 'pages', 'faq.html'), 'live faq');
  write(path.join(siteDir, 'pages', '404.html'), 'not found');
  write(path.join(siteDir, 'mfe', 'remotes.json'), '"live pointer"');
  for (const folder of Object.values(FOLDERS)) {
    write(path.join(siteDir, 'variants', folder, 'pages', 'faq.html'), `faq of ${folder}`);
    write(path.join(siteDir, 'variants', folder, 'remotes.json'), `"pointer of ${folder}"`);
  }
});

afterAll(async () => {
  for (const { server } of servers.values()) await new Promise((resolve) => server.close(resolve));
  fs.rmSync(path.dirname(siteDir), { recursive: true, force: true });
});

describe('the site server, on the table of build choices (the CloudFront functions run it too)', () => {
  test.each(buildChoiceCases(NOW).map((c) => [c.why, c] as [string, BuildChoiceCase]))('%s', async (_why, { request, state, previewKey, expected }) => {
    const origin = await serverFor(state, previewKey === undefined ? PREVIEW_KEY : previewKey);
    const cookie = Object.entries(request.cookies)
      .map(([name, value]) => `${name}=${value}`)
      .join('; ');
    const query = request.previewParameter === undefined ? '' : `?kesho-preview=${encodeURIComponent(request.previewParameter)}`;
    const answer = await get(`${origin}${request.kind === 'page' ? '/faq' : '/mfe/remotes.json'}${query}`, {
      'user-agent': request.userAgent,
      ...(cookie ? { cookie } : {}),
      ...(request.fetchSite ? { 'sec-fetch-site': request.fetchSite } : {}),
    });
    expect(answer.status).toBe(200);
    const live = request.kind === 'page' ? 'live faq' : '"live pointer"';
    expect(answer.body).toBe(expected.folder === null ? live : request.kind === 'page' ? `faq of ${expected.folder}` : `"pointer of ${expected.folder}"`);
    // The server runs over plain http: the table's Secure cookies are the edge's (HTTPS) answer.
    expect(answer.headers['set-cookie'] ?? []).toEqual(expected.cookies.map((toSet) => setCookieHeader({ ...toSet, attributes: toSet.attributes.replace('; Secure', '') })));
    expect(answer.headers['cache-control']).toBe(expected.cacheControl ?? 'no-cache');
    expect(answer.headers['x-robots-tag']).toBe(expected.noindex ? 'noindex' : undefined);
    expect(answer.headers.vary).toBe('Accept-Encoding, Cookie');
  });

  test('a variant folder is never reachable by its own path', async () => {
    const origin = await serverFor(buildChoiceCases(NOW)[0]?.state as EdgeState, PREVIEW_KEY);
    const answer = await get(`${origin}/variants/${FOLDERS.preview}/pages/faq.html`, { 'user-agent': 'Mozilla/5.0' });
    expect(answer).toMatchObject({ status: 404, body: 'not found' });
  });
});

describe('the built-in development preview key (issue 40, item 8)', () => {
  it('checks links with it for visitors on this machine only; a key of its own is used for everyone', () => {
    for (const address of ['127.0.0.1', '127.0.0.2', '::1', '::ffff:127.0.0.1']) {
      expect(isLoopbackAddress(address)).toBe(true);
      expect(previewKeyFor(DEVELOPMENT_PREVIEW_LINK_SECRET, address)).toBe(DEVELOPMENT_PREVIEW_LINK_SECRET);
    }
    for (const address of ['192.168.1.20', '10.0.0.5', '::ffff:192.0.2.2', 'fd00::2', '128.0.0.1', undefined]) {
      expect(isLoopbackAddress(address)).toBe(false);
      expect(previewKeyFor(DEVELOPMENT_PREVIEW_LINK_SECRET, address)).toBeNull();
      expect(previewKeyFor(PREVIEW_KEY, address)).toBe(PREVIEW_KEY);
    }
  });

  it('a link signed with the built-in key opens the preview from this machine', async () => {
    const [valid] = buildChoiceCases(NOW).filter((c) => c.request.previewParameter !== undefined && c.expected.reason === 'preview');
    const state = valid!.state;
    const edgeKeyValueFile = path.join(siteDir, '..', 'edge-key-value-development-key.json');
    write(edgeKeyValueFile, JSON.stringify({ state: JSON.stringify(state), [PREVIEW_LINK_SECRET_KEY]: DEVELOPMENT_PREVIEW_LINK_SECRET }));
    const hmac = (key: string, text: string) => createHmac('sha256', key).update(text).digest('hex');
    const token = previewToken('marketing', valid!.request.previewParameter!.split('.')[1]!, NOW + 3_600_000, DEVELOPMENT_PREVIEW_LINK_SECRET, hmac, NOW);
    const server = createSiteServer({ siteDir, buildChoice: { edgeKeyValueFile, now: () => NOW, random: () => RANDOM } });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const answer = await get(`${origin}/faq?kesho-preview=${token}`, { 'user-agent': 'Mozilla/5.0' });
      expect(answer.body).toBe(`faq of ${FOLDERS.preview}`);
      expect(String(answer.headers['set-cookie'])).toContain(`kesho-preview=${token}`);
    } finally {
      server.close();
    }
  });
});
