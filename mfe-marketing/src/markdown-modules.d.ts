/** The modules the build makes of the blog's Markdown (tools/article-loader.mjs). */
declare module '*.md' {
  const body: readonly import('./content/article-types').ArticleBlock[];
  export default body;
}

declare module '*.articles' {
  /** Every article's front matter as the pages print it, featured first, then newest first. */
  export const articleSummaries: readonly import('./content/blog').BlogSummary[];
  /** Each article's body, by slug: a chunk of its own. */
  export const articleBodies: Readonly<Record<string, () => Promise<{ readonly default: readonly import('./content/article-types').ArticleBlock[] }>>>;
}
