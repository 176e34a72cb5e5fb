import { formatKes } from '@kesho/site-rules/money';
import { advisoryPackages, refundRules, type PackageId } from '@kesho/site-rules/advisory-packages';

/**
 * The three advisory packages of the pricing page, in Kenyan shillings excluding VAT.
 * The page, its FAQ answers and its structured data all read these, so a price is stated once.
 */
export type { PackageId } from '@kesho/site-rules/advisory-packages';

export interface PricingPackage {
  readonly id: PackageId;
  readonly name: string;
  /** Whole shillings, excluding VAT. */
  readonly priceKes: number;
  /** As printed on the card, e.g. "KES 35,000". */
  readonly price: string;
  readonly description: string;
  readonly features: readonly string[];
  readonly popular?: boolean;
}

const BASIC_KES = advisoryPackages.basic.feeKes;
const COMPLETE_KES = advisoryPackages.complete.feeKes;
const PREMIUM_KES = advisoryPackages.premium.feeKes;

/** Kept by the consultancy on a pro-rata refund. */
export const REFUND_PROCESSING_FEE_KES = refundRules.processingFeeKes;
export const FULL_REFUND_WINDOW_DAYS = refundRules.fullRefundWindowDays;

export const pricingPackages: readonly PricingPackage[] = [
  {
    id: 'basic',
    name: 'Basic',
    priceKes: BASIC_KES,
    price: formatKes(BASIC_KES),
    description: 'For students who already know their first-choice university and want an expert to get one strong application right.',
    features: [
      '1 university application',
      'Course and entry-requirement check',
      'Personal statement review (one round of feedback)',
      'Document checklist and submission support',
      'Email support during business hours',
    ],
  },
  {
    id: 'complete',
    name: 'Complete',
    priceKes: COMPLETE_KES,
    price: formatKes(COMPLETE_KES),
    description: 'Our most chosen package: a balanced shortlist, polished applications and guidance through your student visa.',
    features: [
      'Up to 3 university applications',
      'University and course shortlisting',
      'Personal statement editing (two rounds)',
      'Scholarship search for your chosen courses',
      'Student visa application guidance',
      'Application tracking dashboard',
      'Payment plan available',
    ],
    popular: true,
  },
  {
    id: 'premium',
    name: 'Premium',
    priceKes: PREMIUM_KES,
    price: formatKes(PREMIUM_KES),
    description: 'End-to-end support with a dedicated advisor, from your first shortlist to the day you fly out.',
    features: [
      'Unlimited university applications',
      'A dedicated advisor from start to departure',
      'Unlimited personal statement and essay editing',
      'Scholarship applications support',
      'Full student visa file preparation and interview practice',
      'Pre-departure briefing',
      'Application tracking dashboard',
      'Payment plan available',
    ],
  },
];

function packageById(id: PackageId): PricingPackage {
  const found = pricingPackages.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`Unknown pricing package: ${id}`);
  return found;
}

const upgradeExample = (() => {
  const basic = packageById('basic');
  const complete = packageById('complete');
  return `For example, moving from ${basic.name} (${basic.price}) to ${complete.name} (${complete.price}) costs ${formatKes(complete.priceKes - basic.priceKes)}.`;
})();

const instalmentPackages = pricingPackages.filter((candidate) => candidate.id !== 'basic').map((candidate) => candidate.name);
const instalmentPackageNames = instalmentPackages.join(' and ');

export const pricingHeader = {
  eyebrow: 'Pricing',
  title: 'Transparent Pricing',
  lead: 'Three clear packages, priced in Kenyan shillings and excluding VAT. No hidden fees, and your first consultation is always free.',
} as const;

export const pricingIntro = {
  title: 'Choose your package',
  vatNote: 'All prices are in Kenyan shillings (KES) and exclude VAT.',
  cardPriceNote: 'excluding VAT',
  getStarted: 'Get Started',
  customPackage: 'Build a custom package',
  popularBadge: 'Most Popular',
} as const;

export interface PricingNote {
  readonly title: string;
  readonly text: string;
}

export const pricingNotes = {
  title: 'Good to know',
  upgrade: {
    title: 'Upgrade at any time',
    text: `Start with the package you need today and move up whenever you like by paying only the difference. ${upgradeExample}`,
  },
  paymentPlans: {
    title: 'Payment plans',
    text: `The ${instalmentPackageNames} packages can be paid in instalments. Your advisor agrees the schedule with you in writing before any work starts.`,
  },
  security: {
    title: 'Secure payment',
    text: 'Card payments are processed by Stripe, a secure card payment provider: your card details go straight to Stripe over an encrypted connection and are never stored by us. You can also pay by mobile money or bank transfer.',
  },
  refund: {
    title: 'Fair refunds',
    text: `If your advisory has not started, you can cancel within ${FULL_REFUND_WINDOW_DAYS} days of payment for a full refund. Once work has begun, refunds are pro-rata: the total fee, minus the share of the work already done, minus a ${formatKes(REFUND_PROCESSING_FEE_KES)} processing fee.`,
    linkText: 'Read the full Refund Policy',
  },
  legal: {
    text: 'Every package is provided under our Terms of Service, and we handle your personal data as our Privacy Policy describes.',
    termsLinkText: 'Terms of Service',
    privacyLinkText: 'Privacy Policy',
  },
} as const;

export interface PricingFaq {
  readonly question: string;
  readonly answer: string;
}

/** Shown as accordions on the page and published as the page's FAQPage structured data. */
export const pricingFaqs: readonly PricingFaq[] = [
  {
    question: 'Can I upgrade my package later?',
    answer: `Yes. You can move to a higher package at any time by paying only the difference between the two prices. ${upgradeExample}`,
  },
  {
    question: 'Do you offer payment plans?',
    answer: `Yes. The ${instalmentPackageNames} packages can be paid in instalments. We agree the schedule with you in writing before work starts, so you always know what is due and when.`,
  },
  {
    question: 'Which payment methods do you accept?',
    answer: 'You can pay by debit or credit card through Stripe, a secure card payment provider, or by mobile money or bank transfer. We never see or store your full card details.',
  },
  {
    question: 'What if I change my mind after paying?',
    answer: `If your advisory has not started, you get a full refund when you cancel within ${FULL_REFUND_WINDOW_DAYS} days of payment. After work has begun, we refund the unused share of your fee minus a ${formatKes(REFUND_PROCESSING_FEE_KES)} processing fee. Our Refund Policy sets out every stage.`,
  },
];

export const pricingFaqSection = {
  title: 'Pricing questions',
  moreQuestions: 'Still have a question?',
  allFaqsLinkText: 'Read all frequently asked questions',
  contactLinkText: 'Ask an advisor',
} as const;
