/**
 * Log events that ops' alarms count (infra/lib/alarms.ts metric filters): named once here, so the
 * line the Lambdas write and the filter that counts it cannot drift apart.
 */

/** The reconciliation names the orders held for a person, every run until the mark is cleared. */
export const HELD_FOR_REVIEW_EVENT = 'orders.held_for_review';

/** A running canary was aborted without anyone typing a command (the local watch, the AWS release publisher), with its figures. */
export const CANARY_ABORTED_EVENT = 'release.canary_aborted';
