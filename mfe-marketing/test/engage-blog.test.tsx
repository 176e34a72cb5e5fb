import '@testing-library/jest-dom';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TestShell, createRecordingShell } from '@kesho/shell-kit/testing';
import BlogPage from '../src/pages/BlogPage';
import { blogCategories, blogPosts, countWords } from '../src/content/blog';
import { NEWSLETTER_CONSENT_TEXT } from '@kesho/common/contact-schema';

function mockFetch(status: number, body: unknown): { url: string; body: unknown }[] {
  const requests: { url: string; body: unknown }[] = [];
  globalThis.fetch = jest.fn(async (url: string | URL | Request, init?: RequestInit) => {
    requests.push({ url: String(url), body: JSON.parse(String(init?.body)) });
    return { ok: status < 300, status, json: async () => body } as Response;
  }) as typeof fetch;
  if (!('timeout' in AbortSignal)) Object.assign(AbortSignal, { timeout: () => new AbortController().signal });
  return requests;
}

function renderBlog() {
  const shell = createRecordingShell('/blog');
  const user = userEvent.setup();
  const view = render(
    <TestShell shell={shell}>
      <BlogPage />
    </TestShell>,
  );
  return { shell, user, ...view };
}

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
    expect(more.map((card) => card.querySelector('h3')?.textContent)).toEqual(
      blogPosts.slice(1).map((post) => post.title),
    );
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
    expect(new Set(blogPosts.map((post) => post.category))).toEqual(new Set(blogCategories));
    expect(blogCategories).toEqual(['Scholarships', 'Visa Guide', 'Admissions', 'Country Guide', 'Applications']);
  });

  it('has a full article of 400 to 700 words behind every card, with a reading time to match', () => {
    for (const post of blogPosts) {
      const words = countWords(post.body);
      expect(words).toBeGreaterThanOrEqual(400);
      expect(words).toBeLessThanOrEqual(700);
      expect(post.readTime).toBe(`${Math.round(words / 200)} min read`);
    }
    expect(new Set(blogPosts.map((post) => post.slug)).size).toBe(6);
  });

  it('names each Read link after its article and points it at the article in the page', () => {
    renderBlog();
    for (const post of blogPosts) {
      expect(readLink(post.title)).toHaveAttribute('href', `#${post.slug}`);
    }
  });

  it('opens an article in place and moves focus to its title', async () => {
    const { user, shell } = renderBlog();
    const post = blogPosts[2];
    if (!post) throw new Error('missing post');
    await user.click(readLink(post.title));

    const title = screen.getByRole('heading', { level: 2, name: post.title });
    expect(title).toHaveFocus();
    const article = screen.getByRole('article', { name: post.title });
    const lastBlock = post.body[post.body.length - 1];
    expect(lastBlock?.kind).toBe('paragraph');
    expect(within(article).getByText(lastBlock && lastBlock.kind === 'paragraph' ? lastBlock.text : '')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'More articles' })).not.toBeInTheDocument();
    expect(shell.navigations).toEqual([]);
  });

  it('returns focus to the Read link when going back to all articles', async () => {
    const { user } = renderBlog();
    const post = blogPosts[4];
    if (!post) throw new Error('missing post');
    await user.click(readLink(post.title));
    await user.click(screen.getByRole('button', { name: 'Back to all articles' }));

    expect(screen.queryByRole('heading', { level: 2, name: post.title })).not.toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(6);
    expect(readLink(post.title)).toHaveFocus();
  });

  it('works by keyboard alone', async () => {
    const { user } = renderBlog();
    const post = blogPosts[0];
    if (!post) throw new Error('missing post');
    readLink(post.title).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('heading', { level: 2, name: post.title })).toHaveFocus();

    await user.tab();
    expect(screen.getByRole('button', { name: 'Back to all articles' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(readLink(post.title)).toHaveFocus();
  });

  it('opens the article named in the address when the page loads', () => {
    const post = blogPosts[3];
    if (!post) throw new Error('missing post');
    window.history.replaceState(null, '', `/blog#${post.slug}`);
    renderBlog();
    expect(screen.getByRole('heading', { level: 2, name: post.title })).toHaveFocus();
  });

  it('once interactive, shows full articles on demand instead of printing them all below the list', () => {
    renderBlog();
    expect(screen.queryByRole('region', { name: 'Full articles' })).not.toBeInTheDocument();
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
