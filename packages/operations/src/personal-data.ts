/**
 * The one personal-data scrubber: every pattern of what must never be kept (secrets, e-mail addresses
 * however spelt, phone numbers) and the two ways it is applied.
 * - `scrubLogText`: the Lambdas' log lines, metrics' fields and outbox records (lambdas/src/log.ts).
 *   Order identifiers stay (invoice and receipt numbers, amounts, times, ids: what a log is read for),
 *   so phone numbers are the shapes payers type and Daraja echoes (PHONE_NUMBER_PATTERN).
 * - `scrubClientText`: what visitors' browsers report (@kesho/operations/client-events), scrubbed by the
 *   shell before sending and by the endpoint again. Nothing there identifies an order, so it also loses
 *   invoice and receipt numbers, any run of seven or more digits, quoted strings (where a typed value
 *   would appear) and URLs' queries and fragments; the site's script locations stay whole.
 * Both first normalise the text (compatibility forms folded, invisible characters removed, "(at)" and
 * "(dot)" read as "@" and "."), so no spelling slips past either.
 */

/**
 * What no log line may hold: the Lambdas' logger scrubs every match from what it writes, and the e2e
 * run fails on any match left in the local log (@kesho/operations/ops-events LOCAL_LOG_FILE).
 * Provider errors quote e-mail addresses ("…identities failed the check: amani@example.com").
 * Phone numbers as payers type them and as Daraja echoes them: Kenyan numbers (07…, 01…, 2547…,
 * +254 7…, with or without spaces) and any international number written with a leading +. Invoice
 * numbers (INV-8 digits), receipt numbers and times do not match.
 * No `g` flag, so `test` keeps no state between lines; a caller that replaces every match adds it.
 */
export const EMAIL_ADDRESS_PATTERN = /[^\s@"'<>(),;:]+@[^\s@"'<>(),;:]+\.[A-Za-z]{2,}/;
export const PHONE_NUMBER_PATTERN = /(?<![\w.-])(?:(?:\+?254|0)[\s-]?[17](?:[\s-]?\d){8}|\+\d(?:[\s-]?\d){7,13})(?![\w-])/;

/** Stripe's secret, restricted and webhook signing keys. */
const SECRET = /\b(sk|rk|whsec)_(test_|live_)?[A-Za-z0-9]+/g;
const DOTTED_ADDRESS = new RegExp(EMAIL_ADDRESS_PATTERN, 'g');
const PHONE_NUMBER = new RegExp(PHONE_NUMBER_PATTERN, 'g');

/**
 * Script locations the private source maps are keyed by: "/shell/<build>/main.js:1:2045",
 * "/mfe/marketing/<build>/150.js:2:10103". Kept intact by the client scrubbing (a build id or a column
 * can hold seven digits in a row, which would otherwise read as a phone number).
 */
const SCRIPT_LOCATION = /\/(?:shell|mfe\/[a-z][a-z0-9_-]*)\/[0-9a-f]{6,40}\/(?:[A-Za-z0-9_-]+\/)*[A-Za-z0-9_.-]+\.m?js(?::\d{1,9}(?::\d{1,9})?)?(?![\w/.-])/g;
/** Placeholders for the script locations while the rest is scrubbed (private-use characters, removed from the input first). */
const HOLD_OPEN = '\uE000';
const HOLD_CLOSE = '\uE001';
const HELD = new RegExp(`${HOLD_OPEN}(\\d+)${HOLD_CLOSE}`, 'g');

/** Characters a renderer may draw as nothing (zero-width, direction marks, soft hyphens…) and the placeholders: removed, so "am\u200Bina@…" is one word again. */
const INVISIBLE = new RegExp(`[\\p{Default_Ignorable_Code_Point}\\p{Cf}${HOLD_OPEN}${HOLD_CLOSE}]`, 'gu');
// eslint-disable-next-line no-control-regex -- matching control characters is the point.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;
/** "amina(at)example(dot)com", "amina [at] example [dot] com", "amina {at} example". */
const SPELT_AT = /\s*[([{<]\s*at\s*[)\]}>]\s*/gi;
const SPELT_DOT = /\s*[([{<]\s*dot\s*[)\]}>]\s*/gi;
/** An address with any domain, dotted or not ("amina@localhost"), spaces around the "@" allowed. */
const ADDRESS_PART = `[^\\s@<>()[\\]"',;:/?#=&${HOLD_OPEN}${HOLD_CLOSE}]+`;
const ANY_ADDRESS = new RegExp(`${ADDRESS_PART}\\s*@\\s*${ADDRESS_PART}`, 'g');
/** Seven or more digits of any script, possibly spaced or punctuated like a phone number (+254 712 345 678). */
const DIGIT_RUN = /\+?\p{Nd}[\p{Nd}\s().-]{5,}\p{Nd}/gu;
/** An M-Pesa receipt number: ten capital letters and digits, both present ("QKJ4ABC123"). */
const MPESA_RECEIPT = /\b(?=[A-Z]*\d)(?=\d*[A-Z])[A-Z0-9]{10}\b/g;
/** An invoice number (INV- and digits), however spaced. */
const INVOICE = /\bINV[\s-]*\d{4,}\b/gi;
/** A URL's query or fragment, up to the line:column a stack frame ends with. */
const QUERY_OR_FRAGMENT = /[?#][^\s)'"]*?(?=:\d+:\d+|[\s)'"]|$)/g;
const QUOTED = /(["'`“‘])(?:(?!\1).){1,200}\1/g;

/** Stripe keys lose everything after their kind: "sk_[redacted]". */
export function redactSecrets(text: string): string {
  return text.replace(SECRET, (_match, kind: string) => `${kind}_[redacted]`);
}

/** Every e-mail address, by both patterns (the dotted one the e2e run greps the log with, and any "x@y"). */
function replaceAddresses(text: string, placeholder: string): string {
  return text.replace(ANY_ADDRESS, placeholder).replace(DOTTED_ADDRESS, placeholder);
}

export function redactAddresses(text: string): string {
  return replaceAddresses(text, '[address]');
}

export function redactPhones(text: string): string {
  return text.replace(PHONE_NUMBER, '[phone]');
}

/** Compatibility forms folded (NFKC: "Ａｍｉｎａ＠ｅｘａｍｐｌｅ．ｃｏｍ" is an address), invisible characters removed. */
function normalised(text: string): string {
  return text.normalize('NFKC').replace(INVISIBLE, '');
}

function readSpelt(text: string): string {
  return text.replace(SPELT_AT, '@').replace(SPELT_DOT, '.');
}

/** A log line's text (any string of it, at any depth): secrets, e-mail addresses and phone numbers replaced. */
export function scrubLogText(text: string): string {
  return redactPhones(redactAddresses(redactSecrets(readSpelt(normalised(text)))));
}

/**
 * Text an error carries in a visitor's browser, made safe to send and keep: normalised, control
 * characters made spaces; then quoted strings, secrets, e-mail addresses, M-Pesa receipt and invoice
 * numbers, phone-like digit runs and URLs' queries or fragments replaced, the site's script locations
 * (/shell/<build>/…, /mfe/<app>/<build>/…) left intact; spaces collapsed; cut to `max` characters.
 */
export function scrubClientText(text: string, max: number): string {
  const held: string[] = [];
  const scrubbed = readSpelt(
    normalised(text)
      .replace(CONTROL, ' ')
      .replace(QUERY_OR_FRAGMENT, '')
      .replace(SCRIPT_LOCATION, (location) => `${HOLD_OPEN}${held.push(location) - 1}${HOLD_CLOSE}`),
  );
  const replaced = replaceAddresses(redactSecrets(scrubbed), '[email]')
    .replace(QUOTED, '$1…$1')
    .replace(INVOICE, '[invoice]')
    .replace(MPESA_RECEIPT, '[receipt]')
    .replace(PHONE_NUMBER, '[number]')
    .replace(DIGIT_RUN, '[number]')
    .replace(HELD, (_placeholder, index: string) => held[Number(index)] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  return replaced.length > max ? `${replaced.slice(0, max - 1)}…` : replaced;
}
