import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildFilesPrefix, buildsToRemove, DEFAULT_KEPT_BUILDS, deleteRemovals, keptBuildsOf, protectedBuildIds } from '../src/build-pruning';
import { FolderStore } from '../src/folder-store';

const build = (buildId: string, { live = false, refused = false } = {}) => ({ buildId, live, refused });

describe('which builds are pruned (issue 39, item 9): one rule for dist/ and the bucket', () => {
  test('newest first, the live and protected builds are skipped, refused ones lose their served files, and only `keep` others stay', () => {
    const builds = [build('b7'), build('b6', { live: true }), build('b5', { refused: true }), build('b4'), build('b3'), build('b2'), build('b1')];
    expect(buildsToRemove(builds, { keep: 2, protectedIds: new Set(['b4']) })).toEqual([
      { buildId: 'b5', removed: 'served files' },
      { buildId: 'b2', removed: 'build' },
      { buildId: 'b1', removed: 'build' },
    ]);
  });

  test('nothing is removed while the builds fit the count, and a protected refused build stays', () => {
    expect(buildsToRemove([build('b3', { live: true }), build('b2', { refused: true }), build('b1')], { keep: 1, protectedIds: new Set(['b2']) })).toEqual([]);
  });

  test("an app's protected builds: its canary and the build it is compared with, its previews, the rollback target; other apps' are not", () => {
    const ids = protectedBuildIds('marketing', {
      canaries: [
        { app: 'marketing', buildId: 'c1', previous: 'l1' },
        { app: 'legal', buildId: 'x1', previous: 'x0' },
      ],
      previews: [
        { app: 'marketing', buildId: 'p1' },
        { app: 'legal', buildId: 'x2' },
      ],
      rollbackTarget: 'r1',
    });
    expect([...ids].sort()).toEqual(['c1', 'l1', 'p1', 'r1']);
    expect([...protectedBuildIds('marketing', { canaries: [{ app: 'marketing', buildId: 'c1', previous: null }], previews: [], rollbackTarget: null })]).toEqual(['c1']);
  });

  test('KEPT_BUILDS: default 5 when unset or empty; a whole number from 1 to 1000, anything else refused by name', () => {
    expect(keptBuildsOf(undefined)).toBe(DEFAULT_KEPT_BUILDS);
    expect(keptBuildsOf(' ')).toBe(5);
    expect(keptBuildsOf('12')).toBe(12);
    for (const bad of ['0', '1001', '2.5', 'five', '-1']) expect(() => keptBuildsOf(bad)).toThrow(/KEPT_BUILDS must be a whole number from 1 to 1000/);
  });
});

describe("the removals deleted, by both engines' one deletion", () => {
  test('every object under the prefixes each removal names goes, and its folders with it; nothing else', async () => {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'kesho-prune-'));
    try {
      const store = new FolderStore(root);
      const keys = [
        'mfe/marketing/aaaaaaaaaaaa/remoteEntry.js',
        'mfe/marketing/aaaaaaaaaaaa/chunks/1.js',
        'mfe/marketing/bbbbbbbbbbbb/remoteEntry.js',
        'shell/cccccccccccc/main.js',
        'records/marketing/aaaaaaaaaaaa/publish.json',
      ];
      for (const key of keys) await store.put(key, key, { contentType: 'text/plain', cacheControl: 'no-cache' }, {});
      expect(buildFilesPrefix('shell', 'cccccccccccc')).toBe('shell/cccccccccccc/');
      const deleted = await deleteRemovals(
        store,
        [
          { buildId: 'aaaaaaaaaaaa', removed: 'build' as const },
          { buildId: 'cccccccccccc', removed: 'served files' as const },
        ],
        (removal) => (removal.removed === 'build' ? [buildFilesPrefix('marketing', removal.buildId), `records/marketing/${removal.buildId}/`] : [buildFilesPrefix('shell', removal.buildId)]),
      );
      expect(deleted).toEqual([
        'mfe/marketing/aaaaaaaaaaaa/chunks/1.js',
        'mfe/marketing/aaaaaaaaaaaa/remoteEntry.js',
        'records/marketing/aaaaaaaaaaaa/publish.json',
        'shell/cccccccccccc/main.js',
      ]);
      expect(await store.listKeys('')).toEqual(['mfe/marketing/bbbbbbbbbbbb/remoteEntry.js']);
      expect((await fs.readdir(root)).sort()).toEqual(['mfe']);
    } finally {
      await fs.rm(root, { recursive: true, force: true });
    }
  });
});
