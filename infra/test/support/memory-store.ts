/**
 * An in-memory bucket with the S3 semantics the publisher relies on: ETags that follow content (MD5,
 * like a single-part upload), conditional PUTs (If-Match / If-None-Match: *) that fail with a
 * precondition error, heads that give the ETag and metadata, copies that replace metadata (and keep the ETag), and NoSuchKey on a missing copy source; and the
 * CloudFront KeyValueStore's stand-in. Both pass the stores' contract (object-store-contract.test.ts),
 * as the local folder store does.
 */
import { createHash } from 'node:crypto';
import type { KeyValueStore, ObjectHead, ObjectMetadata, ObjectStore, PutCondition, StoredObject } from '@kesho/release-model/object-store';

export interface MemoryObject extends StoredObject {
  readonly contentType: string;
  readonly cacheControl: string;
}

export class MemoryStore implements ObjectStore {
  readonly objects = new Map<string, MemoryObject>();
  readonly puts: { key: string; condition: PutCondition }[] = [];
  /** Every change in order: what each key was set to (undefined: deleted); tests read what visitors could have seen. */
  readonly changes: { key: string; body: string | undefined }[] = [];
  /** Runs before a conditional PUT is evaluated: lets a test slip a concurrent change in. */
  beforePut: ((key: string) => Promise<void>) | undefined;

  write(key: string, body: string, metadata: ObjectMetadata = { contentType: 'application/octet-stream', cacheControl: '' }): void {
    this.objects.set(key, { body, etag: `"${createHash('md5').update(body).digest('hex')}"`, ...metadata });
    this.changes.push({ key, body });
  }

  text(key: string): string | undefined {
    return this.objects.get(key)?.body;
  }

  async get(key: string): Promise<StoredObject | null> {
    const object = this.objects.get(key);
    return object ? { body: object.body, etag: object.etag } : null;
  }

  async head(key: string): Promise<ObjectHead | null> {
    const object = this.objects.get(key);
    return object ? { etag: object.etag, metadata: { contentType: object.contentType, cacheControl: object.cacheControl } } : null;
  }

  async listKeys(prefix: string): Promise<string[]> {
    return [...this.objects.keys()].filter((key) => key.startsWith(prefix)).sort();
  }

  async put(key: string, body: string, metadata: ObjectMetadata, condition: PutCondition): Promise<'written' | 'precondition-failed'> {
    const hook = this.beforePut;
    if (hook) await hook(key);
    this.puts.push({ key, condition });
    const current = this.objects.get(key);
    if (condition.ifNoneMatch === '*' && current) return 'precondition-failed';
    if (condition.ifMatch !== undefined && current?.etag !== condition.ifMatch) return 'precondition-failed';
    this.write(key, body, metadata);
    return 'written';
  }

  async copy(sourceKey: string, targetKey: string, metadata: ObjectMetadata): Promise<void> {
    const source = this.objects.get(sourceKey);
    if (!source) throw Object.assign(new Error(`NoSuchKey: ${sourceKey}`), { name: 'NoSuchKey' });
    this.write(targetKey, source.body, metadata);
  }

  async delete(key: string): Promise<void> {
    this.objects.delete(key);
    this.changes.push({ key, body: undefined });
  }
}

export class MemoryKeyValueStore implements KeyValueStore {
  readonly values = new Map<string, string>();
  /** The next put fails, as the KeyValueStore's API may. */
  failNextPut = false;

  async get(key: string): Promise<string | null> {
    return this.values.get(key) ?? null;
  }

  async put(key: string, value: string): Promise<void> {
    if (this.failNextPut) {
      this.failNextPut = false;
      throw new Error('KeyValueStore unavailable');
    }
    this.values.set(key, value);
  }
}
