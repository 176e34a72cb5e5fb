/**
 * @jest-environment node
 */
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { ShellContext } from '@kesho/shell-kit';
import { createRecordingShell } from '@kesho/shell-kit/testing';
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

const prerender = (path: string, Page: ComponentType) =>
  renderToString(
    <ShellContext.Provider value={createRecordingShell(path)}>
      <Page />
    </ShellContext.Provider>,
  );

describe.each(pages)('prerendering %s', (path, Page) => {
  it('works without a browser and gives the same HTML every time', () => {
    const first = prerender(path, Page);
    expect(first).toContain('<h1');
    expect(prerender(path, Page)).toBe(first);
  });
});

describe('the prerendered FAQ', () => {
  it('is readable without JavaScript: every question is a native disclosure in one group, all closed', () => {
    const html = prerender('/faq', FaqPage);
    expect(html.match(/<details[^>]*name="faq"/g)).toHaveLength(16);
    expect(html).not.toMatch(/<details[^>]*\sopen/);
    expect(html.match(/<summary/g)).toHaveLength(16);
  });
});

describe('the prerendered home page', () => {
  it('contains the university strip twice, the copy hidden from assistive technology', () => {
    const html = prerender('/', HomePage);
    expect(html.match(/University of Auckland/g)).toHaveLength(2);
    expect(html).toMatch(/<ul[^>]*aria-hidden="true"[^>]*>(?:(?!<\/ul>).)*University of Auckland/);
  });
});
