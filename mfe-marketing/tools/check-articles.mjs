/**
 * Checks the blog's Markdown articles as the build does, without building:
 *
 *   npm run check:articles -w mfe-marketing            # src/content/articles
 *   node mfe-marketing/tools/check-articles.mjs <folder>…
 *
 * Prints each article's URL, dates and reading time, or the first problem (file, line or field) and
 * exits 1.
 */
import path from 'node:path';
import { ArticleError, readCatalog } from './articles.mjs';

const here = import.meta.dirname;
const dirs = process.argv.length > 2 ? process.argv.slice(2).map((dir) => path.resolve(dir)) : [path.join(here, '..', 'src', 'content', 'articles')];
const nameOf = (file) => path.relative(process.cwd(), file);
try {
  for (const { summary } of readCatalog(dirs, nameOf)) {
    const updated = summary.updated === summary.published ? '' : `, updated ${summary.updatedDate}`;
    console.log(`/blog/${summary.slug}  ${summary.category}, ${summary.date}${updated}, ${summary.readTime}${summary.featured ? ', featured' : ''}`);
  }
} catch (error) {
  if (!(error instanceof ArticleError)) throw error;
  console.error(error.message);
  process.exit(1);
}
