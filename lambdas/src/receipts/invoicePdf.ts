/**
 * The invoice attached to a receipt, drawn with pdf-lib and embedded fonts, each as a subset
 * (invoiceFonts.ts): a name typed as "Zoë Wanjirũ", "محمد", "አበበ ቢቂላ", "અમિતા શાહ" or "अमिता शाह" prints
 * as typed. Each piece of text is drawn in the first font that has its characters: DejaVu Sans, else the
 * font of the character's script (Ethiopic, Gujarati, Devanagari, shaped by fontkit); spaces and marks
 * stay with the piece they follow. Right-to-left runs (Arabic, Hebrew) are shaped and laid out right to
 * left by fontkit, each run on its own. A character no font has (Chinese, emoji) is never lost: its run
 * prints as the characters' code points ("[U+738B U+5C0F U+660E]"), and the PDF's subject carries the
 * customer's name exactly as typed. A name too long for its column wraps; nothing is cut.
 */
import { formatOfficeDate } from '@kesho/site-rules/dates';
import { formatUsd } from '@kesho/site-rules/money';
import { site } from '@kesho/site-rules/site';
import type { PDFFont, PDFPage, RGB } from 'pdf-lib';
import type { Order } from '../orders/types';
import { loadInvoiceFonts, SCRIPT_FONTS, type GlyphCoverage, type ScriptFontName } from './invoiceFonts';

const PAGE = { width: 595.28, height: 841.89 } as const; // A4 in points
const MARGIN = 50;

/** A font as the layout sees it: what it is called by (any value) and what it can draw. */
export interface FontChoice<F> {
  readonly font: F;
  readonly covers: GlyphCoverage;
  /** The script whose characters it is chosen for first (none: the main font, chosen for everything it has). */
  readonly script?: ScriptFontName;
}

/** A piece of a line drawn in one font. */
export interface Piece<F> {
  readonly text: string;
  readonly font: F;
}

const SCRIPT_OF: Readonly<Record<ScriptFontName, RegExp>> = {
  Ethiopic: /\p{Script=Ethiopic}/u,
  Gujarati: /\p{Script=Gujarati}/u,
  Devanagari: /\p{Script=Devanagari}/u,
};
/** Characters that belong to the piece they follow: spaces, punctuation, digits, marks, joiners, dandas. */
const FOLLOWS = /[\p{Script=Common}\p{Script=Inherited}\p{M}]/u;

const isControl = (code: number): boolean => code < 0x20 || code === 0x7f || (code >= 0x80 && code < 0xa0);

/** "[U+738B U+5C0F U+660E]": characters no font can draw, named exactly. */
export function codePointReference(characters: string): string {
  return `[${[...characters].map((character) => `U+${(character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`).join(' ')}]`;
}

/**
 * Cuts a text into pieces, each drawn in one font (`fonts[0]` is the main font, the one a reference
 * is drawn in): a character goes to its script's font, else stays with the piece before when that font
 * has it (a space, a mark), else to the main font, else to any font that has it; a run of characters
 * none has becomes its code-point reference, and a control character "?".
 */
export function piecesOf<F>(text: string, fonts: readonly [FontChoice<F>, ...FontChoice<F>[]]): Piece<F>[] {
  const main = fonts[0];
  const pieces: { text: string; font: F }[] = [];
  let unprintable = '';
  const add = (piece: string, font: F): void => {
    const last = pieces[pieces.length - 1];
    if (last && last.font === font) last.text += piece;
    else pieces.push({ text: piece, font });
  };
  const flushUnprintable = (): void => {
    if (unprintable) add(codePointReference(unprintable), main.font);
    unprintable = '';
  };
  for (const character of text.normalize('NFC')) {
    const code = character.codePointAt(0) ?? 0;
    if (isControl(code)) {
      flushUnprintable();
      add('?', main.font);
      continue;
    }
    const last = pieces[pieces.length - 1];
    const previous = !unprintable && last ? fonts.find((choice) => choice.font === last.font) : undefined;
    const choice =
      fonts.find((candidate) => candidate.script !== undefined && SCRIPT_OF[candidate.script].test(character) && candidate.covers(code)) ??
      (previous && FOLLOWS.test(character) && previous.covers(code) ? previous : undefined) ??
      (main.covers(code) ? main : undefined) ??
      fonts.find((candidate) => candidate.covers(code));
    if (!choice) {
      unprintable += character;
      continue;
    }
    flushUnprintable();
    add(character, choice.font);
  }
  flushUnprintable();
  return pieces;
}

/** The text as drawn with a main font alone (what a test or a width estimate needs): references for what it lacks. */
export function printableText(text: string, covers: GlyphCoverage): string {
  return piecesOf(text, [{ font: 'main', covers }])
    .map((piece) => piece.text)
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

/**
 * Words (with the spaces before them) on lines no wider than `width`; a word wider than a line is cut
 * between characters. Nothing is dropped.
 */
export function wrapText(text: string, width: number, widthOf: (text: string) => number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.match(/\s*\S+/gu) ?? []) {
    if (widthOf(line + word) <= width || !line) {
      line += word;
    } else {
      lines.push(line);
      line = word.trimStart();
    }
    while (widthOf(line) > width && [...line].length > 1) {
      const characters = [...line];
      let cut = characters.length - 1;
      while (cut > 1 && widthOf(characters.slice(0, cut).join('')) > width) cut -= 1;
      lines.push(characters.slice(0, cut).join(''));
      line = characters.slice(cut).join('');
    }
  }
  if (line || lines.length === 0) lines.push(line);
  return lines;
}

export async function renderInvoicePdf(order: Order, paidAt: string): Promise<Buffer> {
  // Loaded on the first invoice only: most handlers never draw one, and these are the heaviest modules.
  const [{ PDFDocument, PDFHexString, PDFName, PDFOperator, PDFOperatorNames, rgb }, fonts] = await Promise.all([import('pdf-lib'), loadInvoiceFonts()]);
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
  doc.setSubject(`Invoice ${order.invoiceNumber} for ${order.customer.fullName}`);

  // A script's font is embedded only when a name on this invoice needs it (the labels are DejaVu's).
  type FontKey = 'regular' | 'bold' | ScriptFontName;
  const scriptChoices = (scripts: readonly ScriptFontName[]): FontChoice<FontKey>[] => scripts.map((script) => ({ font: script, covers: fonts.scripts[script].covers, script }));
  const customerTexts = [order.customer.fullName, order.customer.companyName ?? '', order.customer.email, order.customer.phone, ...order.lines.map((line) => line.name)];
  const usedScripts = SCRIPT_FONTS.filter((script) =>
    customerTexts.some((text) => piecesOf<FontKey>(text, [{ font: 'regular', covers: fonts.regular.covers }, ...scriptChoices(SCRIPT_FONTS)]).some((piece) => piece.font === script)),
  );
  const embedded = new Map<FontKey, PDFFont>([
    ['regular', regular],
    ['bold', bold],
  ]);
  for (const script of usedScripts) embedded.set(script, await doc.embedFont(fonts.scripts[script].bytes, { subset: true }));
  const choicesFor = (main: 'regular' | 'bold'): [FontChoice<FontKey>, ...FontChoice<FontKey>[]] => [{ font: main, covers: fonts[main].covers }, ...scriptChoices(usedScripts)];
  const pdfFont = (key: FontKey): PDFFont => embedded.get(key) ?? regular;
  /** Each piece, and in the main font each direction's run, with its font. */
  const drawnRuns = (text: string, main: 'regular' | 'bold'): { text: string; font: PDFFont }[] =>
    piecesOf(text, choicesFor(main)).flatMap((piece) =>
      piece.font === main ? directionalRuns(piece.text).map((run) => ({ text: run, font: pdfFont(main) })) : [{ text: piece.text, font: pdfFont(piece.font) }],
    );
  const widthOf = (text: string, main: 'regular' | 'bold', size: number): number => drawnRuns(text, main).reduce((sum, run) => sum + run.font.widthOfTextAtSize(run.text, size), 0);

  let page = doc.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - MARGIN;
  const write = (text: string, x: number, options: { bold?: boolean; size?: number; color?: RGB; alignRight?: boolean; target?: PDFPage } = {}): void => {
    const main = options.bold ? 'bold' : 'regular';
    const size = options.size ?? 10;
    let left = options.alignRight ? x - widthOf(text, main, size) : x;
    const target = options.target ?? page;
    for (const run of drawnRuns(text, main)) {
      // A shaped script's glyphs are in visual order (a Devanagari "ि" drawn before its consonant): the
      // run says what it reads as (ActualText), which readers copy out instead of the glyphs' order.
      const shaped = run.font !== pdfFont(main);
      if (shaped) target.pushOperators(PDFOperator.of(PDFOperatorNames.BeginMarkedContentSequence, [PDFName.of('Span'), `<< /ActualText ${PDFHexString.fromText(run.text).toString()} >>`]));
      target.drawText(run.text, { x: left, y, size, font: run.font, color: options.color ?? INK });
      if (shaped) target.pushOperators(PDFOperator.of(PDFOperatorNames.EndMarkedContent));
      left += run.font.widthOfTextAtSize(run.text, size);
    }
  };
  /** A customer's text on as many lines as it needs within `width` (10 pt, regular). */
  const linesOf = (text: string, width: number): string[] => wrapText(text, width, (candidate) => widthOf(candidate, 'regular', 10));

  write(site.legalName, MARGIN, { bold: true, size: 16 });
  write('INVOICE', PAGE.width - MARGIN, { bold: true, size: 16, alignRight: true });
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
    write(label, MARGIN, { bold: true });
    write(value, MARGIN + 110);
    y -= 14;
  }

  y -= 12;
  write('Billed to', MARGIN, { bold: true });
  y -= 14;
  for (const field of [order.customer.fullName, order.customer.companyName, order.customer.email, order.customer.phone]) {
    if (!field) continue;
    for (const line of linesOf(field, PAGE.width - 2 * MARGIN)) {
      write(line, MARGIN);
      y -= 13;
    }
  }

  y -= 18;
  const columns = { service: MARGIN, quantity: 370, unit: 450, amount: PAGE.width - MARGIN };
  const header = (): void => {
    write('Service', columns.service, { bold: true });
    write('Qty', columns.quantity, { bold: true, alignRight: true });
    write('Unit price', columns.unit, { bold: true, alignRight: true });
    write('Amount', columns.amount, { bold: true, alignRight: true });
    y -= 6;
    page.drawLine({ start: { x: MARGIN, y }, end: { x: PAGE.width - MARGIN, y }, thickness: 0.5, color: MUTED });
    y -= 14;
  };
  header();
  for (const line of order.lines) {
    const nameLines = linesOf(line.name, columns.quantity - columns.service - 40);
    if (y - 13 * (nameLines.length - 1) < MARGIN + 80) {
      page = doc.addPage([PAGE.width, PAGE.height]);
      y = PAGE.height - MARGIN;
      header();
    }
    write(String(line.quantity), columns.quantity, { alignRight: true });
    write(formatUsd(line.unitAmountCents), columns.unit, { alignRight: true });
    write(formatUsd(line.amountCents), columns.amount, { alignRight: true });
    nameLines.forEach((nameLine, index) => {
      if (index > 0) y -= 13;
      write(nameLine, columns.service);
    });
    y -= 16;
  }
  page.drawLine({ start: { x: MARGIN, y: y + 8 }, end: { x: PAGE.width - MARGIN, y: y + 8 }, thickness: 0.5, color: MUTED });
  y -= 6;
  for (const [label, value, isBold] of [
    ['Subtotal', formatUsd(order.totalCents), false],
    ['Processing fee', formatUsd(0), false],
    ['Total paid (USD)', formatUsd(order.totalCents), true],
  ] as const) {
    write(label, columns.unit - 70, { bold: isBold });
    write(value, columns.amount, { bold: isBold, alignRight: true });
    y -= 15;
  }

  y -= 20;
  write(`Thank you for choosing ${site.brand}. Questions about this invoice: ${site.email}.`, MARGIN, { size: 9, color: MUTED });
  return Buffer.from(await doc.save());
}
