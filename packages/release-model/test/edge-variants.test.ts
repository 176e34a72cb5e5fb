import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { EMPTY_EDGE_STATE } from '../src/build-choice';
import type { CanaryRecord, PreviewRecord } from '../src/edge-plan';
import { removeUnusedVariants, writeVariants } from '../src/edge-variants';
import { FolderStore } from '../src/folder-store';
import { revalidatedMetadata } from '../src/object-store';
import { withRemote, type RemotePointer } from '../src/pointer-document';

const pointer = (name: string, buildId: string, routes: string[]): RemotePointer => ({
  name,
  buildId,
  manifest: `/mfe/${name}/${buildId}/mf-manifest.json`,
  routes: routes.map((route) => ({ path: route, title: `${route} | Kesho Global Education`, description: `Page ${route}`, listed: true })),
});
const page = (text: string) => `<html><head><title>t</title></head><body><main><h1>${text}</h1></main></body></html>`;
const LIVE = { remotes: [pointer('marketing', 'aaaaaaaaaaaa', ['/', '/faq']), pointer('legal', 'cccccccccccc', ['/terms'])] };
const CANDIDATE = pointer('marketing', 'bbbbbbbbbbbb', ['/', '/faq']);
const canary: CanaryRecord = { app: 'marketing', buildId: 'bbbbbbbbbbbb', percent: 50, previous: 'aaaaaaaaaaaa', since: '2025-06-01T12:00:00.000Z', by: 'team' };
const preview: PreviewRecord = { app: 'marketing', buildId: 'bbbbbbbbbbbb', expiresAt: '2025-06-02T12:00:00.000Z', by: 'team' };

const scratch: string[] = [];
afterAll(async () => {
  for (const dir of scratch) await fs.rm(dir, { recursive: true, force: true });
});

/** A store holding the live pages and the candidate's release, as the bucket holds them. */
async function siteStore(): Promise<FolderStore> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'kesho-edge-variants-'));
  scratch.push(root);
  const store = new FolderStore(root);
  const write = (key: string, body: string) => store.put(key, body, revalidatedMetadata(key), {});
  await write('pages/index.html', page('marketing a /'));
  await write('pages/faq.html', page('marketing a /faq'));
  await write('pages/terms.html', page('legal c /terms'));
  await write('releases/marketing/r2/pages/index.html', page('marketing b /'));
  await write('releases/marketing/r2/pages/faq.html', page('marketing b /faq'));
  return store;
}

const sources = (candidates: string[] = []) => ({
  live: LIVE,
  livePageSource: (key: string) => key,
  candidate: async () => {
    candidates.push('marketing');
    return { pointer: CANDIDATE, pageSource: (key: string) => `releases/marketing/r2/${key}` };
  },
});

describe('the variant folders, written once for both release engines', () => {
  test("a canary's folder: its candidate's pages and the other live pages copied as they are, and the variant's document", async () => {
    const store = await siteStore();
    const { edge, written } = await writeVariants(store, { canaries: [canary], previews: [] }, sources(), { variantsPrefix: 'variants/' });
    const folder = edge.variants.marketing;
    expect(written).toContain(folder);
    expect((await store.get(`variants/${folder}/pages/faq.html`))?.body).toBe(page('marketing b /faq'));
    expect((await store.get(`variants/${folder}/pages/terms.html`))?.body).toBe(page('legal c /terms'));
    expect(JSON.parse((await store.get(`variants/${folder}/remotes.json`))?.body ?? '{}')).toEqual({ remotes: withRemote(LIVE, CANDIDATE).remotes });
    expect(
      withRemote(LIVE, CANDIDATE)
        .remotes.map((remote) => remote.buildId)
        .sort(),
    ).toEqual(['bbbbbbbbbbbb', 'cccccccccccc']);
    expect(edge.canaries).toEqual([{ app: 'marketing', build: 'bbbbbbbbbbbb', percent: 50 }]);
  });

  test("a preview's and the notices' pages carry their ribbon; a candidate's release is read once for all its variants", async () => {
    const store = await siteStore();
    const read: string[] = [];
    const { edge } = await writeVariants(store, { canaries: [canary], previews: [preview] }, sources(read), { variantsPrefix: 'variants/' });
    expect(read).toEqual(['marketing', 'marketing']);
    const previewFolder = edge.previews['marketing/bbbbbbbbbbbb'];
    expect((await store.get(`variants/${previewFolder}/pages/terms.html`))?.body).toMatch(/Preview: marketing bbbbbbbbbbbb[\s\S]*legal c \/terms/);
    expect((await store.get(`variants/${edge.notices.expired}/pages/faq.html`))?.body).toMatch(/This preview link has expired[\s\S]*marketing a \/faq/);
  });

  test('a folder is named by what it holds: the same content finds its folder, changed content gets a new one; a missing page refuses the state', async () => {
    const store = await siteStore();
    const first = await writeVariants(store, { canaries: [canary], previews: [] }, sources(), { variantsPrefix: 'variants/' });
    const again = await writeVariants(store, { canaries: [canary], previews: [] }, sources(), { variantsPrefix: 'variants/' });
    expect(again.edge).toEqual(first.edge);
    expect(again.written).toEqual([]);
    await store.put('pages/terms.html', page('legal c2 /terms'), revalidatedMetadata('pages/terms.html'), {});
    const changed = await writeVariants(store, { canaries: [canary], previews: [] }, sources(), { variantsPrefix: 'variants/' });
    expect(changed.edge.variants.marketing).not.toBe(first.edge.variants.marketing);
    await store.delete('pages/terms.html');
    await expect(writeVariants(store, { canaries: [canary], previews: [] }, sources(), { variantsPrefix: 'variants/' })).rejects.toThrow('pages/terms.html is missing');
  });

  test('new folders go to the staging prefix when one is given (the local release moves them in its commit)', async () => {
    const store = await siteStore();
    const { edge, written } = await writeVariants(store, { canaries: [canary], previews: [] }, sources(), { variantsPrefix: 'variants/', stagingPrefix: '.release-1/variants/' });
    expect(written.sort()).toEqual([edge.variants.marketing, edge.notices.expired, edge.notices.invalid].sort());
    expect(await store.listKeys('variants/')).toEqual([]);
    expect(await store.get(`.release-1/variants/${edge.variants.marketing}/remotes.json`)).not.toBeNull();
  });

  test('folders neither the new state nor the one before names are deleted', async () => {
    const store = await siteStore();
    const withCanary = await writeVariants(store, { canaries: [canary], previews: [] }, sources(), { variantsPrefix: 'variants/' });
    const without = await writeVariants(store, { canaries: [], previews: [] }, sources(), { variantsPrefix: 'variants/' });
    expect(await removeUnusedVariants(store, 'variants/', without.edge, withCanary.edge)).toEqual([]);
    expect(await removeUnusedVariants(store, 'variants/', without.edge, EMPTY_EDGE_STATE)).toEqual([withCanary.edge.variants.marketing]);
    expect(await store.listKeys(`variants/${withCanary.edge.variants.marketing}/`)).toEqual([]);
    expect(await store.get(`variants/${without.edge.notices.expired}/remotes.json`)).not.toBeNull();
  });
});
