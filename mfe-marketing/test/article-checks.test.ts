/**
 * @jest-environment node
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The build refuses a malformed article with a message naming the file and the field or line
 * (tools/articles.mjs, which the webpack loader and check-articles.mjs run alike).
 */
const checker = path.join(__dirname, '..', 'tools', 'check-articles.mjs');
const articlesDir = path.join(__dirname, '..', 'src', 'content', 'articles');

const valid = {
  slug: 'a-test-article',
  title: 'A Test Article',
  description: 'A summary long enough for a card, the feed and the meta description of the page.',
  category: 'Scholarships',
  author: 'Grace Wanjiru Kamau',
  published: '2025-02-03',
  updated: '2025-02-10',
  featured: 'true',
};

function article(fields: Record<string, string | undefined>, body = 'Some text with a [link](/contact) and *emphasis*.\n\n## A heading\n\n- one\n- two\n'): string {
  const lines = Object.entries(fields)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${key}: ${value}`);
  return `---\n${lines.join('\n')}\n---\n\n${body}`;
}

/** Runs the checker on a folder holding one article; returns its exit status and what it printed. */
function check(markdown: string, fileName = 'a-test-article.md'): { status: number; output: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kesho-articles-'));
  try {
    fs.writeFileSync(path.join(dir, fileName), markdown);
    try {
      const output = execFileSync(process.execPath, [checker, dir], { cwd: dir, encoding: 'utf8', stdio: 'pipe' });
      return { status: 0, output };
    } catch (error) {
      const failure = error as { status: number; stderr: string };
      return { status: failure.status, output: failure.stderr };
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('checking the articles', () => {
  it('passes the site’s own articles', () => {
    const output = execFileSync(process.execPath, [checker, articlesDir], { encoding: 'utf8' });
    expect(output.trim().split('\n')).toHaveLength(6);
  });

  it('passes a well-formed article and prints its address, dates and reading time', () => {
    expect(check(article(valid))).toEqual({ status: 0, output: '/blog/a-test-article  Scholarships, 3 February 2025, updated 10 February 2025, 1 min read, featured\n' });
  });

  it.each([
    ['a missing title', { title: undefined }, 'a-test-article.md: front matter field "title" is missing'],
    [
      'an unknown category',
      { category: 'Travel' },
      'a-test-article.md: front matter field "category" must be one of Scholarships, Visa Guide, Admissions, Country Guide, Applications (it is "Travel")',
    ],
    ['a date written another way', { published: '3 February 2025' }, 'a-test-article.md: front matter field "published" must be a date written YYYY-MM-DD (it is "3 February 2025")'],
    ['a date that does not exist', { updated: '2025-02-30' }, 'front matter field "updated" must be a date written YYYY-MM-DD'],
    ['an update before publication', { updated: '2025-01-01' }, 'front matter field "updated" (2025-01-01) is before "published" (2025-02-03)'],
    [
      'an author the site does not know',
      { author: 'Someone Else' },
      'front matter field "author" must be one of Grace Wanjiru Kamau, Brian Otieno Odhiambo, Kesho Global Education advisory team',
    ],
    ['a slug with capitals', { slug: 'A-Test' }, 'front matter field "slug" must be lower-case letters, digits and single hyphens'],
    ['featured not a yes or no', { featured: 'maybe' }, 'front matter field "featured" must be true or false'],
    ['an unknown field', { summary: 'x' }, 'front matter field "summary" is not one of slug, title, description'],
    ['a short description', { description: 'Too short.' }, 'front matter field "description" must be 50 to 300 characters long (it has 10)'],
  ])('refuses %s, naming the file and the field', (_why, change, message) => {
    const { status, output } = check(article({ ...valid, ...change }));
    expect(status).toBe(1);
    expect(output).toContain(message);
  });

  it('refuses a file without front matter', () => {
    expect(check('Just text.\n').output).toContain('a-test-article.md: the file must start with its front matter');
  });

  it('refuses front matter that is not YAML', () => {
    expect(check('---\ntitle: [unclosed\n---\n\nText.\n').output).toContain('a-test-article.md: the front matter is not valid YAML');
  });

  it('refuses a file not named after its slug', () => {
    expect(check(article(valid), 'other-name.md').output).toContain('other-name.md: the file must be named after its slug: a-test-article.md');
  });

  it.each([
    ['raw HTML', 'Text.\n\n<script>alert(1)</script>\n', 'a-test-article.md:14: raw HTML ("<script>alert(1)</script>") is not allowed'],
    ['inline raw HTML', 'Text with <b>bold</b>.\n', 'a-test-article.md:12: raw HTML ("<b>") is not allowed'],
    ['a second h1', '# Title again\n', 'a-test-article.md:12: use "##" or "###" for headings'],
    ['an image', '![a photo](/photo.png)\n', 'a Markdown "image" is not allowed'],
    ['a script link', '[click](javascript:alert(1))\n', 'the link "javascript:alert(1)" must start with "/"'],
    ['a nested list', '- one\n  - two\n', 'a list item must be one paragraph of text'],
  ])('refuses %s in the body, naming the line', (_why, body, message) => {
    const { status, output } = check(article(valid, body));
    expect(status).toBe(1);
    expect(output).toContain(message);
  });
});
