import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { missingPlatformPackages, platformOf } from '../lib/lockfile.mjs';
import { repoRoot } from '../lib/repo-root.mjs';

/**
 * A lock with one native package and the given platform packages.
 * @param {string[]} optional
 * @returns {{ packages: Record<string, import('../lib/lockfile.mjs').LockEntry> }}
 */
const binding = (optional) => ({
  packages: {
    '': { name: 'app' },
    'node_modules/native': { version: '1.0.0', optionalDependencies: Object.fromEntries(optional.map((name) => [name, '1.0.0'])) },
    ...Object.fromEntries(optional.map((name) => [`node_modules/${name}`, { version: '1.0.0', optional: true }])),
  },
});

test('reads the platform from the names native packages use', () => {
  assert.equal(platformOf('@esbuild/darwin-arm64'), 'darwin-arm64');
  assert.equal(platformOf('@swc/core-win32-x64-msvc'), 'win32-x64');
  assert.equal(platformOf('@nx/nx-linux-x64-gnu'), 'linux-x64');
  assert.equal(platformOf('@rspack/binding-linux-riscv64-gnu'), null);
  assert.equal(platformOf('@unrs/resolver-binding-wasm32-wasi'), null);
});

test('names each team platform package a lock lacks, and only those', () => {
  const lock = binding(['native-linux-x64-gnu', 'native-linux-arm64-gnu', 'native-darwin-x64', 'native-darwin-arm64', 'native-freebsd-x64']);
  lock.packages['node_modules/native'] = { version: '1.0.0', optionalDependencies: { ...lock.packages['node_modules/native']?.optionalDependencies, 'native-win32-x64-msvc': '1.0.0' } };
  assert.deepEqual(missingPlatformPackages(lock), [{ dependent: 'native', name: 'native-win32-x64-msvc', wanted: '1.0.0', platform: 'win32-x64' }]);
});

test('finds a platform package where npm would (nested first, then up the tree) and at the pinned version', () => {
  const lock = binding(['native-darwin-arm64']);
  lock.packages['node_modules/tool/node_modules/native'] = { version: '2.0.0', optionalDependencies: { 'native-darwin-arm64': '2.0.0' } };
  assert.deepEqual(
    missingPlatformPackages(lock).map(({ dependent, name, wanted }) => `${dependent} ${name}@${wanted}`),
    ['native native-darwin-arm64@2.0.0'],
  );
  lock.packages['node_modules/tool/node_modules/native-darwin-arm64'] = { version: '2.0.0', optional: true };
  assert.deepEqual(missingPlatformPackages(lock), []);
});

test('the committed lock holds every native package of the team platforms', () => {
  const lock = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package-lock.json'), 'utf8'));
  assert.deepEqual(missingPlatformPackages(lock), []);
});
