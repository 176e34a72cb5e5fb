/**
 * Money is integer cents everywhere inside the product; dollars appear only on the wire (the
 * create-payment body carries each item's `price` in dollars) and on screen.
 */
/*
 * Written out rather than with Intl.NumberFormat: building a currency formatter loads the locale's
 * ICU data, a single ~100 ms task on a mid-range phone (measured: the largest long task on /terms),
 * and hand-written grouping also reads the same on the server and in every browser.
 */
function groupThousands(whole: number): string {
  return String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** "$1,234.50" */
export function formatUsd(cents: number): string {
  const rounded = Math.round(cents);
  const sign = rounded < 0 ? '-' : '';
  const abs = Math.abs(rounded);
  return `${sign}$${groupThousands(Math.floor(abs / 100))}.${String(abs % 100).padStart(2, '0')}`;
}

/** "KES 35,000" (whole shillings) */
export function formatKes(shillings: number): string {
  const rounded = Math.round(shillings);
  return `KES ${rounded < 0 ? '-' : ''}${groupThousands(Math.abs(rounded))}`;
}

/**
 * A JSON number exactly as a client wrote it. The servers' JSON reader keeps one wherever JavaScript
 * would write the parsed value differently ("25.00", "25.100", "2.5e1", "25.0000000000000001",
 * "24.999999999999999999": the last two are the double 25), so a price is judged as written, never
 * after a rounding the client did not ask for. Anything that expects a plain number refuses it.
 */
export class WrittenNumber {
  constructor(readonly text: string) {}
}

/** "25", "25.5", "25.50": digits, then at most two decimals. */
const PLAIN_AMOUNT = /^(-?)(\d+)(?:\.(\d{1,2}))?$/;

/**
 * Dollars (as typed or sent) to integer cents, computed from the decimal digits (never a product of
 * doubles). Returns null for anything that is not an amount written with digits and at most two
 * decimals ("25.000000001", "25.100", "2.5e1"), so callers can refuse it instead of rounding silently.
 */
export function dollarsToCents(dollars: unknown): number | null {
  let text: string;
  if (dollars instanceof WrittenNumber) text = dollars.text;
  else if (typeof dollars === 'number' && Number.isFinite(dollars)) text = String(dollars);
  else return null;
  const match = PLAIN_AMOUNT.exec(text);
  if (!match) return null;
  const cents = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) return null;
  return match[1] && cents !== 0 ? -cents : cents;
}

export function centsToDollars(cents: number): number {
  return cents / 100;
}
