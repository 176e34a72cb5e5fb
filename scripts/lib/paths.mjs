import path from 'node:path';
import { repoRoot } from './repo-root.mjs';
import { feedKeyForRoute, pageKeyForRoute, NOT_FOUND_PAGE_KEY } from '@kesho/release-model/page-routes';
import { buildFilesPrefix } from '@kesho/release-model/build-pruning';
import {
  POINTER_DOCUMENT_KEY,
  VARIANTS_PREFIX,
  EDGE_RECORD_KEY,
  LOCAL_BUILDS_MADE_FILE,
  LEGACY_LOCAL_EDGE_STATE_FILE,
  LOCAL_EDGE_KEY_VALUE_FILE,
  LOCAL_RUNNING_SITE_FILE,
  BUILD_RECORD_FILE,
} from '@kesho/release-model/site-keys';

/** The store keys (@kesho/release-model/site-keys): the one module that names them. */
export {
  POINTER_DOCUMENT_KEY,
  VARIANTS_PREFIX,
  VARIANT_POINTER_FILE,
  EDGE_RECORD_KEY,
  LOCAL_BUILDS_MADE_FILE,
  LOCAL_EDGE_KEY_VALUE_FILE,
  LOCAL_RUNNING_SITE_FILE,
  WITHDRAWN_FILE,
  BUILD_RECORD_FILE,
  REFUSAL_FILE,
} from '@kesho/release-model/site-keys';

/**
 * Where builds go. dist/site is what a browser (or CloudFront) gets; dist/ssr only feeds the
 * prerenderer. KESHO_DIST_DIR moves it (the release tests work in a scratch directory).
 */
export const distDir = process.env.KESHO_DIST_DIR ? path.resolve(process.env.KESHO_DIST_DIR) : path.join(repoRoot, 'dist');
export const siteDir = path.join(distDir, 'site');
export const ssrDir = path.join(distDir, 'ssr');
/** The browser builds' source maps, by the path their script has under dist/site; never served. */
export const sourceMapsDir = path.join(distDir, 'sourcemaps');
/**
 * Where this process builds before a build has its id: its own folder (dist/.staging/<pid>), so two
 * teams building at once never write, or clean, each other's (they once shared dist/.staging, and one
 * team's clean-up removed the other's half-made build). `lib/build-apps.mjs` cleanStaging removes this
 * process's folder and those of processes that no longer run.
 */
export const stagingRoot = path.join(distDir, '.staging');
export const stagingDir = path.join(stagingRoot, String(process.pid));
export const pointerFile = path.join(siteDir, POINTER_DOCUMENT_KEY);
/** The variant folders of canaries, previews and notices (dist/site/variants/<folder>/). */
export const variantsDir = path.join(siteDir, VARIANTS_PREFIX);
/**
 * The edge record, edge/state.json of the site's store as in the bucket (never served): the running
 * canaries, the staged previews, the edge state naming their folders, the history (who released which
 * build of what, when, and what it replaced).
 */
export const edgeRecordFile = path.join(siteDir, EDGE_RECORD_KEY);
/** The builds this dist/ made (no AWS equivalent: `npm run build` releases only builds it has not seen). */
export const buildsMadeFile = path.join(distDir, LOCAL_BUILDS_MADE_FILE);
/** Where a dist/ released before kept the edge record and the builds made: moved by the next release or server start. */
export const legacyEdgeStateFile = path.join(distDir, LEGACY_LOCAL_EDGE_STATE_FILE);
/** The local edge key-value state (the CloudFront KeyValueStore's stand-in): the edge state the local server reads. */
export const edgeKeyValueFile = path.join(distDir, LOCAL_EDGE_KEY_VALUE_FILE);
/** The running local server's address (local-server/src/serve.ts writes it when it listens). */
export const runningSiteFile = path.join(distDir, LOCAL_RUNNING_SITE_FILE);
export const shellCurrentFile = path.join(ssrDir, 'shell', 'current.json');
export const kitServerFile = path.join(ssrDir, 'kit', 'shell-kit.cjs');
/** Where the history was kept before it moved into the release record: read once if the record has none, removed by the next release. */
export const legacyHistoryFile = path.join(distDir, 'releases.json');
export const pagesDir = path.join(siteDir, 'pages');

/** Where a build's served files are: dist/site/shell/<buildId>/ or dist/site/mfe/<name>/<buildId>/ (@kesho/release-model/build-pruning buildFilesPrefix, the bucket's keys). */
export function buildFilesDirOf(app, buildId) {
  // The folder itself, without the prefix's closing slash.
  return path.join(siteDir, buildFilesPrefix(app, buildId).slice(0, -1));
}

/** A build's record, beside its Node bundles (dist/ssr/<app>/<buildId>/publish.json): what a release of it (or a rollback to it) needs; never served. */
export function buildRecordFileOf(app, buildId) {
  return path.join(ssrDir, app, buildId, BUILD_RECORD_FILE);
}

/** "/" → pages/index.html, "/services/visa" → pages/services/visa.html: the site's one route → page rule (@kesho/release-model/page-routes). */
export function pageFileFor(routePath) {
  return path.join(siteDir, pageKeyForRoute(routePath));
}
/** "/blog" → pages/blog/rss.xml: where a route's feed is published (@kesho/release-model/page-routes). */
export function feedFileFor(routePath) {
  return path.join(siteDir, feedKeyForRoute(routePath));
}
/** The local server `npm run build` bundles (local-server/build.mjs): the built site and the local API. */
export const localServerScript = path.join(repoRoot, 'local-server', 'dist', 'serve.js');
export const notFoundPageFile = path.join(siteDir, NOT_FOUND_PAGE_KEY);

/** The file under dist/site a site URL ("/mfe/legal/<buildId>/mf-manifest.json") names; the query is ignored. */
export function siteFileOf(url) {
  return path.join(siteDir, ...url.split('?')[0].split('/').filter(Boolean));
}
