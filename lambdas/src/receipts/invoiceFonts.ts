/**
 * The invoice's fonts: DejaVu Sans (regular and bold), which print Latin with every accent, Greek,
 * Cyrillic, Arabic and Hebrew as typed. The files travel beside the bundle (esbuild's `file` loader),
 * not inside it, and are read once, the first time an invoice is drawn, so handlers that never draw
 * one pay nothing for them.
 */
import type { PDFDocument } from 'pdf-lib';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import boldFile from 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf';
import regularFile from 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf';

type Fontkit = Parameters<PDFDocument['registerFontkit']>[0];

/** Whether a font has a glyph for a character (a code point). */
export type GlyphCoverage = (codePoint: number) => boolean;

export interface InvoiceFonts {
  readonly fontkit: Fontkit;
  readonly regular: InvoiceFont;
  readonly bold: InvoiceFont;
}

export interface InvoiceFont {
  readonly bytes: Uint8Array;
  readonly covers: GlyphCoverage;
}

let loading: Promise<InvoiceFonts> | undefined;

/** Read and parsed once per process (fontkit too is loaded on the first invoice only). */
export function loadInvoiceFonts(): Promise<InvoiceFonts> {
  loading ??= (async () => {
    const [{ default: fontkit }, regular, bold] = await Promise.all([
      import('@pdf-lib/fontkit'),
      readFile(path.resolve(__dirname, regularFile)),
      readFile(path.resolve(__dirname, boldFile)),
    ]);
    const font = (bytes: Buffer): InvoiceFont => {
      const parsed = fontkit.create(bytes);
      return { bytes, covers: (codePoint) => parsed.hasGlyphForCodePoint(codePoint) };
    };
    return { fontkit, regular: font(regular), bold: font(bold) };
  })();
  // A failed read (a bundle shipped without its fonts) is retried by the next invoice, not cached.
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}
