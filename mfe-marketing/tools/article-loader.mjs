/**
 * webpack loader of the blog's Markdown (scripts/webpack.config.mjs applies it to mfe-marketing's
 * `.md` files and its `catalog.articles`): an article becomes a module exporting its body, the
 * catalog a module of every article's summary and a loader of each body (one chunk per article).
 * A malformed article throws, which fails the build with the file, line or field named.
 *
 * Options: `extraDirs`, more folders of articles for the catalog (the e2e test releases a build with
 * an article from a fixture folder this way, without writing into the checkout).
 */
import path from 'node:path';
import { articleFiles } from './articles.mjs';
import { articlesDirOf, bodyModule, catalogModule } from './article-modules.mjs';

const repoRoot = path.resolve(import.meta.dirname, '..', '..');
const nameOf = (file) => path.relative(repoRoot, file).split(path.sep).join('/');

/** @this {import('webpack').LoaderContext<{ extraDirs?: string[] }>} */
export default function articleLoader(source) {
  if (!this.resourcePath.endsWith('.articles')) return bodyModule(source, { format: 'esm', name: nameOf(this.resourcePath) });
  const ownDir = articlesDirOf(this.resourcePath);
  const dirs = [ownDir, ...(this.getOptions().extraDirs ?? [])];
  // A new, renamed or edited article rebuilds the catalog (in watch mode too).
  for (const dir of dirs) this.addContextDependency(dir);
  for (const file of articleFiles(dirs)) this.addDependency(file);
  // Relative requests for the folder's own articles: no absolute path in the output, so the build id
  // is the same in any checkout.
  const requestOf = (file) => (path.dirname(file) === ownDir ? `./${path.basename(file)}` : file);
  return catalogModule(dirs, { format: 'esm', nameOf, requestOf });
}
