import { blogSummaries } from '../../src/content/blog';
import type { BlogPost } from '../../src/content/blog-articles';
import type { ArticleBlock, Inline } from '../../src/content/article-types';

/**
 * Every article with its body, for tests (pages load one body each, as a chunk). jest makes each
 * Markdown file a module as the build does (tools/jest-article-transform.cjs); an article's file is
 * named after its slug, which the build enforces.
 */
export const blogPosts: readonly BlogPost[] = blogSummaries.map((summary) => ({
  ...summary,
  body: (require(`../../src/content/articles/${summary.slug}.md`) as { default: readonly ArticleBlock[] }).default,
}));

/** Inline content's text as a reader sees it. */
export function inlineText(content: readonly Inline[]): string {
  return content.map((part) => (typeof part === 'string' ? part : part.kind === 'code' ? part.text : inlineText(part.content))).join('');
}

/** A block's texts: a paragraph's or heading's, or each list item's. */
export const blockTexts = (block: ArticleBlock): string[] => (block.kind === 'list' ? block.items.map(inlineText) : [inlineText(block.content)]);
