import { formatKes } from '@kesho/site-rules/money';
import { advisoryPackageList, advisoryPackages, refundRules, type AdvisoryPackage, type PackageId } from '@kesho/site-rules/advisory-packages';

/**
 * The calculations and amount formats the legal pages quote the commercial figures with. The figures
 * themselves (package fees, refund rules, timelines, retention) are @kesho/site-rules/advisory-packages', where the
 * pricing page reads them too.
 */

/** Packages that can be paid in instalments. */
export const packagesWithPaymentPlans: readonly AdvisoryPackage[] = advisoryPackageList.filter((candidate) => candidate.paymentPlan);

/** "KES 35,000", with a no-break space so an amount never splits across two lines. */
export const kes = (shillings: number): string => formatKes(shillings).replace(' ', '\u00a0');

export const packageFee = (id: PackageId): string => kes(advisoryPackages[id].feeKes);

/** The cost of moving from one package to a dearer one: the difference between the two fees. */
export function upgradeCostKes(from: PackageId, to: PackageId): number {
  return advisoryPackages[to].feeKes - advisoryPackages[from].feeKes;
}

export interface ProRataInput {
  readonly feeKes: number;
  /** Share of the agreed work already done, 0 to 100. */
  readonly percentCompleted: number;
  /** The package's minimum retention once its trigger point has passed, 0 to 100. */
  readonly minimumRetentionPercent?: number;
}

export interface ProRataBreakdown {
  readonly feeKes: number;
  /** The percentage actually charged for work: the work done, or the minimum retention if higher. */
  readonly retainedPercent: number;
  readonly retainedKes: number;
  readonly processingFeeKes: number;
  readonly refundKes: number;
}

/**
 * refund = total fee − (percentage of work completed × total fee) − processing fee, where a package's
 * minimum retention sets a floor on the percentage. A refund is never negative.
 */
export function proRataRefund({ feeKes, percentCompleted, minimumRetentionPercent = 0 }: ProRataInput): ProRataBreakdown {
  if (percentCompleted < 0 || percentCompleted > 100) throw new RangeError('percentCompleted must be between 0 and 100');
  const retainedPercent = Math.max(percentCompleted, minimumRetentionPercent);
  const retainedKes = Math.round((feeKes * retainedPercent) / 100);
  const refundKes = Math.max(0, feeKes - retainedKes - refundRules.processingFeeKes);
  return { feeKes, retainedPercent, retainedKes, processingFeeKes: refundRules.processingFeeKes, refundKes };
}

/** "KES 35,000 − KES 14,000 − KES 2,000 = KES 19,000" */
export function describeCalculation(breakdown: ProRataBreakdown): string {
  return `${kes(breakdown.feeKes)} − ${kes(breakdown.retainedKes)} − ${kes(breakdown.processingFeeKes)} = ${kes(breakdown.refundKes)}`;
}
