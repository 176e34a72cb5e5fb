import { expect } from '../support/fixtures';
import { releaseWithArticles, test } from '../support/scratch-site';

/**
 * The marketing team's content workflow: an article added as one Markdown file reaches /blog, the
 * feed, the sitemap and a page of its own with marketing's next release; a malformed one fails the
 * build with the file and field named, and the site stays as it was. Released into this test's
 * copy of the built site (e2e/support/scratch-site.ts).
 */

const slug = 'ielts-or-toefl-which-english-test-to-take';
const title = 'IELTS or TOEFL? Which English Test to Take';

test.describe.configure({ mode: 'serial' });

test('a malformed article fails the build, naming the file and the field, and releases nothing', async ({ request, scratch }) => {
  const before = await (await request.get('/mfe/remotes.json')).text();
  const failure = await releaseWithArticles(scratch, 'e2e/fixtures/articles/malformed').then(
    () => null,
    (error: { stderr?: string }) => error.stderr ?? '',
  );
  expect(failure).toContain('e2e/fixtures/articles/malformed/a-test-article-without-a-category.md: front matter field "category" is missing');
  expect(await (await request.get('/mfe/remotes.json')).text()).toBe(before);
});

test('an article added as a Markdown file is on /blog, in the feed and the sitemap, and has its own page', async ({ page, request, scratch }) => {
  expect((await request.get(`/blog/${slug}`)).status()).toBe(404);
  await releaseWithArticles(scratch, 'e2e/fixtures/articles/new');

  await page.goto('/blog');
  const card = page.getByRole('article', { name: title });
  await expect(card).toBeVisible();
  await expect(card.getByRole('link', { name: `Read article: ${title}` })).toHaveAttribute('href', `/blog/${slug}`);

  const feed = await (await request.get('/blog/rss.xml')).text();
  expect(feed).toContain(`<title>IELTS or TOEFL? Which English Test to Take</title>`);
  expect(feed).toContain(`<link>https://www.keshoglobal.co.ke/blog/${slug}</link>`);
  expect(await (await request.get('/sitemap.xml')).text()).toContain(`<loc>https://www.keshoglobal.co.ke/blog/${slug}</loc>`);

  const response = await page.goto(`/blog/${slug}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.getByText('Updated 11 March 2025')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'How the tests differ' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'ask us' })).toHaveAttribute('href', '/contact');
  await expect(page.locator('strong', { hasText: 'English test score' })).toBeVisible();
  const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
  expect(jsonLd.map((text) => JSON.parse(text) as Record<string, unknown>)).toContainEqual(
    expect.objectContaining({ '@type': 'BlogPosting', headline: title, datePublished: '2025-03-04', dateModified: '2025-03-11' }),
  );
  const ogImage = await page.locator('meta[property="og:image"]').getAttribute('content');
  expect(ogImage).toMatch(new RegExp(`/og/blog-${slug}\\.[0-9a-f]{8}\\.png$`));
  expect((await request.get(new URL(ogImage ?? '').pathname)).headers()['content-type']).toBe('image/png');
});
