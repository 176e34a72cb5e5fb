import { organizationJsonLdId, site } from '@kesho/site-rules/site';
import { blogPath, type BlogSummary } from './blog';

/** schema.org BlogPosting for an article's own page, read by the prerenderer from the page module. */
export function blogPostingJsonLd(post: BlogSummary): object {
  const url = `${site.origin}${blogPath(post)}`;
  const isTeam = !site.founders.some((founder) => founder.name === post.author);
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: post.title,
    description: post.description ?? post.excerpt,
    datePublished: post.isoDate,
    dateModified: post.updatedIsoDate,
    articleSection: post.category,
    wordCount: post.wordCount,
    inLanguage: 'en',
    url,
    mainEntityOfPage: url,
    author: isTeam ? { '@type': 'Organization', '@id': organizationJsonLdId, name: site.brand } : { '@type': 'Person', name: post.author },
    publisher: { '@id': organizationJsonLdId },
  };
}
