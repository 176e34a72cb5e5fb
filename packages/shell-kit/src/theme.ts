import { palette } from './palette';

/**
 * Design tokens. Values live once, as CSS custom properties set by the shell's global style;
 * remotes style with `tokens.*`, which are `var(--…)` references, so they follow the shell's theme
 * without a theme provider of their own. Colours meet WCAG AA on the backgrounds they are used on.
 */

type PaletteKey = keyof typeof palette;

/** "primaryHover" → "--c-primary-hover": the custom property a palette colour is set in. */
export const cssName = (key: string) => `--c-${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

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
