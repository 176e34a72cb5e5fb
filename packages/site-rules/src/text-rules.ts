/**
 * Which characters a visitor's text may carry, written once for every form and every server that
 * reads one. Refused everywhere: control characters (NUL, ESC, DEL, the C1 block), bidirectional
 * overrides and isolates (they make "Custom: VIP" display as something else), zero-width characters
 * (they make two different strings look the same), lone surrogates (not text at all) and a carriage
 * return that does not start a CRLF (mail programs read a lone CR as a line end of their own).
 * One-line fields (names, e-mail, phone) also refuse line breaks (U+2028/2029 included) and tabs, and
 * every character Unicode says a renderer may draw as nothing: the Default_Ignorable_Code_Point
 * property (soft hyphen U+00AD, combining grapheme joiner U+034F, Hangul fillers U+3164, variation
 * selectors U+FE0F, tags U+E0041, …) and the format category Cf (invisible times U+2062, the
 * Mongolian vowel separator U+180E, …), taken from the regular expression engine's Unicode data
 * rather than a hand list: "Basic Consul\u00adtation" must not pass for a new name.
 * Multi-line fields keep line breaks and tabs. Names also refuse MIME encoded words (see hasNoEncodedWord).
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

/** A CR not followed by LF. */
const LONE_CR = '\\r(?!\\n)';
const refusedInMultiLine = new RegExp(`[${ALWAYS_REFUSED}]|${LONE_CR}`, 'u');
// U+2028/U+2029 are line and paragraph separators: line breaks to every renderer and JSON reader.
const refusedInOneLine = new RegExp(`[${ALWAYS_REFUSED}\\t\\n\\r${single(0x2028)}${single(0x2029)}\\p{Default_Ignorable_Code_Point}\\p{Cf}]`, 'u');

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
 * "Bcc:" line. No real name or address is written that way: names and e-mail addresses refuse it,
 * and the RFC 2231 form too (an encoded word's charset may carry a language, `=?utf-8*en?b?…?=`).
 */
const ENCODED_WORD = /=\?[^?\s]*\?[bq]\?[^?\s]*\?=/i;
/**
 * An RFC 2231 extended value (`*=utf-8''%0d%0aBcc…`, `*0*=…`): the parameter form of the same
 * decoding. The charset-and-language prefix is what makes it one, so "o'brien" is not.
 */
const EXTENDED_VALUE = /\*(?:\d+\*?)?=[A-Za-z0-9_.-]*'[A-Za-z0-9-]*'/;

export const ENCODED_WORD_MESSAGE = 'Please remove the "=?…?=" sequence: email programs would read it as hidden text';

export function hasNoEncodedWord(value: string | undefined | null): boolean {
  return value == null || (!ENCODED_WORD.test(value) && !EXTENDED_VALUE.test(value));
}
