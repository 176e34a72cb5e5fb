/**
 * CHROMIUM_PATH has one reader (lib/chromium.mjs) for the browser tests, the benchmark and
 * ensure-chromium: the environment first, then the repository's .env, then Debian's Chromium.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { chromiumPath, DEFAULT_CHROMIUM_PATH } from '../lib/chromium.mjs';

const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'kesho-chromium-'));
test.after(() => fs.rm(scratch, { recursive: true, force: true }));
/** A repository root with a .env file, and one without. */
const withFile = path.join(scratch, 'with');
const withoutFile = path.join(scratch, 'without');
await fs.mkdir(withFile);
await fs.mkdir(withoutFile);
const envFile = path.join(withFile, '.env');

test('without a setting, Debian’s Chromium; an empty value is the default too, as .env.example writes it', async () => {
  assert.equal(chromiumPath(withoutFile, {}), DEFAULT_CHROMIUM_PATH);
  assert.equal(DEFAULT_CHROMIUM_PATH, '/usr/bin/chromium');
  assert.equal(chromiumPath(withoutFile, { CHROMIUM_PATH: '  ' }), DEFAULT_CHROMIUM_PATH);
  await fs.writeFile(envFile, 'CHROMIUM_PATH=\n');
  assert.equal(chromiumPath(withFile, {}), DEFAULT_CHROMIUM_PATH);
});

test('the environment wins over the .env file, which wins over the default; a relative path is the repository’s', async () => {
  await fs.writeFile(envFile, '# browser\nCHROMIUM_PATH=/opt/chromium/chrome\n');
  assert.equal(chromiumPath(withFile, {}), '/opt/chromium/chrome');
  assert.equal(chromiumPath(withFile, { CHROMIUM_PATH: '/usr/local/bin/chromium' }), '/usr/local/bin/chromium');
  assert.equal(chromiumPath(withoutFile, { CHROMIUM_PATH: 'tools/chromium' }), path.join(withoutFile, 'tools', 'chromium'));
});

test('CHROME_PATH is not read: one variable names the browser everywhere', () => {
  assert.equal(chromiumPath(withoutFile, { CHROME_PATH: '/opt/chrome' }), DEFAULT_CHROMIUM_PATH);
});
