/**
 * Team boundaries the tools enforce: lint refuses an import across a workspace's "May import" table
 * (eslint.config.mjs, workspaceBoundaries), a remote touching the shell's router (importing it, or
 * writing the history and reading the query behind its back), and CODEOWNERS names one owning team for
 * every tracked file.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { ESLint } from 'eslint';
import { repoRoot } from '../lib/repo-root.mjs';

const eslint = new ESLint({ cwd: repoRoot });

async function problemsOf(filePath, code, rules) {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, filePath) });
  assert.ok(result, filePath);
  return result.messages.filter((message) => rules.includes(message.ruleId ?? '')).map((message) => message.message);
}

const importProblems = (filePath, code) => problemsOf(filePath, code, ['no-restricted-imports']);

test('a remote importing another remote, by name or by path, fails lint with the rule’s message', async () => {
  for (const source of ['@kesho/mfe-commerce/src/cart/cartSlice', '../../../mfe-commerce/src/cart/cartSlice']) {
    const problems = await importProblems('mfe-marketing/src/pages/Breach.ts', `import { cartSlice } from '${source}';\nexport const breach = cartSlice;\n`);
    assert.equal(problems.length, 1, source);
    assert.match(problems[0] ?? '', /mfe-marketing may import @kesho\/site-rules, @kesho\/release-model, @kesho\/shell-kit \(see mfe-marketing\/README\.md\)/);
  }
});

test('a remote reaching another remote through import() or require() fails lint too, with the same message', async () => {
  const rules = ['no-restricted-imports', 'kesho/workspace-boundaries'];
  for (const code of [
    "export const breach = () => import('@kesho/mfe-commerce/src/cart/cartSlice');\n",
    'export const breach = () => import(`../../../mfe-commerce/src/cart/cartSlice`);\n',
    "// eslint-disable-next-line @typescript-eslint/no-require-imports\nexport const breach = require('../../../mfe-commerce/src/cart/cartSlice');\n",
    "export const breach = require.resolve('@kesho/mfe-commerce/src/cart/cartSlice');\n",
    "import breach = require('@kesho/mfe-commerce/src/cart/cartSlice');\nexport { breach };\n",
  ]) {
    const problems = await problemsOf('mfe-marketing/src/pages/Breach.ts', code, rules);
    assert.equal(problems.length, 1, code);
    assert.match(problems[0] ?? '', /mfe-marketing may import @kesho\/site-rules, @kesho\/release-model, @kesho\/shell-kit \(see mfe-marketing\/README\.md\)/, code);
  }
  const router = await problemsOf('mfe-legal/src/pages/Breach.tsx', "export const breach = () => import('react-router');\n", rules);
  assert.equal(router.length, 1);
  assert.match(router[0] ?? '', /may not import react-router or react-router-dom/);
  assert.deepEqual(
    await problemsOf('mfe-marketing/src/pages/Fine.ts', "export const fine = () => [import('@kesho/shell-kit'), import('./About'), import('@kesho/site-rules/site')];\n", rules),
    [],
  );
  assert.deepEqual(await problemsOf('e2e/support/fine.mjs', "export const fine = () => import('../../scripts/lib/paths.mjs');\n", rules), []);
});

test('the shell importing a remote’s source, or a shared package importing a workspace, fails lint', async () => {
  assert.equal((await importProblems('shell/src/app/Breach.ts', "import About from '../../../mfe-marketing/src/pages/About';\nexport const breach = About;\n")).length, 1);
  assert.equal((await importProblems('packages/release-model/src/breach.ts', "import { kit } from '@kesho/shell-kit';\nexport const breach = kit;\n")).length, 1);
  // The site's facts and rules stand alone: the release model builds on them, never the other way round.
  assert.equal((await importProblems('packages/site-rules/src/breach.ts', "import { SITE_KEYS } from '@kesho/release-model/site-keys';\nexport const breach = SITE_KEYS;\n")).length, 1);
  assert.equal(
    (await importProblems('packages/site-rules/src/breach.ts', "import { planOf } from '../../../packages/release-model/src/edge-plan';\nexport const breach = planOf;\n")).length,
    1,
  );
  // Operations build on the site's rules, never on the release model; a remote reports through the shell, never by operations' code.
  assert.equal((await importProblems('packages/operations/src/breach.ts', "import { SITE_KEYS } from '@kesho/release-model/site-keys';\nexport const breach = SITE_KEYS;\n")).length, 1);
  assert.equal((await importProblems('mfe-commerce/src/breach.ts', "import { FUNCTIONS } from '@kesho/operations/functions';\nexport const breach = FUNCTIONS;\n")).length, 1);
  assert.equal((await importProblems('lambdas/src/breach.ts', "import { Header } from '@kesho/shell/src/app/Header';\nexport const breach = Header;\n")).length, 1);
});

test('a remote or the shell-kit importing the router fails lint; the shell may', async () => {
  for (const [file, source] of [
    ['mfe-commerce/src/pages/Breach.tsx', 'react-router'],
    ['mfe-legal/src/pages/Breach.tsx', 'react-router-dom'],
    ['packages/shell-kit/src/Breach.tsx', 'react-router'],
  ]) {
    const problems = await importProblems(file, `import { useLocation } from '${source}';\nexport const breach = useLocation;\n`);
    assert.equal(problems.length, 1, file);
    assert.match(problems[0] ?? '', /may not import react-router or react-router-dom: the router is the shell's/);
  }
  assert.deepEqual(await importProblems('shell/src/app/Fine.tsx', "import { useLocation } from 'react-router';\nexport const fine = useLocation;\n"), []);
});

test('a remote writing the history or reading the query behind the router fails lint', async () => {
  const rules = ['no-restricted-syntax', 'no-restricted-globals'];
  const breaches = [
    "window.history.replaceState(null, '', '/payment');",
    'export const state = window.history.state;',
    "history.pushState(null, '', '/faq');",
    "export const id = new URLSearchParams(window.location.search).get('mpesa');",
    'export const query = location.search;',
  ];
  for (const code of breaches) {
    const problems = await problemsOf('mfe-commerce/src/payment/Breach.ts', code, rules);
    assert.equal(problems.length, 1, code);
    assert.match(problems[0] ?? '', /through the shell-kit contract/);
  }
  assert.deepEqual(await problemsOf('mfe-commerce/src/payment/Fine.ts', 'export const here = window.location.href;', rules), []);
  assert.deepEqual(await problemsOf('shell/src/app/Fine.ts', 'export const hash = window.location.hash + window.location.search;', rules), []);
});

test('what a workspace may import passes', async () => {
  assert.deepEqual(
    await importProblems('mfe-marketing/src/pages/Fine.ts', "import { site } from '@kesho/site-rules/site';\nimport { Link } from '@kesho/shell-kit';\nexport const fine = [site, Link];\n"),
    [],
  );
  assert.deepEqual(await importProblems('local-server/src/fine.ts', "import { createLocalApi } from '@kesho/lambdas/local-api';\nexport const fine = createLocalApi;\n"), []);
  assert.deepEqual(await importProblems('packages/release-model/src/fine.ts', "import { site } from '@kesho/site-rules/site';\nexport const fine = site;\n"), []);
  assert.deepEqual(await importProblems('packages/operations/src/fine.ts', "import { MPESA_SANDBOX_PATH } from '@kesho/site-rules/mpesa';\nexport const fine = MPESA_SANDBOX_PATH;\n"), []);
  assert.deepEqual(await importProblems('shell/src/fine.ts', "import { percentile75 } from '@kesho/operations/client-events';\nexport const fine = percentile75;\n"), []);
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
    ['packages/release-model/package.json', '@kesho/platform'],
    ['packages/site-rules/package.json', '@kesho/platform'],
    ['packages/operations/package.json', '@kesho/ops'],
    ['packages/release-model/src/engine/edge-pass.ts', '@kesho/ops'],
    ['scripts/release.mjs', '@kesho/platform'],
    ['infra/package.json', '@kesho/ops'],
  ]) {
    assert.deepEqual(ownersOf(file, rules), [team], file);
  }
});
