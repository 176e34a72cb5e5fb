import { site } from '@kesho/site-rules/site';
import { financialRecordsRetentionYears } from '@kesho/site-rules/advisory-packages';
import { contactSection, joinWithAnd } from './shared';
import { EMAIL, PHONE, bullets, highlight, link, paragraph, strong, subsection, type LegalDocumentContent } from './types';

export const privacyPolicy: LegalDocumentContent = {
  title: 'Privacy Policy',
  summary: `This policy explains what personal data ${site.legalName} collects through this website and its services, why, who we share it with, and the rights you have under Kenya’s Data Protection Act, 2019.`,
  sections: [
    {
      id: 'who-we-are',
      heading: 'Who we are',
      blocks: [
        paragraph(
          `${site.legalName}, company number ${site.companyNumber}, of ${site.registeredOffice.display}, is the data controller for the personal data described in this policy. We process it in accordance with the Data Protection Act, 2019 of Kenya and the regulations made under it.`,
        ),
        paragraph('For any privacy question or request, e-mail ', EMAIL, ` or write to us at ${site.postalAddress.display}.`),
      ],
    },
    {
      id: 'data-we-collect',
      heading: 'The data we collect',
      blocks: [
        subsection(
          'When you contact us',
          paragraph('When you use our contact form, e-mail us or call us, we collect your name, e-mail address, phone number, the country you are interested in and your message.'),
        ),
        subsection(
          'When you check out',
          paragraph('To prepare your order and invoice we collect:'),
          bullets(
            'your full name, e-mail address and phone number;',
            'your company name and any additional notes, if you choose to give them;',
            'your confirmation that you accept our Terms of Service and Refund Policy;',
            'the services you chose, their quantities and prices, your invoice number and the status of your payment.',
          ),
          highlight(
            strong('Card numbers never touch our servers.'),
            ' Card payments are made on the secure hosted checkout page of our payment processor, Stripe. Stripe tells us whether a payment succeeded, the amount and a payment reference; we never receive or store your full card number or security code.',
          ),
        ),
        subsection(
          'When you become a client',
          paragraph(
            'To prepare applications we collect what the institutions and authorities require: academic records and certificates, test results, passport and identity details, your CV, personal statements, financial and sponsorship documents, and your travel and immigration history. Where a visa application requires it, this can include health information, such as medical examination results, which we treat as sensitive personal data.',
          ),
        ),
        subsection(
          'When you use the website',
          paragraph(
            'The website keeps a few items in your browser, such as your cookie choice, the services in your package and your checkout details for the current tab; our ',
            link('/cookie-policy', 'Cookie Policy'),
            ' lists them. Our servers record technical information, such as your IP address, browser type, the pages requested and the time, to keep the site secure and working.',
          ),
        ),
      ],
    },
    {
      id: 'how-we-use-data',
      heading: 'How we use your data and our legal basis',
      blocks: [
        paragraph('We use personal data only for the purposes below, each with a lawful basis under the Data Protection Act, 2019.'),
        {
          kind: 'table',
          caption: 'Why we use personal data, and on what legal basis',
          columns: ['Purpose', 'Data used', 'Legal basis'],
          rows: [
            ['Answering enquiries and booking consultations', 'Contact details and your message', 'Steps you ask us to take before entering a contract; our legitimate interest in replying'],
            [
              'Providing the services you bought: applications, visas, scholarships and career guidance',
              'Your client file',
              'Performance of our contract with you; your explicit consent for sensitive personal data',
            ],
            [
              'Taking payments, issuing invoices and processing refunds',
              'Checkout and order details',
              'Performance of our contract; our legal obligation to keep tax and accounting records',
            ],
            ['Keeping the website secure and preventing fraud', 'Technical logs', 'Our legitimate interest in protecting our clients and our business'],
            [
              'Remembering your cookie choice; optional preference and analytics cookies',
              'Browser storage and cookie data',
              'Strictly necessary for your choice; your consent for optional cookies',
            ],
            ['Telling you about new services and scholarship deadlines', 'Name and e-mail address', 'Your consent, which you can withdraw at any time'],
          ],
        },
      ],
    },
    {
      id: 'sharing',
      heading: 'Who we share your data with',
      blocks: [
        paragraph('We do not sell your personal data. We share it only where we need to:'),
        bullets(
          'with universities, colleges and their application systems, when you ask us to apply on your behalf;',
          'with embassies, high commissions, immigration authorities and visa application centres, only with your consent and for the applications you ask us to prepare;',
          'with the scholarship and sponsorship bodies you apply to;',
          'with Stripe, our payment processor, for card payments, and with banks and mobile money providers for payments made by those methods;',
          'with the providers who host our website, e-mail and records, under contracts that require them to protect the data and use it only on our instructions;',
          'with your parent, guardian or sponsor, when you ask us to or, if you are under 18, as needed for their consent;',
          'with our professional advisers, and with authorities such as the Kenya Revenue Authority, the courts or the police where the law requires it.',
        ),
      ],
    },
    {
      id: 'international-transfers',
      heading: 'International transfers',
      blocks: [
        paragraph(
          `Studying abroad means your data has to travel: applications go to institutions and authorities in the countries you choose, such as ${joinWithAnd(site.partnerCountsByCountry.map((entry) => entry.country))}. Stripe and our hosting providers may also process data outside Kenya.`,
        ),
        paragraph(
          'We transfer personal data outside Kenya only as the Data Protection Act, 2019 allows: where the transfer is necessary for the services you asked for, with your consent, or where the recipient provides appropriate safeguards for the data. Sensitive personal data is transferred only with your explicit consent.',
        ),
      ],
    },
    {
      id: 'retention',
      heading: 'How long we keep data',
      blocks: [
        bullets(
          [
            strong('Financial records'),
            ` (invoices, payments, refunds and the checkout details attached to them): about ${financialRecordsRetentionYears} years, as Kenyan tax and accounting rules require.`,
          ],
          [
            strong('Client files:'),
            ' for the length of your service and then only as long as needed to answer questions, refund appeals or claims, after which we delete or anonymise them.',
          ],
          [strong('Enquiries'), ' from people who do not become clients: only as long as needed to answer and follow up.'],
          [strong('Server logs:'), ' for a short period for security, then deleted.'],
          [
            strong('Data in your browser:'),
            ' your cookie choice and your package stay until you clear them; your checkout details are removed when your payment succeeds or when you close the tab.',
          ],
        ),
      ],
    },
    {
      id: 'your-rights',
      heading: 'Your rights',
      blocks: [
        paragraph('Under the Data Protection Act, 2019 you have the right to:'),
        bullets(
          'be informed of how your data is used, which is what this policy does;',
          'access the personal data we hold about you and receive a copy;',
          'have inaccurate, out-of-date or incomplete data corrected;',
          'have data deleted that we no longer need or are not entitled to keep (records the law requires us to keep, such as financial records, are kept until the end of their retention period);',
          'object to our processing of your data, including for direct marketing;',
          'withdraw your consent at any time, without affecting processing already done;',
          'receive the data you gave us in a structured, commonly used format, or have it sent to another organisation.',
        ),
        paragraph(
          'To use any of these rights, e-mail ',
          EMAIL,
          '. We may ask you to confirm your identity first, and we respond without undue delay and within the time the Act allows. If you are not satisfied with our response, you may complain to the Office of the Data Protection Commissioner of Kenya.',
        ),
      ],
    },
    {
      id: 'cookies',
      heading: 'Cookies and browser storage',
      blocks: [
        paragraph(
          'We set optional cookies only after you select Accept in the cookie banner. Our ',
          link('/cookie-policy', 'Cookie Policy'),
          ' lists every cookie and stored item, how long each lasts and how to change your choice.',
        ),
      ],
    },
    {
      id: 'security',
      heading: 'How we protect your data',
      blocks: [
        bullets(
          'The whole website is served over encrypted (SSL/TLS) connections.',
          'Card payments are handled by Stripe, which is certified to the payment card industry’s security standard (PCI DSS); card details never pass through our systems.',
          'Only the advisers working on your case, and the staff who support them, can open your client file, and all of them are bound by confidentiality.',
          'Payment keys and other secrets are kept in secure key stores, never in the website’s code.',
          'If a breach puts your data at risk, we notify the Data Commissioner within 72 hours of becoming aware of it and tell you without undue delay, as the Act requires.',
        ),
      ],
    },
    {
      id: 'children',
      heading: 'Children',
      blocks: [
        paragraph(
          `Our services are for students aged ${site.minimumAge} and over, and we do not knowingly collect personal data from anyone younger. If you are under 18, we process your data with the consent of your parent or legal guardian, as the Act requires for children’s data. If you believe someone under ${site.minimumAge} has given us personal data, contact us and we will delete it.`,
        ),
      ],
    },
    {
      id: 'changes',
      heading: 'Changes to this policy',
      blocks: [
        paragraph(
          'We update this policy when our services or the law change. The date at the top of this page shows when it last changed, and we e-mail clients about any change that affects how we use their data.',
        ),
      ],
    },
    contactSection('For questions about your data or to exercise your rights, e-mail ', EMAIL, ' or call ', PHONE, '.'),
  ],
};
