/**
 * The store interface the release engine is written against, one for both places it runs: the
 * objects of the site (the site bucket in AWS, dist/ locally) with the conditional writes and ETags
 * the publisher relies on, and the edge key-value state the CloudFront functions (the local server)
 * read. Two implementations of each: S3 and the CloudFront KeyValueStore in AWS
 * (infra/functions/release-publisher/index.js), a folder and a file with the same semantics locally
 * (./folder-store). Both pass the one contract (test/object-store-contract.ts).
 */
import { contentTypeOf } from './content-types';
import { CACHE_NO_CACHE } from './security-headers';

/** An object and its ETag: S3's for a single-part upload, the quoted MD5 of the content. */
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

/**
 * What a head answers: an object's ETag (a copy keeps its source's, in S3 for a single-part object as in
 * the folder), and its metadata where the store keeps it (S3); the folder store keeps none (the local
 * server types a file by its key with the rule the metadata follows), so it leaves it out.
 */
export interface ObjectHead {
  readonly etag: string;
  readonly metadata?: ObjectMetadata;
}

/**
 * What a put answers: written, or refused because its condition no longer held (S3's 412, or 409
 * for a concurrent conditional write to the same key).
 */
export type PutOutcome = 'written' | 'precondition-failed';

/** The few object operations the release engine needs. */
export interface ObjectStore {
  get(key: string): Promise<StoredObject | null>;
  /** An object's ETag (and metadata, where kept) without its body; null if it is missing. */
  head(key: string): Promise<ObjectHead | null>;
  /** Every key under a prefix, sorted. */
  listKeys(prefix: string): Promise<string[]>;
  put(key: string, body: string, metadata: ObjectMetadata, condition: PutCondition): Promise<PutOutcome>;
  /** Copies an object (the metadata replaced); a missing source is an error. */
  copy(sourceKey: string, targetKey: string, metadata: ObjectMetadata): Promise<void>;
  /** Removes an object; a missing one is no error. */
  delete(key: string): Promise<void>;
}

/** The edge key-value state (the CloudFront KeyValueStore): string values, null for a missing key. */
export interface KeyValueStore {
  get(key: string): Promise<string | null>;
  put(key: string, value: string): Promise<void>;
}

/**
 * Every object the release engine writes but a route's feed (pages, pointer documents, the shell's
 * root files, the discovery files, the edge record): typed by its key's extension, as the local
 * server types it, and revalidated like the pages.
 */
export function revalidatedMetadata(key: string): ObjectMetadata {
  return { contentType: contentTypeOf(key), cacheControl: CACHE_NO_CACHE };
}
