/**
 * Stand-ins for webpack builds, laid out in a scratch dist/ exactly as lib/build-apps.mjs lays out real
 * ones (browser files under site/, the prerender bundle and the build's record under ssr/), so the
 * release transaction runs for real on them in a second instead of minutes. `sources` plays the
 * checkout: the version each app's sources are at, and a route whose page throws when rendered.
 */
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

const ROUTES = {
  marketing: ['/', '/faq'],
  commerce: ['/checkout'],
  legal: ['/terms', '/privacy', '/ethics'],
};

async function write(file, content) {
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, content);
}

export function fixtureBuilders(distDir) {
  /**
   * `failOn`: a route whose page module fails to load; `throwsOn`: a route whose page throws while
   * rendering (React's client-render fallback in the HTML, the error only known to renderErrorOf);
   * `emptyOn`: a route whose page renders nothing; `untitledOn`: a route whose page has no heading;
   * `menus`: a route's entry in one of the header's menus (as marketing publishes its service pages);
   * `feedOn`: a route with a feed (written beside its page, as /blog's RSS is).
   */
  /** @type {{ shell: string, marketing: string, commerce: string, legal: string, routes: { marketing: string[], commerce: string[], legal: string[] } & Record<string, string[]>, failOn: string | null, throwsOn: string | null, emptyOn: string | null, untitledOn: string | null, feedOn: string | null, brokenEntry: boolean, menus: Record<string, { group: string, label: string, order: number }> }} */
  const sources = {
    shell: 's1',
    marketing: 'm1',
    commerce: 'c1',
    legal: 'l1',
    routes: { ...ROUTES },
    failOn: null,
    throwsOn: null,
    emptyOn: null,
    untitledOn: null,
    feedOn: null,
    brokenEntry: false,
    menus: {},
  };

  async function buildShell() {
    const buildId = `shell${sources.shell}`;
    await write(path.join(distDir, 'site', 'shell', buildId, 'main.js'), `/* shell ${buildId} */`);
    await write(
      path.join(distDir, 'ssr', 'shell', buildId, 'server.cjs'),
      `const esc = (v) => String(v).replace(/</g, '\\\\u003c');
module.exports.renderDocument = ({ path, page, pointers, assets }) => [
  '<!doctype html>',
  '<html><head>',
  '<title>' + (page ? page.route.title : 'Page not found') + '</title>',
  ...assets.scripts.map((src) => '<script defer src="' + src + '"></script>'),
  ...assets.preloads.map((p) => '<link rel="preload" href="' + p.href + '" as="' + p.as + '">'),
  '</head><body>',
  '<div id="root" data-path="' + path + '"><header>shell ${buildId}</header><main>' + (page ? page.Component() : '<h1>Oops! Page not found</h1>') + '</main></div>',
  '<script type="application/json" id="kesho-pointers">' + esc(JSON.stringify(pointers)) + '</script>',
  '</body></html>',
].join('\\n');
module.exports.renderErrorOf = ({ page }) => page.Component.renderError;
`,
    );
    const record = { buildId, server: `shell/${buildId}/server.cjs`, scripts: [`/shell/${buildId}/main.js`] };
    await write(path.join(distDir, 'ssr', 'shell', buildId, 'publish.json'), JSON.stringify(record));
    return record;
  }

  async function buildRemote(name) {
    const version = sources[name];
    const buildId = `${name}${version}`;
    const routes = sources.routes[name] ?? [];
    const publicDir = path.join(distDir, 'site', 'mfe', name, buildId);
    await write(path.join(publicDir, 'mf-manifest.json'), JSON.stringify({ metaData: { remoteEntry: { name: 'remoteEntry.js' } } }));
    if (!sources.brokenEntry) await write(path.join(publicDir, 'remoteEntry.js'), `var ${name};`);
    await write(
      path.join(distDir, 'ssr', name, buildId, 'server.cjs'),
      `module.exports.routes = ${JSON.stringify(routes)}.map((path) => ({
  path, title: path + ' title', description: path + ' description',
  ...(path === ${JSON.stringify(sources.feedOn)} ? { feed: async () => '<?xml version="1.0"?><rss version="2.0"><channel><title>' + path + '</title></channel></rss>' } : {}),
  load: async () => {
    if (path === ${JSON.stringify(sources.failOn)}) throw new Error('render of ' + path + ' failed');
    const Component = () => '<h1>${name} ${version} page ' + path + '</h1>';
    if (path === ${JSON.stringify(sources.throwsOn)}) {
      const Thrown = () => '<!--$!--><template></template><!--/$-->';
      Thrown.renderError = 'Error: ' + path + ' exploded while rendering';
      return { default: Thrown };
    }
    if (path === ${JSON.stringify(sources.emptyOn)}) return { default: () => '' };
    if (path === ${JSON.stringify(sources.untitledOn)}) return { default: () => '<p>${name} ${version} page ' + path + '</p>' };
    return { default: Component };
  },
}));
`,
    );
    const pointer = {
      name,
      buildId,
      manifest: `/mfe/${name}/${buildId}/mf-manifest.json`,
      routes: routes.map((route) => ({
        path: route,
        title: `${route} title`,
        description: `${route} description`,
        listed: true,
        // As lib/build-apps.mjs flags a route whose module has a feed.
        ...(route === sources.feedOn ? { feed: /** @type {const} */ (true) } : {}),
        ...(sources.menus[route] ? { menu: sources.menus[route] } : {}),
      })),
    };
    const record = {
      pointer,
      preloads: [
        { href: pointer.manifest, as: 'fetch' },
        { href: `/mfe/${name}/${buildId}/remoteEntry.js`, as: 'script' },
      ],
    };
    await write(path.join(distDir, 'ssr', name, buildId, 'publish.json'), JSON.stringify(record));
    return record;
  }

  return { sources, buildShell, buildRemote };
}

/** Everything a visitor can get from the live site, plus the history and the edge state: compare before and after. */
export async function snapshotLive(distDir) {
  const snapshot = {};
  const site = path.join(distDir, 'site');
  const visit = async (dir) => {
    for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      const relative = path.relative(distDir, full);
      // Build directories, release snapshots and variant folders are immutable and unreferenced until
      // the pointer (a current release record, the edge state) names them; the current records
      // (site/mfe/pointers/) are the live state.
      if (entry.isDirectory()) {
        const immutable = [path.join('site', 'shell'), path.join('site', 'variants'), path.join('site', 'releases')];
        if (immutable.includes(relative) || (relative.startsWith(path.join('site', 'mfe') + path.sep) && relative !== path.join('site', 'mfe', 'pointers'))) continue;
        await visit(full);
      } else if (relative === path.join('site', 'edge', 'state.json')) {
        // Without the pass's note of the builds in the store (`builds`, what its pruning orders them by): it
        // follows the build directories, which the snapshot leaves out as above.
        const { builds: _stored, ...record } = JSON.parse(await fs.readFile(full, 'utf8'));
        snapshot[relative] = JSON.stringify(record);
      } else {
        snapshot[relative] = await fs.readFile(full, 'utf8');
      }
    }
  };
  await visit(site);
  for (const file of ['builds-made.json', 'edge-key-value.json', path.join('ssr', 'shell', 'current.json')]) {
    snapshot[file] = await fs.readFile(path.join(distDir, file), 'utf8').catch(() => null);
  }
  return snapshot;
}

/**
 * Empties a scratch dist/ for the next test and makes stand-in builders for it: every app at its
 * first version. The prerender bundles are loaded with require, so the last test's builds of the same
 * ids are forgotten too.
 */
export async function freshDist(distDir) {
  for (const entry of await fs.readdir(distDir)) await fs.rm(path.join(distDir, entry), { recursive: true, force: true });
  const { cache } = createRequire(import.meta.url);
  for (const file of Object.keys(cache)) if (file.startsWith(distDir)) delete cache[file];
  return fixtureBuilders(distDir);
}
