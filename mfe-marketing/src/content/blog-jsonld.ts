import { organizationJsonLdId, site } from '@kesho/common/site';
import { blogPath } from './blog';
import { countWords, type BlogPost } from './blog-articles';

/** schema.org BlogPosting for an article's own page, read by the prerenderer from the page module. */
export function blogPostingJsonLd(post: BlogPost): object {
  const url = `${site.origin}${blogPath(post)}`;
  const isTeam = !site.founders.some((founder) => founder.name === post.author);
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: post.title,
    description: post.description ?? post.excerpt,
    datePublished: post.isoDate,
    articleSection: post.category,
    wordCount: countWords(post.body),
    inLanguage: 'en',
    url,
    mainEntityOfPage: url,
    author: isTeam ? { '@id': organizationJsonLdId } : { '@type': 'Person', name: post.author },
    publisher: { '@id': organizationJsonLdId },
  };
}
