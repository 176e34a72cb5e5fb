import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { FileKeyValueStore, FolderStore } from '../src/folder-store';
import { revalidatedMetadata } from '../src/object-store';
import { keyValueStoreContract, objectStoreContract } from './object-store-contract';

const scratch: string[] = [];
const folder = async () => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kesho-folder-store-'));
  scratch.push(dir);
  return dir;
};
afterAll(async () => {
  for (const dir of scratch) await fs.rm(dir, { recursive: true, force: true });
});

objectStoreContract('the folder store', async () => new FolderStore(await folder()));
keyValueStoreContract('the edge state file', async () => new FileKeyValueStore(path.join(await folder(), 'edge-state.json')));

describe('the folder store on disk', () => {
  const meta = revalidatedMetadata('x.html');

  test('an object is the file of its key; a delete removes the folders it leaves empty, as S3 has none', async () => {
    const root = await folder();
    const store = new FolderStore(root);
    await store.put('variants/f/pages/a/b.html', 'b', meta, {});
    await store.put('variants/g/remotes.json', '{}', meta, {});
    expect(await fs.readFile(path.join(root, 'variants/f/pages/a/b.html'), 'utf8')).toBe('b');
    await store.delete('variants/f/pages/a/b.html');
    expect(await fs.readdir(path.join(root, 'variants'))).toEqual(['g']);
  });

  test('refuses keys that would leave the folder or name its lock and temporary files', async () => {
    const store = new FolderStore(await folder());
    for (const key of ['../escape.json', '/etc/passwd', 'a//b', 'a/./b', 'pages/x.html.kesho-lock', '']) {
      await expect(store.put(key, 'x', meta, {})).rejects.toThrow(/Not an object key/);
    }
  });

  test('a lock left by a dead process is taken over once stale; a fresh one is waited for', async () => {
    const root = await folder();
    const store = new FolderStore(root);
    const lock = path.join(root, 'edge', 'state.json.kesho-lock');
    await fs.mkdir(path.dirname(lock), { recursive: true });
    await fs.writeFile(lock, '');
    const old = new Date(Date.now() - 60_000);
    await fs.utimes(lock, old, old);
    expect(await store.put('edge/state.json', 'after a crash', meta, { ifNoneMatch: '*' })).toBe('written');

    await fs.writeFile(lock, '');
    let landed = false;
    const writing = store.put('edge/state.json', 'later', meta, {}).then((outcome) => {
      landed = true;
      return outcome;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(landed).toBe(false);
    await fs.rm(lock);
    expect(await writing).toBe('written');
    expect(await store.listKeys('edge/')).toEqual(['edge/state.json']);
  });
});
