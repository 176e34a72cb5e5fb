/**
 * Team boundaries the tools enforce: lint refuses an import across a workspace's "May import" table
 * (eslint.config.mjs, workspaceBoundaries), and CODEOWNERS names one owning team for every tracked file.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const eslint = new ESLint({ cwd: repoRoot });

async function importProblems(filePath, code) {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, filePath) });
  assert.ok(result, filePath);
  return result.messages.filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.message);
}

test('a remote importing another remote, by name or by path, fails lint with the rule’s message', async () => {
  for (const source of ['@kesho/mfe-commerce/src/cart/cartSlice', '../../../mfe-commerce/src/cart/cartSlice']) {
    const problems = await importProblems('mfe-marketing/src/pages/Breach.ts', `import { cartSlice } from '${source}';\nexport const breach = cartSlice;\n`);
    assert.equal(problems.length, 1, source);
    assert.match(problems[0] ?? '', /mfe-marketing may import @kesho\/common, @kesho\/shell-kit \(see mfe-marketing\/README\.md\)/);
  }
});

test('the shell importing a remote’s source, or a shared package importing a workspace, fails lint', async () => {
  assert.equal((await importProblems('shell/src/app/Breach.ts', "import About from '../../../mfe-marketing/src/pages/About';\nexport const breach = About;\n")).length, 1);
  assert.equal((await importProblems('packages/common/src/breach.ts', "import { kit } from '@kesho/shell-kit';\nexport const breach = kit;\n")).length, 1);
  assert.equal((await importProblems('lambdas/src/breach.ts', "import { Header } from '@kesho/shell/src/app/Header';\nexport const breach = Header;\n")).length, 1);
});

test('what a workspace may import passes', async () => {
  assert.deepEqual(
    await importProblems('mfe-marketing/src/pages/Fine.ts', "import { site } from '@kesho/common/site';\nimport { Link } from '@kesho/shell-kit';\nexport const fine = [site, Link];\n"),
    [],
  );
  assert.deepEqual(await importProblems('local-server/src/fine.ts', "import { createLocalApi } from '@kesho/lambdas/local-api';\nexport const fine = createLocalApi;\n"), []);
});

/** CODEOWNERS semantics for the patterns used here: `*` and `/folder/`; the last match wins. */
function ownersOf(file, rules) {
  let owners;
  for (const { pattern, teams } of rules) {
    if (pattern === '*' || (pattern.startsWith('/') && pattern.endsWith('/') && `/${file}`.startsWith(pattern))) owners = teams;
  }
  return owners;
}

test('CODEOWNERS names one team for every tracked file, and each workspace’s own team', () => {
  const rules = fs
    .readFileSync(path.join(repoRoot, '.github', 'CODEOWNERS'), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const [pattern = '', ...teams] = line.split(/\s+/);
      assert.ok(pattern === '*' || /^\/[^*?]+\/$/.test(pattern), `a pattern this test understands: ${pattern}`);
      assert.equal(teams.length, 1, `one owning team for ${pattern}`);
      return { pattern, teams };
    });
  const files = execFileSync('git', ['ls-files'], { cwd: repoRoot, encoding: 'utf8' }).split('\n').filter(Boolean);
  assert.ok(files.length > 100);
  assert.deepEqual(
    files.filter((file) => !ownersOf(file, rules)),
    [],
  );
  for (const [file, team] of [
    ['mfe-marketing/package.json', '@kesho/marketing'],
    ['mfe-commerce/package.json', '@kesho/commerce'],
    ['mfe-legal/package.json', '@kesho/legal'],
    ['shell/package.json', '@kesho/platform'],
    ['packages/shell-kit/package.json', '@kesho/platform'],
    ['packages/common/package.json', '@kesho/platform'],
    ['scripts/release.mjs', '@kesho/platform'],
    ['infra/package.json', '@kesho/ops'],
  ]) {
    assert.deepEqual(ownersOf(file, rules), [team], file);
  }
});
