/**
 * How long personal data is kept when nothing comes of it (Kenya's Data Protection Act 2019 asks for
 * no longer than needed). The Lambdas stamp items with these; DynamoDB's TTL deletes them, usually
 * within a few days after the time passes. The README's "Data retention" section states them.
 */
export const DAY_SECONDS = 86_400;

/**
 * An order never paid (abandoned at checkout, declined, expired) is deleted this long after it was
 * placed. Paid orders are accounting records and are kept (the refund policy's "about 7 years").
 */
export const UNPAID_ORDER_RETENTION_DAYS = 30;

/** Epoch seconds (DynamoDB TTL's unit) `days` after `from`. */
export function expiresAtEpochSeconds(from: Date, days: number): number {
  return Math.floor(from.getTime() / 1000) + days * DAY_SECONDS;
}
