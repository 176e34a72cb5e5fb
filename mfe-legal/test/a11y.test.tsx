import '@testing-library/jest-dom';
import type { ComponentType } from 'react';
import { render } from '@testing-library/react';
import axe from 'axe-core';
import { TestShell, createRecordingShell } from '@kesho/shell-kit/testing';
import { routes } from '../src/routes';

/** The page inside the landmark the shell gives it, in a document with a language and a title. */
function renderInMain(path: string, title: string, Page: ComponentType) {
  document.documentElement.lang = 'en';
  document.title = title;
  return render(
    <TestShell shell={createRecordingShell(path)}>
      <main id="main-content">
        <Page />
      </main>
    </TestShell>,
  );
}

describe('accessibility of the legal pages', () => {
  it.each(routes.map((route) => [route.path, route] as const))(
    '%s has no axe violations (WCAG 2.2 AA and best practices; colours are checked in the browser)',
    async (path, route) => {
      const { default: Page } = await route.load();
      renderInMain(path, route.title, Page);
      const results = await axe.run(document, {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
        // jsdom has no layout or computed CSS variables, so contrast is left to the e2e run.
        rules: { 'color-contrast': { enabled: false } },
      });
      expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`)).toEqual([]);
    },
  );
});
