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

/**
 * A payment attempt's record (its key's hash, a hash of what was asked and the order it started)
 * answers repeats of the same attempt for this long; after it, the key starts nothing new either,
 * because the page makes a fresh key for every visit to /payment.
 */
export const PAYMENT_ATTEMPT_RETENTION_DAYS = 1;

/** An enquiry from the contact form is deleted a year after it arrived (the advisors' follow-up window). */
export const ENQUIRY_RETENTION_DAYS = 365;

/** A newsletter sign-up never confirmed is deleted when its confirmation link expires. */
export const UNCONFIRMED_SIGNUP_RETENTION_DAYS = 7;

/** An unsubscribed address is removed at once; the bare record (no address) goes after this. */
export const UNSUBSCRIBED_RECORD_RETENTION_DAYS = 30;
