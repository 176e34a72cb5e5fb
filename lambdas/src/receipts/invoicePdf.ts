/**
 * The invoice attached to a receipt, drawn with pdf-lib and its built-in Helvetica (no font file,
 * no network). Helvetica covers Windows-1252 only, so other characters in a customer's text are
 * shown as "?" rather than failing the receipt.
 */
import { formatOfficeDate } from '@kesho/common/dates';
import { formatUsd } from '@kesho/common/money';
import { site } from '@kesho/common/site';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { Order } from '../orders/types';

const PAGE = { width: 595.28, height: 841.89 } as const; // A4 in points
const MARGIN = 50;
const INK = rgb(0.1, 0.1, 0.15);
const MUTED = rgb(0.35, 0.35, 0.4);

/** The Windows-1252 characters outside Latin-1 that Helvetica's encoding has. */
const WIN_ANSI_EXTRA = new Set([...'€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ']);

export function winAnsiSafe(text: string): string {
  return [...text.normalize('NFC')]
    .map((character) => {
      const code = character.codePointAt(0) ?? 0;
      if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(character)) return character;
      return '?';
    })
    .join('');
}

export async function renderInvoicePdf(order: Order, paidAt: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Invoice ${order.invoiceNumber}`);
  doc.setAuthor(site.legalName);
  doc.setCreator(site.brand);
  doc.setProducer(site.brand);
  doc.setCreationDate(new Date(paidAt));
  doc.setModificationDate(new Date(paidAt));
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);

  let page = doc.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - MARGIN;
  const write = (text: string, x: number, options: { font?: PDFFont; size?: number; color?: ReturnType<typeof rgb>; alignRight?: boolean; target?: PDFPage } = {}): void => {
    const font = options.font ?? regular;
    const size = options.size ?? 10;
    const safe = winAnsiSafe(text);
    const left = options.alignRight ? x - font.widthOfTextAtSize(safe, size) : x;
    (options.target ?? page).drawText(safe, { x: left, y, size, font, color: options.color ?? INK });
  };
  const fit = (text: string, font: PDFFont, size: number, width: number): string => {
    let safe = winAnsiSafe(text);
    if (font.widthOfTextAtSize(safe, size) <= width) return safe;
    while (safe.length > 1 && font.widthOfTextAtSize(`${safe}…`, size) > width) safe = safe.slice(0, -1);
    return `${safe}…`;
  };

  write(site.legalName, MARGIN, { font: bold, size: 16 });
  write('INVOICE', PAGE.width - MARGIN, { font: bold, size: 16, alignRight: true });
  y -= 18;
  for (const line of [`Company number ${site.companyNumber}`, site.registeredOffice.display, site.postalAddress.display, `${site.phone.display} · ${site.email}`]) {
    write(line, MARGIN, { size: 9, color: MUTED });
    y -= 12;
  }

  y -= 16;
  const facts: [string, string][] = [
    ['Invoice number', order.invoiceNumber],
    ['Date paid', formatOfficeDate(paidAt)],
    ['Status', 'Paid'],
  ];
  for (const [label, value] of facts) {
    write(label, MARGIN, { font: bold });
    write(value, MARGIN + 110);
    y -= 14;
  }

  y -= 12;
  write('Billed to', MARGIN, { font: bold });
  y -= 14;
  for (const line of [order.customer.fullName, order.customer.companyName, order.customer.email, order.customer.phone]) {
    if (!line) continue;
    write(line, MARGIN);
    y -= 13;
  }

  y -= 18;
  const columns = { service: MARGIN, quantity: 370, unit: 450, amount: PAGE.width - MARGIN };
  const header = (): void => {
    write('Service', columns.service, { font: bold });
    write('Qty', columns.quantity, { font: bold, alignRight: true });
    write('Unit price', columns.unit, { font: bold, alignRight: true });
    write('Amount', columns.amount, { font: bold, alignRight: true });
    y -= 6;
    page.drawLine({ start: { x: MARGIN, y }, end: { x: PAGE.width - MARGIN, y }, thickness: 0.5, color: MUTED });
    y -= 14;
  };
  header();
  for (const line of order.lines) {
    if (y < MARGIN + 80) {
      page = doc.addPage([PAGE.width, PAGE.height]);
      y = PAGE.height - MARGIN;
      header();
    }
    page.drawText(fit(line.name, regular, 10, columns.quantity - columns.service - 40), { x: columns.service, y, size: 10, font: regular, color: INK });
    write(String(line.quantity), columns.quantity, { alignRight: true });
    write(formatUsd(line.unitAmountCents), columns.unit, { alignRight: true });
    write(formatUsd(line.amountCents), columns.amount, { alignRight: true });
    y -= 16;
  }
  page.drawLine({ start: { x: MARGIN, y: y + 8 }, end: { x: PAGE.width - MARGIN, y: y + 8 }, thickness: 0.5, color: MUTED });
  y -= 6;
  for (const [label, value, font] of [
    ['Subtotal', formatUsd(order.totalCents), regular],
    ['Processing fee', formatUsd(0), regular],
    ['Total paid (USD)', formatUsd(order.totalCents), bold],
  ] as const) {
    write(label, columns.unit - 70, { font });
    write(value, columns.amount, { font, alignRight: true });
    y -= 15;
  }

  y -= 20;
  write(`Thank you for choosing ${site.brand}. Questions about this invoice: ${site.email}.`, MARGIN, { size: 9, color: MUTED });
  return Buffer.from(await doc.save());
}
