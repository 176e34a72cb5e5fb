/**
 * Boundaries hold at release, not only in lint: a remote whose build reaches another team's workspace
 * (here legal's routes loading commerce's cart slice through an `import()` that lint was told to
 * ignore, as the marketing team's trial did) is refused by `buildRemote`, naming the module and its
 * workspace, and nothing is stored in dist/.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { repoRoot } from '../lib/repo-root.mjs';
import { textVariant } from '../lib/text-variant.mjs';
import { boundaryBreaches } from '../lib/workspaces.mjs';

const root = await fs.mkdtemp(path.join(os.tmpdir(), 'kesho-boundaries-'));
process.env.KESHO_DIST_DIR = root;
process.env.NODE_ENV = 'production';
const { buildRemote, cleanStaging } = await import('../lib/build-apps.mjs');
test.after(() => fs.rm(root, { recursive: true, force: true }));

test('the module list of a build: another team’s module is a breach, its own, the shared packages and node_modules are not', () => {
  const at = (file) => path.join(repoRoot, file);
  assert.deepEqual(
    boundaryBreaches(repoRoot, 'mfe-marketing', [
      at('mfe-marketing/src/routes.ts'),
      at('packages/shell-kit/src/index.ts'),
      at('packages/site-rules/src/site.ts'),
      at('node_modules/react/index.js'),
      at('mfe-marketing/node_modules/x/index.js'),
    ]),
    [],
  );
  const breaches = boundaryBreaches(repoRoot, 'mfe-marketing', [at('mfe-commerce/src/cart/cartSlice.ts'), `${at('shell/src/app/Header.tsx')}?query`]);
  assert.deepEqual(
    breaches.map(({ module, workspace }) => [module, workspace]),
    [
      ['mfe-commerce/src/cart/cartSlice.ts', 'mfe-commerce'],
      ['shell/src/app/Header.tsx', 'shell'],
    ],
  );
  assert.equal(boundaryBreaches(repoRoot, 'shell', [at('mfe-legal/src/routes.ts')]).length, 1);
});

test('a remote build whose import() reaches another team’s workspace is refused, naming the module, and nothing is stored', async () => {
  await cleanStaging();
  const routes = path.join(repoRoot, 'mfe-legal/src/routes.ts');
  const anchor = "import type { PageRoute } from '@kesho/shell-kit';";
  const breach = `${anchor}\n// eslint-disable-next-line kesho/workspace-boundaries\nvoid import('@kesho/mfe-commerce/src/cart/cartSlice');`;
  await assert.rejects(buildRemote('legal', { configure: textVariant(routes, anchor, breach) }), (/** @type {Error} */ error) => {
    assert.equal(error.name, 'RefusedError');
    assert.match(error.message, /The legal build is refused: its module graph reaches another team's workspace\./);
    assert.match(error.message, /mfe-commerce\/src\/cart\/cartSlice\.ts \(workspace mfe-commerce\)/);
    assert.match(error.message, /mfe-legal may import @kesho\/site-rules, @kesho\/release-model, @kesho\/shell-kit \(see mfe-legal\/README\.md\)/);
    return true;
  });
  const stored = await fs.readdir(path.join(root, 'site', 'mfe', 'legal')).catch(() => []);
  assert.deepEqual(stored, []);
});
