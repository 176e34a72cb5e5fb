/**
 * The builds some visitors get before all of them: canaries and previews. Their state is the edge
 * record (dist/site/edge/state.json, the AWS publisher's edge/state.json), and each variant of the site they make is a folder under
 * dist/site/variants/<folder>/ holding every page as that variant shows it, plus its pointer document.
 * The local server (and in AWS the CloudFront functions) pick a folder per request with
 * @kesho/release-model/build-choice; this module writes the folders a release needs, as
 * @kesho/release-model/edge-plan plans them for both engines (the AWS release publisher's too):
 *
 *   - one per combination of running canaries (a browser can be in several apps' shares),
 *   - one per staged preview (with the "Preview: <app> <build>" ribbon, @kesho/release-model/preview-ribbon),
 *   - two notices (the live site saying a preview link expired, or is not valid).
 *
 * The folders are written by the engine the AWS release publisher runs (@kesho/release-model/edge-variants)
 * on dist/ as its store (@kesho/release-model/folder-store): a candidate's pages are rendered once, as its
 * release, and every variant copies them and the next live pages as the publisher copies them in the
 * bucket, a ribbon put in on the way; a folder is named by what it holds, so it is never changed once
 * written: a release writes the folders of its next state, then the state that names them, and
 * removes folders no longer named after it. Each candidate's pages are its release, as a team's deploy
 * makes it in AWS (releases/<app>/<release>/, the snapshot the record's `release` names).
 */
import path from 'node:path';
import { exists, readJson } from '../compile.mjs';
import { readLocalSettings } from '../local-config.mjs';
import { buildRecordFileOf, distDir, edgeKeyValueFile, siteDir, ssrDir, variantsDir } from '../paths.mjs';
import { renderPages } from '../prerender.mjs';
import { verifyStage } from './verify.mjs';
import { releasesOf } from './site-store.mjs';
import * as edgeVariants from '@kesho/release-model/edge-variants';
import * as folderStore from '@kesho/release-model/folder-store';
import * as pageRoutes from '@kesho/release-model/page-routes';
import * as edgePlan from '@kesho/release-model/edge-plan';
import * as pointerDocument from '@kesho/release-model/pointer-document';

/** @typedef {import('../../../packages/release-model/src/pointer-document').PointerDocument} PointerDocument */
/** @typedef {import('../../../packages/release-model/src/pointer-document').RemotePointer} RemotePointer */
/** @typedef {import('../../../packages/release-model/src/build-choice').EdgeState} EdgeState */
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

/** The dist/ folder as the release engine's object store (@kesho/release-model/folder-store): the site below site/, this release's staging beside it. */
async function distStore() {
  const { FolderStore } = folderStore;
  return new FolderStore(distDir);
}
/** A store key of dist/: `site/pages/faq.html`, `.release-x/variants/…`. */
const keyOf = (file) => path.relative(distDir, file).split(path.sep).join('/');
const siteVariantsPrefix = () => `${keyOf(variantsDir)}/`;

/**
 * Writes the variant folders of the next state into `stageDir/variants/<folder>/` (new folders only)
 * with the engine AWS runs too (@kesho/release-model/edge-variants): each candidate's pages are rendered once,
 * as its release (a team's deploy renders them in AWS), with the next shell and the next live
 * document with the candidate put in, and pass the checks every release passes; each variant then
 * copies its candidates' pages and the next live pages, as the publisher copies them in the bucket.
 * @param {{ stageDir: string, pointers: PointerDocument, shell: { buildId: string, scripts: string[] }, canaries: Canary[], previews: Preview[],
 *   stagedPage: (route: string) => string | null }} next `stagedPage`: the file of a live page this release renders again, else null
 * @returns {Promise<{ edge: EdgeState, folders: string[], releases: import('./site-store.mjs').MadeRelease[] }>} the next edge state, the folders
 *   to move into place, and each candidate's release (its snapshot, as a team's deploy uploads it in AWS: the release its record names)
 */
export async function stageVariants({ stageDir, pointers, shell, canaries, previews, stagedPage }) {
  const { withRemote } = pointerDocument;
  const { writeVariants } = edgeVariants;
  const { pageKeyForRoute } = pageRoutes;
  const staged = new Map(pointers.remotes.flatMap((remote) => remote.routes.map((route) => [pageKeyForRoute(route.path), stagedPage(route.path)])));
  /** @type {import('./site-store.mjs').MadeRelease[]} */
  const releases = [];
  const { edge, written } = await writeVariants(
    await distStore(),
    { canaries, previews },
    {
      live: pointers,
      livePageSource: (page) => keyOf(staged.get(page) ?? path.join(siteDir, page)),
      candidate: async (candidate) => {
        const pointer = await pointerOf(candidate.app, candidate.buildId);
        const document = withRemote(pointers, pointer);
        const releaseDir = path.join(stageDir, 'candidates', `${candidate.app}-${candidate.buildId}`);
        const rendered = await renderPages({ shell, pointers: document, remotes: [candidate.app], outDir: path.join(releaseDir, 'pages'), notFound: false });
        try {
          await verifyStage({ stageDir: path.join(releaseDir, 'pages'), pages: rendered, expectedRoutes: pointer.routes.map((route) => route.path), pointers: document, shell });
        } catch (error) {
          if (error instanceof Error) error.message = `The ${'percent' in candidate ? 'canary' : 'preview'} of ${candidate.app}: ${error.message}`;
          throw error;
        }
        releases.push(...(await releasesOf({ root: releaseDir, document, remotes: [candidate.app], shellRelease: false })));
        return { pointer, pageSource: (page) => keyOf(path.join(releaseDir, page)) };
      },
    },
    { variantsPrefix: siteVariantsPrefix(), stagingPrefix: `${keyOf(path.join(stageDir, 'variants'))}/` },
  );
  return { edge, folders: written, releases };
}

/**
 * Hands the edge state and the preview links' HMAC key (PREVIEW_LINK_SECRET) to the local edge
 * key-value state (dist/edge-key-value.json, the file store of @kesho/release-model/folder-store), which the
 * local server reads as the CloudFront functions read the KeyValueStore: the publisher's step after
 * its record, the same function. A release that died before it leaves the previous values, which the
 * next release replaces.
 * @param {EdgeState} edge
 */
export async function publishEdgeKeyValues(edge) {
  const { FileKeyValueStore } = folderStore;
  const { previewLinkSecret } = await readLocalSettings('readEdgeKeyValueConfig');
  await edgePlan.publishEdgeKeyValues(new FileKeyValueStore(edgeKeyValueFile), { edge, previewLinkSecret });
}

/**
 * What the engine's edge pass (@kesho/release-model/engine/edge-pass publishSite) is given here, as the
 * Lambda gives it the KeyValueStore and Secrets Manager: the local edge key-value state
 * (dist/edge-key-value.json) and the preview links' key (PREVIEW_LINK_SECRET); no pruning by the
 * publisher's rule, dist/ keeps its own (`npm run release -- prune`).
 * @returns {Promise<import('../../../packages/release-model/src/engine/edge-pass').EdgeServices>}
 */
export async function localEdgeServices() {
  const { FileKeyValueStore } = folderStore;
  const { previewLinkSecret } = await readLocalSettings('readEdgeKeyValueConfig');
  return { kvs: new FileKeyValueStore(edgeKeyValueFile), previewSecret: async () => previewLinkSecret, pruneBuilds: false };
}

/**
 * Removes the variant folders neither the current state nor the one before it names (a browser may
 * still be fetching a page of the state just replaced), as the publisher does in the bucket.
 * @param {EdgeState} current @param {EdgeState} previous
 */
export async function removeUnusedVariants(current, previous) {
  const { removeUnusedVariants: removeUnused } = edgeVariants;
  await removeUnused(await distStore(), siteVariantsPrefix(), current, previous);
}
