import '@testing-library/jest-dom';
import type { ComponentType } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { renderPageInShell } from '@kesho/shell-kit/testing';
import PricingPage from '../src/pages/PricingPage';
import ContactPage from '../src/pages/ContactPage';
import SuccessStoriesPage from '../src/pages/SuccessStoriesPage';
import BlogPage from '../src/pages/BlogPage';
import { blogPosts } from './support/blog-posts';
import { articlePage } from '../src/pages/BlogArticlePage';

const pages: [string, ComponentType][] = [
  ['/pricing', PricingPage],
  ['/contact', ContactPage],
  ['/success-stories', SuccessStoriesPage],
  ['/blog', BlogPage],
];

async function axeViolations(container: HTMLElement): Promise<string[]> {
  const results = await axe.run(container, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
    // jsdom has no layout or computed CSS variables, so contrast is left to the e2e run.
    rules: { 'color-contrast': { enabled: false } },
  });
  return results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`);
}

function headingLevels(container: HTMLElement): number[] {
  return Array.from(container.querySelectorAll('h1, h2, h3, h4, h5, h6')).map((heading) => Number(heading.tagName[1]));
}

function expectNoSkippedLevels(levels: number[]) {
  expect(levels.filter((level) => level === 1)).toHaveLength(1);
  expect(levels[0]).toBe(1);
  levels.reduce((previous, level) => {
    expect(level).toBeLessThanOrEqual(previous + 1);
    return level;
  });
}

describe.each(pages)('the page at %s', (path, Page) => {
  it('has one h1 and never skips a heading level', () => {
    const { container } = renderPageInShell(path, Page);
    expectNoSkippedLevels(headingLevels(container));
  });

  it('uses each id once', () => {
    const { container } = renderPageInShell(path, Page);
    const ids = Array.from(container.querySelectorAll('[id]')).map((element) => element.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('hides its icons from assistive technology', () => {
    const { container } = renderPageInShell(path, Page);
    container.querySelectorAll('svg').forEach((icon) => expect(icon).toHaveAttribute('aria-hidden', 'true'));
  });

  it('has no axe violations (WCAG 2.2 AA and best practices; colours are checked in the browser)', async () => {
    const { container } = renderPageInShell(path, Page);
    expect(await axeViolations(container)).toEqual([]);
  });
});

describe('accessibility in other states', () => {
  it('the contact form showing its error messages has no axe violations', async () => {
    const { container } = renderPageInShell('/contact', ContactPage);
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    // The submit waits for the form's code (fetched with the first touch of the form).
    expect(await screen.findByText('Please enter your full name')).toBeInTheDocument();
    expect(await axeViolations(container)).toEqual([]);
  });

  it('a blog article page has no axe violations and keeps the heading order', async () => {
    const post = blogPosts[1];
    if (!post) throw new Error('missing post');
    const { container } = renderPageInShell(`/blog/${post.slug}`, articlePage(post).default);
    expectNoSkippedLevels(headingLevels(container));
    expect(await axeViolations(container)).toEqual([]);
  });
});
