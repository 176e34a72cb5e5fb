/**
 * The shell's router stays trimmed to what the shell uses. It is bundled from react-router's
 * production build through lib/tree-shakeable-router-loader.cjs (scripts/webpack.config.mjs), which
 * reads how that build is laid out: an upgrade of react-router that changes the layout must fail here,
 * or in the build, with the reason, not ship the whole library as a grown chunk.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { compile } from '../lib/compile.mjs';
import { browserConfig, routerBuild } from '../webpack.config.mjs';

const require = createRequire(import.meta.url);
const trim = require('../lib/tree-shakeable-router-loader.cjs');
/** 6.4 KB with react-router 7.18.5 (12.3 KB untrimmed): room for the shell to use a little more of it. */
const ROUTER_BUDGET_KB = 8;

/** Runs the loader on a text as webpack would. */
const runLoader = (source, resourcePath = 'chunk.mjs') => trim.call({ resourcePath }, source);

test('the loader marks every top-level context of react-router’s build pure and drops the component names', async () => {
  const files = (await fs.readdir(routerBuild.dir)).filter((file) => file.endsWith('.mjs'));
  let contexts = 0;
  for (const file of files) {
    const source = await fs.readFile(path.join(routerBuild.dir, file), 'utf8');
    const trimmed = runLoader(source, file);
    contexts += (trimmed.match(/^var [\w$]+ = \/\* @__PURE__ \*\/ [\w$]+\.createContext\(/gm) ?? []).length;
    assert.doesNotMatch(trimmed, /^var [\w$]+ = [\w$]+\.createContext\(/m, `${file}: a context left unmarked`);
    assert.doesNotMatch(trimmed, /^[\w$]+\.displayName = /m, `${file}: a component name left`);
  }
  assert.ok(contexts >= 10, `react-router ${routerBuild.version} creates its contexts at the top level of its build (${contexts} found)`);
});

test('a build laid out otherwise stops the loader with the reason', () => {
  assert.throws(
    () => runLoader('const RouteContext = React.createContext(null);\nexport { RouteContext };\n', 'chunk-NEW.mjs'),
    /chunk-NEW\.mjs: react-router's build is no longer laid out as .* expects/,
  );
  assert.throws(() => runLoader('var Link = forwardRef(render);\nLink.displayName = `Link`;\n'), /names components but nothing matched/);
  assert.equal(runLoader('export const version = "7";\n'), 'export const version = "7";\n');
});

test(`the router the shell ships is at most ${ROUTER_BUDGET_KB} KB gzip`, async () => {
  const outDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kesho-router-'));
  try {
    await compile([browserConfig('shell', { outDir })]);
    const kb = gzipSync(await fs.readFile(path.join(outDir, 'router.js')), { level: 9 }).length / 1024;
    assert.ok(
      kb <= ROUTER_BUDGET_KB,
      `react-router ${routerBuild.version} costs the shell ${kb.toFixed(1)} KB gzip (router.js), over ${ROUTER_BUDGET_KB} KB: lib/tree-shakeable-router-loader.cjs no longer trims it to what the shell imports (6.4 KB with 7.18.5). Check what the loader still matches in ${path.basename(routerBuild.dir)}/.`,
    );
  } finally {
    await fs.rm(outDir, { recursive: true, force: true });
  }
});
