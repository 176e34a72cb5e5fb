import type { BlogPostId, BlogSummary } from './blog';
import type { ArticleBlock } from './articles/blocks';

/**
 * A blog article in full: its summary from `blog.ts` and its body, which lives in `articles/<id>.ts`
 * so each article's page loads its own body only (the list needs none: the read time is in the summary).
 */

export type { ArticleBlock };

export interface BlogPost extends BlogSummary {
  readonly body: readonly ArticleBlock[];
}

export function countWords(body: readonly ArticleBlock[]): number {
  const texts = body.flatMap((block) => (block.kind === 'list' ? block.items : [block.text]));
  return texts.reduce((total, text) => total + text.split(/\s+/).filter(Boolean).length, 0);
}

const bodies: Record<BlogPostId, () => Promise<{ default: readonly ArticleBlock[] }>> = {
  'finding-and-winning-scholarships': () => import(/* webpackChunkName: "article-finding-and-winning-scholarships" */ './articles/finding-and-winning-scholarships'),
  'uk-student-visa-documents-checklist': () => import(/* webpackChunkName: "article-uk-student-visa-documents-checklist" */ './articles/uk-student-visa-documents-checklist'),
  'writing-a-memorable-personal-statement': () => import(/* webpackChunkName: "article-writing-a-memorable-personal-statement" */ './articles/writing-a-memorable-personal-statement'),
  'canada-or-australia': () => import(/* webpackChunkName: "article-canada-or-australia" */ './articles/canada-or-australia'),
  'study-abroad-application-timeline': () => import(/* webpackChunkName: "article-study-abroad-application-timeline" */ './articles/study-abroad-application-timeline'),
  'proof-of-funds-for-student-visas': () => import(/* webpackChunkName: "article-proof-of-funds-for-student-visas" */ './articles/proof-of-funds-for-student-visas'),
};

/** An article with its body, which arrives in a chunk of its own. */
export async function loadPost(summary: BlogSummary): Promise<BlogPost> {
  return { ...summary, body: (await bodies[summary.id]()).default };
}
