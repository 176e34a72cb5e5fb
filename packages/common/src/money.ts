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
 * Dollars (as typed or sent) to integer cents. Returns null for anything that is not a finite
 * amount with at most two decimals, so callers can refuse it instead of rounding silently.
 */
export function dollarsToCents(dollars: unknown): number | null {
  if (typeof dollars !== 'number' || !Number.isFinite(dollars)) return null;
  // The number as written (JSON and inputs keep it: 25.000000001 stays that), not a tolerance that
  // would round a ninth decimal away.
  if (!/^-?\d+(?:\.\d{1,2})?$/.test(String(dollars))) return null;
  return Math.round(dollars * 100);
}

export function centsToDollars(cents: number): number {
  return cents / 100;
}
