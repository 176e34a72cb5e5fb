/**
 * The invoice PDF prints, and a reader copies back, what the customer typed in any script the font
 * has: accents, Arabic (shaped, right to left), a custom line naming both. Text is read back with
 * pdf.js in its own process (test/support/pdfText.mjs).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { inflateSync } from 'node:zlib';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFRef } from 'pdf-lib';
import { loadInvoiceFonts } from '../src/receipts/invoiceFonts';
import { directionalRuns, piecesOf, printableText, renderInvoicePdf, wrapText } from '../src/receipts/invoicePdf';
import type { Order } from '../src/orders/types';

const run = promisify(execFile);
let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'kesho-invoice-'));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

async function textOf(pdf: Buffer): Promise<string[]> {
  const file = path.join(folder, `${Date.now()}-${Math.random().toString(36).slice(2)}.pdf`);
  await writeFile(file, pdf);
  const { stdout } = await run(process.execPath, [path.join(__dirname, 'support', 'pdfText.mjs'), file]);
  return JSON.parse(stdout) as string[];
}

const order = (customer: Partial<Order['customer']>, lineName = 'Custom: Airport pickup'): Order => ({
  orderId: 'order-1',
  invoiceNumber: 'INV-12345678',
  status: 'paid',
  currency: 'usd',
  createdAt: '2026-11-25T08:00:00.000Z',
  updatedAt: '2026-11-25T08:00:00.000Z',
  termsAcceptedAt: '2026-11-25T08:00:00.000Z',
  lines: [
    { id: 'visa-guidance', name: 'Visa Guidance', unitAmountCents: 30_000, quantity: 1, amountCents: 30_000 },
    { id: 'custom-1714000000000', name: lineName, unitAmountCents: 4_000, quantity: 2, amountCents: 8_000 },
  ],
  totalCents: 38_000,
  customer: { fullName: 'Amani Wanjiru', email: 'amani@example.com', phone: '+254 712 345 678', ...customer },
});

describe('the invoice PDF', () => {
  it('prints names with accents and in Arabic as typed, and a reader copies them back as typed', async () => {
    const pdf = await renderInvoicePdf(order({ fullName: 'Zoë Wanjirũ', companyName: 'محمد' }, 'Custom: Airport pickup for محمد علي'), '2026-11-25T09:00:00.000Z');
    const text = await textOf(pdf);
    expect(text).toEqual(expect.arrayContaining(['Zoë Wanjirũ', 'محمد', 'Custom: Airport pickup for محمد علي', 'INV-12345678', 'Visa Guidance']));
    expect(text.join(' ')).not.toContain('?');
    expect((await PDFDocument.load(pdf)).getTitle()).toBe('Invoice INV-12345678');
  });

  it('embeds only the glyphs it uses (a subset), so an invoice stays small', async () => {
    const pdf = await renderInvoicePdf(order({ fullName: 'Zoë Wanjirũ' }), '2026-11-25T09:00:00.000Z');
    expect(pdf.length).toBeLessThan(80_000);
  });

  it('names characters no font has by their code points (never "?"), and prints a control character as "?"', () => {
    // Issue 40 changed this: "王小明" printed as "???" and was lost.
    const latinOnly = (codePoint: number) => codePoint < 0x250;
    expect(printableText('Zoë 王小明\u0007', latinOnly)).toBe('Zoë [U+738B U+5C0F U+660E]?');
    expect(printableText('Zoe\u0308', latinOnly)).toBe('Zoë');
    expect(printableText('🎓', latinOnly)).toBe('[U+1F393]');
  });

  it('cuts a line into left-to-right and right-to-left runs, keeping the words of one Arabic name together', () => {
    expect(directionalRuns('Custom: Airport pickup for محمد علي')).toEqual(['Custom: Airport pickup for ', 'محمد علي']);
    expect(directionalRuns('محمد (2)')).toEqual(['محمد', ' (2)']);
    expect(directionalRuns('Zoë Wanjirũ')).toEqual(['Zoë Wanjirũ']);
  });
});

/** The names of the fonts a PDF embeds ("NotoSansDevanagari-Regular-1234"). */
async function fontNamesOf(pdf: Buffer): Promise<string[]> {
  const doc = await PDFDocument.load(pdf);
  return doc.context
    .enumerateIndirectObjects()
    .map(([, object]) => object)
    .filter((object): object is PDFDict => object instanceof PDFDict && object.get(PDFName.of('Type')) === PDFName.of('Font') && object.get(PDFName.of('Subtype')) === PDFName.of('Type0'))
    .map((font) => String(font.get(PDFName.of('BaseFont'))).replace(/^\//, ''));
}

/** What the pages' content streams say each shaped run reads as (their ActualText, decoded). */
async function actualTextsOf(pdf: Buffer): Promise<string[]> {
  const doc = await PDFDocument.load(pdf);
  const texts: string[] = [];
  for (const page of doc.getPages()) {
    const contents = page.node.get(PDFName.of('Contents'));
    const refs = contents instanceof PDFRef ? [contents] : contents instanceof PDFArray ? contents.asArray() : [];
    for (const ref of refs) {
      const stream = doc.context.lookup(ref);
      if (!(stream instanceof PDFRawStream)) continue;
      const compressed = stream.dict.get(PDFName.of('Filter')) === PDFName.of('FlateDecode');
      const source = (compressed ? inflateSync(Buffer.from(stream.contents)) : Buffer.from(stream.contents)).toString('latin1');
      for (const [, hex] of source.matchAll(/\/ActualText <FEFF([0-9A-F]*)>/g))
        texts.push(
          Buffer.from(hex ?? '', 'hex')
            .swap16()
            .toString('utf16le'),
        );
    }
  }
  return texts;
}

describe('names in the scripts East Africa writes in (issue 40: they printed as "???")', () => {
  const amharic = 'አበበ ቢቂላ';
  const gujarati = 'અમિતા શાહ';
  const devanagari = 'अमिता क्षत्रिय';
  const arabic = 'محمد علي';

  it('prints an Amharic name in Noto Sans Ethiopic, and a reader copies it back as typed', async () => {
    const pdf = await renderInvoicePdf(order({ fullName: amharic }), '2026-11-25T09:00:00.000Z');
    expect(await textOf(pdf)).toContain(amharic);
    expect(await fontNamesOf(pdf)).toEqual(expect.arrayContaining([expect.stringMatching(/^NotoSansEthiopic-Regular/)]));
  });

  it('shapes Gujarati and Devanagari names in their own fonts, every character printed, and says what each run reads as', async () => {
    const pdf = await renderInvoicePdf(order({ fullName: gujarati, companyName: devanagari }, `Custom: Airport pickup for ${devanagari}`), '2026-11-25T09:00:00.000Z');
    const text = (await textOf(pdf)).join(' ');
    expect(text).not.toContain('?');
    expect(text).not.toContain('[U+');
    // pdf.js copies the glyphs in the order they are drawn (the vowel sign "ि" before its consonant);
    // every character is there, and the run's ActualText, which Acrobat and poppler copy, is the name as typed.
    for (const name of [gujarati, devanagari]) for (const character of name.replace(/\s/g, '')) expect([name, text.includes(character)]).toEqual([name, true]);
    expect(await actualTextsOf(pdf)).toEqual(expect.arrayContaining([gujarati, devanagari]));
    expect(await fontNamesOf(pdf)).toEqual(expect.arrayContaining([expect.stringMatching(/^NotoSansGujarati-Regular/), expect.stringMatching(/^NotoSansDevanagari-Regular/)]));
  });

  it('draws a Devanagari name as one piece in its font, the space between its words included, and Latin in the main font', () => {
    const pieces = piecesOf('Amita अमिता क्ष', [
      { font: 'main', covers: (code) => code < 0x250 },
      { font: 'devanagari', covers: (code) => code === 0x20 || (code >= 0x900 && code <= 0x97f), script: 'Devanagari' },
    ]);
    expect(pieces).toEqual([
      { text: 'Amita ', font: 'main' },
      { text: 'अमिता क्ष', font: 'devanagari' },
    ]);
  });

  it('shapes Devanagari and Gujarati with the shipped fonts: the vowel sign "ि" before its consonant, a conjunct as one glyph', async () => {
    const fonts = await loadInvoiceFonts();
    const glyphsOf = (bytes: Uint8Array, text: string) =>
      fonts.fontkit
        .create(bytes)
        .layout(text)
        .glyphs.map((glyph) => glyph.codePoints.map((code) => code.toString(16)).join('+'));
    expect(glyphsOf(fonts.scripts.Devanagari.bytes, 'अमिता क्ष')).toEqual(['905', '93f', '92e', '924', '93e', '20', '915+94d+937']);
    expect(glyphsOf(fonts.scripts.Gujarati.bytes, 'અમિતા ક્ષ')).toEqual(['a85', 'abf', 'aae', 'aa4', 'abe', '20', 'a95+acd+ab7']);
  });

  it('keeps Arabic in DejaVu Sans, right to left, beside the other scripts on one line', async () => {
    const pdf = await renderInvoicePdf(order({ fullName: `${arabic} · ${amharic}` }), '2026-11-25T09:00:00.000Z');
    const text = (await textOf(pdf)).join(' ');
    expect(text).toContain(arabic);
    expect(text).toContain(amharic);
  });

  it('never loses a name no font has: its code points are printed, and the PDF says the name as typed', async () => {
    const pdf = await renderInvoicePdf(order({ fullName: '王小明' }, 'Custom: 王小明的签证辅导 for the whole family, with every document checked twice'), '2026-11-25T09:00:00.000Z');
    const text = (await textOf(pdf)).join(' ');
    expect(text).toContain('[U+738B U+5C0F U+660E]');
    expect(text).not.toMatch(/\?/);
    // A name too long for its column wraps (nothing cut with "…"): every code point is printed.
    for (const codePoint of ['738B', '5C0F', '660E', '7684', '7B7E', '8BC1', '8F85', '5BFC']) expect(text).toContain(`U+${codePoint}`);
    expect(text).toContain('checked twice');
    expect((await PDFDocument.load(pdf)).getSubject()).toBe('Invoice INV-12345678 for 王小明');
  });

  it('embeds a script font only when a name needs it, so an invoice in every script stays small', async () => {
    const latin = await renderInvoicePdf(order({ fullName: 'Zoë Wanjirũ' }), '2026-11-25T09:00:00.000Z');
    expect((await fontNamesOf(latin)).filter((name) => name.includes('Noto'))).toEqual([]);
    const everyScript = await renderInvoicePdf(order({ fullName: amharic, companyName: `${gujarati} ${devanagari} ${arabic}` }), '2026-11-25T09:00:00.000Z');
    expect(await fontNamesOf(everyScript)).toHaveLength(5);
    expect(everyScript.length).toBeLessThan(60_000);
  });

  it('wraps words onto lines no wider than asked, cutting only a word wider than a line', () => {
    const widthOf = (text: string) => [...text].length;
    expect(wrapText('Custom: Airport pickup for the family', 12, widthOf)).toEqual(['Custom:', ' Airport', ' pickup for', ' the family'].map((line) => line.trimStart()));
    expect(wrapText('abcdefghijklmnop', 5, widthOf)).toEqual(['abcde', 'fghij', 'klmno', 'p']);
    expect(wrapText('', 5, widthOf)).toEqual(['']);
  });
});
