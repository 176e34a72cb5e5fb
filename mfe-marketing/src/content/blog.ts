import { articleSummaries } from './articles/catalog.articles';

/**
 * The blog's articles as the route table and the cards need them: title, excerpt, byline, dates and
 * reading time, from the front matter of the Markdown files in `articles/` (the build makes them
 * into this catalog and checks every field, see mfe-marketing/README.md). Their bodies are separate
 * chunks, which only the article pages load (`blog-articles.ts`), so the always-loaded routes
 * module stays small.
 */

export interface BlogSummary {
  /** The article's URL segment (/blog/<slug>). */
  readonly slug: string;
  readonly title: string;
  /** The card's and the feed's summary (front matter `description`). */
  readonly excerpt: string;
  /** The meta description (120–160 characters), when the excerpt is longer than that (front matter `metaDescription`). */
  readonly description?: string;
  readonly author: string;
  /** One of SPEC's five: Scholarships, Visa Guide, Admissions, Country Guide, Applications. */
  readonly category: string;
  /** The article shown first, larger (exactly one is). */
  readonly featured: boolean;
  /** Published, as printed, e.g. "14 January 2025". */
  readonly date: string;
  /** Published, ISO, for <time datetime>. */
  readonly isoDate: string;
  /** Last updated, as printed. */
  readonly updatedDate: string;
  /** Last updated, ISO. */
  readonly updatedIsoDate: string;
  /** e.g. "3 min read": the body's words at 200 a minute. */
  readonly readTime: string;
  /** The body's words (the BlogPosting JSON-LD's wordCount). */
  readonly wordCount: number;
}

/** The article's own page. */
export function blogPath(post: Pick<BlogSummary, 'slug'>): string {
  return `/blog/${post.slug}`;
}

/** Featured first, then newest first. */
export const blogSummaries: readonly BlogSummary[] = articleSummaries;

export const blogHeader = {
  eyebrow: 'Blog',
  title: 'Study Abroad Insights',
  lead: 'Practical, honest advice from our advisors on scholarships, applications, student visas and choosing where to study.',
} as const;

export const blogSections = {
  featuredTitle: 'Featured article',
  moreTitle: 'More articles',
  featuredBadge: 'Featured',
  readText: 'Read article',
  backText: 'Back to all articles',
  byline: 'By',
  /** Before the date an article was last changed, shown when it differs from the date published. */
  updated: 'Updated',
} as const;

export const newsletter = {
  title: 'Get new articles by email',
  intro: 'New guides on scholarships, applications and visas, written by our advisors.',
  label: 'Email address',
  placeholder: 'you@example.com',
  button: 'Subscribe',
  /** Sent while the sign-up is on its way; the answers themselves live in @kesho/site-rules/lead-status. */
  sending: 'Signing you up…',
} as const;
