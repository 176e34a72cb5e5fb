/**
 * @jest-environment node
 */
import { renderToString } from 'react-dom/server';
import { ServerStyleSheet } from 'styled-components';
import { ShellContext } from '@kesho/shell-kit';
import { createRecordingShell } from '@kesho/shell-kit/testing';
import { serviceRoutes } from '../src/routes/services';

// The pages are prerendered in Node (no window, no document) and then hydrated: the HTML must not
// depend on the environment or on when it is rendered.
async function prerender(path: string) {
  const route = serviceRoutes.find((candidate) => candidate.path === path);
  if (!route) throw new Error(`no route for ${path}`);
  const { default: Page } = await route.load();
  const sheet = new ServerStyleSheet();
  try {
    const html = renderToString(
      sheet.collectStyles(
        <ShellContext.Provider value={createRecordingShell(path)}>
          <Page />
        </ShellContext.Provider>,
      ),
    );
    return { html, css: sheet.getStyleTags() };
  } finally {
    sheet.seal();
  }
}

describe.each(serviceRoutes.map((route) => [route.path]))('prerendering %s', (path) => {
  it('produces the whole page as HTML in Node, without a browser', async () => {
    const { html, css } = await prerender(path);
    expect(typeof window).toBe('undefined');
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
    expect(html).toContain('href="/contact"');
    expect(css).toContain('<style');
  });

  it('produces the same HTML every time', async () => {
    const first = await prerender(path);
    const second = await prerender(path);
    expect(second.html).toBe(first.html);
  });

  it('gives every element id on the page once', async () => {
    const { html } = await prerender(path);
    const ids = Array.from(html.matchAll(/\sid="([^"]+)"/g), (match) => match[1]);
    expect(ids.length).toBeGreaterThan(5);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
