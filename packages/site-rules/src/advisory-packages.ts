/**
 * The advisory packages and the refund rules, stated once: the pricing page, the FAQ, the
 * terms and the refund policy all quote these, so a price or a window cannot differ between pages.
 * Packages are priced in Kenyan shillings, excluding VAT.
 */
export type PackageId = 'basic' | 'complete' | 'premium';

export interface AdvisoryPackage {
  readonly id: PackageId;
  readonly name: string;
  /** Whole shillings, excluding VAT. */
  readonly feeKes: number;
  readonly applications: string;
  readonly popular: boolean;
  readonly paymentPlan: boolean;
  readonly trackingDashboard: boolean;
}

export const advisoryPackages: Readonly<Record<PackageId, AdvisoryPackage>> = {
  basic: { id: 'basic', name: 'Basic', feeKes: 10_000, applications: '1 university application', popular: false, paymentPlan: false, trackingDashboard: false },
  complete: { id: 'complete', name: 'Complete', feeKes: 35_000, applications: 'up to 3 university applications', popular: true, paymentPlan: true, trackingDashboard: true },
  premium: { id: 'premium', name: 'Premium', feeKes: 60_000, applications: 'unlimited university applications', popular: false, paymentPlan: true, trackingDashboard: true },
};

export const advisoryPackageList: readonly AdvisoryPackage[] = [advisoryPackages.basic, advisoryPackages.complete, advisoryPackages.premium];

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
