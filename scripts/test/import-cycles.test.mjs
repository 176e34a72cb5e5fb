/**
 * No import circle in the Lambdas or the CDK app (issue 43): a circle makes a module's exports
 * undefined while the other is still loading, and the reader of either file must hold both in mind.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { importCycles } from '../lib/import-cycles.mjs';
import { repoRoot } from '../lib/repo-root.mjs';

test('lambdas/src and infra/lib import no module that imports them back, type-only imports included', () => {
  const folders = ['lambdas/src', 'infra/lib'].map((folder) => path.join(repoRoot, folder));
  assert.deepEqual(importCycles(folders, repoRoot), []);
});

test('the check finds a circle, however it is written (a type import, an index, a .js suffix), and names its modules', () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'kesho-cycles-'));
  try {
    fs.mkdirSync(path.join(folder, 'b'));
    fs.writeFileSync(path.join(folder, 'a.ts'), "import type { B } from './b';\nexport type A = B;\n");
    fs.writeFileSync(path.join(folder, 'b', 'index.ts'), "export { c } from '../c.js';\nexport type B = string;\n");
    fs.writeFileSync(path.join(folder, 'c.ts'), "import './a';\nexport const c = 1;\n");
    // Not edges: a package, a lazily loaded module, a module outside the folders.
    fs.writeFileSync(path.join(folder, 'd.ts'), "import { x } from 'a';\nexport const d = () => import('./a.js');\nexport { x };\n");
    assert.deepEqual(importCycles([folder], folder), [['a.ts', path.join('b', 'index.ts'), 'c.ts']]);
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
});
