/**
 * The shell-kit contract is checked by name, with real builds in a scratch dist/: the trial's remote
 * that calls a new shell-kit function in an effect (the shell not released with it) is refused at
 * release naming the export, though the kit's version number is the same on both sides; the site
 * stays as it was.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { kitContractProblems } from '../lib/kit-contract.mjs';
import { repoRoot } from '../lib/repo-root.mjs';
import { textVariant } from '../lib/text-variant.mjs';

const root = await fs.mkdtemp(path.join(os.tmpdir(), 'kesho-kit-contract-'));
process.env.KESHO_DIST_DIR = root;
process.env.RELEASED_BY = 'kit-contract-test';
process.env.NODE_ENV = 'production';
const { buildRemote, buildShell, cleanStaging } = await import('../lib/build-apps.mjs');
const { publishRemote, release } = await import('../lib/release-engine.mjs');
const { pointerFile } = await import('../lib/paths.mjs');
test.after(() => fs.rm(root, { recursive: true, force: true }));

let live;
test.before(async () => {
  await cleanStaging();
  const shell = await buildShell();
  const { pointer } = await buildRemote('legal');
  await release({ remotes: [pointer], shell, action: 'build', built: { shell: shell.buildId, legal: pointer.buildId } });
  live = { shell, legal: pointer, pointers: await fs.readFile(pointerFile, 'utf8') };
});

test('a shell build records its kit’s exports by name, and a remote’s manifest the kit exports it imports', async () => {
  assert.ok(live.shell.kitExports.includes('Link'), live.shell.kitExports.join(' '));
  assert.ok(live.shell.kitExports.includes('useShell'));
  const manifest = JSON.parse(await fs.readFile(path.join(root, 'site', live.legal.manifest), 'utf8'));
  assert.ok(manifest.shellKitImports.length > 0);
  assert.deepEqual(
    manifest.shellKitImports.filter((name) => !live.shell.kitExports.includes(name)),
    [],
  );
});

test('a remote calling a shell-kit function the live shell lacks, in an effect, is refused naming the export; the site stays', async () => {
  const page = path.join(repoRoot, 'mfe-legal/src/pages/TermsPage.tsx');
  const anchor = 'export default function TermsPage() {';
  const effect = `import { useEffect } from 'react';\nimport { announce } from '@kesho/shell-kit';\n${anchor}\n  useEffect(() => {\n    announce('Terms read');\n  }, []);`;
  await assert.rejects(publishRemote('legal', { build: (name) => buildRemote(name, { configure: textVariant(page, anchor, effect) }) }), (/** @type {Error} */ error) => {
    assert.equal(error.name, 'RefusedError');
    assert.match(error.message, /Shell-kit contract/);
    assert.match(error.message, new RegExp(`The legal build \\w+ imports "announce" from @kesho/shell-kit, which the live shell ${live.shell.buildId} does not export`));
    return true;
  });
  assert.equal(await fs.readFile(pointerFile, 'utf8'), live.pointers);
});

test('a shell whose kit drops an export a live remote imports is refused, naming it and the remote', () => {
  const problems = kitContractProblems({
    shell: { buildId: 'shell2', kitExports: ['Link'] },
    remotes: [{ name: 'marketing', buildId: 'm1', kitImports: ['Link', 'useShell', 'announce'] }],
    releasing: 'shell',
  });
  assert.deepEqual(problems, ['The shell build shell2\'s @kesho/shell-kit does not export "useShell", "announce", which the live marketing build m1 imports.']);
  assert.deepEqual(kitContractProblems({ shell: { buildId: 's' }, remotes: [{ name: 'legal', buildId: 'l', kitImports: ['x'] }], releasing: ['legal'] }), []);
});
