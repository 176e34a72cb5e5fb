/**
 * The sandbox's stand-in for the hosted payment page: plain server-rendered HTML that works without
 * JavaScript (the site's CSP allows no inline script; inline style is allowed), passes the HTML and
 * accessibility checkers, and cannot be mistaken for a real payment page.
 */
import { site } from '@kesho/site-rules/site';
import { formatUsd } from '@kesho/site-rules/money';
import { escapeHtml } from '../http/html';
import { testPageDocument } from '../http/testPage';
import { SANDBOX_CHECKOUT_PATH, type SandboxCheckoutView } from './sandbox';

const STYLE = `
main{max-width:40rem}
.meta{margin:0 0 1.5rem;color:#3d3d3d}
table{width:100%;border-collapse:collapse;background:#fff;border:1px solid #d0d4da;margin-bottom:1.5rem}
caption{text-align:left;font-weight:700;padding:0 0 .5rem}
th,td{padding:.625rem .75rem;border-bottom:1px solid #d0d4da;text-align:left}
td.amount,th.amount{text-align:right;white-space:nowrap}
tfoot th,tfoot td{font-weight:700;border-bottom:0}
.actions{display:flex;flex-wrap:wrap;gap:1rem;margin-bottom:1.5rem}
.actions form{margin:0;flex:1 1 12rem}
button{width:100%;min-height:3rem;font:inherit;font-weight:700;font-size:1.125rem;border-radius:.5rem;padding:.75rem 1rem;cursor:pointer}
.pay{background:#0b5e2e;color:#fff;border:2px solid #0b5e2e}
.pay:hover{background:#084722}
.decline{background:#fff;color:#8a1c1c;border:2px solid #8a1c1c}
.decline:hover{background:#fbeaea}
`;

export function renderSandboxCheckout(view: SandboxCheckoutView): string {
  const total = formatUsd(view.amountTotalCents);
  const rows = view.lines.map((line) => `<tr><td>${escapeHtml(line.name)}</td><td>${line.quantity}</td><td class="amount">${formatUsd(line.amountCents)}</td></tr>`).join('');
  const sessionPath = `${SANDBOX_CHECKOUT_PATH}/${encodeURIComponent(view.sessionId)}`;

  const body = `
<h1>Test checkout</h1>
<p class="meta">Invoice ${escapeHtml(view.invoiceNumber)} for ${escapeHtml(view.customerEmail)}</p>
<table>
<caption>Your order</caption>
<thead><tr><th scope="col">Service</th><th scope="col">Quantity</th><th scope="col" class="amount">Amount</th></tr></thead>
<tbody>${rows}</tbody>
<tfoot><tr><th scope="row" colspan="2">Total</th><td class="amount">${total}</td></tr></tfoot>
</table>
${stateSection(view, sessionPath, total)}`;

  return documentShell('Test checkout', body);
}

export function renderSandboxNotFound(): string {
  return documentShell(
    'Test checkout not found',
    `
<h1>Test checkout not found</h1>
<div class="notice"><p>This test checkout does not exist. Start again from your package.</p></div>
<p><a href="/custom-quote">Back to the quote builder</a></p>`,
  );
}

function stateSection(view: SandboxCheckoutView, sessionPath: string, total: string): string {
  switch (view.state) {
    case 'open':
      return `
<div class="actions">
<form method="post" action="${sessionPath}/pay"><button type="submit" class="pay">Pay ${total} (test)</button></form>
<form method="post" action="${sessionPath}/decline"><button type="submit" class="decline">Decline payment (test)</button></form>
</div>
<p>Pay completes the order as if the card were charged; Decline fails it as if the bank refused the card. Either way no money moves.</p>
<p><a href="/payment-failure">Cancel and return to ${escapeHtml(site.brand)}</a></p>`;
    case 'paid':
      return notice('This test payment is complete.', `/payment-success?session_id=${encodeURIComponent(view.sessionId)}`, 'See your confirmation');
    case 'declined':
      return notice('This test payment was declined.', '/payment-failure', 'See what to do next');
    case 'expired':
      return notice('This test checkout has expired. Start a new payment from your package.', '/custom-quote', 'Back to the quote builder');
  }
}

function notice(message: string, href: string, linkText: string): string {
  return `
<div class="notice"><p>${escapeHtml(message)}</p></div>
<p><a href="${escapeHtml(href)}">${escapeHtml(linkText)}</a></p>`;
}

function documentShell(title: string, mainContent: string): string {
  return testPageDocument({ title, simulates: `This page simulates the card payment provider for ${site.brand}. No card is charged.`, style: STYLE, mainContent });
}
