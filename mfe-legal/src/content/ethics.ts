import { site } from '@kesho/site-rules/site';
import { advisoryPackageList } from '@kesho/site-rules/advisory-packages';
import { kes } from './policy';
import { contactSection, joinWithAnd, officialEmailDomain, officialWebsiteHost } from './shared';
import { EMAIL, PHONE, bullets, highlight, link, paragraph, steps, strong, type LegalDocumentContent } from './types';

const publishedPackageFees = joinWithAnd(advisoryPackageList.map((pkg) => `${pkg.name} ${kes(pkg.feeKes)}`));

export const ethicsPolicy: LegalDocumentContent = {
  title: 'Anti-Fraud & Ethics Policy',
  summary: `Study abroad attracts fraudsters as well as honest advisers. This policy sets out the standards ${site.brand} holds itself to, how to check that you are really dealing with us, and how to report fraud.`,
  sections: [
    {
      id: 'our-commitment',
      heading: 'Our commitment',
      blocks: [
        paragraph(
          'Every application we help with must be honest. A rejected application can be tried again; a forged document or a false statement can lead to a visa ban and a criminal record, and it undermines every honest student who applies after you. We would rather lose a client than submit a dishonest application.',
        ),
        paragraph(`Everyone who works for or with ${site.legalName}, including our advisers and partners, agrees to follow this policy.`),
      ],
    },
    {
      id: 'no-fake-documents',
      heading: 'No fake documents, ever',
      blocks: [
        paragraph('We never create, alter or knowingly submit false documents, and we never advise anyone to. This covers:'),
        bullets(
          'academic transcripts, certificates and results slips;',
          'bank statements, sponsorship letters and other proof of funds;',
          'employment letters, payslips and references;',
          'language and entrance test results;',
          'birth, marriage and identity documents;',
          'personal statements and essays written by someone else and presented as yours.',
        ),
        paragraph('We advise and edit, but your essays and statements must be your own work. If we find that a document is not genuine, we stop work on the application concerned.'),
      ],
    },
    {
      id: 'no-guarantees',
      heading: 'No guaranteed admission or visa',
      blocks: [
        paragraph(
          'No honest adviser can guarantee a university place, a scholarship or a visa: those decisions belong to the institutions, sponsors and authorities. We never promise one, and we never claim “special contacts” at an embassy or an admissions office.',
        ),
        paragraph(
          `Our published results, a ${site.figures.visaSuccess} visa success rate and ${site.figures.topChoiceOffers} of clients receiving offers from their top-choice universities, describe what past clients achieved. They are not a promise about your application.`,
        ),
        highlight(strong('A warning sign:'), ' anyone who offers a guaranteed visa, or asks for extra money to “speed up” or “secure” a decision, is very likely attempting fraud.'),
      ],
    },
    {
      id: 'transparent-fees',
      heading: 'Transparent fees',
      blocks: [
        bullets(
          [
            `Our prices are published: ${publishedPackageFees}, excluding VAT, on our `,
            link('/pricing', 'Pricing'),
            ' page, and every custom service in US dollars in our ',
            link('/custom-quote', 'custom package builder'),
            '.',
          ],
          'Every payment receives an invoice with its own invoice number, and we charge nothing that is not on it.',
          'Third-party fees, such as application, test and visa fees, are shown separately, paid directly to the institution or authority wherever possible, and backed by their official receipts.',
          ['Refunds follow our published ', link('/refund', 'Refund Policy'), ', whoever you are and however you paid.'],
        ),
      ],
    },
    {
      id: 'conflicts-of-interest',
      heading: 'Conflicts of interest and commissions',
      blocks: [
        paragraph('Some partner universities and colleges pay us a commission when a student we advised enrols. We disclose these commissions, and they never decide our advice:'),
        bullets(
          'before you apply, we tell you which of the institutions we recommend are commission-paying partners, and give you that list in writing on request;',
          'commissions are paid by the institution, never added to your fees;',
          'we recommend institutions that fit your goals, results and budget, including institutions that pay us nothing;',
          'our advisers may not accept gifts, payments or favours from students, sponsors or institutions in return for a recommendation or a decision.',
        ),
        paragraph('Institutions interested in working with us can read about our partnership models on our ', link('/services/partners', 'Partner Services'), ' page.'),
      ],
    },
    {
      id: 'verify-kesho',
      heading: `How to check you are dealing with ${site.brand}`,
      blocks: [
        paragraph('People sometimes pretend to represent well-known consultancies. Before you share documents or pay anyone, check these details:'),
        {
          kind: 'facts',
          items: [
            { label: 'Registered company', value: site.legalName },
            { label: 'Company number', value: site.companyNumber },
            { label: 'Registered office', value: site.registeredOffice.display },
            { label: 'Official e-mail', value: [EMAIL, `: our staff write only from addresses ending in ${officialEmailDomain}`] },
            { label: 'Official phone', value: [PHONE] },
            { label: 'Official website', value: officialWebsiteHost },
          ],
        },
        bullets(
          'Pay only through the checkout on this website, which takes you to Stripe’s secure payment page, or to the mobile money business number or company bank account printed on an invoice sent from an official e-mail address.',
          'We never ask you to pay into a personal bank account or a personal mobile money number, or to hand cash to someone you meet.',
          'We never ask for your card PIN, your online banking password or one-time codes sent to your phone.',
          'Our invoices carry our company name, our company number and an invoice number beginning “INV-”.',
        ),
        paragraph('If you are unsure, call ', PHONE, ` (${site.hours.short}) and we will confirm whether a person, message or invoice is genuine.`),
      ],
    },
    {
      id: 'report-fraud',
      heading: 'How to report fraud',
      blocks: [
        paragraph('If you suspect fraud, such as someone using our name, a fake invoice, an offer of false documents or dishonest conduct by anyone working with us, tell us straight away:'),
        steps(
          ['E-mail ', EMAIL, ' with the subject “Fraud report”, or call ', PHONE, '.'],
          'Tell us what happened and when, with the names, phone numbers, e-mail addresses or accounts involved, and attach copies or screenshots of messages and receipts.',
          'We reply within 24 hours, investigate, and tell you what we found and what we have done.',
        ),
        paragraph(
          'If you have lost money, also report it to the police (the National Police Service or the Directorate of Criminal Investigations) and contact your bank or mobile money provider at once: they may be able to stop the transfer. We treat every report in confidence and protect anyone who reports in good faith from retaliation.',
        ),
      ],
    },
    {
      id: 'consequences',
      heading: 'Consequences of breaking this policy',
      blocks: [
        bullets(
          [
            strong('Clients:'),
            ' if a client supplies false information or documents that are not genuine, or asks us to, we stop work on the applications concerned and may end our services. A visa refusal caused by false information does not qualify for a refund under our ',
            link('/refund', 'Refund Policy'),
            '. Where the law requires it, we report forged documents to the institution or authority concerned.',
          ],
          [strong('Staff and advisers:'), ' disciplinary action up to dismissal, and referral to the police where a crime may have been committed.'],
          [strong('Partners and agents:'), ' we end the relationship and inform the institutions affected.'],
          [strong('Impersonators:'), ' we report them to the police and take legal action to stop them using our name.'],
        ),
      ],
    },
    contactSection('To report a concern or check that a contact is genuine, e-mail ', EMAIL, ' or call ', PHONE, '.'),
  ],
};
