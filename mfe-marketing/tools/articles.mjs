/**
 * The blog's articles as the marketing team writes them: one Markdown file per article under
 * src/content/articles/, its front matter (YAML between `---` lines) validated here, its text parsed
 * by mdast-util-from-markdown (the unified/remark family's parser) into the blocks the article page
 * renders. This runs at build time only (the webpack loader beside it, and the jest transform):
 * no Markdown parser and no article body reaches a browser bundle except the one article's own chunk.
 *
 * What an article may use: paragraphs, `##` and `###` headings, bulleted and numbered lists, links,
 * *emphasis*, **strong** and `code`. Anything else (raw HTML, images, tables, quotes, code blocks,
 * a `#` heading: the page's title is its one h1) fails the build with the file and line named, so
 * nothing the page cannot show safely gets through.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { frontmatterFromMarkdown } from 'mdast-util-frontmatter';
import { frontmatter } from 'micromark-extension-frontmatter';
import { parse as parseYaml } from 'yaml';
import { site } from '@kesho/site-rules/site';

/** The blog's categories, in the order SPEC.md names them. */
export const BLOG_CATEGORIES = ['Scholarships', 'Visa Guide', 'Admissions', 'Country Guide', 'Applications'];

/** Who may sign an article: a founder (by name, as in @kesho/site-rules/site) or the advisory team. */
export const ADVISORY_TEAM = `${site.brand} advisory team`;
export const BLOG_AUTHORS = [...site.founders.map((founder) => founder.name), ADVISORY_TEAM];

/** Words a minute for the reading time ("3 min read"). */
const WORDS_PER_MINUTE = 200;

const FIELDS = ['slug', 'title', 'description', 'metaDescription', 'category', 'published', 'updated', 'author', 'featured'];
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const LINK = /^(?:\/(?!\/)|https:\/\/|mailto:|tel:)/;

export class ArticleError extends Error {
  constructor(file, message) {
    super(`${file}: ${message}`);
    this.name = 'ArticleError';
  }
}

/** "14 January 2025" for 2025-01-14 (build time only, so Intl costs no visitor anything). */
const printedDate = (iso) => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));

const isRealDate = (text) => ISO_DATE.test(text) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text);

/** The front matter, checked field by field; every problem names the field. */
function validateFrontMatter(data, file) {
  const fail = (message) => {
    throw new ArticleError(file, message);
  };
  if (typeof data !== 'object' || data === null || Array.isArray(data)) fail('the front matter must be a list of "field: value" lines between two "---" lines at the top');
  for (const key of Object.keys(data)) if (!FIELDS.includes(key)) fail(`front matter field "${key}" is not one of ${FIELDS.join(', ')}`);
  const text = (field, { optional = false, min = 1, max = Infinity } = {}) => {
    const value = data[field];
    if (value === undefined || value === null) return optional ? undefined : fail(`front matter field "${field}" is missing`);
    if (typeof value !== 'string' || value.trim() === '') fail(`front matter field "${field}" must be a text`);
    if (value !== value.trim()) fail(`front matter field "${field}" starts or ends with a space`);
    if (value.length < min || value.length > max) fail(`front matter field "${field}" must be ${min} to ${max} characters long (it has ${value.length})`);
    return value;
  };
  const date = (field) => {
    const value = data[field];
    if (value === undefined || value === null) fail(`front matter field "${field}" is missing`);
    // YAML reads 2025-01-14 as text (its core schema): a date written any other way is refused.
    if (typeof value !== 'string' || !isRealDate(value)) fail(`front matter field "${field}" must be a date written YYYY-MM-DD (it is ${JSON.stringify(value)})`);
    return value;
  };
  const slug = text('slug');
  if (!SLUG.test(slug)) fail(`front matter field "slug" must be lower-case letters, digits and single hyphens, e.g. "proof-of-funds" (it is "${slug}")`);
  const category = text('category');
  if (!BLOG_CATEGORIES.includes(category)) fail(`front matter field "category" must be one of ${BLOG_CATEGORIES.join(', ')} (it is "${category}")`);
  const author = text('author');
  if (!BLOG_AUTHORS.includes(author)) fail(`front matter field "author" must be one of ${BLOG_AUTHORS.join(', ')} (it is "${author}")`);
  const published = date('published');
  const updated = date('updated');
  if (updated < published) fail(`front matter field "updated" (${updated}) is before "published" (${published})`);
  const featured = data.featured ?? false;
  if (typeof featured !== 'boolean') fail('front matter field "featured" must be true or false');
  return {
    slug,
    title: text('title', { max: 120 }),
    description: text('description', { min: 50, max: 300 }),
    metaDescription: text('metaDescription', { optional: true, min: 50, max: 160 }),
    category,
    author,
    published,
    updated,
    featured,
  };
}

/** Inline content: text, or emphasis, strong, code and links around more of it. */
function inlineOf(nodes, file) {
  return nodes.map((node) => {
    switch (node.type) {
      case 'text':
        // A line break inside a paragraph is a space, as the browser shows it.
        return node.value.replace(/\s*\n\s*/g, ' ');
      case 'emphasis':
      case 'strong':
        return { kind: node.type, content: inlineOf(node.children, file) };
      case 'inlineCode':
        return { kind: 'code', text: node.value };
      case 'link':
        if (!LINK.test(node.url))
          throw new ArticleError(`${file}:${node.position?.start.line}`, `the link "${node.url}" must start with "/" (a page of this site), "https://", "mailto:" or "tel:"`);
        return { kind: 'link', href: node.url, content: inlineOf(node.children, file) };
      case 'break':
        return ' ';
      default:
        throw new ArticleError(`${file}:${node.position?.start.line}`, `${describe(node)} is not allowed in an article (text, links, *emphasis*, **strong** and \`code\` are)`);
    }
  });
}

function describe(node) {
  if (node.type === 'html') return `raw HTML (${JSON.stringify(node.value.slice(0, 40))})`;
  return `a Markdown "${node.type}"`;
}

/** The inline content of a list item: one paragraph (a tight or loose item alike). */
function itemOf(item, file) {
  const [paragraph, ...rest] = item.children;
  if (!paragraph || paragraph.type !== 'paragraph' || rest.length > 0) {
    throw new ArticleError(`${file}:${item.position?.start.line}`, 'a list item must be one paragraph of text (no nested lists or blocks)');
  }
  return inlineOf(paragraph.children, file);
}

function blocksOf(nodes, file) {
  return nodes.map((node) => {
    const where = `${file}:${node.position?.start.line}`;
    switch (node.type) {
      case 'paragraph':
        return { kind: 'paragraph', content: inlineOf(node.children, file) };
      case 'heading':
        if (node.depth !== 2 && node.depth !== 3) throw new ArticleError(where, `use "##" or "###" for headings (the page's title is its only "#" heading)`);
        return { kind: 'heading', level: node.depth, content: inlineOf(node.children, file) };
      case 'list':
        return { kind: 'list', ordered: Boolean(node.ordered), items: node.children.map((item) => itemOf(item, file)) };
      default:
        throw new ArticleError(where, `${describe(node)} is not allowed in an article (paragraphs, "##"/"###" headings and lists are)`);
    }
  });
}

/** The plain text of inline content, as a reader sees it. */
export function inlineText(content) {
  return content.map((part) => (typeof part === 'string' ? part : part.kind === 'code' ? part.text : inlineText(part.content))).join('');
}

/** Every word of a body, for the reading time and the JSON-LD word count. */
export function countWords(body) {
  const texts = body.flatMap((block) => (block.kind === 'list' ? block.items.map(inlineText) : [inlineText(block.content)]));
  return texts.reduce((total, text) => total + text.split(/\s+/).filter(Boolean).length, 0);
}

/**
 * One article file: its front matter (validated) with what the pages print from it (dates, reading
 * time) and its body. `file` names it in errors (a path relative to the repository reads best).
 */
export function parseArticle(markdown, file) {
  const tree = fromMarkdown(markdown, { extensions: [frontmatter(['yaml'])], mdastExtensions: [frontmatterFromMarkdown(['yaml'])] });
  const [first, ...content] = tree.children;
  if (!first || first.type !== 'yaml')
    throw new ArticleError(
      file,
      'the file must start with its front matter: a "---" line, the fields (slug, title, description, category, published, updated, author, featured), and a "---" line',
    );
  let data;
  try {
    data = parseYaml(first.value);
  } catch (error) {
    throw new ArticleError(file, `the front matter is not valid YAML: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
  }
  const fields = validateFrontMatter(data, file);
  const body = blocksOf(content, file);
  if (body.length === 0) throw new ArticleError(file, 'the article has no text below its front matter');
  const words = countWords(body);
  return {
    summary: {
      ...fields,
      date: printedDate(fields.published),
      updatedDate: printedDate(fields.updated),
      readTime: `${Math.max(1, Math.round(words / WORDS_PER_MINUTE))} min read`,
      wordCount: words,
    },
    body,
  };
}

/** The Markdown files of the given folders, in a stable order. */
export function articleFiles(dirs) {
  return dirs.flatMap((dir) =>
    fs
      .readdirSync(dir)
      .filter((name) => name.endsWith('.md') && name !== 'README.md')
      .sort()
      .map((name) => path.join(dir, name)),
  );
}

/**
 * Every article of the given folders, newest first with the featured one at the top; refuses two
 * articles with one slug and anything but exactly one featured article. `nameOf` turns a path into
 * what errors print.
 */
export function readCatalog(dirs, nameOf = (file) => file) {
  const articles = articleFiles(dirs).map((file) => ({ file, ...parseArticle(fs.readFileSync(file, 'utf8'), nameOf(file)) }));
  const seen = new Map();
  for (const article of articles) {
    if (path.basename(article.file) !== `${article.summary.slug}.md`) throw new ArticleError(nameOf(article.file), `the file must be named after its slug: ${article.summary.slug}.md`);
    const other = seen.get(article.summary.slug);
    if (other) throw new ArticleError(nameOf(article.file), `the slug "${article.summary.slug}" is already the slug of ${nameOf(other)}`);
    seen.set(article.summary.slug, article.file);
  }
  const featured = articles.filter((article) => article.summary.featured);
  if (articles.length > 0 && featured.length !== 1) {
    throw new ArticleError(dirs.join(', '), `exactly one article must have "featured: true" (${featured.length ? featured.map((article) => nameOf(article.file)).join(', ') : 'none has'})`);
  }
  return articles.sort(
    (a, b) => Number(b.summary.featured) - Number(a.summary.featured) || b.summary.published.localeCompare(a.summary.published) || a.summary.slug.localeCompare(b.summary.slug),
  );
}
