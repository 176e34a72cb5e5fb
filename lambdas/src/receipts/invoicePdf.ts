/**
 * The invoice attached to a receipt, drawn with pdf-lib in DejaVu Sans (invoiceFonts.ts), embedded as
 * a subset: a name typed as "Zoë Wanjirũ" or "محمد" prints, and copies out of the PDF, as typed.
 * Right-to-left runs (Arabic, Hebrew) are shaped and laid out right to left by fontkit, each run on its
 * own; a character the font lacks (CJK, emoji) prints as "?" rather than as an empty box.
 */
import { formatOfficeDate } from '@kesho/common/dates';
import { formatUsd } from '@kesho/common/money';
import { site } from '@kesho/common/site';
import type { PDFFont, PDFPage, RGB } from 'pdf-lib';
import type { Order } from '../orders/types';
import { loadInvoiceFonts, type GlyphCoverage } from './invoiceFonts';

const PAGE = { width: 595.28, height: 841.89 } as const; // A4 in points
const MARGIN = 50;

/** What the embedded font can draw: every character it has, the rest as "?" (never a control character). */
export function printableText(text: string, covers: GlyphCoverage): string {
  return [...text.normalize('NFC')]
    .map((character) => {
      const code = character.codePointAt(0) ?? 0;
      return code >= 0x20 && code !== 0x7f && !(code >= 0x80 && code < 0xa0) && covers(code) ? character : '?';
    })
    .join('');
}

// Arabic, Hebrew, Syriac, Thaana and their presentation forms; spaces between two such words stay in the run.
const RTL = '\\u0590-\\u08FF\\uFB1D-\\uFDFF\\uFE70-\\uFEFF';
const RTL_RUN = new RegExp(`[${RTL}]+(?:\\s+[${RTL}]+)*`, 'gu');

/** The text cut into runs drawn one after another left to right; right-to-left runs keep their logical order (fontkit lays them out). */
export function directionalRuns(text: string): string[] {
  const runs: string[] = [];
  let at = 0;
  for (const match of text.matchAll(RTL_RUN)) {
    if (match.index > at) runs.push(text.slice(at, match.index));
    runs.push(match[0]);
    at = match.index + match[0].length;
  }
  if (at < text.length) runs.push(text.slice(at));
  return runs;
}

export async function renderInvoicePdf(order: Order, paidAt: string): Promise<Buffer> {
  // Loaded on the first invoice only: most handlers never draw one, and these are the heaviest modules.
  const [{ PDFDocument, rgb }, fonts] = await Promise.all([import('pdf-lib'), loadInvoiceFonts()]);
  const INK = rgb(0.1, 0.1, 0.15);
  const MUTED = rgb(0.35, 0.35, 0.4);
  const doc = await PDFDocument.create();
  doc.registerFontkit(fonts.fontkit);
  doc.setTitle(`Invoice ${order.invoiceNumber}`);
  doc.setAuthor(site.legalName);
  doc.setCreator(site.brand);
  doc.setProducer(site.brand);
  doc.setCreationDate(new Date(paidAt));
  doc.setModificationDate(new Date(paidAt));
  const regular = await doc.embedFont(fonts.regular.bytes, { subset: true });
  const bold = await doc.embedFont(fonts.bold.bytes, { subset: true });
  const coverage = new Map<PDFFont, GlyphCoverage>([
    [regular, fonts.regular.covers],
    [bold, fonts.bold.covers],
  ]);
  const printable = (text: string, font: PDFFont): string => printableText(text, coverage.get(font) ?? (() => false));
  const widthOf = (text: string, font: PDFFont, size: number): number => directionalRuns(text).reduce((sum, run) => sum + font.widthOfTextAtSize(run, size), 0);

  let page = doc.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - MARGIN;
  const drawRuns = (text: string, x: number, font: PDFFont, size: number, color: RGB, target: PDFPage): void => {
    let left = x;
    for (const run of directionalRuns(text)) {
      target.drawText(run, { x: left, y, size, font, color });
      left += font.widthOfTextAtSize(run, size);
    }
  };
  const write = (text: string, x: number, options: { font?: PDFFont; size?: number; color?: RGB; alignRight?: boolean; target?: PDFPage } = {}): void => {
    const font = options.font ?? regular;
    const size = options.size ?? 10;
    const safe = printable(text, font);
    const left = options.alignRight ? x - widthOf(safe, font, size) : x;
    drawRuns(safe, left, font, size, options.color ?? INK, options.target ?? page);
  };
  const fit = (text: string, font: PDFFont, size: number, width: number): string => {
    const characters = [...printable(text, font)];
    if (widthOf(characters.join(''), font, size) <= width) return characters.join('');
    while (characters.length > 1 && widthOf(`${characters.join('')}…`, font, size) > width) characters.pop();
    return `${characters.join('')}…`;
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
    drawRuns(fit(line.name, regular, 10, columns.quantity - columns.service - 40), columns.service, regular, 10, INK, page);
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
