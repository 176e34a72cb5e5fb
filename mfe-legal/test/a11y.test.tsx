import '@testing-library/jest-dom';
import axe from 'axe-core';
import { renderPageInShell } from '@kesho/shell-kit/testing';
import { routes } from '../src/routes';

describe('accessibility of the legal pages', () => {
  it.each(routes.map((route) => [route.path, route] as const))('%s has no axe violations (WCAG 2.2 AA and best practices; colours are checked in the browser)', async (path, route) => {
    const { default: Page } = await route.load();
    renderPageInShell(path, Page, route.title);
    const results = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
      // jsdom has no layout or computed CSS variables, so contrast is left to the e2e run.
      rules: { 'color-contrast': { enabled: false } },
    });
    expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`)).toEqual([]);
  });
});
