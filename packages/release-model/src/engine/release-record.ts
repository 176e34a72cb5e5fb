/**
 * The layout of the site bucket that the deploy stacks write and the release publisher reads.
 *
 *   mfe/<name>/<buildId>/...                   a remote's build (immutable; old ones pruned by prune.ts)
 *   shell/<buildId>/...                        a shell build (immutable; old ones pruned by prune.ts)
 *   releases/<app>/<release>/release.json      a release record (immutable); <app> is "shell" or a remote
 *   releases/<app>/<release>/pages/...         the pages prerendered for that release, and its routes' feeds (immutable)
 *   releases/shell/<release>/shared/...        a shell release's root files and not-found page, as they go live (immutable)
 *   sitemap.xml, robots.txt, llms.txt          the discovery files, made by the publisher from each mfe/remotes.json it writes
 *   releases/<app>/<release>/withdrawn.json    the mark of a release rolled back by hand: never published again
 *   mfe/pointers/<app>.json                    the CURRENT release of one app: a copy of a release.json above,
 *                                              with the note of the live change that wrote it (`change`, LiveChange)
 *   mfe/remotes.json                           the pointer document the shell reads, assembled by the publisher
 *   pages/...                                  the live prerendered pages, copied from the current releases
 *
 * A release is named by its content (<build id>-<hash of the record and its pages>), so re-deploying
 * the same build with pages rendered again (another shell, new texts) is a new release, and a new
 * record, which the publisher always publishes.
 *
 * Each team writes only keys that carry its own name, so no deploy can clobber another's; the
 * publisher is the only writer of mfe/remotes.json, of the pages of routes, of the root files and of
 * the not-found page.
 */
import { DISCOVERY_FILE_NAMES } from '../discovery-files';
import { LIVE_CHANGE_ACTIONS } from '../edge-plan';
import { feedKeyForRoute, NOT_FOUND_PAGE_KEY, pageKeyForRoute } from '../page-routes';
import { pageKeysOf } from '../published-pages';
import { createHash } from 'node:crypto';
import { POINTER_DOCUMENT_KEY, POINTERS_PREFIX, RELEASE_RECORD_FILE, RELEASES_PREFIX, WITHDRAWN_FILE } from '../site-keys';
import { isBuildId, isRemoteName, parsePointerDocument, parseRemotePointer, type PointerDocument, type RemotePointer } from '../pointer-document';

export type { PointerDocument, RemotePointer };

/**
 * The keys, named in @kesho/release-model/site-keys. WITHDRAWN_FILE is the mark of a release rolled back by
 * hand (infra/RUNBOOK.md, Rollback). CloudFormation still records the release a stack last deployed, so
 * a later failed deploy of that stack rolls back by uploading it again: the publisher refuses a
 * release with this mark, and the site stays at the rollback's.
 */
export { POINTER_DOCUMENT_KEY, POINTERS_PREFIX, RELEASE_RECORD_FILE, RELEASES_PREFIX, WITHDRAWN_FILE };
/** The shell's app name; no remote may take it (the release scripts use the same names). */
export const SHELL_APP = 'shell';

/**
 * The files the shell's build puts at the site root that travel in its release (shell/public/): the
 * publisher puts live only these, so a new root file is a change ops review. The discovery files
 * (DISCOVERY_FILE_NAMES: sitemap.xml, robots.txt, llms.txt) are not among them: they list every app's
 * routes, so the publisher makes them from each pointer document it writes (publish.ts).
 */
export const SHELL_ROOT_FILES: readonly string[] = ['favicon.svg'];
/** Every key at the site root the publisher writes: the shell's root files and the discovery files. */
export const PUBLISHED_ROOT_FILES: readonly string[] = [...DISCOVERY_FILE_NAMES, ...SHELL_ROOT_FILES];
/** What a shell release may put live besides the pages of routes: the root files and the not-found page. */
export const SHELL_SHARED_FILES: readonly string[] = [...SHELL_ROOT_FILES, NOT_FOUND_PAGE_KEY];
/** Where a shell release's snapshot holds a shared file: releases/shell/<release>/shared/<key>. */
export const sharedFileSnapshotKey = (key: string): string => `shared/${key}`;

/** A remote's release: its entry of the pointer document, and a page for each of its routes. */
export interface RemoteRelease {
  readonly app: string;
  readonly release: string;
  /** The shell build its pages load. */
  readonly shellBuildId: string;
  readonly pointer: RemotePointer;
}

/** A shell release: a page for every route of the pointer document it was rendered with. */
export interface ShellRelease {
  readonly app: typeof SHELL_APP;
  readonly release: string;
  /** The shell build its pages load: the build being released. */
  readonly shellBuildId: string;
  /** Which remote build each of its pages shows (the pointer document its pages embed). */
  readonly renderedWith: PointerDocument;
  /**
   * Its root files and not-found page (SHELL_SHARED_FILES, by live key), held in its snapshot under
   * shared/: the publisher puts them live with the release, so a rollback brings the older ones back.
   * Absent from releases made before they travelled with the release: the live ones then stay.
   */
  readonly sharedFiles?: readonly string[];
}

export type ReleaseRecord = RemoteRelease | ShellRelease;

/** What a writer of an app's current record says it did: a team's publish, a rollback, a local `npm run build`, a promotion (the history's LIVE_ACTIONS). */
export { LIVE_CHANGE_ACTIONS };
export type LiveChangeAction = (typeof LIVE_CHANGE_ACTIONS)[number];

/**
 * The note of a live change, written with the app's current record (mfe/pointers/<app>.json, the record's
 * `change`; never in the snapshot's release.json, so the release and its id stay as they are): what the
 * writer did, who, when (ISO; absent: the time of the pass that publishes it) and why, and where the build
 * came from (the source "<commit>" or "<commit>+changes", the commit, whether the work tree matched it,
 * what the browser check saw). The edge pass that finds the record live records it in the history
 * (live-builds.ts noteLiveBuilds), so a change the writer made is recorded as it made it, also when the
 * writer died before the pass and a later pass completes it.
 */
export interface LiveChange {
  readonly action: LiveChangeAction;
  readonly by: string;
  readonly at?: string;
  readonly why?: string;
  readonly source?: string;
  readonly commit?: string;
  readonly clean?: boolean;
  readonly browserCheck?: string;
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?Z$/;
const LIVE_CHANGE_FIELDS: readonly string[] = ['action', 'by', 'at', 'why', 'source', 'commit', 'clean', 'browserCheck'];

/**
 * Validates a live change's note strictly (`where` names its source in the error): an unknown action or
 * field, a field of the wrong type or an empty `by` is refused, so a record with a bad note is rejected
 * before it goes live. `at` is kept as the ISO time it names (milliseconds always written).
 */
export function parseLiveChange(value: unknown, where: string): LiveChange {
  const fail = (why: string): never => {
    throw new Error(`Invalid live change in ${where}: ${why}`);
  };
  if (!isRecord(value)) return fail('"change" must be an object');
  const unknown = Object.keys(value).filter((field) => !LIVE_CHANGE_FIELDS.includes(field));
  if (unknown.length) return fail(`it may name only ${LIVE_CHANGE_FIELDS.join(', ')}, not ${unknown.join(', ')}`);
  const { action, by, at, why, source, commit, clean, browserCheck } = value;
  if (!(LIVE_CHANGE_ACTIONS as readonly unknown[]).includes(action)) return fail(`"action" must be one of ${LIVE_CHANGE_ACTIONS.join(', ')}`);
  if (typeof by !== 'string' || !by.trim()) return fail('"by" must name who made the change');
  if (at !== undefined && (typeof at !== 'string' || !ISO_TIME.test(at) || Number.isNaN(Date.parse(at)))) return fail('"at" must be an ISO time in UTC, e.g. 2026-11-28T09:30:00Z');
  for (const [field, text] of Object.entries({ why, source, commit, browserCheck })) {
    if (text !== undefined && typeof text !== 'string') fail(`"${field}" must be text`);
  }
  if (clean !== undefined && typeof clean !== 'boolean') return fail('"clean" must be true or false');
  return {
    action: action as LiveChangeAction,
    by,
    ...(at !== undefined ? { at: new Date(at as string).toISOString() } : {}),
    ...(why !== undefined ? { why: why as string } : {}),
    ...(source !== undefined ? { source: source as string } : {}),
    ...(commit !== undefined ? { commit: commit as string } : {}),
    ...(clean !== undefined ? { clean } : {}),
    ...(browserCheck !== undefined ? { browserCheck: browserCheck as string } : {}),
  };
}

/** The body of an app's current record: the release's record and, when the writer says what it did, its note (`change`). */
export function currentRecordBody(record: ReleaseRecord, change?: LiveChange): string {
  return JSON.stringify(change ? { ...record, change } : record);
}

export function isShellRelease(record: ReleaseRecord): record is ShellRelease {
  return record.app === SHELL_APP;
}

const RELEASE_ID = /^[A-Za-z0-9][A-Za-z0-9._-]*-[0-9a-f]{12}$/;

export function isReleaseId(value: unknown): value is string {
  return typeof value === 'string' && RELEASE_ID.test(value);
}

/** The app's current release record, e.g. mfe/pointers/legal.json. */
export function pointerKey(app: string): string {
  return `${POINTERS_PREFIX}${app}.json`;
}

/** The app a current-release key belongs to, e.g. "legal" for mfe/pointers/legal.json. */
export function appOfPointerKey(key: string): string {
  return key.slice(POINTERS_PREFIX.length, -'.json'.length);
}

export function releasePrefix(app: string, release: string): string {
  return `${RELEASES_PREFIX}${app}/${release}/`;
}

export function withdrawnKey(app: string, release: string): string {
  return `${releasePrefix(app, release)}${WITHDRAWN_FILE}`;
}

/**
 * Where a route's live page lives: the site's one route → page rule ("/" is pages/index.html, "/a/b" is
 * pages/a/b.html), its feed (pages/a/b/rss.xml), and every page and feed of a remote (pageKeysOf).
 */
export { feedKeyForRoute, pageKeyForRoute, pageKeysOf };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Bucket keys of the pages (and a shell release's shared files) a release holds, below its releasePrefix. */
export function releasePageKeys(record: ReleaseRecord): string[] {
  if (!isShellRelease(record)) return pageKeysOf(record.pointer);
  return [...record.renderedWith.remotes.flatMap(pageKeysOf), ...(record.sharedFiles ?? []).map(sharedFileSnapshotKey)];
}

/** The build a release ships: the remote's build, or the shell's. */
export function buildIdOf(record: ReleaseRecord): string {
  return isShellRelease(record) ? record.shellBuildId : record.pointer.buildId;
}

/**
 * Validates a release record with the pointer document's own schema (@kesho/release-model/pointer-document,
 * the one the shell and the release scripts use); `where` names its source in the error.
 */
export function parseReleaseRecord(value: unknown, where: string): ReleaseRecord {
  const fail = (why: string): never => {
    throw new Error(`Invalid release record in ${where}: ${why}`);
  };
  if (!isRecord(value)) return fail('not an object');
  const { app, release, shellBuildId } = value;
  // A current record's note of its live change is checked here too, so a bad one is rejected with its record.
  if (value.change !== undefined) parseLiveChange(value.change, where);
  if (!isRemoteName(app)) return fail('"app" must be "shell" or a remote name');
  if (!isReleaseId(release)) return fail(`${app} has no valid "release" (<build id>-<12 hex digits>)`);
  if (!isBuildId(shellBuildId)) return fail(`${app} has no valid "shellBuildId"`);
  try {
    if (app === SHELL_APP) {
      const renderedWith = parsePointerDocument(value.renderedWith);
      if (!release.startsWith(`${shellBuildId}-`)) return fail(`release ${release} is not of shell build ${shellBuildId}`);
      if (value.sharedFiles === undefined) return { app, release, shellBuildId, renderedWith };
      const { sharedFiles } = value;
      if (!Array.isArray(sharedFiles)) return fail('"sharedFiles" must be a list');
      const unknown = sharedFiles.filter((key) => typeof key !== 'string' || !SHELL_SHARED_FILES.includes(key));
      if (unknown.length) return fail(`"sharedFiles" may name only ${SHELL_SHARED_FILES.join(', ')}, not ${unknown.map((key) => JSON.stringify(key)).join(', ')}`);
      if (new Set(sharedFiles).size !== sharedFiles.length) return fail('"sharedFiles" names a file twice');
      return { app, release, shellBuildId, renderedWith, sharedFiles: sharedFiles as string[] };
    }
    const pointer = parseRemotePointer(value.pointer);
    if (pointer.name !== app) return fail(`its pointer is for ${pointer.name}, not ${app}`);
    if (!release.startsWith(`${pointer.buildId}-`)) return fail(`release ${release} is not of ${app} build ${pointer.buildId}`);
    // Every page key must be a site path; this throws on one that is not.
    pageKeysOf(pointer);
    return { app, release, shellBuildId, pointer };
  } catch (error) {
    if (error instanceof Error && error.message.startsWith('Invalid release record')) throw error;
    return fail(error instanceof Error ? error.message : String(error));
  }
}

export function parseReleaseRecordText(text: string, where: string): ReleaseRecord {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error(`Invalid release record in ${where}: not JSON`);
  }
  return parseReleaseRecord(value, where);
}

/** A release's content before it is named: the record without its id. */
export type UnnamedRelease = Omit<RemoteRelease, 'release'> | Omit<ShellRelease, 'release'>;

/**
 * Names a release by its content: the build id, then a hash of the record and of every page (key and
 * bytes), so the same build with other pages is another release and identical content the same one.
 */
export function nameRelease<T extends UnnamedRelease>(content: T, pages: readonly { readonly key: string; readonly body: Buffer | string }[]): T & { readonly release: string } {
  const hash = createHash('sha256').update(JSON.stringify(content)).update('\0');
  for (const page of [...pages].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))) {
    hash.update(page.key).update('\0').update(page.body).update('\0');
  }
  const buildId = 'pointer' in content ? content.pointer.buildId : content.shellBuildId;
  return { ...content, release: `${buildId}-${hash.digest('hex').slice(0, 12)}` };
}

/** A file of a release's snapshot, keyed below its releasePrefix (pages/…, shared/…). */
export interface SnapshotFile {
  readonly key: string;
  readonly body: Buffer | string;
}

const SHELL_SCRIPT = /(?:src|href)="\/shell\/([A-Za-z0-9][A-Za-z0-9._-]*)\//g;

/** The one shell build a set of pages loads (from their /shell/<buildId>/ scripts); `what` names them in the error. */
export function shellBuildOfPages(pages: readonly SnapshotFile[], what: string): string {
  const builds = new Set<string>();
  // Feeds (pages/blog/rss.xml) load nothing.
  for (const page of pages.filter((candidate) => candidate.key.endsWith('.html'))) {
    const found = [...String(page.body).matchAll(SHELL_SCRIPT)].map((match) => match[1] as string);
    if (found.length === 0) throw new Error(`${page.key} of ${what} loads no /shell/<buildId>/ script; is it a prerendered page?`);
    for (const buildId of found) builds.add(buildId);
  }
  if (builds.size !== 1)
    throw new Error(`The pages of ${what} load ${builds.size ? `several shell builds (${[...builds].sort().join(', ')})` : 'no shell build'}; render them again with one shell`);
  return [...builds][0] as string;
}

/**
 * A remote's release made from its pages (every key of pageKeysOf(pointer), rendered with one shell): the
 * record the team stack uploads (infra/lib/site-build.ts) and the local release puts in its folder store.
 */
export function remoteReleaseOf(pointer: RemotePointer, pages: readonly SnapshotFile[], what = `the ${pointer.name} remote`): RemoteRelease {
  return nameRelease({ app: pointer.name, shellBuildId: shellBuildOfPages(pages, what), pointer }, pages);
}

/** What a shell release's snapshot holds besides its record: the pages of routes, and the shared files under shared/. */
export function shellSnapshotFiles<F extends { readonly key: string }>(pages: readonly F[], sharedFiles: readonly F[]): F[] {
  return [...pages, ...sharedFiles.map((file) => ({ ...file, key: sharedFileSnapshotKey(file.key) }))];
}

/**
 * A shell release made from the page of every route of `renderedWith` and its shared files (by live key;
 * the not-found page among them), all rendered with one shell: the record the shell's stack uploads and
 * the local release puts in its folder store.
 */
export function shellReleaseOf(renderedWith: PointerDocument, pages: readonly SnapshotFile[], sharedFiles: readonly SnapshotFile[], what = 'the shell release'): ShellRelease {
  const shellBuildId = shellBuildOfPages([...pages, ...sharedFiles.filter((file) => file.key === NOT_FOUND_PAGE_KEY)], what);
  return nameRelease({ app: SHELL_APP, shellBuildId, renderedWith, sharedFiles: sharedFiles.map((file) => file.key) }, shellSnapshotFiles(pages, sharedFiles));
}
