import type { PageRoute } from '@kesho/shell-kit';
import { pageTitle, site } from '@kesho/common/site';
import { blogPath, blogSummaries } from '../content/blog';

/**
 * The engagement pages of the marketing remote: pricing, contact, success stories, the blog and one
 * page per blog article. Their content and structured data stay in their own chunks (the articles'
 * bodies in the one article-page chunk).
 */

export const engageRoutes: readonly PageRoute[] = [
  {
    path: '/pricing',
    title: pageTitle('Pricing'),
    description:
      'Basic, Complete and Premium study abroad packages in Kenyan shillings, with payment plans, upgrades for only the difference in price and a fair refund policy.',
    listed: true,
    load: () => import('../pages/PricingPage'),
  },
  {
    path: '/contact',
    title: pageTitle('Contact Us'),
    description: `Send us a message about studying abroad, call ${site.phone.display} or visit our Nairobi office. Our advisors reply to every message within 24 hours.`,
    listed: true,
    load: () => import('../pages/ContactPage'),
  },
  {
    path: '/success-stories',
    title: pageTitle('Success Stories'),
    description:
      'Read how Kenyan and East African students won university places and student visas in Canada, the UK, the USA, Australia, the UAE and Germany with our help.',
    listed: true,
    load: () => import('../pages/SuccessStoriesPage'),
  },
  {
    path: '/blog',
    title: pageTitle('Blog'),
    description:
      'Practical study abroad advice for Kenyan students: scholarships, UK visa documents, personal statements, proof of funds and choosing Canada or Australia.',
    listed: true,
    load: () => import('../pages/BlogPage'),
  },
  ...blogSummaries.map(
    (post): PageRoute => ({
      path: blogPath(post),
      title: pageTitle(post.title),
      description: post.description ?? post.excerpt,
      listed: true,
      load: () => import('../pages/BlogArticlePage').then((page) => page.articlePage(post.id)),
    }),
  ),
];
