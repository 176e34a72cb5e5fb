/**
 * The builds some visitors get before all of them: canaries and previews. Their state is the edge
 * record (dist/site/edge/state.json, the AWS publisher's edge/state.json), and each variant of the site they make is a folder under
 * dist/site/variants/<folder>/ holding every page as that variant shows it, plus its pointer document.
 * The local server (and in AWS the CloudFront functions) pick a folder per request with
 * @kesho/release-model/build-choice. The folders are written only by the engine's edge pass
 * (@kesho/release-model/engine/edge-pass publishSite, the AWS release publisher's own code, with
 * @kesho/release-model/edge-variants and edge-plan) over dist/site as its store, from each candidate's
 * release (releases/<app>/<release>/, the snapshot the record's `release` names):
 *
 *   - one per combination of running canaries (a browser can be in several apps' shares),
 *   - one per staged preview (with the "Preview: <app> <build>" ribbon, @kesho/release-model/preview-ribbon),
 *   - two notices (the live site saying a preview link expired, or is not valid).
 *
 * A candidate keeps the release its team deployed until that team deploys again, as in AWS: a release of
 * another app, of the shell or of a menu does not render it again, and the pass writes its own routes'
 * pages from its snapshot (as it was rendered and checked) and the other routes' from the new live site.
 *
 * This module gives the pass what the Lambda gets in AWS (localEdgeServices: the local key-value state and
 * the preview links' key) and, once, a release for a candidate an older dist/ staged before candidates were
 * releases (releaseUnnamedCandidates), which the pass needs to write its folders.
 */
import path from 'node:path';
import { exists, readJson } from '../compile.mjs';
import { readLocalSettings } from '../local-config.mjs';
import { buildRecordFileOf, distDir, edgeKeyValueFile, sourceMapsDir, ssrDir, variantsDir } from '../paths.mjs';
import { renderPages } from '../prerender.mjs';
import { verifyStage } from './verify.mjs';
import { releasesOf } from './site-store.mjs';
import { buildFilesPrefix, deleteRemovals } from '@kesho/release-model/build-pruning';
import * as folderStore from '@kesho/release-model/folder-store';
import * as pointerDocument from '@kesho/release-model/pointer-document';

/** @typedef {import('../../../packages/release-model/src/pointer-document').PointerDocument} PointerDocument */
/** @typedef {import('../../../packages/release-model/src/pointer-document').RemotePointer} RemotePointer */
/**
 * A running canary, a staged preview and the edge record: the shapes both engines keep (@kesho/release-model/edge-plan).
 * @typedef {import('../../../packages/release-model/src/edge-plan').CanaryRecord} Canary
 * @typedef {import('../../../packages/release-model/src/edge-plan').PreviewRecord} Preview
 */

export { variantsDir };
/** The edge record (lib/release/history.mjs: edge/state.json of dist/site, read by the engine's reader). */
export { readEdgeRecordOfSite as readEdgeState } from './history.mjs';

/** The record of a kept build: its pointer entry (what a canary or preview puts in the document). */
export async function buildRecordOf(app, buildId) {
  const file = buildRecordFileOf(app, buildId);
  return (await exists(file)) ? readJson(file) : null;
}

/** The pointer entry of a kept build: what a canary or a preview puts in the document. @param {string} app @param {string} buildId */
async function pointerOf(app, buildId) {
  const record = await buildRecordOf(app, buildId);
  if (!record) throw new Error(`No build ${buildId} of ${app} is kept in ${path.relative(distDir, ssrDir)}`);
  return record.pointer;
}

/**
 * The first release of each candidate an older dist/ staged before canaries and previews were releases
 * (its record names no `release`, so the engine's pass has no snapshot to write its folders from): its
 * pages rendered with the next shell and the next live document with the candidate put in, checked as
 * every release's, and made its release (releases/<app>/<release>/, lib/release/site-store.mjs
 * releasesOf), as its team's deploy makes one now. Made once: a candidate with a release keeps it.
 * @param {{ stageDir: string, pointers: PointerDocument, shell: { buildId: string, scripts: string[] }, candidates: (Canary | Preview)[] }} next
 * @returns {Promise<import('./site-store.mjs').MadeRelease[]>}
 */
export async function releaseUnnamedCandidates({ stageDir, pointers, shell, candidates }) {
  const { withRemote } = pointerDocument;
  /** @type {import('./site-store.mjs').MadeRelease[]} */
  const releases = [];
  const done = new Set();
  for (const candidate of candidates) {
    if (candidate.release) continue;
    const name = `${candidate.app}-${candidate.buildId}`;
    if (done.has(name)) continue;
    done.add(name);
    const pointer = await pointerOf(candidate.app, candidate.buildId);
    const document = withRemote(pointers, pointer);
    const releaseDir = path.join(stageDir, 'candidates', name);
    const rendered = await renderPages({ shell, pointers: document, remotes: [candidate.app], outDir: path.join(releaseDir, 'pages'), notFound: false });
    try {
      await verifyStage({ stageDir: path.join(releaseDir, 'pages'), pages: rendered, expectedRoutes: pointer.routes.map((route) => route.path), pointers: document, shell });
    } catch (error) {
      if (error instanceof Error) error.message = `The ${'percent' in candidate ? 'canary' : 'preview'} of ${candidate.app}: ${error.message}`;
      throw error;
    }
    releases.push(...(await releasesOf({ root: releaseDir, document, remotes: [candidate.app], shellRelease: false })));
  }
  return releases;
}

/**
 * What the engine's edge pass (@kesho/release-model/engine/edge-pass publishSite) is given here, as the
 * Lambda gives it the KeyValueStore, Secrets Manager and KEPT_BUILDS: the local edge key-value state
 * (dist/edge-key-value.json), the preview links' key (PREVIEW_LINK_SECRET) and KEPT_BUILDS. So every
 * local pass prunes dist/site by the publisher's rule (@kesho/release-model/engine/prune), and what dist/
 * keeps of a build outside the store follows its decision (removedBuilds): a build removed whole loses
 * its server bundles, record and marks (dist/ssr/<app>/<buildId>/) and its source maps; a withdrawn
 * build that lost its served files, their source maps.
 * @returns {Promise<import('../../../packages/release-model/src/engine/edge-pass').EdgeServices>}
 */
export async function localEdgeServices() {
  const { FileKeyValueStore } = folderStore;
  const { previewLinkSecret } = await readLocalSettings('readEdgeKeyValueConfig');
  const { keptBuilds } = await readLocalSettings('readPruneConfig');
  return { kvs: new FileKeyValueStore(edgeKeyValueFile), previewSecret: async () => previewLinkSecret, keptBuilds, removedBuilds: removeOutsideStore };
}

/** A folder of dist/ as a key prefix of dist/ as a store: `sourcemaps/`, `ssr/`. @param {string} dir */
const prefixOf = (dir) => `${path.relative(distDir, dir).split(path.sep).join('/')}/`;

/**
 * What dist/ keeps of builds the engine's pass removed, outside dist/site: their source maps, and for a
 * build removed whole its server bundles, build record and marks (refusal, withdrawal).
 * @param {readonly (import('../../../packages/release-model/src/build-pruning').BuildRemoval & { app: string })[]} removals
 */
export async function removeOutsideStore(removals) {
  await deleteRemovals(new folderStore.FolderStore(distDir), removals, (removal) => [
    `${prefixOf(sourceMapsDir)}${buildFilesPrefix(removal.app, removal.buildId)}`,
    ...(removal.removed === 'build' ? [`${prefixOf(ssrDir)}${removal.app}/${removal.buildId}/`] : []),
  ]);
}
