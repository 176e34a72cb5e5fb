/**
 * The browser gets only the router API listed in the shared router module (a shared module is not
 * tree-shaken, so the site shares a short re-export instead of the whole library). Anything else
 * imported from react-router-dom or react-router in browser code would be undefined at run time:
 * this test names it instead.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { repoRoot, sharedRouterModule } from '../webpack.config.mjs';

/** Code that runs in the browser; the prerender (shell/src/server) and tests use the whole library. */
const browserSourceDirs = ['shell/src', 'packages/shell-kit/src', 'mfe-marketing/src', 'mfe-commerce/src', 'mfe-legal/src'];
const notInBrowser = [path.join('shell', 'src', 'server') + path.sep, path.join('packages', 'shell-kit', 'src', 'testing.tsx')];

async function sourceFiles(dir) {
  const entries = await fs.readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && /\.(tsx?|mjs)$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !notInBrowser.some((excluded) => path.relative(repoRoot, file).startsWith(excluded)));
}

const ROUTER_IMPORT = /import\s*(type\s+)?\{([^}]*)\}\s*from\s*['"](react-router-dom|react-router)['"]/g;

/** Names imported (as values) from the router packages. */
export function routerImports(source) {
  const names = [];
  for (const [, typeOnly, list] of source.matchAll(ROUTER_IMPORT)) {
    if (typeOnly) continue;
    for (const part of list.split(',')) {
      const name = part
        .trim()
        .split(/\s+as\s+/)[0]
        ?.trim();
      if (name && !name.startsWith('type ')) names.push(name);
    }
  }
  return names;
}

test('reads value imports from the router packages and skips type-only ones', () => {
  const source = `import { useLocation, type Location, useNavigate as go } from 'react-router-dom';\nimport type { RouteObject } from 'react-router';`;
  assert.deepEqual(routerImports(source), ['useLocation', 'useNavigate']);
});

test('browser code imports from the router only what the shared router module exports', async () => {
  // The module imports the library under a webpack alias, so its export list is read from its text.
  const text = await fs.readFile(sharedRouterModule, 'utf8');
  const exported = new Set(
    [...text.matchAll(/export\s*\{([^}]*)\}/g)].flatMap(([, list = '']) =>
      list
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean),
    ),
  );
  const missing = [];
  let used = 0;
  for (const dir of browserSourceDirs) {
    for (const file of await sourceFiles(path.join(repoRoot, dir))) {
      for (const name of routerImports(await fs.readFile(file, 'utf8'))) {
        used += 1;
        if (!exported.has(name)) missing.push(`${path.relative(repoRoot, file)}: ${name}`);
      }
    }
  }
  assert.ok(used > 0, 'the browser code uses the router');
  assert.deepEqual(missing, [], `add these to ${path.relative(repoRoot, sharedRouterModule)} (or import them elsewhere)`);
  const library = await import('react-router');
  for (const name of exported) assert.equal(typeof library[name], 'function', `react-router exports ${name}`);
});
