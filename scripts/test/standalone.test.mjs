/**
 * `npm start -w mfe-*`: a remote alone on webpack-dev-server. Started as the remote's npm script
 * starts it, on a free port, with /api/* forwarded to a stand-in API; a saved change to a source of
 * the bundle is served without a restart, and the page carries the dev server's live-reload client.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { repoRoot } from '../lib/repo-root.mjs';
import { NODE_TS_OPTIONS } from '../lib/node-ts.mjs';

const START_TIMEOUT_MS = 240_000;
const REBUILD_TIMEOUT_MS = 60_000;
// The standalone entry itself: in /standalone.js, never shipped by `npm run build`.
const sourceFile = path.join(repoRoot, 'scripts', 'standalone-bootstrap.ts');

let originalSource;
let child;
let origin;
let api;
const apiRequests = [];

function listen(server) {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server.address().port)));
}

async function freePort() {
  const probe = http.createServer();
  const port = await listen(probe);
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

async function waitFor(check, timeoutMs, what) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const result = await check();
    if (result) return result;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

before(async () => {
  originalSource = await fs.readFile(sourceFile, 'utf8');
  api = http.createServer((req, res) => {
    apiRequests.push(`${req.method} ${req.url}`);
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"from":"the API"}');
  });
  const apiPort = await listen(api);
  const port = await freePort();
  child = spawn(process.execPath, [...NODE_TS_OPTIONS, path.join(repoRoot, 'scripts', 'standalone.mjs'), 'legal'], {
    cwd: path.join(repoRoot, 'mfe-legal'),
    env: { ...process.env, STANDALONE_PORT: String(port), HOST: '127.0.0.1', API_ORIGIN: `http://127.0.0.1:${apiPort}` },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  origin = await Promise.race([
    waitFor(() => /runs alone at (http:\/\/\S+)/.exec(output)?.[1], START_TIMEOUT_MS, `the standalone server:\n${output}`),
    exited.then((code) => Promise.reject(new Error(`standalone.mjs exited with ${code}:\n${output}`))),
  ]);
});

after(async () => {
  await fs.writeFile(sourceFile, originalSource);
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
  await new Promise((resolve) => api?.close(resolve));
});

test('serves every route of the remote with the minimal host page, and a missing file with a 404', async () => {
  for (const route of ['/terms', '/privacy-policy', '/']) {
    const response = await fetch(`${origin}${route}`);
    assert.equal(response.status, 200, route);
    const html = await response.text();
    assert.match(html, /<div id="root"><\/div>/);
    assert.match(html, /<script defer src="\/standalone\.js"><\/script>/);
  }
  assert.equal((await fetch(`${origin}/no-such-file.js`)).status, 404);
});

test('forwards /api/* to API_ORIGIN, method, path and query as sent', async () => {
  const response = await fetch(`${origin}/api/checkout-session?session_id=cs_1`);
  assert.equal(response.status, 200);
  assert.deepEqual(await response.json(), { from: 'the API' });
  assert.ok(apiRequests.includes('GET /api/checkout-session?session_id=cs_1'), apiRequests.join(', '));
});

/** The dev server's socket, as the page's client opens it; collects what the server tells the page. */
async function openPageSocket() {
  const messages = [];
  // @ts-expect-error Node's WebSocket (undici) also takes { headers }, which the browser's type does not list.
  const socket = new WebSocket(`${origin.replace(/^http/, 'ws')}/ws`, { headers: { origin } });
  socket.addEventListener('message', (event) => messages.push(JSON.parse(String(event.data))));
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true });
    socket.addEventListener('error', reject, { once: true });
  });
  return { messages, close: () => socket.close() };
}

test('a saved change is rebuilt and served without a restart, and the open page is told to reload', async () => {
  const bundle = async () => (await fetch(`${origin}/standalone.js`)).text();
  const before = await bundle();
  assert.ok(before.includes('webpack-dev-middleware/client/index.js?'), 'the page runs the dev server client');
  const page = await openPageSocket();
  try {
    await waitFor(() => page.messages.some((message) => message.type === 'liveReload'), REBUILD_TIMEOUT_MS, 'the live-reload greeting');
    const firstHash = await waitFor(() => page.messages.find((message) => message.type === 'hash')?.data, REBUILD_TIMEOUT_MS, 'the current build');
    const marker = `standalone watch probe ${process.pid}-${Date.now()}`;
    assert.ok(!before.includes(marker));
    await fs.writeFile(sourceFile, `${originalSource}// ${marker}\n`);
    await waitFor(async () => (await bundle()).includes(marker), REBUILD_TIMEOUT_MS, 'the rebuilt bundle');
    // A new build, then "ok": what makes the client reload the page.
    const newHash = page.messages.findIndex((message) => message.type === 'hash' && message.data !== firstHash);
    assert.ok(newHash !== -1, 'the page was told about the new build');
    await waitFor(() => page.messages.slice(newHash).some((message) => message.type === 'ok'), REBUILD_TIMEOUT_MS, 'the reload signal');
  } finally {
    page.close();
    await fs.writeFile(sourceFile, originalSource);
  }
  await waitFor(async () => !(await bundle()).includes('standalone watch probe'), REBUILD_TIMEOUT_MS, 'the bundle rebuilt from the restored source');
});
