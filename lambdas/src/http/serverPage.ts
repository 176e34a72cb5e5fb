/**
 * The few pages the API itself renders (the sandboxes' test pages, the newsletter's link pages): one
 * document shell and one base style. Plain server-rendered HTML that works without any script, never
 * indexed, never cached (the `html` response).
 */
import { site } from '@kesho/site-rules/site';
import { escapeHtml } from './html';

const BASE_STYLE = `
*,*::before,*::after{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;line-height:1.5;color:#1a1a1a;background:#f6f7f9}
main{margin:0 auto;padding:1.5rem 1rem 3rem}
h1{font-size:1.75rem;margin:0 0 .5rem}
button:focus-visible,a:focus-visible{outline:3px solid #1a4fd6;outline-offset:3px}
a{color:#1a4fd6}
`;

export interface ServerPage {
  /** The document title, before " | <brand>". */
  readonly title: string;
  /** The page's own rules, added after the base style. */
  readonly style: string;
  /** Markup before <main> (a banner), if any. */
  readonly header?: string;
  readonly mainContent: string;
}

export function serverPageDocument(page: ServerPage): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(`${page.title} | ${site.brand}`)}</title>
<style>${BASE_STYLE}${page.style}</style>
</head>
<body>${page.header ?? ''}
<main id="main-content">${page.mainContent}
</main>
</body>
</html>
`;
}
