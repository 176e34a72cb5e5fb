/**
 * The variant folders of an edge state, written once for both places the release engine runs (the
 * AWS release publisher on the site bucket, the local release on dist/), over the store interface
 * (./object-store): which folders a state needs (./edge-plan planVariants), what each holds, its name,
 * how it is written and when it goes. Node only (it hashes with node:crypto).
 *
 * A variant folder holds every page of the variant's pointer document (the live document with its
 * candidates put in, withRemote) and that document as `remotes.json`, written last (a folder that has
 * it is whole). A candidate's own pages are copied from its release (its snapshot in the bucket; the
 * pages the local release rendered for it), every other page from the live site; a preview's and a
 * notice's pages get their ribbon (./preview-ribbon) on the way. A folder is named by what it holds
 * (a hash of its document, its ribbon and each page's key and source ETag), so it is never changed once
 * written and a state that needs the same content again finds it there. Once a new state names its
 * folders, those neither it nor the state before it names are deleted (a browser may still be
 * fetching a page of the state just replaced).
 */
import { createHash } from 'node:crypto';
import { previewPath, previewToken, type EdgeState } from './build-choice';
import { edgeStateOf, planVariants, unusedFolders, type CanaryRecord, type PlannedVariant, type PreviewRecord } from './edge-plan';
import { revalidatedMetadata, type ObjectStore } from './object-store';
import { pageKeyForRoute } from './page-routes';
import { withRemote, type PointerDocument, type RemotePointer } from './pointer-document';
import { withRibbon } from './preview-ribbon';
import { hmacHex } from './signed-tokens';
import { VARIANT_POINTER_FILE } from './site-keys';

/** A candidate of a variant (a canary's or preview's build) as its release holds it: its pointer entry, and where its pages are. */
export interface CandidatePages {
  readonly pointer: RemotePointer;
  /** The store key of its page `pageKey` (pages/faq.html): releases/<app>/<release>/pages/faq.html in AWS. */
  pageSource(pageKey: string): string;
}

export interface VariantSources<Canary extends CanaryRecord, Preview extends PreviewRecord> {
  /** The live document the variants start from (the one this pass publishes). */
  readonly live: PointerDocument;
  /** The store key of the live page `pageKey` (pages/faq.html in AWS). */
  livePageSource(pageKey: string): string;
  /** A candidate's release; may refuse it (its pages missing or failing the checks). */
  candidate(candidate: Canary | Preview): Promise<CandidatePages>;
}

export interface VariantLayout {
  /** Where the folders of the edge state live: variants/ in the bucket, site/variants/ in dist/. */
  readonly variantsPrefix: string;
  /**
   * Where this pass writes a new folder: the same in AWS (nothing names it until the edge state
   * does); locally the release's staging folder, which its commit moves into place with the rest.
   */
  readonly stagingPrefix?: string;
}

/** One variant's content: its document, its pages by key with their sources, its ribbon. */
interface VariantContent {
  readonly document: PointerDocument;
  readonly pages: readonly { readonly key: string; readonly source: string }[];
  readonly ribbon: PlannedVariant['ribbon'];
}

const folderPrefix = (prefix: string, folder: string) => `${prefix}${folder}/`;

/** Writes a variant's folder unless a whole one with its content is there already; its name either way. */
async function writeVariantFolder(store: ObjectStore, content: VariantContent, layout: VariantLayout): Promise<{ folder: string; written: boolean }> {
  const sources = await Promise.all(
    content.pages.map(async (page) => {
      const object = await store.get(page.source);
      if (!object) throw new Error(`${page.source} is missing`);
      return { ...page, object };
    }),
  );
  const document = JSON.stringify({ remotes: content.document.remotes });
  const hash = createHash('sha256').update(document).update('\0').update(JSON.stringify(content.ribbon)).update('\0');
  for (const page of sources) hash.update(page.key).update('\0').update(page.object.etag).update('\0');
  const folder = hash.digest('hex').slice(0, 12);
  const staging = layout.stagingPrefix ?? layout.variantsPrefix;
  for (const prefix of new Set([layout.variantsPrefix, staging])) {
    if (await store.get(`${folderPrefix(prefix, folder)}${VARIANT_POINTER_FILE}`)) return { folder, written: false };
  }
  const target = folderPrefix(staging, folder);
  for (const page of sources) {
    const key = `${target}${page.key}`;
    if (content.ribbon) await store.put(key, withRibbon(page.object.body, content.ribbon), revalidatedMetadata(key), {});
    else await store.copy(page.source, key, revalidatedMetadata(key));
  }
  // Last: a folder that has its document is whole.
  const documentKey = `${target}${VARIANT_POINTER_FILE}`;
  await store.put(documentKey, document, revalidatedMetadata(documentKey), {});
  return { folder, written: true };
}

/**
 * Writes the folders the state of these canaries and previews needs (new ones only) and returns that
 * state, and the folders this pass wrote (under the staging prefix).
 */
export async function writeVariants<Canary extends CanaryRecord, Preview extends PreviewRecord>(
  store: ObjectStore,
  { canaries, previews }: { readonly canaries: readonly Canary[]; readonly previews: readonly Preview[] },
  sources: VariantSources<Canary, Preview>,
  layout: VariantLayout,
): Promise<{ edge: EdgeState; written: string[] }> {
  const candidates = new Map<Canary | Preview, Promise<CandidatePages>>();
  const candidateOf = (candidate: Canary | Preview) => {
    let pages = candidates.get(candidate);
    if (!pages) candidates.set(candidate, (pages = sources.candidate(candidate)));
    return pages;
  };
  const named: { variant: PlannedVariant; folder: string }[] = [];
  const written: string[] = [];
  for (const variant of planVariants(canaries, previews)) {
    const overrides = new Map<string, CandidatePages>();
    let document = sources.live;
    for (const candidate of variant.candidates) {
      const pages = await candidateOf(candidate);
      overrides.set(pages.pointer.name, pages);
      document = withRemote(document, pages.pointer);
    }
    const pages = document.remotes.flatMap((remote) =>
      remote.routes.map((route) => {
        const key = pageKeyForRoute(route.path);
        const own = overrides.get(remote.name);
        return { key, source: own ? own.pageSource(key) : sources.livePageSource(key) };
      }),
    );
    const { folder, written: isNew } = await writeVariantFolder(store, { document, pages, ribbon: variant.ribbon }, layout);
    named.push({ variant, folder });
    if (isNew) written.push(folder);
  }
  return { edge: edgeStateOf(canaries, named), written };
}

/** Deletes the folders under `variantsPrefix` that neither the current state nor the one before it names. */
export async function removeUnusedVariants(store: ObjectStore, variantsPrefix: string, current: EdgeState, previous: EdgeState): Promise<string[]> {
  const keys = await store.listKeys(variantsPrefix);
  const folderOf = (key: string) => key.slice(variantsPrefix.length).split('/')[0] ?? '';
  const unused = new Set(unusedFolders(keys.map(folderOf), current, previous));
  for (const key of keys) if (unused.has(folderOf(key))) await store.delete(key);
  return [...unused];
}

/**
 * The signed link to a staged preview, as both engines hand it out: the preview's first route on the
 * site's origin with its token (@kesho/release-model/build-choice previewToken: HMAC-SHA256 with the preview
 * links' key, valid until `expiresAt`).
 */
export function previewLinkOf({
  app,
  buildId,
  route,
  expiresAt,
  secret,
  origin,
  now,
}: {
  readonly app: string;
  readonly buildId: string;
  readonly route: string;
  readonly expiresAt: number;
  readonly secret: string;
  readonly origin: string;
  readonly now?: number;
}): string {
  return `${origin}${previewPath(route, previewToken(app, buildId, expiresAt, secret, hmacHex, now))}`;
}
