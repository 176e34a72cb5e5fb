/**
 * What a prerendered page must show before it may go live: the checks a release runs on every page it
 * staged, locally (scripts/lib/release/verify.mjs) and in AWS (packages/release-model/src/engine/publish.ts), so a page that renders
 * nothing is refused in both places by the same rules.
 *
 * React's server renderer does not fail when a component throws inside a Suspense boundary: it writes
 * the client-render marker (`<!--$!-->`) and the boundary's fallback, and the page reaches crawlers and
 * visitors without JavaScript empty. So the checks read the HTML itself, not only whether rendering threw.
 */

/** What the page of a route is expected to carry: its own title (absent for the not-found page). */
export interface ExpectedPage {
  readonly route: string;
  readonly title?: string;
}

/** The text of the shell's error screen, shown when a page throws while rendering. */
export const ERROR_SCREEN_HEADING = 'Unexpected Application Error!';

/** React writes this comment where a Suspense boundary gave up rendering on the server. */
const CLIENT_RENDER_MARKER = '<!--$!-->';

const escapeHtml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The HTML inside the page's `<main>` element, or null when there is none. */
export function mainContentOf(html: string): string | null {
  const open = /<main\b[^>]*>/.exec(html);
  if (!open) return null;
  const start = open.index + open[0].length;
  const end = html.indexOf('</main>', start);
  return end === -1 ? null : html.slice(start, end);
}

/** The visible text of an HTML fragment: comments, templates, scripts, styles and tags removed. */
function visibleText(fragment: string): string {
  return fragment
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(template|script|style)\b[\s\S]*?<\/\1>/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Every reason the page may not go live, in words a team can act on; empty when it may.
 * `renderError` is what threw while rendering, when the renderer could tell.
 */
export function pageProblems(html: string, expected: ExpectedPage, renderError?: string): string[] {
  const problems: string[] = [];
  const main = mainContentOf(html);
  if (html.includes(CLIENT_RENDER_MARKER)) {
    problems.push(`a component threw while rendering, so the page would reach visitors empty until its script runs${renderError ? `: ${renderError}` : ''}`);
  }
  if (main === null) {
    problems.push('it has no <main> element');
  } else {
    if (main.includes(ERROR_SCREEN_HEADING)) problems.push(`it renders the error screen ("${ERROR_SCREEN_HEADING}")`);
    if (visibleText(main) === '') problems.push('its <main> is empty');
    else if (!/<h1\b[^>]*>[\s\S]*?\S[\s\S]*?<\/h1>/.test(main)) problems.push('its <main> has no <h1> heading');
  }
  if (expected.title !== undefined && !html.includes(`<title>${escapeHtml(expected.title)}</title>`)) {
    problems.push(`its <title> is not the route's title "${expected.title}"`);
  }
  return problems.map((problem) => `${expected.route}: ${problem}`);
}
