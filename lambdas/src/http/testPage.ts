/**
 * The clearly marked test pages of the built-in sandboxes (card checkout, M-Pesa phone prompt): one
 * banner on the API's page shell (serverPage.ts), so every test page says the same thing the same way.
 */
import { escapeHtml } from './html';
import { serverPageDocument } from './serverPage';

export const SANDBOX_BANNER = 'TEST MODE — no real payment';

const TEST_PAGE_STYLE = `
.banner{background:#ffd43b;color:#1a1300;border-bottom:4px solid #1a1300;padding:1rem;text-align:center}
.banner p{margin:0}
.banner strong{display:block;font-size:1.5rem;letter-spacing:.02em}
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
  return serverPageDocument({
    title: `${page.title} (${SANDBOX_BANNER})`,
    style: `${TEST_PAGE_STYLE}${page.style}`,
    header: `
<header class="banner">
<p><strong>${SANDBOX_BANNER}</strong> ${escapeHtml(page.simulates)}</p>
</header>`,
    mainContent: page.mainContent,
  });
}
