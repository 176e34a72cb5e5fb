/**
 * The receipt e-mail: one message to the customer and a copy to the support address, both with the
 * invoice PDF. Every fact about the company comes from `@kesho/site-rules/site`, every amount from
 * `formatUsd`. Line names are shown as stored: a custom line's stored name already carries its
 * "Custom: " label (orders/orderRequest.ts), so it can never pass for a catalogue service here either.
 */
import { formatOfficeDate } from '@kesho/site-rules/dates';
import { formatUsd } from '@kesho/site-rules/money';
import { site } from '@kesho/site-rules/site';
import type { OutgoingMail } from '../mail/types';
import type { Order } from '../orders/types';
import { escapeHtml } from '../http/html';

export interface ReceiptContext {
  readonly supportEmail: string;
  readonly publicSiteUrl: string;
}

export function receiptSubject(order: Order): string {
  return `Your receipt from ${site.brand}: invoice ${order.invoiceNumber}`;
}

export function invoiceFilename(order: Order): string {
  return `${order.invoiceNumber}.pdf`;
}

export async function buildReceiptMails(order: Order, context: ReceiptContext): Promise<{ readonly customer: OutgoingMail; readonly copy: OutgoingMail }> {
  const paidAt = order.updatedAt;
  // Loaded with the first invoice: pdf-lib, fontkit and the fonts are the heaviest code of any handler,
  // and a deployed handler carries them as their own file beside its bundle (lambdas/lazy-modules.mjs).
  const { renderInvoicePdf } = await import('./invoicePdf.js');
  const pdf = await renderInvoicePdf(order, paidAt);
  const attachments = [{ filename: invoiceFilename(order), contentType: 'application/pdf', content: pdf }];
  const customer: OutgoingMail = {
    to: order.customer.email,
    subject: receiptSubject(order),
    text: receiptText(order, paidAt, context),
    html: receiptHtml(order, paidAt, context),
    replyTo: context.supportEmail,
    attachments,
  };
  const copy: OutgoingMail = {
    to: context.supportEmail,
    subject: `Copy: ${receiptSubject(order)} (${order.customer.fullName})`,
    text: `A copy of the receipt sent to ${order.customer.email}.\n\n${customer.text}`,
    html: `<p>A copy of the receipt sent to ${escapeHtml(order.customer.email)}.</p>\n${customer.html}`,
    replyTo: order.customer.email,
    attachments,
  };
  return { customer, copy };
}

function companyLines(): string[] {
  return [`${site.legalName} (company number ${site.companyNumber})`, site.registeredOffice.display, site.postalAddress.display, `${site.phone.display} · ${site.email}`, site.hours.display];
}

function receiptText(order: Order, paidAt: string, context: ReceiptContext): string {
  const lines = order.lines.map((line) => `- ${line.name} × ${line.quantity} (${formatUsd(line.unitAmountCents)} each): ${formatUsd(line.amountCents)}`);
  return [
    `Dear ${order.customer.fullName},`,
    '',
    `Thank you for your purchase. Your payment to ${site.brand} has been received.`,
    '',
    `Invoice number: ${order.invoiceNumber}`,
    `Date paid: ${formatOfficeDate(paidAt)}`,
    '',
    ...lines,
    '',
    `Subtotal: ${formatUsd(order.totalCents)}`,
    `Processing fee: ${formatUsd(0)}`,
    `Total paid (USD): ${formatUsd(order.totalCents)}`,
    '',
    `Your invoice is attached as ${invoiceFilename(order)}.`,
    `Questions? Reply to this e-mail or write to ${context.supportEmail}.`,
    '',
    ...companyLines(),
    context.publicSiteUrl,
    '',
  ].join('\n');
}

function receiptHtml(order: Order, paidAt: string, context: ReceiptContext): string {
  const cell = 'padding:6px 8px;border-bottom:1px solid #ddd;';
  const rows = order.lines
    .map(
      (line) =>
        `<tr><td style="${cell}">${escapeHtml(line.name)}</td><td style="${cell}text-align:right">${line.quantity}</td>` +
        `<td style="${cell}text-align:right">${formatUsd(line.unitAmountCents)}</td><td style="${cell}text-align:right">${formatUsd(line.amountCents)}</td></tr>`,
    )
    .join('\n');
  const total = (label: string, cents: number, strong = false) =>
    `<tr><td colspan="3" style="padding:4px 8px;text-align:right">${strong ? `<strong>${label}</strong>` : label}</td><td style="padding:4px 8px;text-align:right">${strong ? `<strong>${formatUsd(cents)}</strong>` : formatUsd(cents)}</td></tr>`;
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(receiptSubject(order))}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1a1a26;max-width:640px;margin:0 auto;padding:16px">
<h1 style="font-size:20px">${escapeHtml(site.brand)}: your receipt</h1>
<p>Dear ${escapeHtml(order.customer.fullName)},</p>
<p>Thank you for your purchase. Your payment to ${escapeHtml(site.brand)} has been received.</p>
<p><strong>Invoice number:</strong> ${escapeHtml(order.invoiceNumber)}<br><strong>Date paid:</strong> ${escapeHtml(formatOfficeDate(paidAt))}</p>
<table style="border-collapse:collapse;width:100%" role="table">
<caption style="text-align:left;font-weight:bold;padding:4px 0">Order ${escapeHtml(order.invoiceNumber)}</caption>
<thead><tr><th scope="col" style="${cell}text-align:left">Service</th><th scope="col" style="${cell}text-align:right">Qty</th><th scope="col" style="${cell}text-align:right">Unit price</th><th scope="col" style="${cell}text-align:right">Amount</th></tr></thead>
<tbody>
${rows}
</tbody>
<tfoot>
${total('Subtotal', order.totalCents)}
${total('Processing fee', 0)}
${total('Total paid (USD)', order.totalCents, true)}
</tfoot>
</table>
<p>Your invoice is attached as ${escapeHtml(invoiceFilename(order))}.</p>
<p>Questions? Reply to this e-mail or write to <a href="mailto:${escapeHtml(context.supportEmail)}">${escapeHtml(context.supportEmail)}</a>.</p>
<hr>
<p style="font-size:12px;color:#555">${companyLines().map(escapeHtml).join('<br>')}<br><a href="${escapeHtml(context.publicSiteUrl)}">${escapeHtml(context.publicSiteUrl)}</a></p>
</body>
</html>
`;
}
