/**
 * @jest-environment node
 */
import { renderToString } from 'react-dom/server';
import { ServerStyleSheet } from 'styled-components';
import { TestShell, createRecordingShell } from '@kesho/shell-kit/testing';
import { routes } from '../src/routes';

async function prerender(path: string): Promise<string> {
  const route = routes.find((candidate) => candidate.path === path);
  if (!route) throw new Error(`no route ${path}`);
  const { default: Page } = await route.load();
  const sheet = new ServerStyleSheet();
  try {
    return renderToString(
      sheet.collectStyles(
        <TestShell shell={createRecordingShell(path)}>
          <Page />
        </TestShell>,
      ),
    );
  } finally {
    sheet.seal();
  }
}

describe('prerendering the legal pages in Node', () => {
  it.each(routes.map((route) => route.path))('renders %s without a browser, the same way every time', async (path) => {
    expect(typeof window).toBe('undefined');
    const first = await prerender(path);
    const second = await prerender(path);
    expect(second).toBe(first);
    expect(first).toContain('Last Updated: January 2025');
    expect(first).not.toMatch(/undefined|\[object Object\]|NaN/);
  });
});
