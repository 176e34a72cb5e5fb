import { formatKes } from '@kesho/common/money';

/**
 * The commercial figures the legal pages quote (SPEC §4 and §9). Every page formats them from
 * here, so the terms, the refund policy and the ethics policy cannot drift apart.
 */

export type PackageId = 'basic' | 'complete' | 'premium';

export interface PricingPackage {
  readonly id: PackageId;
  readonly name: string;
  /** Shillings, excluding VAT. */
  readonly feeKes: number;
  readonly applications: string;
}

export const pricingPackages: Readonly<Record<PackageId, PricingPackage>> = {
  basic: { id: 'basic', name: 'Basic', feeKes: 10_000, applications: '1 university application' },
  complete: { id: 'complete', name: 'Complete', feeKes: 35_000, applications: 'up to 3 university applications' },
  premium: { id: 'premium', name: 'Premium', feeKes: 60_000, applications: 'unlimited university applications' },
};

export const packageList: readonly PricingPackage[] = [pricingPackages.basic, pricingPackages.complete, pricingPackages.premium];

/** Packages that can be paid in instalments. */
export const packagesWithPaymentPlans: readonly PricingPackage[] = [pricingPackages.complete, pricingPackages.premium];

export const refundRules = {
  fullRefundWindowDays: 7,
  processingFeeKes: 2_000,
  basicPartialRefundPercent: 50,
  completeMinimumRetentionPercent: 25,
  premiumMinimumRetentionPercent: 30,
  reviewBusinessDays: '3 to 5',
  payoutBusinessDays: '7 to 10',
  appealWindowDays: 14,
  appealDecisionBusinessDays: 10,
} as const;

export const financialRecordsRetentionYears = 7;

export const typicalTimelines = {
  universityApplications: '2 to 4 months',
  visa: '2 to 8 weeks',
} as const;

/** "KES 35,000", with a no-break space so an amount never splits across two lines. */
export const kes = (shillings: number): string => formatKes(shillings).replace(' ', '\u00a0');

export const packageFee = (id: PackageId): string => kes(pricingPackages[id].feeKes);

/** The cost of moving from one package to a dearer one: the difference between the two fees. */
export function upgradeCostKes(from: PackageId, to: PackageId): number {
  return pricingPackages[to].feeKes - pricingPackages[from].feeKes;
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
 * refund = total fee − (percentage of work completed × total fee) − processing fee (SPEC §9), where a
 * package's minimum retention sets a floor on the percentage. A refund is never negative.
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
