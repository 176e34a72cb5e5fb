import type { BlogSummary } from './blog';
import type { ArticleBlock } from './article-types';
import { articleBodies } from './articles/catalog.articles';

/**
 * A blog article in full: its summary from the catalog (`blog.ts`) and its body, which arrives in a
 * chunk of its own (made from its Markdown file at build time), so each article's page loads its own
 * body only (the list needs none).
 */

export type { ArticleBlock };

export interface BlogPost extends BlogSummary {
  readonly body: readonly ArticleBlock[];
}

/** An article with its body. */
export async function loadPost(summary: BlogSummary): Promise<BlogPost> {
  const load = articleBodies[summary.slug];
  if (!load) throw new Error(`No article body for ${summary.slug}`);
  return { ...summary, body: (await load()).default };
}
