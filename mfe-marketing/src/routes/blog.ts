import type { PageRoute } from '@kesho/shell-kit';
import { pageTitle } from '@kesho/site-rules/site';
import { blogPath, blogSummaries } from '../content/blog';
import { loadPost } from '../content/blog-articles';

/**
 * The blog and one page per article. The articles' bodies stay out of this module: each route
 * loads the article page's chunk (shared) and its own body's chunk.
 */
export const blogRoutes: readonly PageRoute[] = [
  {
    path: '/blog',
    title: pageTitle('Blog'),
    description: 'Practical study abroad advice for Kenyan students: scholarships, UK visa documents, personal statements, proof of funds and choosing Canada or Australia.',
    listed: true,
    load: () => import('../pages/BlogPage'),
    // Made at release into /blog/rss.xml; browsers never load it.
    feed: () => import('../content/blog-feed').then((module) => module.blogFeed()),
  },
  ...blogSummaries.map((post): PageRoute => ({
    path: blogPath(post),
    title: pageTitle(post.title),
    description: post.description ?? post.excerpt,
    listed: true,
    shareCard: { eyebrow: post.category, detail: post.date },
    load: () => Promise.all([import('../pages/BlogArticlePage'), loadPost(post)]).then(([page, full]) => page.articlePage(full)),
  })),
];
