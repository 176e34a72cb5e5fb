/**
 * Reads the site build (dist/site) at synth time: which remotes it holds, their pointer entries and
 * pages, and the shell's files. Everything is checked here so a broken build fails `cdk synth` with a
 * clear message instead of publishing a pointer to files that were never uploaded.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildFilesPrefix } from '@kesho/release-model/build-pruning';
import { DISCOVERY_FILE_NAMES } from '@kesho/release-model/discovery-files';
import { NOT_FOUND_PAGE_KEY } from '@kesho/release-model/page-routes';
import { parsePointerDocument } from '@kesho/release-model/pointer-document';
import { SHELL_BUILDS_PREFIX } from '@kesho/release-model/site-keys';
import {
  currentRecordBody,
  pageKeysOf,
  pointerKey,
  POINTER_DOCUMENT_KEY,
  RELEASE_RECORD_FILE,
  SHELL_APP,
  remoteReleaseOf,
  shellReleaseOf,
  shellSnapshotFiles as shellSnapshotFilesOf,
  type LiveChange,
  type PointerDocument,
  type ReleaseRecord,
  type RemotePointer,
  type RemoteRelease,
  type ShellRelease,
} from '@kesho/release-model/engine/release-record';

export interface StagedFile {
  /** Key below the deployment's prefix, e.g. "pages/faq.html". */
  readonly key: string;
  readonly absolutePath: string;
}

export interface RemoteBuild {
  readonly pointer: RemotePointer;
  /** dist/site/mfe/<name>/<buildId>: the remote's immutable assets. */
  readonly assetsDir: string;
  /** The remote's prerendered pages, keyed as they are served (pages/...). */
  readonly pages: readonly StagedFile[];
  /** Its release: the pointer entry, the shell build its pages load, named by content. */
  readonly record: RemoteRelease;
}

export interface ShellBuild {
  /** dist/site/shell: one folder per shell build id, all immutable. */
  readonly assetsDir: string;
  /**
   * Files served from the site root (favicon.svg) and the not-found page, keyed as they are served:
   * they travel in the release's snapshot (shellSnapshotFiles), and the publisher puts them live with
   * it. The build's discovery files (sitemap.xml, robots.txt, llms.txt) do not: the publisher makes
   * them from every pointer document it writes, whichever app it publishes.
   */
  readonly sharedFiles: readonly StagedFile[];
  /** The page of every route of the build's pointer document, rendered with this shell. */
  readonly pages: readonly StagedFile[];
  /** Its release: the shell build the pages load and the remote builds they show, named by content. */
  readonly record: ShellRelease;
}

const ONE_TEAM_HINT = ', or synth only your own stack with -c only=<shell or remote name>';

function requireFile(absolutePath: string, what: string): void {
  if (!fs.existsSync(absolutePath) || !fs.statSync(absolutePath).isFile()) {
    throw new Error(`The site build has no ${what} (${absolutePath}); run the site build first${ONE_TEAM_HINT}.`);
  }
}

function requireDirectory(absolutePath: string, what: string): void {
  if (!fs.existsSync(absolutePath) || !fs.statSync(absolutePath).isDirectory()) {
    throw new Error(`The site build has no ${what} (${absolutePath}); run the site build first${ONE_TEAM_HINT}.`);
  }
}

export function siteBuildExists(siteDir: string): boolean {
  return fs.existsSync(path.join(siteDir, POINTER_DOCUMENT_KEY));
}

/** The build's pointer document, validated by the schema the shell reads it with. */
export function readBuildDocument(siteDir: string): PointerDocument {
  const documentPath = path.join(siteDir, POINTER_DOCUMENT_KEY);
  requireFile(documentPath, 'pointer document');
  let parsed: unknown;
  try {
    parsed = JSON.parse(fs.readFileSync(documentPath, 'utf8'));
  } catch {
    throw new Error(`${documentPath} is not JSON`);
  }
  let document: PointerDocument;
  try {
    document = parsePointerDocument(parsed);
  } catch (error) {
    throw new Error(`${documentPath}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  if (document.remotes.some((remote) => remote.name === SHELL_APP)) throw new Error(`${documentPath}: a remote cannot be called "${SHELL_APP}"`);
  return document;
}

/** The remotes listed in the build's pointer document, validated. */
export function readBuildPointers(siteDir: string): RemotePointer[] {
  return [...readBuildDocument(siteDir).remotes];
}

function pagesOf(siteDir: string, pointer: RemotePointer, what: string): StagedFile[] {
  return pageKeysOf(pointer).map((key) => {
    const absolutePath = path.join(siteDir, key);
    requireFile(absolutePath, `page ${key} of ${what}`);
    return { key, absolutePath };
  });
}

const bodiesOf = (pages: readonly StagedFile[]) => pages.map((page) => ({ key: page.key, body: fs.readFileSync(page.absolutePath) }));

export function readRemoteBuild(siteDir: string, remoteName: string): RemoteBuild {
  const pointer = readBuildPointers(siteDir).find((candidate) => candidate.name === remoteName);
  if (!pointer) throw new Error(`The site build's ${POINTER_DOCUMENT_KEY} does not list the remote "${remoteName}"`);
  const assetsDir = path.join(siteDir, buildFilesPrefix(pointer.name, pointer.buildId));
  requireDirectory(assetsDir, `build ${pointer.buildId} of the ${remoteName} remote`);
  requireFile(path.join(siteDir, pointer.manifest), `manifest of the ${remoteName} remote`);
  const pages = pagesOf(siteDir, pointer, `the ${remoteName} remote`);
  const record = remoteReleaseOf(pointer, bodiesOf(pages));
  return { pointer, assetsDir, pages, record };
}

export function readShellBuild(siteDir: string): ShellBuild {
  const assetsDir = path.join(siteDir, SHELL_BUILDS_PREFIX);
  requireDirectory(assetsDir, 'shell assets folder');
  const notFoundPage = path.join(siteDir, NOT_FOUND_PAGE_KEY);
  requireFile(notFoundPage, 'not-found page');
  const rootFiles = fs
    .readdirSync(siteDir, { withFileTypes: true })
    // The discovery files stay behind: the publisher makes them from each pointer document it writes.
    .filter((entry) => entry.isFile() && !(DISCOVERY_FILE_NAMES as readonly string[]).includes(entry.name))
    .map((entry) => ({ key: entry.name, absolutePath: path.join(siteDir, entry.name) }));
  const renderedWith = readBuildDocument(siteDir);
  const pages = renderedWith.remotes.flatMap((remote) => pagesOf(siteDir, remote, 'the shell release'));
  const sharedFiles = [...rootFiles, { key: NOT_FOUND_PAGE_KEY, absolutePath: notFoundPage }];
  const record = shellReleaseOf(renderedWith, bodiesOf(pages), bodiesOf(sharedFiles));
  requireDirectory(path.join(assetsDir, record.shellBuildId), `build ${record.shellBuildId} of the shell`);
  return { assetsDir, sharedFiles, pages, record };
}

/** What a shell release's snapshot holds besides its record: the pages of routes, and the shared files under shared/ (the engine's rule). */
export function shellSnapshotFiles(build: Pick<ShellBuild, 'pages' | 'sharedFiles'>): StagedFile[] {
  return shellSnapshotFilesOf(build.pages, build.sharedFiles);
}

/** Files plus generated documents to upload together, e.g. a release's pages and its pointer.json. */
export interface StagingInput {
  readonly files: readonly StagedFile[];
  readonly documents?: Readonly<Record<string, string>>;
}

/**
 * Copies the files into a folder named by their content, so an unchanged release stages to the same
 * folder (and the same asset hash) on every synth, and repeated synths do not pile up folders.
 */
export function stageFiles(input: StagingInput): string {
  const entries = [
    ...input.files.map((file) => ({ key: file.key, content: fs.readFileSync(file.absolutePath) })),
    ...Object.entries(input.documents ?? {}).map(([key, text]) => ({ key, content: Buffer.from(text, 'utf8') })),
  ].sort((a, b) => a.key.localeCompare(b.key));
  const hash = createHash('sha256');
  for (const entry of entries) hash.update(entry.key).update('\0').update(entry.content).update('\0');
  const stagingRoot = path.join(os.tmpdir(), 'kesho-infra-staging');
  const target = path.join(stagingRoot, hash.digest('hex').slice(0, 32));
  if (fs.existsSync(target)) return target;
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'kesho-infra-scratch-'));
  for (const entry of entries) {
    const destination = path.join(scratch, entry.key);
    fs.mkdirSync(path.dirname(destination), { recursive: true });
    fs.writeFileSync(destination, entry.content);
  }
  fs.mkdirSync(stagingRoot, { recursive: true });
  try {
    fs.renameSync(scratch, target);
  } catch (error) {
    // Another synth staged the same content first; its folder is identical.
    fs.rmSync(scratch, { recursive: true, force: true });
    if (!fs.existsSync(target)) throw error;
  }
  return target;
}

/** The snapshot a deploy uploads to releases/<app>/<release>/: its pages and its record. */
export function stageRelease(build: { readonly pages: readonly StagedFile[]; readonly record: ReleaseRecord }): string {
  return stageFiles({ files: build.pages, documents: { [RELEASE_RECORD_FILE]: JSON.stringify(build.record) } });
}

/**
 * The app's current-release record, uploaded last to mfe/pointers/<app>.json: a copy of its release.json
 * with the note of the deploy's live change (`change`: a publish, who, the commit), which the publisher
 * records in the history when it finds the release live.
 */
export function stageCurrentRecord(record: ReleaseRecord, change?: LiveChange): { readonly directory: string; readonly key: string } {
  const key = pointerKey(record.app);
  return { directory: stageFiles({ files: [], documents: { [path.posix.basename(key)]: currentRecordBody(record, change) } }), key };
}
