import { createGlobalStyle } from 'styled-components';
import { palette } from './palette';

/**
 * Design tokens. Values live once, as CSS custom properties set by the shell's global style;
 * remotes style with `tokens.*`, which are `var(--…)` references, so they follow the shell's theme
 * without a theme provider of their own. Colours meet WCAG AA on the backgrounds they are used on.
 */

type PaletteKey = keyof typeof palette;

const cssName = (key: string) => `--c-${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

export const tokens = {
  color: Object.fromEntries(Object.keys(palette).map((key) => [key, `var(${cssName(key)})`])) as Record<PaletteKey, string>,
  font: {
    body: 'var(--font-body)',
    heading: 'var(--font-heading)',
  },
  radius: { sm: '6px', md: '10px', lg: '16px', pill: '999px' },
  shadow: {
    card: '0 1px 2px rgba(15, 23, 42, 0.06), 0 4px 12px rgba(15, 23, 42, 0.06)',
    raised: '0 8px 24px rgba(15, 23, 42, 0.12)',
  },
  space: (n: number) => `${n * 0.25}rem`,
  /**
   * The least height of anything a finger taps (buttons, links styled as controls, fields), and the
   * width too for icon-only controls: 44 CSS px, the size a fingertip hits without missing.
   */
  touchTarget: '2.75rem',
  maxWidth: '72rem',
  headerHeight: '4rem',
} as const;

/** Media queries: mobile first, these switch the desktop layouts on. Code that asks `window.matchMedia` takes the query from here too (`mediaQuery`). */
export const media = {
  sm: '@media (min-width: 40rem)',
  md: '@media (min-width: 48rem)',
  lg: '@media (min-width: 64rem)',
  reducedMotion: '@media (prefers-reduced-motion: reduce)',
  print: '@media print',
} as const;

/** A media token as `window.matchMedia` takes it: "@media (min-width: 64rem)" → "(min-width: 64rem)". */
export type MediaRule = (typeof media)[keyof typeof media];
export const mediaQuery = (rule: MediaRule): string => rule.slice('@media '.length);

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
