/**
 * Money is integer cents everywhere inside the product; dollars appear only on the wire (the
 * create-payment body carries `price` in dollars, as SPEC §7 shows) and on screen.
 */
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const kes = new Intl.NumberFormat('en-KE', { maximumFractionDigits: 0 });

/** "$1,234.50" */
export function formatUsd(cents: number): string {
  return usd.format(cents / 100);
}

/** "KES 35,000" */
export function formatKes(shillings: number): string {
  return `KES ${kes.format(shillings)}`;
}

/**
 * Dollars (as typed or sent) to integer cents. Returns null for anything that is not a finite
 * amount with at most two decimals, so callers can refuse it instead of rounding silently.
 */
export function dollarsToCents(dollars: unknown): number | null {
  if (typeof dollars !== 'number' || !Number.isFinite(dollars)) return null;
  const cents = Math.round(dollars * 100);
  if (Math.abs(cents - dollars * 100) > 1e-6) return null;
  return cents;
}

export function centsToDollars(cents: number): number {
  return cents / 100;
}
