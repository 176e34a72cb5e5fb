/**
 * The contract of the release engine's stores (@kesho/release-model/object-store), one suite for every
 * implementation: the folder store here (folder-store.test.ts) and the S3 stand-in the publisher's
 * tests use (infra/test/object-store-contract.test.ts), so what the local release relies on is what
 * the AWS publisher relies on. Call it inside a test file with a factory of empty stores.
 */
import { createHash } from 'node:crypto';
import type { KeyValueStore, ObjectStore } from '../src/object-store';
import { revalidatedMetadata } from '../src/object-store';

const md5Etag = (body: string) => `"${createHash('md5').update(body).digest('hex')}"`;

export function objectStoreContract(name: string, emptyStore: () => Promise<ObjectStore>): void {
  describe(`${name}: the release engine's object store`, () => {
    const meta = revalidatedMetadata('pages/faq.html');

    test('a missing object reads as null; a written one reads back with the MD5 of its content as ETag, as S3 gives it', async () => {
      const store = await emptyStore();
      expect(await store.get('pages/faq.html')).toBeNull();
      expect(await store.put('pages/faq.html', '<h1>FAQ ✓</h1>', meta, {})).toBe('written');
      expect(await store.get('pages/faq.html')).toEqual({ body: '<h1>FAQ ✓</h1>', etag: md5Etag('<h1>FAQ ✓</h1>') });
    });

    test('If-None-Match: * writes only a new object; If-Match only over the ETag given; a failed condition writes nothing', async () => {
      const store = await emptyStore();
      expect(await store.put('mfe/remotes.json', 'one', meta, { ifNoneMatch: '*' })).toBe('written');
      expect(await store.put('mfe/remotes.json', 'two', meta, { ifNoneMatch: '*' })).toBe('precondition-failed');
      const first = await store.get('mfe/remotes.json');
      expect(await store.put('mfe/remotes.json', 'three', meta, { ifMatch: md5Etag('other') })).toBe('precondition-failed');
      expect((await store.get('mfe/remotes.json'))?.body).toBe('one');
      expect(await store.put('mfe/remotes.json', 'four', meta, { ifMatch: first?.etag })).toBe('written');
      expect(await store.put('mfe/remotes.json', 'five', meta, { ifMatch: first?.etag })).toBe('precondition-failed');
      expect(await store.put('absent.json', 'six', meta, { ifMatch: first?.etag })).toBe('precondition-failed');
      expect(await store.get('absent.json')).toBeNull();
      expect((await store.get('mfe/remotes.json'))?.body).toBe('four');
    });

    test('of conditional writes racing on one ETag, exactly one lands', async () => {
      const store = await emptyStore();
      await store.put('edge/state.json', 'start', meta, {});
      const etag = (await store.get('edge/state.json'))?.etag;
      const outcomes = await Promise.all(Array.from({ length: 8 }, (_, index) => store.put('edge/state.json', `writer ${index}`, meta, { ifMatch: etag })));
      expect(outcomes.filter((outcome) => outcome === 'written')).toHaveLength(1);
      const winner = outcomes.indexOf('written');
      expect((await store.get('edge/state.json'))?.body).toBe(`writer ${winner}`);
    });

    test('lists the keys under a prefix, sorted, whatever their depth; a prefix may end inside a name', async () => {
      const store = await emptyStore();
      for (const key of ['variants/b/pages/faq.html', 'variants/a/remotes.json', 'variants/a/pages/index.html', 'mfe/canary/legal.json', 'mfe/canary-x.json', 'pages/faq.html']) {
        await store.put(key, key, meta, {});
      }
      expect(await store.listKeys('variants/')).toEqual(['variants/a/pages/index.html', 'variants/a/remotes.json', 'variants/b/pages/faq.html']);
      expect(await store.listKeys('mfe/canary')).toEqual(['mfe/canary-x.json', 'mfe/canary/legal.json']);
      expect(await store.listKeys('nothing/')).toEqual([]);
    });

    test('copies an object with its content; a missing source is an error and writes nothing', async () => {
      const store = await emptyStore();
      await store.put('releases/legal/r1/pages/terms.html', 'terms', meta, {});
      await store.copy('releases/legal/r1/pages/terms.html', 'variants/f/pages/terms.html', meta);
      expect((await store.get('variants/f/pages/terms.html'))?.body).toBe('terms');
      await expect(store.copy('releases/legal/r1/pages/gone.html', 'variants/f/pages/gone.html', meta)).rejects.toThrow(/gone\.html/);
      expect(await store.get('variants/f/pages/gone.html')).toBeNull();
    });

    test("a head gives an object's ETag without its body (null when missing); a copy keeps its source's ETag; metadata, where a store keeps it, is the last write's", async () => {
      const store = await emptyStore();
      expect(await store.head('pages/faq.html')).toBeNull();
      await store.put('releases/marketing/r1/pages/faq.html', '<h1>FAQ</h1>', meta, {});
      const source = await store.head('releases/marketing/r1/pages/faq.html');
      expect(source?.etag).toBe(md5Etag('<h1>FAQ</h1>'));
      const feed = { contentType: 'application/rss+xml; charset=utf-8', cacheControl: 'no-cache' };
      await store.copy('releases/marketing/r1/pages/faq.html', 'pages/faq.html', feed);
      const copied = await store.head('pages/faq.html');
      expect(copied?.etag).toBe(source?.etag);
      expect(copied?.etag).toBe((await store.get('pages/faq.html'))?.etag);
      if (copied?.metadata) expect(copied.metadata).toEqual(feed);
      await store.put('pages/faq.html', '<h1>FAQ, edited</h1>', meta, {});
      const written = await store.head('pages/faq.html');
      expect(written?.etag).toBe(md5Etag('<h1>FAQ, edited</h1>'));
      if (written?.metadata) expect(written.metadata).toEqual(meta);
      await store.delete('pages/faq.html');
      expect(await store.head('pages/faq.html')).toBeNull();
    });

    test('deletes an object, and a missing one without error; nothing of it is listed after', async () => {
      const store = await emptyStore();
      await store.put('variants/f/pages/terms.html', 'terms', meta, {});
      await store.delete('variants/f/pages/terms.html');
      await store.delete('variants/f/pages/terms.html');
      expect(await store.get('variants/f/pages/terms.html')).toBeNull();
      expect(await store.listKeys('variants/')).toEqual([]);
    });
  });
}

export function keyValueStoreContract(name: string, emptyStore: () => Promise<KeyValueStore>): void {
  describe(`${name}: the edge key-value state`, () => {
    test('a missing key reads as null; a put value reads back, and a put replaces it without touching other keys', async () => {
      const store = await emptyStore();
      expect(await store.get('state')).toBeNull();
      await store.put('state', '{"canaries":[]}');
      await store.put('preview-key', 'secret');
      await store.put('state', '{"canaries":[1]}');
      expect(await store.get('state')).toBe('{"canaries":[1]}');
      expect(await store.get('preview-key')).toBe('secret');
    });
  });
}
