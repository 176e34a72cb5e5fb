import '@testing-library/jest-dom';
import type { ComponentType } from 'react';
import axe from 'axe-core';
import { renderPageInShell } from '@kesho/shell-kit/testing';
import HomePage from '../src/pages/HomePage';
import AboutPage from '../src/pages/AboutPage';
import ServicesPage from '../src/pages/ServicesPage';
import FaqPage from '../src/pages/FaqPage';

const pages: [string, ComponentType][] = [
  ['/', HomePage],
  ['/about', AboutPage],
  ['/services', ServicesPage],
  ['/faq', FaqPage],
];

describe.each(pages)('the page at %s', (path, Page) => {
  it('has one h1 and never skips a heading level', () => {
    const { container } = renderPageInShell(path, Page);
    const levels = Array.from(container.querySelectorAll('h1, h2, h3, h4, h5, h6')).map((h) => Number(h.tagName[1]));
    expect(levels.filter((level) => level === 1)).toHaveLength(1);
    expect(levels[0]).toBe(1);
    levels.reduce((previous, level) => {
      expect(level).toBeLessThanOrEqual(previous + 1);
      return level;
    });
  });

  it('uses each id once', () => {
    const { container } = renderPageInShell(path, Page);
    const ids = Array.from(container.querySelectorAll('[id]')).map((element) => element.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('has no axe violations (WCAG 2.2 AA and best practices; colours are checked in the browser)', async () => {
    const { container } = renderPageInShell(path, Page);
    const results = await axe.run(container, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
      // jsdom has no layout or computed CSS variables, so contrast is left to the e2e run.
      rules: { 'color-contrast': { enabled: false } },
    });
    expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`)).toEqual([]);
  });
});
