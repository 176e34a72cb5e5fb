import { site } from '@kesho/site-rules/site';
import { feedPathForRoute } from '@kesho/release-model/page-routes';
import { blogHeader, blogPath, blogSummaries, type BlogSummary } from './blog';

/**
 * The blog's RSS 2.0 feed (/blog/rss.xml): every article, newest first, with its title, link, date,
 * summary, category and author. Made at release (the /blog route's `feed`), never in a browser.
 */

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/** RFC 822, as RSS 2.0 wants its dates: "Tue, 14 Jan 2025 00:00:00 GMT". */
const rfc822 = (isoDate: string) => new Date(`${isoDate}T00:00:00Z`).toUTCString();

function item(post: BlogSummary): string {
  const url = `${site.origin}${blogPath(post)}`;
  return [
    '    <item>',
    `      <title>${escapeXml(post.title)}</title>`,
    `      <link>${escapeXml(url)}</link>`,
    `      <guid isPermaLink="true">${escapeXml(url)}</guid>`,
    `      <pubDate>${rfc822(post.isoDate)}</pubDate>`,
    `      <description>${escapeXml(post.excerpt)}</description>`,
    `      <category>${escapeXml(post.category)}</category>`,
    `      <dc:creator>${escapeXml(post.author)}</dc:creator>`,
    '    </item>',
  ].join('\n');
}

export function blogFeed(articles: readonly BlogSummary[] = blogSummaries): string {
  const newestFirst = [...articles].sort((a, b) => b.isoDate.localeCompare(a.isoDate));
  // The feed changes only when an article does: its build date is the latest article's last change.
  const lastChange = newestFirst
    .map((post) => post.updatedIsoDate)
    .sort()
    .at(-1);
  const blogUrl = `${site.origin}/blog`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '  <channel>',
    `    <title>${escapeXml(`${blogHeader.title} | ${site.brand}`)}</title>`,
    `    <link>${escapeXml(blogUrl)}</link>`,
    `    <description>${escapeXml(blogHeader.lead)}</description>`,
    '    <language>en-GB</language>',
    ...(lastChange ? [`    <lastBuildDate>${rfc822(lastChange)}</lastBuildDate>`] : []),
    `    <atom:link href="${escapeXml(`${site.origin}${feedPathForRoute('/blog')}`)}" rel="self" type="application/rss+xml"/>`,
    ...newestFirst.map(item),
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}
