/**
 * Publishes the current release of every remote: copies each release's prerendered pages to the live
 * pages/ keys, removes the pages of routes no release serves any more, and writes the pointer document
 * mfe/remotes.json assembled from mfe/pointers/*.json.
 *
 * It runs on every change under mfe/pointers/, possibly several times at once (two teams deploying
 * together, S3 delivering an event twice). It never merges an event into the old document: it rebuilds
 * the whole state from the pointers, and writes the document only if nobody else wrote it since it was
 * read (a conditional PUT on its ETag); on a conflict it starts over. So the last successful write was
 * computed from the pointers as they were after every earlier write, whatever the order of the runs.
 */
import { CACHE_NO_CACHE } from '@kesho/common/security-headers';
import {
  pageKeyForRoute,
  pageKeysOf,
  parseRemotePointer,
  parseRemotePointerText,
  POINTER_DOCUMENT_KEY,
  POINTERS_PREFIX,
  releasePrefix,
  type RemotePointer,
} from './release-record';

export interface StoredObject {
  readonly body: string;
  readonly etag: string;
}

export interface ObjectMetadata {
  readonly contentType: string;
  readonly cacheControl: string;
}

export interface PutCondition {
  /** Write only if the object still has this ETag. */
  readonly ifMatch?: string;
  /** Write only if the object does not exist yet. */
  readonly ifNoneMatch?: '*';
}

/** The few bucket operations the publisher needs; index.js implements them with S3. */
export interface ObjectStore {
  get(key: string): Promise<StoredObject | null>;
  listKeys(prefix: string): Promise<string[]>;
  put(key: string, body: string, metadata: ObjectMetadata, condition: PutCondition): Promise<'written' | 'precondition-failed'>;
  copy(sourceKey: string, targetKey: string, metadata: ObjectMetadata): Promise<void>;
  delete(key: string): Promise<void>;
}

export interface PublishOptions {
  readonly maxAttempts?: number;
  /** Pause between attempts after a conflict; tests pass a no-op. */
  readonly pause?: (milliseconds: number) => Promise<void>;
}

export interface PublishResult {
  readonly attempts: number;
  readonly remotes: readonly { readonly name: string; readonly buildId: string }[];
  readonly removedPages: readonly string[];
}

const PAGE_METADATA: ObjectMetadata = { contentType: 'text/html; charset=utf-8', cacheControl: CACHE_NO_CACHE };
const POINTER_METADATA: ObjectMetadata = { contentType: 'application/json', cacheControl: CACHE_NO_CACHE };

const defaultPause = (milliseconds: number) => new Promise<void>((resolve) => setTimeout(resolve, milliseconds));

async function readCurrentPointers(store: ObjectStore): Promise<RemotePointer[]> {
  const keys = (await store.listKeys(POINTERS_PREFIX)).filter((key) => key.endsWith('.json')).sort();
  const pointers: RemotePointer[] = [];
  for (const key of keys) {
    const object = await store.get(key);
    // Deleted between the listing and the read: that remote is being withdrawn.
    if (!object) continue;
    const pointer = parseRemotePointerText(object.body, key);
    if (key !== `${POINTERS_PREFIX}${pointer.name}.json`) {
      throw new Error(`Pointer ${key} names remote "${pointer.name}": a remote's pointer must be ${POINTERS_PREFIX}${pointer.name}.json`);
    }
    pointers.push(pointer);
  }
  const owners = new Map<string, string>();
  for (const pointer of pointers) {
    for (const route of pointer.routes) {
      const owner = owners.get(route.path);
      if (owner) throw new Error(`Route ${route.path} is claimed by both ${owner} and ${pointer.name}`);
      owners.set(route.path, pointer.name);
    }
  }
  return pointers;
}

/** Pages the currently published document serves; unreadable documents serve none we can know of. */
function publishedPageKeys(document: StoredObject | null): string[] {
  if (!document) return [];
  const parsed: unknown = JSON.parse(document.body);
  const remotes = typeof parsed === 'object' && parsed !== null && 'remotes' in parsed ? parsed.remotes : undefined;
  if (!Array.isArray(remotes)) throw new Error(`${POINTER_DOCUMENT_KEY} has no "remotes" list`);
  return remotes.flatMap((remote, index) => {
    const pointer = parseRemotePointer(remote, `${POINTER_DOCUMENT_KEY} (remote ${index})`);
    return pointer.routes.map((route) => pageKeyForRoute(route.path));
  });
}

export async function publishReleases(store: ObjectStore, options: PublishOptions = {}): Promise<PublishResult> {
  const maxAttempts = options.maxAttempts ?? 8;
  const pause = options.pause ?? defaultPause;
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    const published = await store.get(POINTER_DOCUMENT_KEY);
    const pointers = await readCurrentPointers(store);

    // Pages first, document last: a visitor who gets the new document also gets pages that match it.
    const livePages = new Set<string>();
    for (const pointer of pointers) {
      const snapshot = releasePrefix(pointer.name, pointer.buildId);
      for (const page of pageKeysOf(pointer)) {
        await store.copy(`${snapshot}${page}`, page, PAGE_METADATA);
        livePages.add(page);
      }
    }
    const removedPages = publishedPageKeys(published).filter((page) => !livePages.has(page));
    for (const page of removedPages) await store.delete(page);

    const document = JSON.stringify({ remotes: pointers });
    const condition: PutCondition = published ? { ifMatch: published.etag } : { ifNoneMatch: '*' };
    const outcome = await store.put(POINTER_DOCUMENT_KEY, document, POINTER_METADATA, condition);
    if (outcome === 'written') {
      return {
        attempts: attempt,
        remotes: pointers.map((pointer) => ({ name: pointer.name, buildId: pointer.buildId })),
        removedPages,
      };
    }
    // Someone published meanwhile; their pages may have landed before or after ours, so redo it all.
    await pause(Math.min(200 * 2 ** (attempt - 1), 5_000));
  }
  throw new Error(`Could not publish ${POINTER_DOCUMENT_KEY}: it kept changing during ${maxAttempts} attempts`);
}
