/**
 * Build ids follow the sources: two builds of unchanged sources give the same id, whatever the
 * state of the caches, so a rebuild of unchanged code is never a new release.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { browserConfig, kitServerConfig, serverConfig } from '../webpack.config.mjs';
import { compile, contentId } from '../lib/compile.mjs';

const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'kesho-build-id-'));
test.after(() => fs.rm(scratch, { recursive: true, force: true }));

/**
 * The same config with the babel loader's cache in the given directory. Built as `npm run build`
 * builds (shell, its prerender bundle and the Node shell-kit together, then a remote with its
 * prerender bundle), a run that filled an empty cache and a run that read it once produced different
 * chunk hashes, and through the hashes in the code, different minified names.
 */
function withBabelCache(config, cacheDirectory) {
  const rule = config.module.rules.find((candidate) => String(candidate.use?.loader ?? '').includes('babel-loader'));
  assert.ok(rule, 'the config has a babel-loader rule');
  rule.use.options = { ...rule.use.options, cacheDirectory };
  return config;
}

async function buildLikeTheSite(outDir, cacheDirectory) {
  const cached = (config) => withBabelCache(config, cacheDirectory);
  await compile([
    cached(browserConfig('shell', { outDir: path.join(outDir, 'shell') })),
    cached(serverConfig('shell', { outDir: path.join(outDir, 'shell-server') })),
    cached(kitServerConfig({ outDir: path.join(outDir, 'kit') })),
  ]);
  await compile([cached(browserConfig('legal', { outDir: path.join(outDir, 'legal') })), cached(serverConfig('legal', { outDir: path.join(outDir, 'legal-server') }))]);
  return { shell: await contentId(path.join(outDir, 'shell')), legal: await contentId(path.join(outDir, 'legal')) };
}

test('the shell and a remote built twice from the same sources, cold cache then warm, keep their build ids', async () => {
  const cache = path.join(scratch, 'babel-cache');
  const cold = await buildLikeTheSite(path.join(scratch, 'cold'), cache);
  const warm = await buildLikeTheSite(path.join(scratch, 'warm'), cache);
  assert.deepEqual(warm, cold);
  for (const app of ['shell', 'legal']) {
    const served = (await fs.readdir(path.join(scratch, 'cold', app))).filter((file) => !file.endsWith('.map')).sort();
    assert.deepEqual((await fs.readdir(path.join(scratch, 'warm', app))).filter((file) => !file.endsWith('.map')).sort(), served);
  }
});

test('no served file names the checkout', async () => {
  const out = path.join(scratch, 'cold', 'shell');
  await fs.access(out).catch(() => buildLikeTheSite(path.join(scratch, 'cold'), path.join(scratch, 'babel-cache')));
  const checkout = path.resolve(import.meta.dirname, '..', '..');
  for (const file of await fs.readdir(out, { recursive: true })) {
    if (file.endsWith('.map')) continue;
    const full = path.join(out, file);
    if (!(await fs.stat(full)).isFile()) continue;
    assert.ok(!(await fs.readFile(full, 'utf8')).includes(checkout), `${file} contains ${checkout}`);
  }
});

test('the build id ignores source maps but follows every served byte', async () => {
  const dir = path.join(scratch, 'ids');
  await fs.mkdir(path.join(dir, 'assets'), { recursive: true });
  await fs.writeFile(path.join(dir, 'main.js'), 'console.log(1)');
  await fs.writeFile(path.join(dir, 'assets', 'logo.svg'), '<svg/>');
  const first = await contentId(dir);
  await fs.writeFile(path.join(dir, 'main.js.map'), '{"sources":["/some/checkout/src/a.ts"]}');
  assert.equal(await contentId(dir), first);
  await fs.writeFile(path.join(dir, 'assets', 'logo.svg'), '<svg />');
  assert.notEqual(await contentId(dir), first);
  assert.match(first, /^[0-9a-f]{12}$/);
});

test('a change that only alters the prerender bundle is a new build', async () => {
  const browser = path.join(scratch, 'both', 'browser');
  const server = path.join(scratch, 'both', 'server');
  await fs.mkdir(browser, { recursive: true });
  await fs.mkdir(server, { recursive: true });
  await fs.writeFile(path.join(browser, 'main.js'), 'console.log(1)');
  await fs.writeFile(path.join(server, 'server.cjs'), 'module.exports = "<noscript></noscript>"');
  const first = await contentId(browser, server);
  await fs.writeFile(path.join(server, 'server.cjs'), 'module.exports = "<noscript><style>[data-needs-js]{display:none}</style></noscript>"');
  assert.notEqual(await contentId(browser, server), first);
  assert.notEqual(await contentId(browser), await contentId(browser, server));
});
