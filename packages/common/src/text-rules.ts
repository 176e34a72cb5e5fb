/**
 * Which characters a visitor's text may carry, written once for every form and every server that
 * reads one. Refused everywhere: control characters (NUL, ESC, DEL, the C1 block), bidirectional
 * overrides and isolates (they make "Custom: VIP" display as something else), zero-width characters
 * (they make two different strings look the same) and lone surrogates (not text at all).
 * One-line fields (names, e-mail, phone) also refuse line breaks (U+2028/2029 included) and tabs;
 * multi-line fields keep them. Names also refuse MIME encoded words (see hasNoEncodedWord).
 */

// Built from code points so the source file itself carries no invisible characters.
const range = (from: number, to: number): string => `\\u{${from.toString(16)}}-\\u{${to.toString(16)}}`;
const single = (codePoint: number): string => `\\u{${codePoint.toString(16)}}`;

const ALWAYS_REFUSED = [
  range(0x00, 0x08),
  single(0x0b),
  single(0x0c),
  range(0x0e, 0x1f),
  range(0x7f, 0x9f),
  single(0x061c), // Arabic letter mark, a direction mark like U+200E/U+200F
  range(0x200b, 0x200f), // zero-width space/non-joiner/joiner, left-to-right and right-to-left marks
  range(0x202a, 0x202e), // embeddings and overrides
  single(0x2060), // word joiner
  range(0x2066, 0x2069), // isolates
  single(0xfeff), // zero-width no-break space
  range(0xd800, 0xdfff), // with the u flag this matches only unpaired surrogates
].join('');

const refusedInMultiLine = new RegExp(`[${ALWAYS_REFUSED}]`, 'u');
// U+2028/U+2029 are line and paragraph separators: line breaks to every renderer and JSON reader.
const refusedInOneLine = new RegExp(`[${ALWAYS_REFUSED}\\t\\n\\r${single(0x2028)}${single(0x2029)}]`, 'u');

/** The message shown when a field holds a character that text may not carry. */
export const UNSAFE_TEXT_MESSAGE = 'Please remove hidden or control characters';

export function isSafeOneLineText(value: string | undefined | null): boolean {
  return value == null || !refusedInOneLine.test(value);
}

export function isSafeMultiLineText(value: string | undefined | null): boolean {
  return value == null || !refusedInMultiLine.test(value);
}

/**
 * An RFC 2047 encoded word (`=?utf-8?b?…?=`): mail programs decode it wherever a name lands in a
 * header (a Subject, a display name), so `=?utf-8?b?DQpCY2M6…?=` would show as a line break and a
 * "Bcc:" line. No real name is written that way: one-line names refuse it.
 */
const ENCODED_WORD = /=\?[^?\s]*\?[bq]\?[^?\s]*\?=/i;

export const ENCODED_WORD_MESSAGE = 'Please remove the "=?…?=" sequence: email programs would read it as hidden text';

export function hasNoEncodedWord(value: string | undefined | null): boolean {
  return value == null || !ENCODED_WORD.test(value);
}
