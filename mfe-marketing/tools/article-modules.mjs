/**
 * The modules the build makes of the Markdown articles (the webpack loader and the jest transform
 * both emit these): the catalog, which the blog's routes and cards import (every article's summary,
 * and a loader of each body), and one module per article holding its body alone.
 */
import path from 'node:path';
import { parseArticle, readCatalog } from './articles.mjs';

/** What the pages read of an article's front matter (see src/content/blog.ts BlogSummary). */
function summaryOf({ summary }) {
  return {
    slug: summary.slug,
    title: summary.title,
    excerpt: summary.description,
    ...(summary.metaDescription ? { description: summary.metaDescription } : {}),
    author: summary.author,
    category: summary.category,
    featured: summary.featured,
    date: summary.date,
    isoDate: summary.published,
    updatedDate: summary.updatedDate,
    updatedIsoDate: summary.updated,
    readTime: summary.readTime,
    wordCount: summary.wordCount,
  };
}

/**
 * The catalog of the articles in `dirs`. `format` "esm" (webpack: each body a chunk of its own,
 * loaded by import()) or "cjs" (jest). `requestOf(file)` is how the catalog names an article's file.
 */
export function catalogModule(dirs, { format, nameOf, requestOf }) {
  const articles = readCatalog(dirs, nameOf);
  const summaries = JSON.stringify(articles.map(summaryOf), null, 2);
  const loaders = articles.map(({ file, summary }) => {
    const request = JSON.stringify(requestOf(file));
    const load = format === 'esm' ? `import(/* webpackChunkName: ${JSON.stringify(`article-${summary.slug}`)} */ ${request})` : `Promise.resolve(require(${request}))`;
    return `  ${JSON.stringify(summary.slug)}: () => ${load},`;
  });
  const bodies = `{\n${loaders.join('\n')}\n}`;
  return format === 'esm'
    ? `export const articleSummaries = ${summaries};\nexport const articleBodies = ${bodies};\n`
    : `"use strict";\nexports.articleSummaries = ${summaries};\nexports.articleBodies = ${bodies};\n`;
}

/** One article's body (its front matter is checked too: a broken file fails wherever it is read). */
export function bodyModule(markdown, { format, name }) {
  const { body } = parseArticle(markdown, name);
  const json = JSON.stringify(body);
  return format === 'esm' ? `export default ${json};\n` : `"use strict";\nObject.defineProperty(exports, "__esModule", { value: true });\nexports.default = ${json};\n`;
}

/** The articles' folder of a catalog file: the folder it sits in. */
export const articlesDirOf = (catalogFile) => path.dirname(catalogFile);
