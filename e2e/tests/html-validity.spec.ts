import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { builtRoutes, repoRoot } from '../support/site';
import { expect, test } from '../support/fixtures';

const run = promisify(execFile);

test('every route’s HTML passes the Nu HTML Checker with no errors', async ({ request }) => {
  test.setTimeout(180_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kesho-vnu-'));
  try {
    const routes = [...builtRoutes().map((r) => r.path), '/no-such-page'];
    const files: string[] = [];
    for (const route of routes) {
      const response = await request.get(route);
      const file = path.join(dir, `${route === '/' ? 'index' : route.slice(1).replace(/\//g, '__')}.html`);
      fs.writeFileSync(file, await response.text());
      files.push(file);
    }
    const jar = path.join(repoRoot, 'node_modules', 'vnu-jar', 'build', 'dist', 'vnu.jar');
    const { stdout, stderr } = await run('java', ['-jar', jar, '--format', 'json', '--exit-zero-always', ...files], { maxBuffer: 32 * 1024 * 1024 }).catch(
      (error: { stdout: string; stderr: string }) => error,
    );
    const report = JSON.parse(stderr || stdout) as { messages: { type: string; url: string; message: string; lastLine?: number; extract?: string }[] };
    const errors = report.messages.filter((m) => m.type === 'error').map((m) => `${path.basename(m.url)}:${m.lastLine ?? '?'} ${m.message} — ${m.extract ?? ''}`);
    expect(errors).toEqual([]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
