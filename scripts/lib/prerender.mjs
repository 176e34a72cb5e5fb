import fs from 'node:fs/promises';
import path from 'node:path';
import { readJson } from './compile.mjs';
import { feedFileFor, kitServerFile, pageFileFor, pagesDir, notFoundPageFile, ssrDir } from './paths.mjs';
import { loadServerBundle, useKit } from './build-apps.mjs';

/**
 * Renders the HTML of every route of the given remotes (all by default) with the given shell build
 * and the builds the given pointer document names, into `outDir` (a staging folder: nothing live is
 * touched; lib/release-engine.mjs verifies the pages and publishes them). A remote's release renders
 * its own routes; a shell release renders every route and the not-found page.
 * Returns the pages written: { route, file, renderError? } with `file` relative to `outDir`, as under
 * pages/, and `renderError` what a page threw while rendering (which React hides in the HTML); a
 * route's feed (`feed` in its route) is written beside its page as { route, file, feed: true }.
 */
/**
 * The share of page views whose browsers report errors and Web Vitals (0–1), written into every page:
 * a committed setting (issue 41 item 9), the same for every build, local, CI and AWS, so what a
 * release costs and what its canary verdict sees never hang on an environment variable someone forgot.
 * 1: every page view. At 100k visits a month the client-events line of infra/REFERENCE.md's cost table is
 * mostly metrics, whose number the sample rate does not change; lower it (e.g. 0.25) only when the
 * requests and log lines grow large, and keep enough clients for the canary verdict (minClients).
 */
export const CLIENT_EVENTS_SAMPLE_RATE = 1;

function clientEventsSampleRate() {
  if (!(CLIENT_EVENTS_SAMPLE_RATE >= 0 && CLIENT_EVENTS_SAMPLE_RATE <= 1)) throw new Error(`CLIENT_EVENTS_SAMPLE_RATE must be a number from 0 to 1, not ${CLIENT_EVENTS_SAMPLE_RATE}`);
  return CLIENT_EVENTS_SAMPLE_RATE;
}

export async function renderPages({ shell, pointers, remotes: only, outDir, notFound = !only }) {
  const sampleRate = clientEventsSampleRate();
  useKit(shell.kit ? path.join(ssrDir, shell.kit) : kitServerFile);
  const { renderDocument, renderErrorOf } = loadServerBundle(path.join(ssrDir, shell.server));
  const written = [];
  // What every page takes from the shell build: its scripts, manifest and icon (builds older than these have none).
  const shellAssets = { scripts: shell.scripts, clientEventsSampleRate: sampleRate, manifest: shell.manifest, appleTouchIcon: shell.appleTouchIcon };
  /** @param {string} route @param {string} html @param {string} [renderError] */
  const write = async (route, html, renderError) => {
    const file = path.relative(pagesDir, route === '/404' ? notFoundPageFile : pageFileFor(route));
    await fs.mkdir(path.dirname(path.join(outDir, file)), { recursive: true });
    await fs.writeFile(path.join(outDir, file), html);
    written.push(renderError ? { route, file, renderError } : { route, file });
  };
  for (const remote of pointers.remotes) {
    if (only && !only.includes(remote.name)) continue;
    const serverDir = path.join(ssrDir, remote.name, remote.buildId);
    const { preloads, shareImages = {} } = await readJson(path.join(serverDir, 'publish.json'));
    const { routes } = loadServerBundle(path.join(serverDir, 'server.cjs'));
    for (const route of routes) {
      const { default: Component, jsonLd } = await route.load();
      const html = renderDocument({
        path: route.path,
        page: { route, Component, jsonLd },
        pointers,
        assets: { ...shellAssets, preloads, shareImage: shareImages[route.path] ?? shell.shareImages?.['/site'] },
      });
      // React turned an error into client rendering: render the page alone to learn what threw
      // (shell builds made before renderErrorOf existed cannot say).
      const renderError = html.includes('<!--$!-->') && typeof renderErrorOf === 'function' ? renderErrorOf({ path: route.path, page: { route, Component, jsonLd } }) : undefined;
      await write(route.path, html, renderError);
      if (typeof route.feed === 'function') {
        const file = path.relative(pagesDir, feedFileFor(route.path));
        await fs.mkdir(path.dirname(path.join(outDir, file)), { recursive: true });
        await fs.writeFile(path.join(outDir, file), await route.feed());
        written.push({ route: route.path, file, feed: true });
      }
    }
  }
  if (notFound) {
    await write('/404', renderDocument({ path: '/404', pointers, assets: { ...shellAssets, preloads: [], shareImage: shell.shareImages?.['/404'] } }));
  }
  return written;
}
