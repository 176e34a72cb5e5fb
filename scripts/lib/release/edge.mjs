/**
 * The builds some visitors get before all of them: canaries and previews. Their state is
 * dist/edge-state.json, and each variant of the site they make is a folder under
 * dist/site/variants/<folder>/ holding every page as that variant shows it, plus its pointer document.
 * The local server (and in AWS the CloudFront functions) pick a folder per request with
 * @kesho/common/build-choice; this module writes the folders a release needs, as
 * @kesho/common/edge-plan plans them for both engines (the AWS release publisher's too):
 *
 *   - one per combination of running canaries (a browser can be in several apps' shares),
 *   - one per staged preview (with the "Preview: <app> <build>" ribbon, @kesho/common/preview-ribbon),
 *   - two notices (the live site saying a preview link expired, or is not valid).
 *
 * A variant's own apps' pages are prerendered with the next shell and the variant's pointer document
 * (the next live document with the candidates put in) and pass the checks every release passes; the
 * other pages are the next live pages. A folder is named by a hash of its content, so a folder is
 * never changed once written: a release writes the folders of its next state, then the state that
 * names them, and removes folders no longer named after it.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { exists, readJson } from '../compile.mjs';
import { lazyTsModule } from '../load-ts.mjs';
import { distDir, edgeStateFile, pageFileFor, siteDir, ssrDir, VARIANT_POINTER_FILE, variantsDir } from '../paths.mjs';
import { renderPages } from '../prerender.mjs';
import { verifyStage } from './verify.mjs';

/** @typedef {import('../../../packages/common/src/pointer-document').PointerDocument} PointerDocument */
/** @typedef {import('../../../packages/common/src/pointer-document').RemotePointer} RemotePointer */
/** @typedef {import('../../../packages/common/src/build-choice').EdgeState} EdgeState */
/** @typedef {import('../../../packages/common/src/preview-ribbon').Ribbon} Ribbon */
/**
 * A running canary and a staged preview: the records both engines keep (@kesho/common/edge-plan).
 * @typedef {import('../../../packages/common/src/edge-plan').CanaryRecord} Canary
 * @typedef {import('../../../packages/common/src/edge-plan').PreviewRecord} Preview
 * @typedef {{ edge: EdgeState, canaries: Canary[], previews: Preview[] }} EdgeStateFile
 */

export { edgeStateFile, variantsDir };

/** @type {() => Promise<typeof import('../../../packages/common/src/build-choice')>} */
const buildChoice = lazyTsModule('packages/common/src/build-choice.ts');
/** @type {() => Promise<typeof import('../../../packages/common/src/preview-ribbon')>} */
const previewRibbon = lazyTsModule('packages/common/src/preview-ribbon.ts');
/** @type {() => Promise<typeof import('../../../packages/common/src/edge-plan')>} */
export const edgePlan = lazyTsModule('packages/common/src/edge-plan.ts');
/** @type {() => Promise<typeof import('../../../packages/common/src/pointer-document')>} */
const pointerDocument = lazyTsModule('packages/common/src/pointer-document.ts');

/** @returns {Promise<EdgeStateFile>} the edge state (nothing running before the first canary or preview). */
export async function readEdgeState() {
  const { EMPTY_EDGE_STATE } = await buildChoice();
  const file = await readJson(edgeStateFile, {});
  return { edge: file.edge ?? EMPTY_EDGE_STATE, canaries: file.canaries ?? [], previews: file.previews ?? [] };
}

/** The record of a kept build: its pointer entry (what a canary or preview puts in the document). */
export async function buildRecordOf(app, buildId) {
  const file = path.join(ssrDir, app, buildId, 'publish.json');
  return (await exists(file)) ? readJson(file) : null;
}

/** The pointer entry of a kept build: what a canary or a preview puts in the document. @param {string} app @param {string} buildId */
async function pointerOf(app, buildId) {
  const record = await buildRecordOf(app, buildId);
  if (!record) throw new Error(`No build ${buildId} of ${app} is kept in ${path.relative(distDir, ssrDir)}`);
  return record.pointer;
}

/**
 * Renders and checks the variants of the next state into `stageDir/variants/<folder>/`, each named
 * by its content; a folder already on the site is not written again.
 * @param {{ stageDir: string, pointers: PointerDocument, shell: { buildId: string, scripts: string[] }, canaries: Canary[], previews: Preview[],
 *   stagedPage: (route: string) => string | null }} next `stagedPage`: the file of a live page this release renders again, else null
 * @returns {Promise<{ edge: EdgeState, folders: string[] }>} the next edge state, and the folders to move into place
 */
export async function stageVariants({ stageDir, pointers, shell, canaries, previews, stagedPage }) {
  const { withRemote } = await pointerDocument();
  const { withRibbon } = await previewRibbon();
  const { edgeStateOf, planVariants } = await edgePlan();
  /** @type {{ variant: import('../../../packages/common/src/edge-plan').PlannedVariant, folder: string }[]} */
  const written = [];
  const folders = [];
  for (const [index, variant] of planVariants(canaries, previews).entries()) {
    let document = pointers;
    for (const candidate of variant.candidates) document = withRemote(document, await pointerOf(candidate.app, candidate.buildId));
    const apps = variant.candidates.map((candidate) => candidate.app);
    const renderDir = path.join(stageDir, 'variant-pages', String(index));
    const rendered = apps.length ? await renderPages({ shell, pointers: document, remotes: apps, outDir: renderDir, notFound: false }) : [];
    const ownRoutes = document.remotes.filter((remote) => apps.includes(remote.name)).flatMap((remote) => remote.routes.map((route) => route.path));
    try {
      await verifyStage({ stageDir: renderDir, pages: rendered, expectedRoutes: ownRoutes, pointers: document, shell });
    } catch (error) {
      if (error instanceof Error) error.message = `The ${variant.kind} of ${apps.join(' and ')}: ${error.message}`;
      throw error;
    }
    const renderedFiles = new Map(rendered.filter((page) => !page.feed).map((page) => [page.route, path.join(renderDir, page.file)]));

    // Every route of the variant's document, its page as this variant shows it.
    const files = [];
    for (const route of document.remotes.flatMap((remote) => remote.routes.map((entry) => entry.path)).sort()) {
      const source = renderedFiles.get(route) ?? stagedPage(route) ?? pageFileFor(route);
      const html = await fs.readFile(source, 'utf8');
      files.push({ name: path.relative(siteDir, pageFileFor(route)), content: variant.ribbon ? withRibbon(html, variant.ribbon) : html });
    }
    files.push({ name: VARIANT_POINTER_FILE, content: `${JSON.stringify(document, null, 2)}\n` });
    const hash = crypto.createHash('sha256');
    for (const file of files) hash.update(file.name).update('\0').update(file.content).update('\0');
    const folder = hash.digest('hex').slice(0, 12);

    written.push({ variant, folder });
    if (folders.includes(folder) || (await exists(path.join(variantsDir, folder)))) continue;
    for (const file of files) {
      const target = path.join(stageDir, path.relative(siteDir, variantsDir), folder, file.name);
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.writeFile(target, file.content);
    }
    folders.push(folder);
  }
  return { edge: edgeStateOf(canaries, written), folders };
}

/**
 * Removes the variant folders neither the current state nor the one before it names (a browser may
 * still be fetching a page of the state just replaced).
 * @param {EdgeState} current @param {EdgeState} previous
 */
export async function removeUnusedVariants(current, previous) {
  const { unusedFolders } = await edgePlan();
  const present = (await exists(variantsDir)) ? await fs.readdir(variantsDir) : [];
  for (const folder of unusedFolders(present, current, previous)) await fs.rm(path.join(variantsDir, folder), { recursive: true, force: true });
}
