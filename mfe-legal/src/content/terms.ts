import { catalogue } from '@kesho/site-rules/catalogue';
import { formatUsd } from '@kesho/site-rules/money';
import { site } from '@kesho/site-rules/site';
import { advisoryPackageList, refundRules, typicalTimelines } from '@kesho/site-rules/advisory-packages';
import { kes, packagesWithPaymentPlans, upgradeCostKes } from './policy';
import { companyDetails, contactSection, joinWithAnd } from './shared';
import { EMAIL, PHONE, bullets, highlight, link, paragraph, strong, subsection, type LegalDocumentContent } from './types';

const cheapestService = catalogue.reduce((cheapest, service) => (service.priceCents < cheapest.priceCents ? service : cheapest));
const dearestService = catalogue.reduce((dearest, service) => (service.priceCents > dearest.priceCents ? service : dearest));
const planPackages = joinWithAnd(packagesWithPaymentPlans.map((pkg) => pkg.name));

export const termsOfService: LegalDocumentContent = {
  title: 'Terms of Service',
  summary: `These terms govern your use of the ${site.brand} website and the study-abroad advisory services of ${site.legalName}. Please read them before you book or pay for any service.`,
  sections: [
    {
      id: 'about-these-terms',
      heading: 'About these terms',
      blocks: [
        paragraph(
          `These Terms of Service form the agreement between you and ${site.legalName} (“${site.brand}”, “we”, “us”), a company registered in ${site.incorporatedIn} under company number ${site.companyNumber}. They apply when you browse this website, contact us, book a consultation, buy a package or build a custom package. Our `,
          link('/refund', 'Refund Policy'),
          ', ',
          link('/privacy', 'Privacy Policy'),
          ' and ',
          link('/cookie-policy', 'Cookie Policy'),
          ' form part of these terms.',
        ),
        paragraph(
          'By ticking the box at checkout, or by paying for a service in any other way, you confirm that you have read and accept these terms. If you do not accept them, please do not use our services.',
        ),
        companyDetails,
      ],
    },
    {
      id: 'eligibility',
      heading: 'Who can use our services',
      blocks: [
        paragraph(`Our services are for students aged ${site.minimumAge} and over. We do not take on clients younger than ${site.minimumAge}.`),
        paragraph('If you are under 18, a parent or legal guardian must agree to these terms with you, take part in your initial consultation, and make or authorise every payment.'),
        paragraph(
          'Where a parent, guardian or sponsor pays for a student’s services, the student remains our client. We advise the student, and we share the student’s information with the person paying only as our Privacy Policy allows.',
        ),
      ],
    },
    {
      id: 'our-services',
      heading: 'Our services and our role',
      blocks: [
        paragraph(
          'We provide advice and practical support with university admissions, visa and immigration applications, scholarships, career counselling and partner-institution services, as described on this website and in the package or custom order you choose.',
        ),
        highlight(
          strong('We are advisers, not decision-makers.'),
          ' Universities decide on admission, scholarship bodies decide on awards, and embassies, high commissions and immigration authorities decide on visas. We do not and cannot guarantee an offer of admission, a scholarship or a visa, and no member of our team is permitted to promise one.',
        ),
        paragraph(
          `Our published results, such as our ${site.figures.visaSuccess} visa success rate, describe what past clients achieved. They are not a prediction or a promise of your outcome.`,
        ),
        paragraph(
          `University applications typically take ${typicalTimelines.universityApplications} and a visa ${typicalTimelines.visa}, but timelines depend on the institution, the destination country, the time of year and how quickly documents are supplied. We tell you about the deadlines we know of; the institutions and authorities set them and may change them.`,
        ),
        paragraph(
          'Some partner institutions pay us a commission when a student enrols. We disclose this and never let it decide our advice, as our ',
          link('/ethics', 'Anti-Fraud & Ethics Policy'),
          ' explains.',
        ),
      ],
    },
    {
      id: 'your-obligations',
      heading: 'Your obligations',
      blocks: [
        paragraph('To let us give you good advice and to keep your applications lawful, you agree to:'),
        bullets(
          'give us information that is true, complete and up to date, and tell us promptly when anything changes, such as your results, finances, travel history or immigration history;',
          'supply only genuine documents, and tell us if any document has been altered or was not issued by the person or body it names;',
          'write your own personal statements and essays: we advise and edit, but the work must be yours;',
          'meet the deadlines we agree with you and respond to our requests for documents or decisions in good time;',
          'pay application, test, visa and other third-party fees when they fall due, unless we have agreed in writing to pay them on your behalf;',
          'check every application before it is submitted, because you are responsible for what is submitted in your name.',
        ),
        highlight(
          strong('False information.'),
          ' If you give us false, misleading or incomplete information, or a document that is not genuine, we may stop work immediately. A visa refusal caused by false information you supplied does not qualify for any refund, as the ',
          link('/refund', 'Refund Policy'),
          ' explains.',
        ),
      ],
    },
    {
      id: 'fees-and-payment',
      heading: 'Fees and payment',
      blocks: [
        subsection(
          'Package fees',
          paragraph('Our packages are priced in Kenyan shillings (KES) and exclude VAT, which is added at the rate in force on the date of your invoice:'),
          bullets(...advisoryPackageList.map((pkg) => [strong(`${pkg.name}: ${kes(pkg.feeKes)}`), ` excluding VAT, for ${pkg.applications}.`])),
          paragraph('What each package includes is described on our ', link('/pricing', 'Pricing'), ' page.'),
        ),
        subsection(
          'Custom packages',
          paragraph(
            'Services chosen in our ',
            link('/custom-quote', 'custom package builder'),
            ` are priced in US dollars (USD), from ${formatUsd(cheapestService.priceCents)} for a ${cheapestService.name} to ${formatUsd(dearestService.priceCents)} for ${dearestService.name}. The price of each service, the quantity and the total are shown before you pay, and no processing fee is added at checkout.`,
          ),
        ),
        subsection(
          'How to pay',
          bullets(
            'By card, on the secure hosted checkout page of our payment provider, Stripe. You enter your card details on Stripe’s page: they never reach our servers.',
            'By mobile money, to the business number printed on the invoice we send you from our official e-mail address.',
            'By bank transfer, to the company bank account printed on that invoice.',
          ),
          paragraph(
            'We never ask you to pay into a personal bank account or a personal mobile money number. If anyone does, do not pay: contact us and read ',
            link('/ethics', 'how to check you are dealing with us'),
            '.',
          ),
          paragraph('Work starts once we have received your payment, or the first instalment of an agreed payment plan. Every payment receives an invoice with its own invoice number.'),
        ),
        subsection(
          'Upgrades and payment plans',
          paragraph(
            `You can upgrade to a higher package at any time by paying the difference between the two fees: for example, moving from Basic to Complete costs ${kes(upgradeCostKes('basic', 'complete'))}, and from Complete to Premium ${kes(upgradeCostKes('complete', 'premium'))}, plus VAT. Work already done under your first package counts towards the new one.`,
          ),
          paragraph(
            `Payment plans are available for the ${planPackages} packages. The number, amounts and dates of the instalments are agreed in writing before work begins. If an instalment is not paid when due, we may pause work until it is paid, and we will tell you before we do so.`,
          ),
        ),
        subsection(
          'Third-party fees',
          paragraph(
            'Our fees pay for our advice and support only. University application fees, language and entrance tests, visa and biometric fees, health surcharges, translations, certification of documents and courier charges are set by third parties and are payable by you, unless your written order says otherwise.',
          ),
        ),
      ],
    },
    {
      id: 'cancellations-and-refunds',
      heading: 'Cancellations and refunds',
      blocks: [
        paragraph(
          'You may cancel a service at any time by e-mailing ',
          EMAIL,
          '. Refunds are handled under our ',
          link('/refund', 'Refund Policy'),
          ', which forms part of these terms. In summary:',
        ),
        bullets(
          `a full refund if you cancel within ${refundRules.fullRefundWindowDays} days of payment and no work or advisory has started;`,
          `a pro-rata refund once work has begun, less a ${kes(refundRules.processingFeeKes)} processing fee, with minimum retention for the Complete and Premium packages;`,
          'no refund once a service has been completed, or for a visa refusal caused by false information.',
        ),
        paragraph(
          'We may end our services if you seriously or repeatedly break these terms. If we do so because you supplied false information or documents that are not genuine, no refund is due; otherwise the Refund Policy applies as if you had cancelled at that point.',
        ),
      ],
    },
    {
      id: 'intellectual-property',
      heading: 'Intellectual property',
      blocks: [
        paragraph(
          `The content of this website and the materials we prepare for you, including guides, checklists, templates, shortlists and written feedback, belong to ${site.legalName} or its licensors. You may use them for your own applications and share them with your family, sponsors and the institutions you apply to, but you may not sell, publish or reuse them commercially.`,
        ),
        paragraph(
          'Documents you give us remain yours. You allow us to copy, store, edit and submit them only as needed to provide the services you asked for. Your personal statements and essays remain your own work and your property, including after our editing.',
        ),
        paragraph(`The ${site.brand} name may not be used to promote any other business or service without our written permission.`),
      ],
    },
    {
      id: 'website-use',
      heading: 'Using our website',
      blocks: [
        bullets(
          'Use the website lawfully, and do not try to gain unauthorised access to it, disrupt it or collect its content automatically.',
          'Do not impersonate another person or submit someone else’s details.',
          'The general information on the website is guidance, not personal advice. Entry and visa requirements change often, so we confirm the current rules for your own case during your service.',
        ),
      ],
    },
    {
      id: 'liability',
      heading: 'Limits of our liability',
      blocks: [
        paragraph(
          'We provide our services with reasonable care and skill. Nothing in these terms limits any liability that cannot be limited under the laws of Kenya, such as liability for fraud, or your rights under the Consumer Protection Act, 2012.',
        ),
        paragraph('Subject to that, we are not liable for:'),
        bullets(
          'decisions of universities, scholarship bodies, embassies, high commissions or immigration authorities, or changes in their rules, fees or deadlines;',
          'losses caused by information or documents you gave us that were false, incomplete or late;',
          'delays or failures caused by events outside our reasonable control, such as an application portal being unavailable, strikes or changes in the law;',
          'indirect or consequential losses, such as loss of earnings or of a place you might have taken elsewhere.',
        ),
        paragraph('Our total liability to you in connection with a service is limited to the fees you paid us for that service.'),
      ],
    },
    {
      id: 'privacy-and-cookies',
      heading: 'Privacy and cookies',
      blocks: [
        paragraph(
          'We handle your personal data as our ',
          link('/privacy', 'Privacy Policy'),
          ' describes, in line with Kenya’s Data Protection Act, 2019. Our ',
          link('/cookie-policy', 'Cookie Policy'),
          ' explains what the website stores in your browser and how to change your choice.',
        ),
      ],
    },
    {
      id: 'changes',
      heading: 'Changes to these terms',
      blocks: [
        paragraph(
          'We may update these terms to reflect changes in our services or in the law. The date at the top of this page shows when they last changed. The terms in force when you paid apply to that purchase, and we e-mail existing clients about any change that affects them.',
        ),
      ],
    },
    {
      id: 'governing-law',
      heading: 'Governing law and disputes',
      blocks: [
        paragraph(
          'These terms are governed by the laws of Kenya. If something goes wrong, please contact us first: most concerns can be settled quickly and informally. Any dispute we cannot resolve together will be decided by the courts of Kenya.',
        ),
      ],
    },
    contactSection('Questions about these terms? E-mail ', EMAIL, ' or call ', PHONE, ` (${site.hours.short}).`),
  ],
};
