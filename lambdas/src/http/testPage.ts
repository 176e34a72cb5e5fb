/**
 * The clearly marked test pages of the built-in sandboxes (card checkout, M-Pesa phone prompt): one
 * document shell, one banner and one base style, so every test page says the same thing the same way.
 * The pages are plain server-rendered HTML: they must work without any script.
 */
import { site } from '@kesho/common/site';
import { escapeHtml } from './html';

export const SANDBOX_BANNER = 'TEST MODE — no real payment';

const BASE_STYLE = `
*,*::before,*::after{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;line-height:1.5;color:#1a1a1a;background:#f6f7f9}
.banner{background:#ffd43b;color:#1a1300;border-bottom:4px solid #1a1300;padding:1rem;text-align:center}
.banner p{margin:0}
.banner strong{display:block;font-size:1.5rem;letter-spacing:.02em}
main{margin:0 auto;padding:1.5rem 1rem 3rem}
h1{font-size:1.75rem;margin:0 0 .5rem}
button:focus-visible,a:focus-visible{outline:3px solid #1a4fd6;outline-offset:3px}
a{color:#1a4fd6}
.notice{background:#fff;border:1px solid #d0d4da;border-left:6px solid #1a4fd6;padding:1rem;margin-bottom:1.5rem}
.notice p{margin:0}
`;

export interface TestPage {
  readonly title: string;
  /** What the page stands in for, after the banner: "This page simulates …". */
  readonly simulates: string;
  /** The page's own rules, added after the base style. */
  readonly style: string;
  readonly mainContent: string;
}

export function testPageDocument(page: TestPage): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(`${page.title} (${SANDBOX_BANNER}) | ${site.brand}`)}</title>
<style>${BASE_STYLE}${page.style}</style>
</head>
<body>
<header class="banner">
<p><strong>${SANDBOX_BANNER}</strong> ${escapeHtml(page.simulates)}</p>
</header>
<main id="main-content">${page.mainContent}
</main>
</body>
</html>
`;
}
