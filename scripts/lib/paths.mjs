import path from 'node:path';
import { repoRoot } from '../webpack.config.mjs';

/**
 * Where builds go. dist/site is what a browser (or CloudFront) gets; dist/ssr only feeds the
 * prerenderer. KESHO_DIST_DIR moves it (the release tests work in a scratch directory).
 */
export const distDir = process.env.KESHO_DIST_DIR ? path.resolve(process.env.KESHO_DIST_DIR) : path.join(repoRoot, 'dist');
export const siteDir = path.join(distDir, 'site');
export const ssrDir = path.join(distDir, 'ssr');
/** The browser builds' source maps, by the path their script has under dist/site; never served. */
export const sourceMapsDir = path.join(distDir, 'sourcemaps');
export const stagingDir = path.join(distDir, '.staging');
export const pointerFile = path.join(siteDir, 'mfe', 'remotes.json');
export const shellCurrentFile = path.join(ssrDir, 'shell', 'current.json');
export const kitServerFile = path.join(ssrDir, 'kit', 'shell-kit.cjs');
/** The release history: who released which build of what, when, and what it replaced. */
export const historyFile = path.join(distDir, 'releases.json');
export const pagesDir = path.join(siteDir, 'pages');

/** "/" → pages/index.html, "/services/visa" → pages/services/visa.html, the same rule CloudFront uses. */
export function pageFileFor(routePath) {
  return path.join(pagesDir, routePath === '/' ? 'index.html' : `${routePath.slice(1)}.html`);
}
export const notFoundPageFile = path.join(pagesDir, '404.html');
