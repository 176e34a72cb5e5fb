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
import { PDFDocument } from 'pdf-lib';
import { directionalRuns, printableText, renderInvoicePdf } from '../src/receipts/invoicePdf';
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

  it('prints a character the font lacks as "?" and never a control character', () => {
    const latinOnly = (codePoint: number) => codePoint < 0x250;
    expect(printableText('Zoë 王小明\u0007', latinOnly)).toBe('Zoë ????');
    expect(printableText('Zoe\u0308', latinOnly)).toBe('Zoë');
  });

  it('cuts a line into left-to-right and right-to-left runs, keeping the words of one Arabic name together', () => {
    expect(directionalRuns('Custom: Airport pickup for محمد علي')).toEqual(['Custom: Airport pickup for ', 'محمد علي']);
    expect(directionalRuns('محمد (2)')).toEqual(['محمد', ' (2)']);
    expect(directionalRuns('Zoë Wanjirũ')).toEqual(['Zoë Wanjirũ']);
  });
});
