import { site } from '@kesho/site-rules/site';
import { advisoryPackageList, advisoryPackages, refundRules } from '@kesho/site-rules/advisory-packages';
import { describeCalculation, kes, packageFee, proRataRefund } from './policy';
import { contactSection, joinWithAnd } from './shared';
import { EMAIL, PHONE, bullets, example, highlight, link, paragraph, steps, strong, subsection, type LegalDocumentContent } from './types';

const { basic, complete, premium } = advisoryPackages;
const {
  fullRefundWindowDays,
  processingFeeKes,
  basicPartialRefundPercent,
  completeMinimumRetentionPercent,
  premiumMinimumRetentionPercent,
  reviewBusinessDays,
  payoutBusinessDays,
  appealWindowDays,
  appealDecisionBusinessDays,
} = refundRules;

const processingFee = kes(processingFeeKes);

/** The worked example the refund policy has always given: the Complete package cancelled with 40% of the work done. */
const completeExamplePercent = 40;
const completeExample = proRataRefund({ feeKes: complete.feeKes, percentCompleted: completeExamplePercent });

/** A cancellation soon after advisor assignment, where the minimum retention outweighs the work done. */
const premiumExamplePercent = 10;
const premiumExample = proRataRefund({
  feeKes: premium.feeKes,
  percentCompleted: premiumExamplePercent,
  minimumRetentionPercent: premiumMinimumRetentionPercent,
});

const nothingDoneYet = (feeKes: number) => proRataRefund({ feeKes, percentCompleted: 0 }).refundKes;
const largestRefundAfterTrigger = (feeKes: number, minimumRetentionPercent: number) => proRataRefund({ feeKes, percentCompleted: 0, minimumRetentionPercent }).refundKes;

const basicPartialRefundKes = Math.round((basic.feeKes * basicPartialRefundPercent) / 100);
const fullRefundWhileNothingStarted = (feeKes: number) =>
  `Full refund within ${fullRefundWindowDays} days of payment; after that, ${kes(nothingDoneYet(feeKes))} (the fee less the ${processingFee} processing fee)`;

export const refundPolicy: LegalDocumentContent = {
  title: 'Refund Policy',
  summary: [
    `This policy explains when ${site.legalName} refunds fees for its packages and custom services, how refunds are calculated, and how to request a refund or appeal a decision. It forms part of our `,
    link('/terms', 'Terms of Service'),
    '.',
  ],
  sections: [
    {
      id: 'at-a-glance',
      heading: 'Refunds at a glance',
      blocks: [
        bullets(
          `Full refund if you cancel within ${fullRefundWindowDays} days of payment and no work or advisory has started.`,
          `Pro-rata refund once work has begun, less a ${processingFee} processing fee.`,
          `Basic refunds follow fixed stages: full refund before the application starts, ${basicPartialRefundPercent}% after the initial review and before submission, none after submission.`,
          `Minimum retention of ${completeMinimumRetentionPercent}% for Complete after the initial consultation, and ${premiumMinimumRetentionPercent}% for Premium after advisor assignment.`,
          'No refund after a service has been completed, or for a visa refusal caused by false information.',
          `Requests are reviewed in ${reviewBusinessDays} business days and refunds paid in ${payoutBusinessDays} business days. Appeals are accepted within ${appealWindowDays} days and decided within ${appealDecisionBusinessDays} business days.`,
        ),
      ],
    },
    {
      id: 'full-refund',
      heading: `Full refund within ${fullRefundWindowDays} days`,
      blocks: [
        paragraph(`If you cancel within ${fullRefundWindowDays} days of your payment and no work or advisory has started, we refund everything you paid. No processing fee is deducted.`),
        paragraph('Work or advisory has started as soon as any of the following has happened:'),
        bullets(
          'your initial consultation or a session with an adviser has taken place;',
          'an adviser has been assigned to you and has begun reviewing your profile or documents;',
          'we have begun researching universities, editing your documents or preparing any application for you.',
        ),
      ],
    },
    {
      id: 'pro-rata',
      heading: 'Pro-rata refunds once work has begun',
      blocks: [
        paragraph('Once work has begun, we refund the part of the fee that covers work not yet done, less a processing fee for payment charges and administration:'),
        highlight(strong(`Refund = total fee − (percentage of work completed × total fee) − ${processingFee} processing fee`)),
        paragraph(
          'We assess the percentage of work completed against the stages of your package or order, and our written decision shows how we reached it. For the Complete and Premium packages the percentage is never lower than the package’s minimum retention, and for the Basic package fixed stages apply instead (see ',
          link('#package-stages', 'Refunds by package'),
          ').',
        ),
        example(
          'Worked example: Complete package',
          paragraph(`You bought the Complete package for ${packageFee('complete')} and cancel when ${completeExamplePercent}% of the agreed work has been done.`),
          bullets(
            `Total fee: ${kes(completeExample.feeKes)}`,
            `Work completed: ${completeExamplePercent}% × ${kes(completeExample.feeKes)} = ${kes(completeExample.retainedKes)}`,
            `Processing fee: ${kes(completeExample.processingFeeKes)}`,
            [strong(`Refund: ${describeCalculation(completeExample)}`)],
          ),
        ),
        example(
          'Worked example: minimum retention on Premium',
          paragraph(
            `You bought the Premium package for ${packageFee('premium')}. Your advisor has been assigned and ${premiumExamplePercent}% of the work is done when you cancel. Because the ${premiumMinimumRetentionPercent}% minimum retention applies after advisor assignment, we count ${premiumExample.retainedPercent}% rather than ${premiumExamplePercent}%:`,
          ),
          bullets(
            `Total fee: ${kes(premiumExample.feeKes)}`,
            `Minimum retention: ${premiumExample.retainedPercent}% × ${kes(premiumExample.feeKes)} = ${kes(premiumExample.retainedKes)}`,
            `Processing fee: ${kes(premiumExample.processingFeeKes)}`,
            [strong(`Refund: ${describeCalculation(premiumExample)}`)],
          ),
        ),
        subsection(
          'Custom packages paid in US dollars',
          paragraph(
            `The same formula applies to services bought through the custom package builder, calculated on the US dollar amount you paid. Services already delivered, such as a consultation that has taken place or an essay that has been edited, count as work completed. The processing fee is deducted as the US dollar equivalent of ${processingFee} at the exchange rate on the date of our decision.`,
          ),
        ),
        subsection(
          'Payment plans',
          paragraph(
            'If you are paying in instalments, the formula is applied to the full package fee. We refund anything you have paid above the amount we may keep; instalments already due for work that has been done remain payable, and instalments not yet due are cancelled.',
          ),
        ),
      ],
    },
    {
      id: 'package-stages',
      heading: 'Refunds by package',
      blocks: [
        paragraph(
          `Each package has points at which the refund changes. The package fees are ${joinWithAnd(advisoryPackageList.map((pkg) => `${pkg.name} ${kes(pkg.feeKes)}`))}, excluding VAT. For the Basic package these fixed stages replace the pro-rata formula, and no processing fee is deducted. For all packages, the full refund within ${fullRefundWindowDays} days applies while no work has started.`,
        ),
        {
          kind: 'table',
          caption: 'Refunds by package and stage',
          columns: ['Package', 'When you cancel', 'Refund'],
          rows: [
            [basic.name, 'Before the application starts', 'Full refund'],
            [basic.name, 'After the initial review and before the application is submitted', `${basicPartialRefundPercent}% of the fee (${kes(basicPartialRefundKes)})`],
            [basic.name, 'After the application is submitted', 'No refund'],
            [complete.name, 'Before the initial consultation', fullRefundWhileNothingStarted(complete.feeKes)],
            [
              complete.name,
              'After the initial consultation',
              `Pro-rata, with a minimum retention of ${completeMinimumRetentionPercent}%: at most ${kes(largestRefundAfterTrigger(complete.feeKes, completeMinimumRetentionPercent))}`,
            ],
            [complete.name, 'After all services have been completed', 'No refund'],
            [premium.name, 'Before advisor assignment', fullRefundWhileNothingStarted(premium.feeKes)],
            [
              premium.name,
              'After advisor assignment',
              `Pro-rata, with a minimum retention of ${premiumMinimumRetentionPercent}%: at most ${kes(largestRefundAfterTrigger(premium.feeKes, premiumMinimumRetentionPercent))}`,
            ],
            [premium.name, 'After all services have been completed', 'No refund'],
          ],
        },
        subsection(
          'What the stages mean',
          bullets(
            [strong('Basic:'), ' the application starts with our initial review of your profile and documents, and is submitted when we send it to the university.'],
            [strong('Complete:'), ' the initial consultation is your first planning session with your adviser, in person, by phone or online.'],
            [strong('Premium:'), ' advisor assignment is the moment we name your dedicated advisor and send you their contact details.'],
          ),
        ),
      ],
    },
    {
      id: 'no-refund',
      heading: 'When no refund is due',
      blocks: [
        bullets(
          'After the service has been completed: for example, once every application in your package has been submitted, or a consultation or editing service has been delivered.',
          'For a visa refusal caused by false, misleading or incomplete information or documents that you supplied.',
          'Because a university, scholarship body or visa authority made a decision you did not want: our fees pay for advice and work, not for a particular outcome.',
          'For fees paid to third parties, such as application, test, visa and biometric fees or courier and translation charges. These are set by the third party; we will help you claim any refund it offers.',
          ['Where we ended the service because you supplied documents that are not genuine or asked us to act dishonestly (see our ', link('/ethics', 'Anti-Fraud & Ethics Policy'), ').'],
          'For deadlines missed or opportunities lost because documents, payments or decisions reached us late.',
        ),
      ],
    },
    {
      id: 'how-to-request',
      heading: 'How to request a refund',
      blocks: [
        steps(
          ['E-mail ', EMAIL, ' with the subject “Refund request” and your invoice number.'],
          'Tell us your full name, the package or services you bought, the date and method of payment, and why you are cancelling.',
          `We review your request within ${reviewBusinessDays} business days and send you a written decision showing how the refund was calculated.`,
          `Approved refunds are paid within ${payoutBusinessDays} business days of the decision, by the method you paid with: card refunds through Stripe to the same card, mobile money to the number that paid, and bank transfers to the account that paid.`,
        ),
        paragraph(
          'We stop further work from the day we receive your e-mail. Business days are Monday to Friday, excluding public holidays in Kenya. A card refund can take a few more days to appear on your statement, depending on your bank.',
        ),
      ],
    },
    {
      id: 'appeals',
      heading: 'Appeals',
      blocks: [
        paragraph(
          `If you disagree with a refund decision, you can appeal within ${appealWindowDays} days of receiving it. Reply to the decision e-mail, or write to `,
          EMAIL,
          ' with the subject “Refund appeal”, explaining why you disagree and attaching anything that supports your case.',
        ),
        paragraph(
          `A director who was not involved in the original decision reviews your appeal and sends you a written decision within ${appealDecisionBusinessDays} business days. If your appeal succeeds, the refund, or the additional amount, is paid within ${payoutBusinessDays} business days.`,
        ),
        paragraph('This process does not affect your rights under the laws of Kenya, including the Consumer Protection Act, 2012.'),
      ],
    },
    contactSection('Questions about a refund? E-mail ', EMAIL, ' or call ', PHONE, ` (${site.hours.short}).`),
  ],
};
