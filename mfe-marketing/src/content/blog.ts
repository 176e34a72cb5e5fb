import { site } from '@kesho/common/site';

/**
 * The blog's articles as the route table and the cards need them: title, excerpt, byline and the
 * URL made from the title. Their bodies live in `blog-articles.ts`, which only the blog's page chunks
 * load, so the always-loaded routes module stays small.
 */

export const blogCategories = ['Scholarships', 'Visa Guide', 'Admissions', 'Country Guide', 'Applications'] as const;
export type BlogCategory = (typeof blogCategories)[number];

export interface BlogSummary {
  /** Names the article's body in `blog-articles.ts`; never shown. */
  readonly id: BlogPostId;
  /** The article's URL segment, made from its title by `slugOf`. */
  readonly slug: string;
  readonly title: string;
  readonly excerpt: string;
  /** The meta description (120–160 characters), when the excerpt is longer than that. */
  readonly description?: string;
  readonly author: string;
  /** As printed, e.g. "14 January 2025". */
  readonly date: string;
  /** ISO date for <time datetime>. */
  readonly isoDate: string;
  readonly category: BlogCategory;
  /** e.g. "3 min read": the body's words at 200 a minute (blog.test.tsx checks it against the body). */
  readonly readTime: string;
}

export type BlogPostId =
  | 'finding-and-winning-scholarships'
  | 'uk-student-visa-documents-checklist'
  | 'writing-a-memorable-personal-statement'
  | 'canada-or-australia'
  | 'study-abroad-application-timeline'
  | 'proof-of-funds-for-student-visas';

function founderName(index: number): string {
  const founder = site.founders[index];
  if (!founder) throw new Error(`The site configuration has no founder number ${index + 1}`);
  return founder.name;
}

const ADVISORY_TEAM = `${site.brand} advisory team`;

/** "Canada or Australia? How to Choose…" → "canada-or-australia-how-to-choose…". */
export function slugOf(title: string): string {
  return title
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** The article's own page. */
export function blogPath(post: Pick<BlogSummary, 'slug'>): string {
  return `/blog/${post.slug}`;
}

const summaries: readonly Omit<BlogSummary, 'slug'>[] = [
  {
    id: 'finding-and-winning-scholarships',
    readTime: '3 min read',
    title: 'How to Find and Win Scholarships to Study Abroad from Kenya',
    excerpt: 'Scholarships reward preparation more than luck. Where to look, when to start and how to write an application that stands out from thousands of others.',
    author: founderName(0),
    date: '14 January 2025',
    isoDate: '2025-01-14',
    category: 'Scholarships',
  },
  {
    id: 'uk-student-visa-documents-checklist',
    readTime: '3 min read',
    title: 'UK Student Visa Documents: A Checklist for Kenyan Students',
    excerpt: 'From your CAS to the 28-day bank statement rule and the tuberculosis test, here is every document a Kenyan applicant should prepare before booking a visa appointment.',
    author: founderName(1),
    date: '6 January 2025',
    isoDate: '2025-01-06',
    category: 'Visa Guide',
    description: 'Every document a Kenyan applicant needs for a UK Student visa: the CAS, the 28-day bank statement rule, the tuberculosis test and the mistakes to avoid.',
  },
  {
    id: 'writing-a-memorable-personal-statement',
    readTime: '3 min read',
    title: 'How to Write a Personal Statement That Admissions Tutors Remember',
    excerpt: 'Admissions tutors spend only a few minutes on each statement. Learn what they look for, how to structure your story and the mistakes that quietly sink strong applicants.',
    author: founderName(0),
    date: '16 December 2024',
    isoDate: '2024-12-16',
    category: 'Admissions',

    description: 'What admissions tutors look for in a personal statement, a structure that works and the mistakes that quietly sink strong study abroad applicants.',
  },
  {
    id: 'canada-or-australia',
    readTime: '3 min read',
    title: 'Canada or Australia? How to Choose Your Study Destination',
    excerpt: 'Both countries offer excellent universities, part-time work and post-study work visas. Compare costs, intakes, visa rules and career prospects before you decide.',
    author: ADVISORY_TEAM,
    date: '2 December 2024',
    isoDate: '2024-12-02',
    category: 'Country Guide',

    description: 'Canada or Australia for your studies? Compare universities, costs, intakes, part-time work, post-study work visas and career prospects before you decide.',
  },
  {
    id: 'study-abroad-application-timeline',
    readTime: '2 min read',
    title: 'Your Study Abroad Timeline: A Month-by-Month Application Planner',
    excerpt: 'Applying abroad takes longer than most families expect. This planner works back from a September start so that nothing is left to the last minute.',
    author: ADVISORY_TEAM,
    date: '18 November 2024',
    isoDate: '2024-11-18',
    category: 'Applications',
  },
  {
    id: 'proof-of-funds-for-student-visas',
    readTime: '3 min read',
    title: 'Proof of Funds: How to Show You Can Pay for Your Studies',
    excerpt: 'Financial evidence is the most common reason for student visa refusals. What counts, how long the money must be held, and the red flags visa officers look for.',
    author: founderName(1),
    date: '4 November 2024',
    isoDate: '2024-11-04',
    category: 'Visa Guide',
  },
];

export const blogSummaries: readonly BlogSummary[] = summaries.map((summary) => ({ ...summary, slug: slugOf(summary.title) }));

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
} as const;

export const newsletter = {
  title: 'Get new articles by email',
  intro: 'New guides on scholarships, applications and visas, written by our advisors.',
  label: 'Email address',
  placeholder: 'you@example.com',
  button: 'Subscribe',
  /** Sent while the sign-up is on its way; the answers themselves live in @kesho/common/lead-status. */
  sending: 'Signing you up…',
} as const;
