/**
 * The local implementations of the release engine's stores (./object-store), for Node only: a folder
 * of files with S3's semantics, and a JSON file as the edge key-value state.
 *
 * The folder: a key is a path below the folder ("variants/ab12/pages/faq.html"); an object's ETag is
 * the quoted MD5 of its content, as S3 gives a single-part upload, so the same content has the same
 * ETag in both places; a put whose condition (If-Match, If-None-Match: *) no longer holds writes
 * nothing and answers "precondition-failed" (S3's 412). Every write and delete of a key runs under
 * that key's lock file (created exclusively, so two processes never interleave a check and its write)
 * and lands whole (a temporary file renamed over the object). A delete also removes the folders it
 * leaves empty: S3 has no folders. The metadata is not kept: the local server types a file by its
 * extension with the same rule (@kesho/release-model/content-types) the publisher writes as metadata.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { KeyValueStore, ObjectHead, ObjectMetadata, ObjectStore, PutCondition, PutOutcome, StoredObject } from './object-store';

/** Beside an object while it is written: never listed as a key. */
const LOCK_SUFFIX = '.kesho-lock';
const TEMPORARY_MARK = '.kesho-tmp-';
/** A lock older than this was left by a process that died holding it. */
const STALE_LOCK_MS = 30_000;

export const etagOf = (body: string | Buffer): string => `"${createHash('md5').update(body).digest('hex')}"`;

const isInternal = (name: string) => name.endsWith(LOCK_SUFFIX) || name.includes(TEMPORARY_MARK);

const codeOf = (error: unknown): string | undefined => (error as NodeJS.ErrnoException | undefined)?.code;

/** Runs `action` holding the lock file `lock` (created exclusively; a stale one, left by a dead process, is taken over). */
async function withLock<T>(lock: string, action: () => Promise<T>): Promise<T> {
  await fs.mkdir(path.dirname(lock), { recursive: true });
  for (let attempt = 0; ; attempt++) {
    try {
      await (await fs.open(lock, 'wx')).close();
      break;
    } catch (error) {
      if (codeOf(error) !== 'EEXIST') throw error;
      const age = await fs.stat(lock).then(
        (stat) => Date.now() - stat.mtimeMs,
        () => 0,
      );
      if (age > STALE_LOCK_MS) await fs.rm(lock, { force: true });
      else await new Promise((resolve) => setTimeout(resolve, Math.min(2 ** attempt, 50)));
    }
  }
  try {
    return await action();
  } finally {
    await fs.rm(lock, { force: true });
  }
}

/** Writes a file whole: a temporary file beside it, renamed over it. */
async function writeWhole(file: string, body: string | Buffer): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}${TEMPORARY_MARK}${process.pid}-${randomBytes(4).toString('hex')}`;
  await fs.writeFile(temporary, body);
  await fs.rename(temporary, file);
}

async function readIfPresent(file: string): Promise<Buffer | null> {
  try {
    return await fs.readFile(file);
  } catch (error) {
    if (codeOf(error) === 'ENOENT' || codeOf(error) === 'EISDIR' || codeOf(error) === 'ENOTDIR') return null;
    throw error;
  }
}

/** The objects of a folder (dist/site, or dist/ with the site below site/), as the release engine's ObjectStore. */
export class FolderStore implements ObjectStore {
  readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  /** The file of a key; a key that would leave the folder, or that names a lock or temporary file, is refused. */
  fileOf(key: string): string {
    const file = path.resolve(this.root, key);
    if (
      !key ||
      key.startsWith('/') ||
      key.includes('\\') ||
      !file.startsWith(`${this.root}${path.sep}`) ||
      key.split('/').some((part) => part === '' || part === '.' || part === '..' || isInternal(part))
    ) {
      throw new Error(`Not an object key of this store: ${JSON.stringify(key)}`);
    }
    return file;
  }

  async get(key: string): Promise<StoredObject | null> {
    const body = await readIfPresent(this.fileOf(key));
    return body ? { body: body.toString('utf8'), etag: etagOf(body) } : null;
  }

  /** The ETag of the file's content; no metadata (none is kept). */
  async head(key: string): Promise<ObjectHead | null> {
    const body = await readIfPresent(this.fileOf(key));
    return body ? { etag: etagOf(body) } : null;
  }

  async listKeys(prefix: string): Promise<string[]> {
    // Walk from the deepest folder the prefix names, then keep the keys that start with it.
    const slash = prefix.lastIndexOf('/');
    const start = slash >= 0 ? prefix.slice(0, slash) : '';
    const keys: string[] = [];
    const walk = async (relative: string): Promise<void> => {
      const entries = await fs.readdir(path.join(this.root, relative), { withFileTypes: true }).catch((error: unknown) => {
        if (codeOf(error) === 'ENOENT' || codeOf(error) === 'ENOTDIR') return [];
        throw error;
      });
      for (const entry of entries) {
        if (isInternal(entry.name)) continue;
        const key = relative ? `${relative}/${entry.name}` : entry.name;
        if (entry.isDirectory()) await walk(key);
        else if (entry.isFile() && key.startsWith(prefix)) keys.push(key);
      }
    };
    await walk(start);
    return keys.sort();
  }

  async put(key: string, body: string, _metadata: ObjectMetadata, condition: PutCondition): Promise<PutOutcome> {
    const file = this.fileOf(key);
    return withLock(`${file}${LOCK_SUFFIX}`, async () => {
      const current = await readIfPresent(file);
      if (condition.ifNoneMatch === '*' && current) return 'precondition-failed';
      if (condition.ifMatch !== undefined && (!current || etagOf(current) !== condition.ifMatch)) return 'precondition-failed';
      await writeWhole(file, body);
      return 'written';
    });
  }

  async copy(sourceKey: string, targetKey: string): Promise<void> {
    const body = await readIfPresent(this.fileOf(sourceKey));
    if (!body) throw Object.assign(new Error(`NoSuchKey: ${sourceKey}`), { name: 'NoSuchKey' });
    const target = this.fileOf(targetKey);
    await withLock(`${target}${LOCK_SUFFIX}`, () => writeWhole(target, body));
  }

  async delete(key: string): Promise<void> {
    const file = this.fileOf(key);
    await withLock(`${file}${LOCK_SUFFIX}`, () => fs.rm(file, { force: true }));
    // No folders in S3: one left empty goes too (another writer may have filled it meanwhile; then it stays).
    for (let dir = path.dirname(file); dir.startsWith(`${this.root}${path.sep}`); dir = path.dirname(dir)) {
      try {
        await fs.rmdir(dir);
      } catch {
        break;
      }
    }
  }
}

/** The values of a key-value file's text (a reader that caches the file reads them with this); anything unreadable is no value. */
export function keyValuesOf(text: string): Record<string, string> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return {};
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/** The edge key-value state as a JSON file of string values (the CloudFront KeyValueStore's local stand-in). */
export class FileKeyValueStore implements KeyValueStore {
  readonly file: string;

  constructor(file: string) {
    this.file = path.resolve(file);
  }

  private async read(): Promise<Record<string, string>> {
    const body = await readIfPresent(this.file);
    return body ? keyValuesOf(body.toString('utf8')) : {};
  }

  async get(key: string): Promise<string | null> {
    const value = (await this.read())[key];
    return typeof value === 'string' ? value : null;
  }

  async put(key: string, value: string): Promise<void> {
    await withLock(`${this.file}${LOCK_SUFFIX}`, async () => writeWhole(this.file, `${JSON.stringify({ ...(await this.read()), [key]: value }, null, 2)}\n`));
  }
}
