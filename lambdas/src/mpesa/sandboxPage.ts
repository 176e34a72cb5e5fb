/**
 * The M-Pesa sandbox's stand-in for the payer's phone: server-rendered HTML, no script, forms only,
 * a banner no one can mistake for a real payment. One button per answer a phone can give.
 */
import { formatKes } from '@kesho/common/money';
import { formatMsisdn } from '@kesho/common/mpesa';
import { site } from '@kesho/common/site';
import { SANDBOX_BANNER, escapeHtml } from '../payments/sandboxPage';
import { MPESA_SANDBOX_PATH, SANDBOX_ANSWERS, type SandboxPush } from './sandbox';

const STYLE = `
*,*::before,*::after{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;line-height:1.5;color:#1a1a1a;background:#f6f7f9}
.banner{background:#ffd43b;color:#1a1300;border-bottom:4px solid #1a1300;padding:1rem;text-align:center}
.banner p{margin:0}
.banner strong{display:block;font-size:1.5rem;letter-spacing:.02em}
main{max-width:32rem;margin:0 auto;padding:1.5rem 1rem 3rem}
h1{font-size:1.75rem;margin:0 0 .5rem}
.prompt{background:#fff;border:2px solid #1a1a1a;border-radius:1rem;padding:1rem 1.25rem;margin:0 0 1.5rem}
.prompt p{margin:.25rem 0}
.actions{display:grid;gap:.75rem;margin-bottom:1.5rem}
.actions form{margin:0}
button{width:100%;min-height:3rem;font:inherit;font-weight:700;font-size:1.0625rem;border-radius:.5rem;padding:.75rem 1rem;cursor:pointer;background:#fff;color:#1a1a1a;border:2px solid #1a1a1a}
button.pay{background:#0b5e2e;color:#fff;border-color:#0b5e2e}
button:focus-visible,a:focus-visible{outline:3px solid #1a4fd6;outline-offset:3px}
a{color:#1a4fd6}
.notice{background:#fff;border:1px solid #d0d4da;border-left:6px solid #1a4fd6;padding:1rem;margin-bottom:1.5rem}
.notice p{margin:0}
`;

export function renderMpesaSandbox(paymentId: string, push: SandboxPush, backHref: string): string {
  const base = `${MPESA_SANDBOX_PATH}/${encodeURIComponent(paymentId)}`;
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
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(`${title} (${SANDBOX_BANNER}) | ${site.brand}`)}</title>
<style>${STYLE}</style>
</head>
<body>
<header class="banner">
<p><strong>${SANDBOX_BANNER}</strong> This page simulates the M-Pesa prompt on the payer’s phone for ${escapeHtml(site.brand)}. No money moves.</p>
</header>
<main id="main-content">${mainContent}
</main>
</body>
</html>
`;
}
