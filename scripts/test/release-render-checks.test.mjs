/**
 * A release renders its pages with the real shell (a production build, React's own server renderer)
 * and refuses any page that would reach visitors empty: a component that throws while rendering (React
 * hides it behind client rendering) or an import the live shell-kit does not have. The remote builds
 * are hand-written prerender bundles on the real React and shell-kit, in a scratch dist/ outside the
 * checkout (KESHO_DIST_DIR), which also shows the prerenderer finds the repository's packages from there.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { snapshotLive } from './support/fixture-builds.mjs';

const root = await fs.mkdtemp(path.join(os.tmpdir(), 'kesho-render-checks-'));
process.env.KESHO_DIST_DIR = root;
process.env.RELEASED_BY = 'render-check-test';
process.env.NODE_ENV = 'production';
const { buildShell, cleanStaging } = await import('../lib/build-apps.mjs');
const { publishRemote, release } = await import('../lib/release-engine.mjs');
const { pointerFile, pagesDir } = await import('../lib/paths.mjs');

test.after(() => fs.rm(root, { recursive: true, force: true }));

async function write(file, content) {
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, content);
}

/** A build of the legal remote whose /terms page is `termsPage` (JavaScript returning a React element). */
async function legalBuild(buildId, termsPage) {
  const publicDir = path.join(root, 'site', 'mfe', 'legal', buildId);
  await write(path.join(publicDir, 'mf-manifest.json'), JSON.stringify({ metaData: { remoteEntry: { name: 'remoteEntry.js' } } }));
  await write(path.join(publicDir, 'remoteEntry.js'), 'var legal;');
  const routes = [
    { path: '/terms', title: 'Terms of Service | Kesho Global Education', description: 'The terms.' },
    { path: '/privacy', title: 'Privacy Policy | Kesho Global Education', description: 'The privacy policy.' },
  ];
  await write(
    path.join(root, 'ssr', 'legal', buildId, 'server.cjs'),
    `const React = require('react');
const kit = require('@kesho/shell-kit');
const pages = {
  '/terms': () => ${termsPage},
  '/privacy': () => React.createElement('h1', null, 'Privacy Policy'),
};
module.exports.routes = ${JSON.stringify(routes)}.map((route) => ({ ...route, load: async () => ({ default: pages[route.path] }) }));
`,
  );
  const pointer = { name: 'legal', buildId, manifest: `/mfe/legal/${buildId}/mf-manifest.json`, routes: routes.map((route) => ({ ...route, listed: true })) };
  const record = { pointer, preloads: [{ href: pointer.manifest, as: 'fetch' }] };
  await write(path.join(root, 'ssr', 'legal', buildId, 'publish.json'), JSON.stringify(record));
  return record;
}

let shell;
test.before(async () => {
  await cleanStaging();
  shell = await buildShell();
  const { pointer } = await legalBuild('aaaaaaaaaaa1', "React.createElement('h1', null, 'Terms of Service')");
  await release({ remotes: [pointer], shell, action: 'build', built: { shell: shell.buildId, legal: pointer.buildId } });
});

test('the real shell renders a good page and the release puts it live', async () => {
  const html = await fs.readFile(path.join(pagesDir, 'terms.html'), 'utf8');
  assert.match(html, /<h1>Terms of Service<\/h1>/);
  assert.match(html, /<title>Terms of Service \| Kesho Global Education<\/title>/);
});

for (const { what, buildId, termsPage, expected } of [
  {
    what: 'a page that throws while rendering',
    buildId: 'bbbbbbbbbbb2',
    termsPage: "(() => { throw new Error('the terms table exploded'); })()",
    expected: /\/terms: a component threw while rendering.*Error: the terms table exploded/,
  },
  {
    what: 'a page using a shell-kit export the live shell does not have',
    buildId: 'ccccccccccc3',
    termsPage: "React.createElement('div', null, React.createElement('h1', null, 'Terms'), React.createElement(kit.TermsTable))",
    expected: /\/terms: a component threw while rendering.*(error #130|Element type is invalid).*does it import something the live @kesho\/shell-kit does not export/,
  },
]) {
  test(`${what} is refused, the route and the error named, the live site byte-identical`, async () => {
    const before = await snapshotLive(root);
    const pointerBefore = await fs.readFile(pointerFile, 'utf8');
    const build = async () => legalBuild(buildId, termsPage);
    await assert.rejects(publishRemote('legal', { build }), (/** @type {Error} */ error) => {
      assert.match(error.message, /The staged release failed its checks/);
      assert.match(error.message, expected);
      return true;
    });
    assert.deepEqual(await snapshotLive(root), before);
    assert.equal(await fs.readFile(pointerFile, 'utf8'), pointerBefore);
  });
}
