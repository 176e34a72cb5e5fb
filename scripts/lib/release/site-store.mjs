/**
 * dist/site as the release engine's store: the same keys as the site bucket (@kesho/release-model/site-keys),
 * a folder with S3's semantics (@kesho/release-model/folder-store: quoted-MD5 ETags, conditional writes).
 * The local release puts its releases there as a team stack's deploy uploads them to S3
 * (releases/<app>/<release>/…, then mfe/pointers/<app>.json) and publishes them with the publisher's own
 * code (@kesho/release-model/engine/publish): mfe/remotes.json written conditionally, then the pages
 * copied live by the run whose write succeeded, every run rebuilding the state from the records.
 *
 * So a release killed half-way needs no journal: its records are either not current yet (the site is
 * as it was) or current, and the next publish (`recoverInterruptedRelease`, at the next release and
 * when the local server starts) puts the site on them whole.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { exists, readJson } from '../compile.mjs';
import { buildRecordFileOf, distDir, pointerFile, shellCurrentFile, siteDir } from '../paths.mjs';
import { repoRoot } from '../repo-root.mjs';
import { FolderStore } from '@kesho/release-model/folder-store';
import { publishReleases, putReleaseSnapshot, readPublished, setCurrentRelease } from '@kesho/release-model/engine/publish';
import { DISCOVERY_FILE_NAMES } from '@kesho/release-model/discovery-files';
import { NOT_FOUND_PAGE_KEY } from '@kesho/release-model/page-routes';
import { pageKeysOf, POINTERS_PREFIX, RELEASE_RECORD_FILE, releasePrefix, remoteReleaseOf, SHELL_APP, shellReleaseOf, shellSnapshotFiles } from '@kesho/release-model/engine/release-record';

/**
 * Runs before each file a release writes, with the file's path (tests inject failures and crashes through it).
 * @typedef {(target: string) => unknown} BeforeWrite
 * @typedef {import('../../../packages/release-model/src/object-store').ObjectStore} ObjectStore
 * @typedef {import('../../../packages/release-model/src/engine/release-record').ReleaseRecord} ReleaseRecord
 * @typedef {import('../../../packages/release-model/src/engine/release-record').SnapshotFile} SnapshotFile
 * @typedef {import('../../../packages/release-model/src/pointer-document').PointerDocument} PointerDocument
 * @typedef {{ record: ReleaseRecord, files: SnapshotFile[] }} MadeRelease a release and its snapshot's files
 */

/**
 * The site's store (dist/site), each write announced to `beforeWrite` first.
 * @param {BeforeWrite} [beforeWrite]
 * @returns {ObjectStore}
 */
export function siteStore(beforeWrite) {
  /** @type {ObjectStore} */
  const store = new FolderStore(siteDir);
  if (!beforeWrite) return store;
  const announce = async (key) => {
    await beforeWrite(path.join(siteDir, key));
  };
  return {
    get: (key) => store.get(key),
    head: (key) => store.head(key),
    listKeys: (prefix) => store.listKeys(prefix),
    put: async (key, body, metadata, condition) => {
      await announce(key);
      return store.put(key, body, metadata, condition);
    },
    copy: async (sourceKey, targetKey, metadata) => {
      await announce(targetKey);
      return store.copy(sourceKey, targetKey, metadata);
    },
    delete: async (key) => {
      await announce(key);
      return store.delete(key);
    },
  };
}

/** The files below `root` (a stage, or dist/site) of the given keys. @param {string} root @param {readonly string[]} keys @returns {Promise<SnapshotFile[]>} */
const filesOf = (root, keys) => Promise.all(keys.map(async (key) => ({ key, body: await fs.readFile(path.join(root, key), 'utf8') })));

/** The shell's root files (favicon.svg): they travel in its release, as the shell stack's synth puts them there. */
const shellPublicDir = path.join(repoRoot, 'shell', 'public');

/**
 * The releases a local release makes from the pages it rendered into `root` (keyed as the site: pages/…),
 * by the record-making code the team stacks' synth runs (@kesho/release-model/engine/release-record): one
 * per remote rendered, and the shell's when every page was (every page, and as its shared files the
 * not-found page and the root files of `rootFilesDir`: the shell's public folder).
 * @param {{ root: string, document: PointerDocument, remotes: readonly string[], shellRelease: boolean, rootFilesDir?: string }} made
 * @returns {Promise<MadeRelease[]>}
 */
export async function releasesOf({ root, document, remotes, shellRelease, rootFilesDir = shellPublicDir }) {
  /** @type {MadeRelease[]} */
  const made = [];
  for (const pointer of document.remotes.filter((remote) => remotes.includes(remote.name))) {
    const files = await filesOf(root, pageKeysOf(pointer));
    made.push({ record: remoteReleaseOf(pointer, files), files });
  }
  if (shellRelease) {
    const pages = await filesOf(root, document.remotes.flatMap(pageKeysOf));
    // The discovery files stay behind, as the shell stack's synth leaves them: the publisher makes them from each document it writes.
    const rootFiles = (await fs.readdir(rootFilesDir, { withFileTypes: true }))
      .filter((entry) => entry.isFile() && !(/** @type {readonly string[]} */ (DISCOVERY_FILE_NAMES).includes(entry.name)))
      .map((entry) => entry.name);
    const shared = [...(await filesOf(rootFilesDir, rootFiles.sort())), ...(await filesOf(root, [NOT_FOUND_PAGE_KEY]))];
    made.push({ record: shellReleaseOf(document, pages, shared), files: shellSnapshotFiles(pages, shared) });
  }
  return made;
}

/** Puts a release into the store as a team's deploy uploads it: the snapshot, then its record as the app's current one. @param {ObjectStore} store @param {MadeRelease} made */
export async function uploadRelease(store, { record, files }) {
  await putReleaseSnapshot(store, record, files);
  await setCurrentRelease(store, record);
}

/** Whether the store holds any current release record (a dist/ released by this engine). @param {ObjectStore} store */
async function hasRecords(store) {
  return (await store.listKeys(POINTERS_PREFIX)).some((key) => key.endsWith('.json'));
}

/**
 * A dist/ released before the releases lived in the store (its pointer document and pages, no records):
 * its live site becomes releases, made from its live pages, so the first publish keeps every app live.
 * @param {ObjectStore} store
 */
async function adoptLiveSite(store) {
  const { state } = await readPublished(store);
  if (!state.remotes.length) return;
  const live = { remotes: state.remotes };
  const keys = [...live.remotes.flatMap(pageKeysOf), NOT_FOUND_PAGE_KEY];
  if (!(await Promise.all(keys.map((key) => exists(path.join(siteDir, key))))).every(Boolean)) return;
  // Its root files as they are live (the site's root; its discovery files stay out).
  const made = await releasesOf({ root: siteDir, document: live, remotes: live.remotes.map((remote) => remote.name), shellRelease: true, rootFilesDir: siteDir });
  for (const release of made) await uploadRelease(store, release);
}

/**
 * Completes a release a dead process left half done: the publisher's run again over the current records
 * (it rebuilds the state from them, writes mfe/remotes.json conditionally, copies every page live), so
 * the site is on one whole release, the one whose records are current. Nothing to do on an empty dist/.
 * Run under the release lock: it also removes the staging folder a dead release left.
 */
export async function recoverInterruptedRelease() {
  // The staging folder a dead release left (one release at a time holds the lock, so none is in use).
  for (const entry of await fs.readdir(distDir).catch(() => [])) if (entry.startsWith('.release-')) await fs.rm(path.join(distDir, entry), { recursive: true, force: true });
  const store = siteStore();
  if (!(await hasRecords(store))) await adoptLiveSite(store);
  if (!(await hasRecords(store))) return null;
  return publishReleases(store);
}

/**
 * The live shell build's record: the build of the shell release mfe/remotes.json names (ssr/shell/<build>/publish.json);
 * for a dist/ released before that, the record it kept in ssr/shell/current.json.
 * @returns {Promise<import('../release-engine.mjs').ShellRecord | null>}
 */
export async function liveShellRecord() {
  const published = await readJson(pointerFile, null);
  const release = published?.releases?.[SHELL_APP];
  if (typeof release === 'string') {
    const record = await readJson(path.join(siteDir, releasePrefix(SHELL_APP, release), RELEASE_RECORD_FILE), null);
    if (record?.shellBuildId) return readJson(buildRecordFileOf(SHELL_APP, record.shellBuildId), null);
  }
  return readJson(shellCurrentFile, null);
}
