/**
 * The site's global rules, apart from the shared kit (`@kesho/shell-kit/global-style`): only the
 * shell's prerender (which writes them into every document) and a remote's standalone harness use
 * them, so the browser of a visitor never downloads them as script.
 */
import { createGlobalStyle } from 'styled-components';
import { palette } from './palette';
import { cssName } from './theme';

const rootVariables = Object.entries(palette)
  .map(([key, value]) => `${cssName(key)}: ${value};`)
  .join('\n');

/**
 * The site's global rules, as plain CSS. The shell writes them into every document it renders (a
 * static <style> parsed with the HTML), so the browser never compiles them at start-up; a remote's
 * standalone harness, which has no such document, injects them through `GlobalStyle`.
 */
export const globalCss = `
  :root {
    ${rootVariables}
    --font-body: system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif;
    --font-heading: var(--font-body);
    color-scheme: light;
  }
  *, *::before, *::after { box-sizing: border-box; }
  html { -webkit-text-size-adjust: 100%; scroll-padding-top: 5rem; }
  body {
    margin: 0;
    font-family: var(--font-body);
    font-size: 1rem;
    line-height: 1.6;
    color: var(--c-text);
    background: var(--c-background);
    text-rendering: optimizeSpeed;
  }
  h1, h2, h3, h4 { font-family: var(--font-heading); line-height: 1.25; margin: 0 0 0.75rem; color: var(--c-text); }
  h1 { font-size: clamp(1.875rem, 4vw + 1rem, 3rem); }
  h2 { font-size: clamp(1.5rem, 2vw + 1rem, 2.125rem); }
  h3 { font-size: 1.25rem; }
  p { margin: 0 0 1rem; }
  a { color: var(--c-primary); text-underline-offset: 0.15em; }
  a:hover { color: var(--c-primary-hover); }
  img, svg { display: block; max-width: 100%; }
  button, input, select, textarea { font: inherit; color: inherit; }
  :focus-visible { outline: 3px solid var(--c-focus); outline-offset: 2px; }
  .visually-hidden {
    position: absolute !important; width: 1px; height: 1px; padding: 0; margin: -1px;
    overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0;
  }
  @media print {
    [data-print-hide] { display: none !important; }
  }
  @media (prefers-reduced-motion: reduce) {
    *, *::before, *::after { animation-duration: 0.01ms !important; animation-iteration-count: 1 !important; transition-duration: 0.01ms !important; scroll-behavior: auto !important; }
  }
`.replace(/\n\s*/g, '');

/** The global rules for a remote's standalone harness. The composed site gets them from its document. */
export const GlobalStyle = createGlobalStyle`${globalCss}`;
