/**
 * Teams never collide: the trial's marketing and legal teams publishing at the same moment (marketing
 * crashed 3 of 4 tries on a staging folder the other's clean-up removed). Ten times, `release --
 * publish marketing` and `release -- publish legal` run at once as two processes on one scratch dist/
 * with real builds: both exit 0 every time, each build in its own staging folder, and when one
 * finds the other's release under way it waits, saying so.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { promisify } from 'node:util';
import { NODE_TS_OPTIONS } from '../lib/node-ts.mjs';

const root = await fs.mkdtemp(path.join(os.tmpdir(), 'kesho-parallel-'));
process.env.KESHO_DIST_DIR = root;
process.env.NODE_ENV = 'production';
const { buildRemote, buildShell, cleanStaging } = await import('../lib/build-apps.mjs');
const { release } = await import('../lib/release-engine.mjs');
const { pointerFile } = await import('../lib/paths.mjs');
test.after(() => fs.rm(root, { recursive: true, force: true }));

const script = path.join(import.meta.dirname, '..', 'release.mjs');
const publish = (app) =>
  promisify(execFile)(process.execPath, [...NODE_TS_OPTIONS, script, 'publish', app], {
    env: { ...process.env, KESHO_DIST_DIR: root, RELEASED_BY: `team-${app}` },
    maxBuffer: 16 * 1024 * 1024,
  }).then(
    ({ stdout }) => ({ app, code: 0, stdout, stderr: '' }),
    (error) => ({ app, code: error.code, stdout: error.stdout, stderr: error.stderr }),
  );

test('two teams publishing at the same moment both succeed, ten times out of ten', async () => {
  await cleanStaging();
  const shell = await buildShell();
  const legal = await buildRemote('legal');
  const marketing = await buildRemote('marketing');
  await release({ remotes: [legal.pointer, marketing.pointer], shell, action: 'build', built: { shell: shell.buildId, legal: legal.pointer.buildId, marketing: marketing.pointer.buildId } });
  let waited = 0;
  for (let round = 1; round <= 10; round += 1) {
    const results = await Promise.all([publish('marketing'), publish('legal')]);
    for (const result of results) {
      assert.equal(result.code, 0, `round ${round}, ${result.app}: ${result.stderr}`);
      assert.match(result.stdout, new RegExp(`${result.app} released: `));
      if (/Another release is running \(process \d+\): waiting for it to finish/.test(result.stdout)) waited += 1;
    }
  }
  const pointers = JSON.parse(await fs.readFile(pointerFile, 'utf8'));
  assert.deepEqual(pointers.remotes.map((remote) => remote.name).sort(), ['legal', 'marketing']);
  // No staging folder is left behind by either process (this one's own, from the first builds, aside).
  const left = await fs.readdir(path.join(root, '.staging')).catch(() => /** @type {string[]} */ ([]));
  assert.deepEqual(
    left.filter((entry) => entry !== String(process.pid)),
    [],
  );
  console.log(`rounds in which one release waited for the other: ${waited} of 10`);
});
