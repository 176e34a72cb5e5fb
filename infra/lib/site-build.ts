/**
 * Reads the site build (dist/site) at synth time: which remotes it holds, their pointer entries and
 * pages, and the shell's files. Everything is checked here so a broken build fails `cdk synth` with a
 * clear message instead of publishing a pointer to files that were never uploaded.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  pageKeysOf,
  parseRemotePointer,
  POINTER_DOCUMENT_KEY,
  RELEASE_POINTER_FILE,
  type RemotePointer,
} from '../functions/release-publisher/release-record';

export const NOT_FOUND_PAGE_KEY = 'pages/404.html';

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
}

export interface ShellBuild {
  /** dist/site/shell: one folder per shell build id, all immutable. */
  readonly assetsDir: string;
  /** Files served from the site root (robots.txt, sitemap.xml, llms.txt, favicon.svg) and the not-found page. */
  readonly sharedFiles: readonly StagedFile[];
}

function requireFile(absolutePath: string, what: string): void {
  if (!fs.existsSync(absolutePath) || !fs.statSync(absolutePath).isFile()) {
    throw new Error(`The site build has no ${what} (${absolutePath}); run the site build first.`);
  }
}

function requireDirectory(absolutePath: string, what: string): void {
  if (!fs.existsSync(absolutePath) || !fs.statSync(absolutePath).isDirectory()) {
    throw new Error(`The site build has no ${what} (${absolutePath}); run the site build first.`);
  }
}

export function siteBuildExists(siteDir: string): boolean {
  return fs.existsSync(path.join(siteDir, POINTER_DOCUMENT_KEY));
}

/** The remotes listed in the build's pointer document, validated. */
export function readBuildPointers(siteDir: string): RemotePointer[] {
  const documentPath = path.join(siteDir, POINTER_DOCUMENT_KEY);
  requireFile(documentPath, 'pointer document');
  const parsed: unknown = JSON.parse(fs.readFileSync(documentPath, 'utf8'));
  const remotes = typeof parsed === 'object' && parsed !== null && 'remotes' in parsed ? parsed.remotes : undefined;
  if (!Array.isArray(remotes)) throw new Error(`${documentPath} has no "remotes" list`);
  return remotes.map((remote, index) => parseRemotePointer(remote, `${documentPath} (remote ${index})`));
}

export function readRemoteBuild(siteDir: string, remoteName: string): RemoteBuild {
  const pointer = readBuildPointers(siteDir).find((candidate) => candidate.name === remoteName);
  if (!pointer) throw new Error(`The site build's ${POINTER_DOCUMENT_KEY} does not list the remote "${remoteName}"`);
  const assetsDir = path.join(siteDir, 'mfe', pointer.name, pointer.buildId);
  requireDirectory(assetsDir, `build ${pointer.buildId} of the ${remoteName} remote`);
  requireFile(path.join(siteDir, pointer.manifest), `manifest of the ${remoteName} remote`);
  const pages = pageKeysOf(pointer).map((key) => {
    const absolutePath = path.join(siteDir, key);
    requireFile(absolutePath, `page ${key} of the ${remoteName} remote`);
    return { key, absolutePath };
  });
  return { pointer, assetsDir, pages };
}

export function readShellBuild(siteDir: string): ShellBuild {
  const assetsDir = path.join(siteDir, 'shell');
  requireDirectory(assetsDir, 'shell assets folder');
  const notFoundPage = path.join(siteDir, NOT_FOUND_PAGE_KEY);
  requireFile(notFoundPage, 'not-found page');
  const rootFiles = fs
    .readdirSync(siteDir, { withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => ({ key: entry.name, absolutePath: path.join(siteDir, entry.name) }));
  return { assetsDir, sharedFiles: [...rootFiles, { key: NOT_FOUND_PAGE_KEY, absolutePath: notFoundPage }] };
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

/** The snapshot a remote deploy uploads to releases/<name>/<buildId>/: its pages and its pointer entry. */
export function stageRemoteRelease(build: RemoteBuild): string {
  return stageFiles({ files: build.pages, documents: { [RELEASE_POINTER_FILE]: JSON.stringify(build.pointer) } });
}
