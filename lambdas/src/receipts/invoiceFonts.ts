/**
 * The invoice's fonts: DejaVu Sans (regular and bold), which print Latin with every accent, Greek,
 * Cyrillic, Arabic and Hebrew as typed, and for the other scripts East Africa's families write their
 * names in, Noto Sans Ethiopic (Amharic, Tigrinya), Gujarati and Devanagari (Hindi, Marathi, Nepali),
 * regular only (a name is drawn in the regular weight), from the Fontsource packages' per-script WOFF
 * files (fontkit reads WOFF; each is what the script needs, 50–120 KB). Gujarati and Devanagari are
 * shaped by fontkit's Indic shaper (vowel signs reordered, conjuncts formed).
 * The files travel beside the bundle (esbuild's `file` loader), not inside it, and are read once, the
 * first time an invoice is drawn, so handlers that never draw one pay nothing for them.
 */
import type { PDFDocument } from 'pdf-lib';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import devanagariFile from '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff';
import ethiopicFile from '@fontsource/noto-sans-ethiopic/files/noto-sans-ethiopic-ethiopic-400-normal.woff';
import gujaratiFile from '@fontsource/noto-sans-gujarati/files/noto-sans-gujarati-gujarati-400-normal.woff';
import boldFile from 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf';
import regularFile from 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf';

type Fontkit = Parameters<PDFDocument['registerFontkit']>[0];

/** Whether a font has a glyph for a character (a code point). */
export type GlyphCoverage = (codePoint: number) => boolean;

/** The scripts drawn with a font of their own, in the order they are tried. */
export const SCRIPT_FONTS = ['Ethiopic', 'Gujarati', 'Devanagari'] as const;
export type ScriptFontName = (typeof SCRIPT_FONTS)[number];

export interface InvoiceFonts {
  readonly fontkit: Fontkit;
  readonly regular: InvoiceFont;
  readonly bold: InvoiceFont;
  /** Each script's font, by script: what DejaVu Sans cannot draw. */
  readonly scripts: Readonly<Record<ScriptFontName, InvoiceFont>>;
}

export interface InvoiceFont {
  readonly bytes: Uint8Array;
  readonly covers: GlyphCoverage;
}

const SCRIPT_FILES: Readonly<Record<ScriptFontName, string>> = { Ethiopic: ethiopicFile, Gujarati: gujaratiFile, Devanagari: devanagariFile };

let loading: Promise<InvoiceFonts> | undefined;

/**
 * fontkit's Indic shaper finds syllables with a state machine compiled to a regenerator generator
 * (Babel's output in @pdf-lib/fontkit), which calls a global `regeneratorRuntime`: without it, laying
 * out Gujarati or Devanagari throws. The runtime is installed once, with the fonts.
 */
async function installRegeneratorRuntime(): Promise<void> {
  const scope = globalThis as { regeneratorRuntime?: unknown };
  if (scope.regeneratorRuntime) return;
  const { default: runtime } = await import('regenerator-runtime');
  scope.regeneratorRuntime ??= runtime;
}

/** Read and parsed once per process (fontkit too is loaded on the first invoice only). */
export function loadInvoiceFonts(): Promise<InvoiceFonts> {
  loading ??= (async () => {
    const [{ default: fontkit }, regular, bold, ...scripts] = await Promise.all([
      import('@pdf-lib/fontkit'),
      readFile(path.resolve(__dirname, regularFile)),
      readFile(path.resolve(__dirname, boldFile)),
      ...SCRIPT_FONTS.map((script) => readFile(path.resolve(__dirname, SCRIPT_FILES[script]))),
      installRegeneratorRuntime(),
    ]);
    const font = (bytes: Buffer): InvoiceFont => {
      const parsed = fontkit.create(bytes);
      return { bytes, covers: (codePoint) => parsed.hasGlyphForCodePoint(codePoint) };
    };
    const fontOf = (script: ScriptFontName): InvoiceFont => font(scripts[SCRIPT_FONTS.indexOf(script)] as Buffer);
    return { fontkit, regular: font(regular), bold: font(bold), scripts: { Ethiopic: fontOf('Ethiopic'), Gujarati: fontOf('Gujarati'), Devanagari: fontOf('Devanagari') } };
  })();
  // A failed read (a bundle shipped without its fonts) is retried by the next invoice, not cached.
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}
