import '@testing-library/jest-dom';
import { render, screen, waitFor, within } from '@testing-library/react';
import { TestShell, createRecordingShell } from '@kesho/shell-kit/testing';
import BlogPage from '../src/pages/BlogPage';
import { blogSummaries } from '../src/content/blog';
import { blockTexts, blogPosts } from './support/blog-posts';
import { blogRoutes } from '../src/routes/blog';
import { NEWSLETTER_CONSENT_TEXT } from '@kesho/site-rules/contact-schema';
import { renderPage } from './support/renderPage';

function mockFetch(status: number, body: unknown): { url: string; body: unknown }[] {
  const requests: { url: string; body: unknown }[] = [];
  globalThis.fetch = jest.fn(async (url: string | URL | Request, init?: RequestInit) => {
    requests.push({ url: String(url), body: JSON.parse(String(init?.body)) });
    return { ok: status < 300, status, json: async () => body } as Response;
  }) as typeof fetch;
  if (!('timeout' in AbortSignal)) Object.assign(AbortSignal, { timeout: () => new AbortController().signal });
  return requests;
}

const renderBlog = () => renderPage(BlogPage, '/blog');

const readLink = (title: string) => screen.getByRole('link', { name: `Read article: ${title}` });

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('the blog page', () => {
  it('has the heading "Study Abroad Insights"', () => {
    renderBlog();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Study Abroad Insights');
  });

  it('features the first article and lists the five others as cards', () => {
    renderBlog();
    const featured = within(screen.getByRole('region', { name: 'Featured article' })).getAllByRole('article');
    expect(featured).toHaveLength(1);
    expect(featured[0]).toHaveAccessibleName(blogPosts[0]?.title);
    const more = within(screen.getByRole('region', { name: 'More articles' })).getAllByRole('article');
    expect(more.map((card) => card.querySelector('h3')?.textContent)).toEqual(blogPosts.slice(1).map((post) => post.title));
  });

  it('shows each post’s category, author, date, reading time and excerpt', () => {
    renderBlog();
    for (const post of blogPosts) {
      const card = within(screen.getByRole('article', { name: post.title }));
      expect(card.getByText(post.category)).toBeInTheDocument();
      expect(card.getByText(`By ${post.author}`)).toBeInTheDocument();
      expect(card.getByText(post.date)).toHaveAttribute('datetime', post.isoDate);
      expect(card.getByText(post.readTime)).toBeInTheDocument();
      expect(card.getByText(post.excerpt)).toBeInTheDocument();
    }
  });

  it('covers all five categories', () => {
    expect(blogPosts).toHaveLength(6);
    expect(new Set(blogPosts.map((post) => post.category))).toEqual(new Set(['Scholarships', 'Visa Guide', 'Admissions', 'Country Guide', 'Applications']));
  });

  it('has a full article of 400 to 700 words behind every card, with a reading time to match', () => {
    for (const post of blogPosts) {
      const words = post.body.flatMap(blockTexts).reduce((total, text) => total + text.split(/\s+/).filter(Boolean).length, 0);
      expect(post.wordCount).toBe(words);
      expect(words).toBeGreaterThanOrEqual(400);
      expect(words).toBeLessThanOrEqual(700);
      expect(post.readTime).toBe(`${Math.round(words / 200)} min read`);
    }
    expect(new Set(blogPosts.map((post) => post.slug)).size).toBe(6);
  });

  it('names each Read link after its article and points it at the article’s own page', async () => {
    const { user, shell } = renderBlog();
    for (const post of blogPosts) {
      expect(readLink(post.title)).toHaveAttribute('href', `/blog/${post.slug}`);
      expect(readLink(post.title)).toHaveTextContent(/^Read article$/);
    }
    const post = blogPosts[2];
    if (!post) throw new Error('missing post');
    await user.click(readLink(post.title));
    expect(shell.navigations).toEqual([`/blog/${post.slug}`]);
  });

  it('prints no article bodies: they live on the articles’ pages', () => {
    renderBlog();
    const lastBlock = blogPosts[0]?.body.at(-1);
    expect(lastBlock?.kind).toBe('paragraph');
    expect(screen.queryByText(lastBlock ? (blockTexts(lastBlock)[0] ?? '') : '')).not.toBeInTheDocument();
  });

  it('has a newsletter form that posts to the subscriptions API, with its consent text', () => {
    const { container } = renderBlog();
    const email = screen.getByRole('textbox', { name: 'Email address' });
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toHaveAttribute('name', 'email');
    const form = email.closest('form');
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', '/api/subscriptions');
    expect(email).toHaveAccessibleDescription(expect.stringContaining(NEWSLETTER_CONSENT_TEXT));
    expect(container.querySelector('#newsletter-confirmed')).not.toBeNull();
  });

  it('signs up by JSON, says to check the inbox and clears the field', async () => {
    const { user, shell } = renderBlog();
    const requests = mockFetch(202, { status: 'pending' });
    const email = screen.getByRole('textbox', { name: 'Email address' });
    await user.type(email, 'reader@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText(/Please check your email\. We sent you a link to confirm/)).toBeInTheDocument();
    expect(email).toHaveValue('');
    expect(requests).toEqual([{ url: '/api/subscriptions', body: { email: 'reader@example.com', website: '' } }]);
    expect(shell.navigations).toEqual([]);
  });

  it('keeps the address and explains when it is refused, never posting an invalid one', async () => {
    const { user } = renderBlog();
    const requests = mockFetch(429, { error: 'There were several sign-ups from here in a short time. Please wait an hour and try again.' });
    const email = screen.getByRole('textbox', { name: 'Email address' });
    await user.type(email, 'reader@localhost');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(email).toHaveAccessibleDescription(expect.stringContaining('Please enter a valid email address, like you@example.com')));
    expect(requests).toEqual([]);

    await user.clear(email);
    await user.type(email, 'reader@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(email).toHaveAccessibleDescription(expect.stringContaining('several sign-ups from here')));
    expect(email).toHaveValue('reader@example.com');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveFocus();
  });
});

describe('the article pages', () => {
  it('have one listed route per article at /blog/<slug>, at the addresses they always had', () => {
    const articleRoutes = blogRoutes.filter((route) => route.path.startsWith('/blog/'));
    expect(articleRoutes.map((route) => route.path)).toEqual([
      '/blog/how-to-find-and-win-scholarships-to-study-abroad-from-kenya',
      '/blog/uk-student-visa-documents-a-checklist-for-kenyan-students',
      '/blog/how-to-write-a-personal-statement-that-admissions-tutors-remember',
      '/blog/canada-or-australia-how-to-choose-your-study-destination',
      '/blog/your-study-abroad-timeline-a-month-by-month-application-planner',
      '/blog/proof-of-funds-how-to-show-you-can-pay-for-your-studies',
    ]);
    for (const [index, route] of articleRoutes.entries()) {
      expect(route.title).toBe(`${blogSummaries[index]?.title} | Kesho Global Education`);
      expect(route.listed).toBe(true);
    }
  });

  it.each(blogPosts.map((post) => [post.slug, post] as const))('/blog/%s renders the article with its h1, body, byline and a link back to /blog', async (slug, post) => {
    const route = blogRoutes.find((candidate) => candidate.path === `/blog/${slug}`);
    if (!route) throw new Error(`no route for ${slug}`);
    const { default: Page, jsonLd } = await route.load();
    const shell = createRecordingShell(route.path);
    render(
      <TestShell shell={shell}>
        <Page />
      </TestShell>,
    );
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(post.title);
    expect(screen.getByText(`By ${post.author}`)).toBeInTheDocument();
    expect(screen.getByText(post.date)).toHaveAttribute('datetime', post.isoDate);
    for (const block of post.body) {
      if (block.kind === 'heading') expect(screen.getByRole('heading', { level: block.level, name: blockTexts(block)[0] })).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'Back to all articles' })).toHaveAttribute('href', '/blog');
    expect(jsonLd).toEqual([
      expect.objectContaining({
        '@context': 'https://schema.org',
        '@type': 'BlogPosting',
        headline: post.title,
        datePublished: post.isoDate,
        dateModified: post.updatedIsoDate,
        author: post.author.endsWith('advisory team') ? expect.objectContaining({ '@type': 'Organization' }) : { '@type': 'Person', name: post.author },
        wordCount: post.wordCount,
        description: route.description,
        url: expect.stringMatching(new RegExp(`^https://[^/]+/blog/${slug}$`)),
      }),
    ]);
  });

  it('keeps every body out of the route table', () => {
    for (const summary of blogSummaries) expect(summary).not.toHaveProperty('body');
  });
});

describe('the feed', () => {
  it('is an RSS 2.0 document of every article, newest first, made by the /blog route at release', async () => {
    const blog = blogRoutes.find((route) => route.path === '/blog');
    const xml = await blog?.feed?.();
    if (!xml) throw new Error('the /blog route has no feed');
    const feed = new DOMParser().parseFromString(xml, 'application/xml');
    expect(feed.querySelector('parsererror')).toBeNull();
    expect(feed.documentElement.nodeName).toBe('rss');
    expect(feed.documentElement.getAttribute('version')).toBe('2.0');
    const channel = feed.querySelector('rss > channel');
    for (const required of ['title', 'link', 'description']) expect(channel?.querySelector(`:scope > ${required}`)?.textContent).toBeTruthy();
    expect(channel?.querySelector(':scope > link')?.textContent).toBe('https://www.keshoglobal.co.ke/blog');
    const items = [...feed.querySelectorAll('channel > item')];
    const newestFirst = [...blogSummaries].sort((a, b) => b.isoDate.localeCompare(a.isoDate));
    expect(items.map((item) => item.querySelector('title')?.textContent)).toEqual(newestFirst.map((post) => post.title));
    for (const [index, post] of newestFirst.entries()) {
      const item = items[index];
      expect(item?.querySelector('link')?.textContent).toBe(`https://www.keshoglobal.co.ke/blog/${post.slug}`);
      expect(item?.querySelector('description')?.textContent).toBe(post.excerpt);
      expect(item?.querySelector('category')?.textContent).toBe(post.category);
      expect(new Date(item?.querySelector('pubDate')?.textContent ?? '').toISOString().slice(0, 10)).toBe(post.isoDate);
    }
  });

  it('is not announced by the article routes themselves (the shell links /blog’s feed from them)', () => {
    expect(blogRoutes.filter((route) => route.feed).map((route) => route.path)).toEqual(['/blog']);
  });
});
