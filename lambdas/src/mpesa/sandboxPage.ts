/**
 * The M-Pesa sandbox's stand-in for the payer's phone: server-rendered HTML, no script, forms only,
 * a banner no one can mistake for a real payment. One button per answer a phone can give.
 */
import { formatKes } from '@kesho/site-rules/money';
import { formatMsisdn, mpesaSandboxPagePath } from '@kesho/site-rules/mpesa';
import { site } from '@kesho/site-rules/site';
import { escapeHtml } from '../http/html';
import { testPageDocument } from '../http/testPage';
import { SANDBOX_ANSWERS, type SandboxPush } from './sandbox';

const STYLE = `
main{max-width:32rem}
.prompt{background:#fff;border:2px solid #1a1a1a;border-radius:1rem;padding:1rem 1.25rem;margin:0 0 1.5rem}
.prompt p{margin:.25rem 0}
.actions{display:grid;gap:.75rem;margin-bottom:1.5rem}
.actions form{margin:0}
button{width:100%;min-height:3rem;font:inherit;font-weight:700;font-size:1.0625rem;border-radius:.5rem;padding:.75rem 1rem;cursor:pointer;background:#fff;color:#1a1a1a;border:2px solid #1a1a1a}
button.pay{background:#0b5e2e;color:#fff;border-color:#0b5e2e}
`;

export function renderMpesaSandbox(paymentId: string, push: SandboxPush, backHref: string): string {
  const base = mpesaSandboxPagePath(paymentId);
  const prompt = `
<div class="prompt">
<p>Pay <strong>${escapeHtml(formatKes(push.amountKes))}</strong> to ${escapeHtml(site.brand)}</p>
<p>Account: ${escapeHtml(push.accountReference)}</p>
<p>Phone: ${escapeHtml(formatMsisdn(push.msisdn))}</p>
</div>`;
  const body =
    push.resultCode === undefined
      ? `
<h1>Test M-Pesa phone</h1>
<p>This page plays the payer’s phone. Choose what the phone answers to the M-Pesa request.</p>
${prompt}
<div class="actions">
${Object.entries(SANDBOX_ANSWERS)
  .map(([answer, { label, code }]) => `<form method="post" action="${base}/${answer}"><button type="submit"${code === 0 ? ' class="pay"' : ''}>${escapeHtml(label)} (test)</button></form>`)
  .join('\n')}
</div>
<p><a href="${escapeHtml(backHref)}">Back to the payment page without answering</a></p>`
      : `
<h1>Test M-Pesa phone</h1>
${prompt}
<div class="notice"><p>This test request has been answered already.</p></div>
<p><a href="${escapeHtml(backHref)}">Back to the payment page</a></p>`;
  return shell('Test M-Pesa phone', body);
}

export function renderMpesaSandboxNotFound(): string {
  return shell(
    'Test M-Pesa request not found',
    `
<h1>Test M-Pesa request not found</h1>
<div class="notice"><p>This test M-Pesa request does not exist. Start again from your package.</p></div>
<p><a href="/payment">Back to payment</a></p>`,
  );
}

function shell(title: string, mainContent: string): string {
  return testPageDocument({ title, simulates: `This page simulates the M-Pesa prompt on the payer’s phone for ${site.brand}. No money moves.`, style: STYLE, mainContent });
}
