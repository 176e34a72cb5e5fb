/**
 * Prints, as JSON, the text a PDF reader copies out of each text item of a PDF (Mozilla's pdf.js, the
 * reader in Firefox and many mail clients). A separate Node process: pdf.js is an ES module for the
 * current Node, which jest's CommonJS sandbox does not load.
 *   node test/support/pdfText.mjs <file.pdf>
 */
import { readFile } from 'node:fs/promises';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

const data = new Uint8Array(await readFile(process.argv[2] ?? ''));
const pdf = await getDocument({ data, disableFontFace: true, useSystemFonts: false, verbosity: 0 }).promise;
const items = [];
for (let number = 1; number <= pdf.numPages; number += 1) {
  const content = await (await pdf.getPage(number)).getTextContent();
  for (const item of content.items) if ('str' in item && item.str.trim() !== '') items.push(item.str);
}
process.stdout.write(JSON.stringify(items));
