/**
 * Publishes the current release of every app: writes the pointer document mfe/remotes.json
 * assembled from the current release records (mfe/pointers/<app>.json), then copies (where the live key
 * does not hold those bytes and metadata already) each remote's
 * pages (and its routes' feeds) to the live pages/ keys (or the shell release's page of that route,
 * when it shows the same remote build with a newer shell) and the shell release's root files and
 * not-found page, writes the discovery files (sitemap.xml, robots.txt, llms.txt) made from the
 * document it wrote, and removes the pages of routes no release serves any more.
 *
 * It runs on every change under mfe/pointers/ and on every deploy of a shell or remote stack,
 * possibly several times at once (two teams deploying together, S3 delivering an event twice). It
 * never merges an event into the old document: it rebuilds the whole state from the records, and
 * writes the document only if nobody else wrote it since it was read (a conditional PUT on its ETag);
 * on a conflict it starts over. So the last successful write was computed from the records as they
 * were after every earlier write, whatever the order of the runs; and only a run whose write
 * succeeded copies pages, for as long as the document is still the one it wrote.
 *
 * A release withdrawn by a rollback (releases/<app>/<release>/withdrawn.json) is never published
 * again: a stack's rollback that uploads it anew leaves the app at the release it was rolled back to.
 *
 * One app's bad record never holds the others back: a record that is invalid, whose pages are
 * missing, or that claims a route another remote serves is rejected, that app stays at its last
 * published release, and everyone else is published. The rejections are returned (and fail that
 * app's deploy, see publishForDeploy).
 */
import { createHash } from 'node:crypto';
import { discoveryFiles } from '../discovery-files';
import { FEED_CONTENT_TYPE } from '../page-routes';
import { removedPageKeys } from '../published-pages';
import { CACHE_NO_CACHE } from '../security-headers';
import { pageProblems } from '../page-checks';
import { revalidatedMetadata, type ObjectMetadata, type ObjectStore, type PutCondition, type StoredObject } from '../object-store';
import { parsePointerDocument } from '../pointer-document';
import {
  appOfPointerKey,
  feedKeyForRoute,
  isReleaseId,
  isShellRelease,
  pageKeyForRoute,
  parseReleaseRecordText,
  POINTER_DOCUMENT_KEY,
  POINTERS_PREFIX,
  RELEASE_RECORD_FILE,
  releasePageKeys,
  releasePrefix,
  SHELL_APP,
  sharedFileSnapshotKey,
  type ReleaseRecord,
  type RemotePointer,
  type RemoteRelease,
  type ShellRelease,
  type SnapshotFile,
  type LiveChange,
  withdrawnKey,
  pointerKey,
  currentRecordBody,
} from './release-record';

/** The store interface (@kesho/release-model/object-store): S3 here (index.js), a folder locally. */
export type { ObjectMetadata, ObjectStore, PutCondition, StoredObject };
export { revalidatedMetadata };

export interface PublishOptions {
  readonly maxAttempts?: number;
  /** Pause between attempts after a conflict; tests pass a no-op. */
  readonly pause?: (milliseconds: number) => Promise<void>;
}

/** An app whose current record was not published, and why; it stays at its last published release. */
export interface Rejection {
  readonly app: string;
  readonly reason: string;
  /**
   * The record names a release withdrawn by a rollback: refused on purpose, not a fault (a stack's
   * rollback uploads its last deployed release again).
   */
  readonly withdrawn?: boolean;
}

export interface PublishResult {
  readonly attempts: number;
  readonly remotes: readonly { readonly name: string; readonly buildId: string; readonly release: string | null }[];
  readonly shell: { readonly buildId: string; readonly release: string } | null;
  readonly rejected: readonly Rejection[];
  /** Live pages now copied from the shell's release rather than the remote's own. */
  readonly pagesFromShell: readonly string[];
  readonly removedPages: readonly string[];
}

/**
 * mfe/remotes.json as the publisher writes it: the pointer document the shell reads (`remotes`) plus
 * the release each app is at (`releases`, which the shell ignores), so a deploy can check that its
 * release, not just its build, is the one published.
 */
export interface PublishedState {
  readonly remotes: readonly RemotePointer[];
  readonly releases: Readonly<Record<string, string>>;
}

/** A route's feed: RSS, which its .xml extension would type as plain XML; revalidated like the page it belongs to. */
const FEED_METADATA: ObjectMetadata = { contentType: FEED_CONTENT_TYPE, cacheControl: CACHE_NO_CACHE };

const defaultPause = (milliseconds: number) => new Promise<void>((resolve) => setTimeout(resolve, milliseconds));

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** The ETag a single-part upload of `body` gets (S3's, the folder store's): the quoted MD5 of its bytes. */
const etagOfBody = (body: string): string => `"${createHash('md5').update(body).digest('hex')}"`;

/** A file this run puts live: copied from a release's snapshot (source) or written as made here (body). */
type LiveCopy = { readonly target: string; readonly metadata: ObjectMetadata } & ({ readonly source: string } | { readonly body: string });

/**
 * Whether a live key already holds what this run would put there: the same ETag as its source (a copy
 * keeps it) or as its body, and the same metadata where the store keeps it (a page typed or cached
 * otherwise is written again). Then the copy is skipped: a run writes only what changed.
 */
async function alreadyLive(store: ObjectStore, copy: LiveCopy): Promise<boolean> {
  const target = await store.head(copy.target);
  if (!target) return false;
  if (target.metadata && (target.metadata.contentType !== copy.metadata.contentType || target.metadata.cacheControl !== copy.metadata.cacheControl)) return false;
  const wanted = 'source' in copy ? (await store.head(copy.source))?.etag : etagOfBody(copy.body);
  return wanted === target.etag;
}

/** Reads the published state; only the publisher writes it, so a broken one is a bug worth stopping for. */
export function parsePublishedState(text: string): PublishedState {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error(`${POINTER_DOCUMENT_KEY} is not JSON`);
  }
  const { remotes } = parsePointerDocument(value);
  const releases: Record<string, string> = {};
  const recorded = typeof value === 'object' && value !== null && 'releases' in value ? value.releases : undefined;
  if (typeof recorded === 'object' && recorded !== null) {
    for (const [app, release] of Object.entries(recorded)) if (isReleaseId(release)) releases[app] = release;
  }
  return { remotes, releases };
}

export async function readPublished(store: ObjectStore): Promise<{ object: StoredObject | null; state: PublishedState }> {
  const object = await store.get(POINTER_DOCUMENT_KEY);
  return { object, state: object ? parsePublishedState(object.body) : { remotes: [], releases: {} } };
}

/** Thrown by readRecord with `refuseWithdrawn`: refused on purpose, which callers tell apart from a fault (Rejection.withdrawn). */
class WithdrawnRelease extends Error {}

/**
 * A release record and a check that its snapshot holds every page it names; with `checkPages`, also
 * that each of those pages shows something (the checks the local release runs, @kesho/release-model/page-checks);
 * with `refuseWithdrawn`, a WithdrawnRelease if a rollback withdrew it.
 */
export async function readRecord(store: ObjectStore, key: string, app: string, { checkPages = false, refuseWithdrawn = false } = {}): Promise<ReleaseRecord> {
  const object = await store.get(key);
  if (!object) throw new Error(`${key} is missing`);
  const record = parseReleaseRecordText(object.body, key);
  if (record.app !== app) throw new Error(`${key} is a release of ${record.app}, not of ${app}`);
  const snapshot = releasePrefix(app, record.release);
  const stored = new Set(await store.listKeys(snapshot));
  const missing = releasePageKeys(record).filter((page) => !stored.has(`${snapshot}${page}`));
  if (missing.length) throw new Error(`release ${record.release} of ${app} lacks ${missing.map((page) => `${snapshot}${page}`).join(', ')}`);
  // The snapshot's listing already shows the mark: a withdrawn release is refused before its pages are downloaded.
  if (refuseWithdrawn && stored.has(withdrawnKey(app, record.release))) {
    throw new WithdrawnRelease(`release ${record.release} of ${app} was withdrawn by a rollback (${withdrawnKey(app, record.release)}): ${app} stays at its last published release`);
  }
  if (checkPages) {
    const routes = isShellRelease(record) ? record.renderedWith.remotes.flatMap((remote) => remote.routes) : record.pointer.routes;
    const problems: string[] = [];
    for (const route of routes) {
      const page = await store.get(`${snapshot}${pageKeyForRoute(route.path)}`);
      problems.push(...(page ? pageProblems(page.body, { route: route.path, title: route.title }) : [`${route.path}: its page is missing`]));
    }
    if (problems.length) throw new Error(`release ${record.release} of ${app} has pages that would reach visitors empty: ${problems.join('; ')}`);
  }
  return record;
}

/** The record of a release published earlier, read from its immutable snapshot; null if it is gone. */
export async function readPublishedRecord(store: ObjectStore, app: string, release: string | undefined): Promise<ReleaseRecord | null> {
  if (!release) return null;
  try {
    return await readRecord(store, `${releasePrefix(app, release)}${RELEASE_RECORD_FILE}`, app);
  } catch {
    return null;
  }
}

/** What a remote serves: its pointer entry and, when its record is readable, the record its pages come from. */
interface LiveRemote {
  readonly pointer: RemotePointer;
  readonly record: RemoteRelease | null;
}

interface CurrentRecords {
  readonly remotes: Map<string, RemoteRelease>;
  readonly shell: ShellRelease | null;
  readonly rejected: Rejection[];
}

async function readCurrentRecords(store: ObjectStore): Promise<CurrentRecords> {
  const keys = (await store.listKeys(POINTERS_PREFIX)).filter((key) => key.endsWith('.json') && !key.slice(POINTERS_PREFIX.length).includes('/')).sort();
  const remotes = new Map<string, RemoteRelease>();
  let shell: ShellRelease | null = null;
  const rejected: Rejection[] = [];
  for (const key of keys) {
    const app = appOfPointerKey(key);
    let record: ReleaseRecord;
    try {
      // A current record is checked whole before it may go live; published ones passed already.
      record = await readRecord(store, key, app, { checkPages: true, refuseWithdrawn: true });
    } catch (error) {
      if (error instanceof WithdrawnRelease) {
        rejected.push({ app, reason: error.message, withdrawn: true });
        continue;
      }
      // Deleted between the listing and the read: that app is being withdrawn.
      if (!(await store.get(key))) continue;
      rejected.push({ app, reason: messageOf(error) });
      continue;
    }
    if (isShellRelease(record)) shell = record;
    else remotes.set(app, record);
  }
  return { remotes, shell, rejected };
}

/**
 * Decides which release each remote serves. Remotes whose record is unchanged since the last publish
 * (or that fall back to it) keep their routes; a changed release that claims a route one of them
 * serves is rejected, and so is a route claimed by several changed releases, except by the remote
 * that served it before. Each round rejects at least one release, so this ends; what is left never
 * serves a route twice, because the published document never did.
 */
async function resolveRemotes(store: ObjectStore, published: PublishedState, current: CurrentRecords): Promise<{ live: Map<string, LiveRemote>; rejected: Rejection[] }> {
  const rejected = [...current.rejected.filter((rejection) => rejection.app !== SHELL_APP)];
  const publishedByName = new Map(published.remotes.map((pointer) => [pointer.name, pointer]));
  const live = new Map<string, LiveRemote>();

  const fallBack = async (name: string) => {
    const pointer = publishedByName.get(name);
    if (!pointer) return;
    const record = await readPublishedRecord(store, name, published.releases[name]);
    live.set(name, { pointer, record: record && !isShellRelease(record) ? record : null });
  };

  for (const rejection of rejected) await fallBack(rejection.app);
  let pending: RemoteRelease[] = [];
  for (const record of current.remotes.values()) {
    if (published.releases[record.app] === record.release) live.set(record.app, { pointer: record.pointer, record });
    else pending.push(record);
  }

  for (;;) {
    const owners = new Map<string, string>();
    for (const [name, remote] of live) for (const route of remote.pointer.routes) owners.set(route.path, name);
    const claims = new Map<string, string[]>();
    const offences = new Map<string, string>();
    for (const record of pending) {
      for (const route of record.pointer.routes) {
        const owner = owners.get(route.path);
        if (owner && !offences.has(record.app)) offences.set(record.app, `route ${route.path} is served by ${owner}`);
        claims.set(route.path, [...(claims.get(route.path) ?? []), record.app]);
      }
    }
    for (const [route, names] of claims) {
      if (names.length < 2) continue;
      const previousOwner = [...publishedByName.values()].find((pointer) => pointer.routes.some((served) => served.path === route))?.name;
      for (const name of names) {
        if (name === previousOwner || offences.has(name)) continue;
        offences.set(name, `route ${route} is also claimed by ${names.filter((other) => other !== name).join(' and ')}`);
      }
    }
    if (offences.size === 0) break;
    for (const [name, why] of offences) {
      const record = pending.find((candidate) => candidate.app === name);
      rejected.push({ app: name, reason: `release ${record?.release ?? '?'} of ${name} was not published: ${why}` });
      await fallBack(name);
    }
    pending = pending.filter((record) => !offences.has(record.app));
  }
  for (const record of pending) live.set(record.app, { pointer: record.pointer, record });
  return { live, rejected };
}

/**
 * Where the live page of a route comes from: the remote's own release, unless its pages load an
 * older (or newer) shell than the current shell release and the shell's page of that route shows the
 * very same remote build. null: the remote's record is unknown, leave the live page as it is.
 */
function pageSource(remote: LiveRemote, routePath: string, shell: ShellRelease | null): { key: string; fromShell: boolean } | null {
  const { record } = remote;
  if (!record) return null;
  const page = pageKeyForRoute(routePath);
  const own = { key: `${releasePrefix(record.app, record.release)}${page}`, fromShell: false };
  if (!shell || record.shellBuildId === shell.shellBuildId) return own;
  const shown = shell.renderedWith.remotes.find((entry) => entry.name === record.app);
  if (shown?.buildId !== record.pointer.buildId || !shown.routes.some((route) => route.path === routePath)) return own;
  return { key: `${releasePrefix(SHELL_APP, shell.release)}${page}`, fromShell: true };
}

export async function publishReleases(store: ObjectStore, options: PublishOptions = {}): Promise<PublishResult> {
  const maxAttempts = options.maxAttempts ?? 8;
  const pause = options.pause ?? defaultPause;
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    const { object: publishedObject, state: published } = await readPublished(store);
    const current = await readCurrentRecords(store);
    const { live, rejected } = await resolveRemotes(store, published, current);

    let shell = current.shell;
    const shellRejection = current.rejected.find((rejection) => rejection.app === SHELL_APP);
    if (shellRejection) {
      rejected.push(shellRejection);
      const previous = await readPublishedRecord(store, SHELL_APP, published.releases[SHELL_APP]);
      shell = previous && isShellRelease(previous) ? previous : null;
    }

    // What goes live with this state: each route's page and feed, the shell release's shared files, the discovery files.
    const pagesFromShell: string[] = [];
    // Each file copied from a release's snapshot (source) or written as made here (body).
    const copies: LiveCopy[] = [];
    const names = [...live.keys()].sort();
    for (const name of names) {
      const remote = live.get(name) as LiveRemote;
      for (const route of remote.pointer.routes) {
        const page = pageKeyForRoute(route.path);
        const feed = route.feed ? feedKeyForRoute(route.path) : null;
        const source = pageSource(remote, route.path, shell);
        if (!source) continue;
        copies.push({ source: source.key, target: page, metadata: revalidatedMetadata(page) });
        if (source.fromShell) pagesFromShell.push(page);
        // The feed is the remote's own, whichever shell rendered the page.
        if (feed && remote.record) copies.push({ source: `${releasePrefix(remote.record.app, remote.record.release)}${feed}`, target: feed, metadata: FEED_METADATA });
      }
    }
    // The root files and the not-found page of the shell release that is live: they change with it
    // (a shell rollback brings the older ones back), never before its publication.
    for (const key of shell?.sharedFiles ?? []) {
      copies.push({ source: `${releasePrefix(SHELL_APP, shell?.release ?? '')}${sharedFileSnapshotKey(key)}`, target: key, metadata: revalidatedMetadata(key) });
    }
    const remotes = names.map((name) => (live.get(name) as LiveRemote).pointer);
    // The discovery files list the routes of the document this run writes: a publication of any app
    // (a new article, a new route, a rollback) changes them, with no shell release.
    for (const [key, body] of Object.entries(discoveryFiles({ remotes }))) {
      copies.push({ target: key, body, metadata: revalidatedMetadata(key) });
    }
    const removedPages = removedPageKeys(published, { remotes });

    const releases: Record<string, string> = {};
    for (const name of names) {
      const release = live.get(name)?.record?.release ?? published.releases[name];
      if (release) releases[name] = release;
    }
    if (shell) releases[SHELL_APP] = shell.release;
    // The same schema the shell reads it with: never write a document the shell would refuse.
    parsePointerDocument({ remotes });
    const document = JSON.stringify({ remotes, releases });
    const condition: PutCondition = publishedObject ? { ifMatch: publishedObject.etag } : { ifNoneMatch: '*' };
    const outcome = await store.put(POINTER_DOCUMENT_KEY, document, revalidatedMetadata(POINTER_DOCUMENT_KEY), condition);
    if (outcome === 'precondition-failed') {
      // Someone published meanwhile, from records at least as new: this run has written nothing, so
      // it starts over from theirs.
      await pause(Math.min(200 * 2 ** (attempt - 1), 5_000));
      continue;
    }
    // The document is this run's: only now do its pages go live, so a run that loses the race (it
    // read older records) never writes a page. Each page embeds the document it was rendered with,
    // so a visitor who gets one before it is copied still gets a page that works as a whole. A run
    // that publishes after this one's write may finish its copies before this one does: each copy
    // first checks that the document is still this run's, and once it is not, this run stops and
    // starts over from the newer state (at most the copy in flight lands late, and is put right).
    // A key that already holds the same bytes (and metadata) is left alone: nothing is written, so
    // nothing can go stale, and the check after the last copy still sees whether this run was overtaken.
    // A run that died half-way is completed by the next one, which copies only what is not live yet.
    const stillPublished = async () => (await store.get(POINTER_DOCUMENT_KEY))?.body === document;
    let overtaken = false;
    for (const copy of copies) {
      if (await alreadyLive(store, copy)) continue;
      if (!(await stillPublished())) {
        overtaken = true;
        break;
      }
      if ('source' in copy) await store.copy(copy.source, copy.target, copy.metadata);
      else await store.put(copy.target, copy.body, copy.metadata, {});
    }
    if (!overtaken) for (const page of removedPages) await store.delete(page);
    if (!overtaken && (await stillPublished())) {
      return {
        attempts: attempt,
        remotes: remotes.map((pointer) => ({ name: pointer.name, buildId: pointer.buildId, release: releases[pointer.name] ?? null })),
        shell: shell ? { buildId: shell.shellBuildId, release: shell.release } : null,
        rejected,
        pagesFromShell,
        removedPages,
      };
    }
    // A newer publish overtook this one while its pages were going live: redo them from its state.
  }
  throw new Error(`Could not publish ${POINTER_DOCUMENT_KEY}: it kept changing during ${maxAttempts} attempts`);
}

/**
 * Puts a release's snapshot into the store as a team stack's deploy uploads it (infra/lib/release-upload.ts):
 * its files under releases/<app>/<release>/ (`files` keyed below that: pages/…, shared/…), its record
 * (release.json) last. Immutable and named by content: putting the same release again writes the same bytes.
 */
export async function putReleaseSnapshot(store: ObjectStore, record: ReleaseRecord, files: readonly SnapshotFile[]): Promise<void> {
  const prefix = releasePrefix(record.app, record.release);
  for (const file of files) await store.put(`${prefix}${file.key}`, String(file.body), revalidatedMetadata(`${prefix}${file.key}`), {});
  const recordKey = `${prefix}${RELEASE_RECORD_FILE}`;
  await store.put(recordKey, JSON.stringify(record), revalidatedMetadata(recordKey), {});
}

/**
 * Makes a release its app's current one (mfe/pointers/<app>.json, a copy of its release.json, with the
 * note of the live change when the writer says what it did): the next publish puts it live.
 */
export async function setCurrentRelease(store: ObjectStore, record: ReleaseRecord, change?: LiveChange): Promise<void> {
  const key = pointerKey(record.app);
  await store.put(key, currentRecordBody(record, change), revalidatedMetadata(key), {});
}
