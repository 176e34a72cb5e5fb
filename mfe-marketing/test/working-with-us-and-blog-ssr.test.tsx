/**
 * @jest-environment node
 */
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { ShellContext } from '@kesho/shell-kit';
import { createRecordingShell } from '@kesho/shell-kit/testing';
import PricingPage from '../src/pages/PricingPage';
import ContactPage from '../src/pages/ContactPage';
import SuccessStoriesPage from '../src/pages/SuccessStoriesPage';
import BlogPage from '../src/pages/BlogPage';
import { blockTexts, blogPosts } from './support/blog-posts';
import { articlePage } from '../src/pages/BlogArticlePage';

const pages: [string, ComponentType][] = [
  ['/pricing', PricingPage],
  ['/contact', ContactPage],
  ['/success-stories', SuccessStoriesPage],
  ['/blog', BlogPage],
  ...blogPosts.map((post): [string, ComponentType] => [`/blog/${post.slug}`, articlePage(post).default]),
];

const prerender = (path: string, Page: ComponentType) =>
  renderToString(
    <ShellContext.Provider value={createRecordingShell(path)}>
      <Page />
    </ShellContext.Provider>,
  );

/** renderToString escapes text the way HTML needs it. */
const escaped = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');

describe.each(pages)('prerendering %s', (path, Page) => {
  it('works without a browser and gives the same HTML every time', () => {
    const first = prerender(path, Page);
    expect(first.match(/<h1/g)).toHaveLength(1);
    expect(prerender(path, Page)).toBe(first);
  });

  it('uses each id once', () => {
    const ids = Array.from(prerender(path, Page).matchAll(/\sid="([^"]+)"/g), (match) => match[1]);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('the prerendered blog, read without JavaScript', () => {
  it('links each card to its article’s own page', () => {
    const html = prerender('/blog', BlogPage);
    for (const post of blogPosts) expect(html).toContain(`href="/blog/${post.slug}"`);
  });

  it.each(blogPosts.map((post) => [post.slug, post] as const))('prints /blog/%s in full with a link back to /blog', (slug, post) => {
    const html = prerender(`/blog/${slug}`, articlePage(post).default);
    for (const block of post.body) {
      for (const text of blockTexts(block)) expect(html).toContain(escaped(text));
    }
    expect(html).toContain('href="/blog"');
  });
});

describe('the prerendered pricing page', () => {
  it('shows its four questions as closed native disclosures', () => {
    const html = prerender('/pricing', PricingPage);
    expect(html.match(/<details/g)).toHaveLength(4);
    expect(html).not.toMatch(/<details[^>]*\sopen/);
  });
});

describe('the prerendered contact form', () => {
  it('posts to the enquiries API (never a GET that would put details in a URL), with the browser checking the fields', () => {
    const html = prerender('/contact', ContactPage);
    const form = /<form[^>]*>/.exec(html)?.[0] ?? '';
    expect(form).toContain('method="post"');
    expect(form).toContain('action="/api/enquiries"');
    expect(html).not.toMatch(/<form[^>]*novalidate/i);
    const controls = html.match(/<(input|select|textarea)\b[^>]*>/g) ?? [];
    expect(controls).toHaveLength(6);
    for (const name of ['name', 'email', 'phone', 'country', 'message']) {
      const control = controls.find((candidate) => candidate.includes(` name="${name}"`)) ?? '';
      expect(control).toContain(' required=""');
    }
    const honeypot = controls.find((candidate) => candidate.includes(' name="website"')) ?? '';
    expect(honeypot).toContain('tabindex="-1"');
  });

  it('holds every post-submit outcome, hidden until the redirect’s fragment targets it', () => {
    const html = prerender('/contact', ContactPage);
    for (const id of ['contact-sent', 'contact-invalid', 'contact-rate-limited', 'contact-unavailable']) expect(html).toContain(`id="${id}"`);
    expect(html).toContain('We&#x27;ll get back to you within 24 hours.');
  });
});
