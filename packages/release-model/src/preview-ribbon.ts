/**
 * The ribbon a previewing browser sees on every page ("Preview: marketing <buildId>", with "Exit
 * preview"), and the notice shown instead of a preview when its link expired or is not valid. Both
 * are written into the variant folders' pages when a release makes them (scripts/lib/release, the
 * AWS release publisher), outside the app's root element: plain HTML and CSS in the page, so the
 * ribbon costs the normal visitor nothing (live pages never carry it) and needs no script to show or
 * to leave. Such pages also say `noindex`.
 */
import { EXIT_PREVIEW, PREVIEW_PARAMETER } from './build-choice';

export type Ribbon = { readonly kind: 'preview'; readonly app: string; readonly build: string } | { readonly kind: 'expired' } | { readonly kind: 'invalid' };

export const RIBBON_ELEMENT_ID = 'kesho-preview-ribbon';

/** What each ribbon says. */
export function ribbonText(ribbon: Ribbon): string {
  switch (ribbon.kind) {
    case 'preview':
      return `Preview: ${ribbon.app} ${ribbon.build}`;
    case 'expired':
      return 'This preview link has expired, or its preview has ended: you are seeing the live site.';
    case 'invalid':
      return 'This preview link is not valid (it was changed, or not made by this site): you are seeing the live site.';
  }
}

const RIBBON_CSS =
  `#${RIBBON_ELEMENT_ID}{display:flex;flex-wrap:wrap;gap:.25rem 1rem;align-items:center;justify-content:center;padding:.5rem 1rem;` +
  'background:#1f2933;color:#fff;font:600 .9375rem/1.4 system-ui,sans-serif;text-align:center}' +
  `#${RIBBON_ELEMENT_ID} a{color:#fff;text-decoration:underline;text-underline-offset:.15em}` +
  `#${RIBBON_ELEMENT_ID} a:focus-visible{outline:3px solid #ffd166;outline-offset:2px}`;

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The ribbon's HTML: a labelled region before the app's root, with the link that ends the preview. */
export function ribbonHtml(ribbon: Ribbon): string {
  // A link relative to the page's own address: it ends the preview on whatever page the visitor is.
  const exit = ribbon.kind === 'preview' ? ` <a href="?${PREVIEW_PARAMETER}=${EXIT_PREVIEW}">Exit preview</a>` : '';
  return `<aside id="${RIBBON_ELEMENT_ID}" aria-label="Preview"><span>${escapeHtml(ribbonText(ribbon))}</span>${exit}</aside>`;
}

const ROBOTS_META = /<meta name="robots" content="[^"]*">/;

/** A prerendered page with the ribbon, its style and `noindex`; throws on a page that is not one of ours. */
export function withRibbon(html: string, ribbon: Ribbon): string {
  if (!html.includes('</head>') || !/<body>/.test(html)) throw new Error('withRibbon: not a prerendered page (no </head> or <body>)');
  const noindex = '<meta name="robots" content="noindex, nofollow">';
  const head = ROBOTS_META.test(html) ? html.replace(ROBOTS_META, noindex) : html.replace('</head>', `${noindex}\n</head>`);
  return head.replace('</head>', `<style id="${RIBBON_ELEMENT_ID}-style">${RIBBON_CSS}</style>\n</head>`).replace('<body>', `<body>\n${ribbonHtml(ribbon)}`);
}
