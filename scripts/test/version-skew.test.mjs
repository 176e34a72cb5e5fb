/**
 * Version skew is refused at release, with real builds in a scratch dist/: a legal remote built for a
 * React the live shell does not provide, and a shell that provides a React the live legal remote does
 * not accept, are each refused with the package and both versions named, and the site stays as it
 * was. The variants are what a team's bump in its package.json would build: the same sources with one
 * shared singleton's version changed in the federation config.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import webpack from 'webpack';
import { RemoteManifestPlugin } from '../lib/remote-manifest-plugin.mjs';
import { requirementsOf, versionSkewProblems } from '../lib/version-skew.mjs';

const root = await fs.mkdtemp(path.join(os.tmpdir(), 'kesho-version-skew-'));
process.env.KESHO_DIST_DIR = root;
process.env.RELEASED_BY = 'version-skew-test';
process.env.NODE_ENV = 'production';
const { buildRemote, buildShell, cleanStaging } = await import('../lib/build-apps.mjs');
const { knownBuilds, publishRemote, publishShell, release } = await import('../lib/release-engine.mjs');
const { pointerFile } = await import('../lib/paths.mjs');
test.after(() => fs.rm(root, { recursive: true, force: true }));

const reactVersion = createRequire(import.meta.url)('react/package.json').version;

/** Changes the React entry of a build's federation config (the object both federation plugins share). */
function withReact(change) {
  return (config) => {
    for (const plugin of config.plugins ?? []) {
      /** @type {any} */
      const shared = plugin instanceof RemoteManifestPlugin || plugin instanceof webpack.container.ModuleFederationPlugin ? plugin.options.shared : null;
      if (shared?.react) shared.react = { ...shared.react, ...change };
    }
    return config;
  };
}

let live;
test.before(async () => {
  await cleanStaging();
  const shell = await buildShell();
  const { pointer } = await buildRemote('legal');
  await release({ remotes: [pointer], shell, action: 'build', built: { shell: shell.buildId, legal: pointer.buildId } });
  live = { shell, legal: pointer, pointers: await fs.readFile(pointerFile, 'utf8') };
});

test("a shell build records the shared singletons' versions it provides, and a remote's manifest its ranges", async () => {
  assert.equal(live.shell.shared.react, reactVersion);
  assert.match(live.shell.shared['@kesho/shell-kit'], /^\d+\.\d+\.\d+$/);
  const manifest = JSON.parse(await fs.readFile(path.join(root, 'site', live.legal.manifest), 'utf8'));
  assert.equal(requirementsOf(manifest).react, `^${reactVersion}`);
});

test('a remote built for a React the live shell does not provide is refused, and the site stays as it was', async () => {
  await assert.rejects(publishRemote('legal', { build: (name) => buildRemote(name, { configure: withReact({ requiredVersion: '^20.0.0' }) }) }), (/** @type {Error} */ error) => {
    assert.equal(error.name, 'RefusedError');
    assert.match(
      error.message,
      new RegExp(`The legal build [0-9a-f]{12} requires react \\^20\\.0\\.0, but the live shell ${live.shell.buildId} provides react ${reactVersion.replaceAll('.', '\\.')}\\.`),
    );
    return true;
  });
  assert.equal(await fs.readFile(pointerFile, 'utf8'), live.pointers);
  const refused = (await knownBuilds('legal')).filter((build) => build.refused);
  assert.equal(refused.length, 1);
  assert.match(refused[0]?.refused?.reason ?? '', /requires react \^20\.0\.0/);
});

test('a shell that provides a React a live remote does not accept is refused, and the site stays as it was', async () => {
  await assert.rejects(publishShell({ build: () => buildShell({ configure: withReact({ version: '18.3.1' }) }) }), (/** @type {Error} */ error) => {
    assert.equal(error.name, 'RefusedError');
    assert.match(
      error.message,
      new RegExp(`The shell build [0-9a-f]{12} provides react 18\\.3\\.1, but the live legal build ${live.legal.buildId} requires react \\^${reactVersion.replaceAll('.', '\\.')}\\.`),
    );
    return true;
  });
  assert.equal(await fs.readFile(pointerFile, 'utf8'), live.pointers);
  assert.equal((await knownBuilds('shell')).find((build) => build.live)?.buildId, live.shell.buildId);
});

test('ranges the shell satisfies pass; a shell recorded before shells named their versions is not judged', () => {
  const remotes = [{ name: 'marketing', buildId: 'aaaaaaaaaaa1', requires: { react: '^19.1.0', 'styled-components': '^6.6.0' } }];
  assert.deepEqual(versionSkewProblems({ shell: { buildId: 'bbbbbbbbbbb2', shared: { react: '19.3.1', 'styled-components': '6.6.2' } }, remotes, releasing: ['marketing'] }), []);
  assert.deepEqual(versionSkewProblems({ shell: { buildId: 'bbbbbbbbbbb2' }, remotes, releasing: 'shell' }), []);
  assert.deepEqual(versionSkewProblems({ shell: { buildId: 'bbbbbbbbbbb2', shared: { react: '19.3.1', 'styled-components': '7.0.0' } }, remotes, releasing: ['marketing'] }), [
    'The marketing build aaaaaaaaaaa1 requires styled-components ^6.6.0, but the live shell bbbbbbbbbbb2 provides styled-components 7.0.0.',
  ]);
});
