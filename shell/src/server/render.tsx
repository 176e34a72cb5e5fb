import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { ServerStyleSheet } from 'styled-components';
import { palette, ShellContext, type PageRoute, type ShellApi } from '@kesho/shell-kit';
import { globalCss } from '@kesho/shell-kit/global-style';
import { scriptOnlyHiddenCss } from '@kesho/site-rules/script-only';
import { feedPathForRoute } from '@kesho/release-model/page-routes';
import { site, validateSite } from '@kesho/site-rules/site';
import { App } from '../app/App';
import { headFor, robotsContent } from '../app/head';
import { NOT_FOUND_TITLE } from '../pages/NotFound';
import type { Resolution } from '../app/resolution';
import type { PointerDocument } from '../federation/pointer';
import { POINTERS_ELEMENT_ID, ROOT_ELEMENT_ID, SAMPLE_RATE_META } from './documentIds';
import { organizationJsonLd } from './structuredData';

// Every build and release renders its pages with this module: a fact an operator's edit left
// malformed stops it here, naming the fact (browser bundles skip the check, which reads every fact).
validateSite(site);

/**
 * The prerenderer calls this (in Node) once per route with the page component of the remote that
 * serves it: the shell owns the whole document, the remote only its page.
 */
/** A page's Open Graph image: a 1200×630 PNG under a build's folder, and what it shows. */
export interface ShareImage {
  readonly url: string;
  readonly alt: string;
}

/**
 * The share cards the shell's build draws (scripts/lib/share-images.mjs): the not-found page's, and
 * the site's own, for a page whose remote build drew none (a build older than share cards).
 */
export const shellShareCards = [
  { path: '/404', title: NOT_FOUND_TITLE },
  { path: '/site', title: site.brand },
];

export interface DocumentAssets {
  /** Shell entry scripts, in order. */
  readonly scripts: readonly string[];
  /** Files the current route needs next (the remote's manifest, entry and page chunks). */
  readonly preloads: readonly { readonly href: string; readonly as: 'script' | 'fetch' | 'style' | 'font' | 'image' }[];
  /** The share of page views that report client events (0–1; default 1). */
  readonly clientEventsSampleRate?: number;
  /** The page's Open Graph image. */
  readonly shareImage?: ShareImage;
  /** The web app manifest and the apple-touch-icon (180×180) of the shell build. */
  readonly manifest?: string;
  readonly appleTouchIcon?: string;
}

export interface RenderDocumentInput {
  readonly path: string;
  /** The page; absent for the not-found document. */
  readonly page?: { readonly route: PageRoute; readonly Component: ComponentType; readonly jsonLd?: readonly object[] };
  readonly pointers: PointerDocument;
  readonly assets: DocumentAssets;
}

const escapeHtml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** JSON inside a <script> element must never close it. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** The feeds a page announces: its route's own, and those of the routes above it (the blog's on every article). */
function feedsOf(path: string, pointers: PointerDocument): { readonly href: string; readonly title: string }[] {
  return pointers.remotes
    .flatMap((remote) => remote.routes)
    .filter((route) => route.feed && (route.path === path || path.startsWith(route.path === '/' ? '/' : `${route.path}/`)))
    .map((route) => ({ href: feedPathForRoute(route.path), title: route.title }));
}

export function renderDocument({ path, page, pointers, assets }: RenderDocumentInput): string {
  const resolution: Resolution = page ? { kind: 'page', path, route: page.route, Component: page.Component } : { kind: 'not-found', path };
  const sheet = new ServerStyleSheet();
  let body: string;
  let styles: string;
  try {
    body = renderToString(
      sheet.collectStyles(
        <StaticRouter location={path}>
          <App initial={resolution} pointers={pointers} />
        </StaticRouter>,
      ),
    );
    styles = sheet.getStyleTags();
  } finally {
    sheet.seal();
  }

  const head = headFor(resolution);
  const jsonLd = [organizationJsonLd(), ...(page?.jsonLd ?? [])];
  const lines = [
    '<!doctype html>',
    '<html lang="en-GB">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}">`,
    `<meta name="robots" content="${robotsContent(head)}">`,
    head.canonical ? `<link rel="canonical" href="${escapeHtml(head.canonical)}">` : '',
    '<meta property="og:type" content="website">',
    `<meta property="og:site_name" content="${escapeHtml(site.brand)}">`,
    '<meta property="og:locale" content="en_GB">',
    `<meta property="og:title" content="${escapeHtml(head.title)}">`,
    `<meta property="og:description" content="${escapeHtml(head.description)}">`,
    head.canonical ? `<meta property="og:url" content="${escapeHtml(head.canonical)}">` : '',
    ...(assets.shareImage
      ? [
          `<meta property="og:image" content="${escapeHtml(`${site.origin}${assets.shareImage.url}`)}">`,
          '<meta property="og:image:type" content="image/png">',
          '<meta property="og:image:width" content="1200">',
          '<meta property="og:image:height" content="630">',
          `<meta property="og:image:alt" content="${escapeHtml(assets.shareImage.alt)}">`,
          '<meta name="twitter:card" content="summary_large_image">',
        ]
      : ['<meta name="twitter:card" content="summary">']),
    `<meta name="theme-color" content="${palette.primary}">`,
    assets.clientEventsSampleRate !== undefined ? `<meta name="${SAMPLE_RATE_META}" content="${assets.clientEventsSampleRate}">` : '',
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    assets.appleTouchIcon ? `<link rel="apple-touch-icon" href="${escapeHtml(assets.appleTouchIcon)}">` : '',
    assets.manifest ? `<link rel="manifest" href="${escapeHtml(assets.manifest)}">` : '',
    ...(page ? feedsOf(path, pointers) : []).map((feed) => `<link rel="alternate" type="application/rss+xml" title="${escapeHtml(feed.title)}" href="${escapeHtml(feed.href)}">`),
    ...assets.scripts.map((src) => `<script defer src="${escapeHtml(src)}"></script>`),
    // The page is readable before any script runs, so scripts must not compete with what paints:
    // the preloads start at once but at low priority (the default "high" for a preloaded script
    // would make them render-blocking in the browser's eyes).
    ...assets.preloads.map(
      (preload) =>
        `<link rel="preload" href="${escapeHtml(preload.href)}" as="${preload.as}"${preload.as === 'fetch' || preload.as === 'font' ? ' crossorigin' : ''}${preload.as === 'script' || preload.as === 'fetch' ? ' fetchpriority="low"' : ''}>`,
    ),
    // The global rules come first, as GlobalStyle's did, so components' rules win over them.
    `<style id="kesho-global-style">${globalCss}</style>`,
    styles,
    // Controls only the app can serve are hidden when scripts are off, rather than shown dead.
    `<noscript><style>${scriptOnlyHiddenCss}</style></noscript>`,
    ...jsonLd.map((data) => `<script type="application/ld+json">${scriptJson(data)}</script>`),
    '</head>',
    '<body>',
    `<div id="${ROOT_ELEMENT_ID}" data-path="${escapeHtml(path)}">${body}</div>`,
    `<script type="application/json" id="${POINTERS_ELEMENT_ID}">${scriptJson(pointers)}</script>`,
    '</body>',
    '</html>',
    '',
  ];
  return lines.filter((line) => line !== '').join('\n');
}

/**
 * What a page throws when rendered alone, outside the Suspense boundary the document gives it (where
 * React turns the error into client rendering and keeps quiet): the release names it when it refuses
 * the page. Undefined when the page renders.
 */
export function renderErrorOf({ path, page }: { readonly path: string; readonly page: NonNullable<RenderDocumentInput['page']> }): string | undefined {
  const api: ShellApi = { pathname: path, search: '', navigate: () => undefined, historyState: () => null, setHistoryState: () => undefined, toast: () => undefined };
  const Page = page.Component;
  try {
    renderToString(
      <StaticRouter location={path}>
        <ShellContext.Provider value={api}>
          <Page />
        </ShellContext.Provider>
      </StaticRouter>,
    );
    return undefined;
  } catch (error) {
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    // Error #130: an element whose type is undefined, most often an import the live shell-kit lacks.
    return /error #130\b|Element type is invalid/.test(message) ? `${message} (a component is undefined: does it import something the live @kesho/shell-kit does not export?)` : message;
  }
}
