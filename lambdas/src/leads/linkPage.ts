/**
 * What a GET of a newsletter link shows: one button that POSTs. Mail services' link scanners open
 * every link in a message; a GET that confirmed or unsubscribed would let a machine opt someone in
 * or out. Only a person's press (a same-site POST) changes the subscription. Mail clients that offer
 * their own unsubscribe button use RFC 8058 one-click (POST `List-Unsubscribe=One-Click`) instead.
 */
import { site } from '@kesho/site-rules/site';
import { NEWSLETTER_PAGE } from '@kesho/site-rules/lead-status';
import { escapeHtml } from '../http/html';
import { serverPageDocument } from '../http/serverPage';
import type { TokenPurpose } from './tokens';

export const LINK_PAGE_TEXTS: Readonly<Record<TokenPurpose, { readonly heading: string; readonly text: string; readonly button: string }>> = {
  confirm: {
    heading: 'Confirm your subscription',
    text: `Press the button to receive new articles from ${site.brand} at the address this link was sent to.`,
    button: 'Confirm subscription',
  },
  unsubscribe: {
    heading: 'Unsubscribe from our newsletter',
    text: `Press the button and ${site.brand} will send no more newsletter emails to the address this link was sent to.`,
    button: 'Unsubscribe',
  },
};

const STYLE = `
main{max-width:36rem}
p{margin:0 0 1.25rem}
button{font:inherit;font-weight:600;min-height:44px;padding:.625rem 1.5rem;border:0;border-radius:6px;background:#1a4fd6;color:#fff;cursor:pointer}
form{margin:0 0 1.5rem}
`;

/** `action` is the link's own path and query: the press posts back to the very link that was opened. */
export function linkPageDocument(purpose: TokenPurpose, action: string): string {
  const texts = LINK_PAGE_TEXTS[purpose];
  return serverPageDocument({
    title: texts.heading,
    style: STYLE,
    mainContent: `
<h1>${escapeHtml(texts.heading)}</h1>
<p>${escapeHtml(texts.text)}</p>
<form method="post" action="${escapeHtml(action)}">
<button type="submit">${escapeHtml(texts.button)}</button>
</form>
<p><a href="${NEWSLETTER_PAGE}">Back to the blog</a></p>`,
  });
}
