import { site } from '@kesho/site-rules/site';
import { COOKIE_CONSENT_VALUES, SITE_COOKIES, STORAGE_KEYS } from '@kesho/site-rules/storage-keys';
import { contactSection } from './shared';
import { EMAIL, PHONE, bullets, code, link, paragraph, steps, strong, type LegalDocumentContent } from './types';

/** How long each kind of cookie lasts: the types table and the stored-items table quote the same words. */
export const cookieLifetimes = {
  consent: '1 year',
  analytics: '2 years',
  preferences: '1 year',
  session: 'For the session',
  bucket: '90 days',
  preview: 'Until the preview link expires or they leave the preview',
} as const;

export const cookiePolicy: LegalDocumentContent = {
  title: 'Cookie Policy',
  summary: `This policy explains the cookies and browser storage the ${site.brand} website uses, how long each item lasts, and how you can change your choice at any time.`,
  sections: [
    {
      id: 'what-are-cookies',
      heading: 'What cookies and browser storage are',
      blocks: [
        paragraph(
          'Cookies are small text files that a website stores in your browser. Websites can also keep information in your browser’s ',
          strong('local storage'),
          ', which stays until it is cleared, and its ',
          strong('session storage'),
          ', which is cleared when you close the tab. In this policy, “cookies” covers all three.',
        ),
        paragraph('We use them to make the website work, to remember your choices and, only if you agree, to understand how the website is used.'),
      ],
    },
    {
      id: 'cookie-types',
      heading: 'The types of cookies we use',
      blocks: [
        {
          kind: 'table',
          caption: 'Types of cookies and how long they last',
          columns: ['Type', 'Purpose', 'Lifetime'],
          rows: [
            [
              'Session',
              'Keeps the website working while you browse, for example by carrying your checkout details to the payment page. Strictly necessary, so always on.',
              `${cookieLifetimes.session}: deleted when you close the tab or browser`,
            ],
            ['Consent', 'Remembers whether you accepted or rejected optional cookies, so we do not ask on every page. Strictly necessary, so always on.', cookieLifetimes.consent],
            ['Preferences', 'Remembers choices that make your next visit easier. Set only if you select Accept.', cookieLifetimes.preferences],
            [
              'Analytics',
              'Tells us, in total and not about you personally, which pages are visited and where visitors run into difficulty. Set only if you select Accept.',
              cookieLifetimes.analytics,
            ],
          ],
        },
        paragraph(
          'We set preference and analytics cookies only after you select Accept in the cookie banner. If you select Reject or close the banner, we do not set them. We do not use advertising cookies, and we do not sell information about your visit.',
        ),
      ],
    },
    {
      id: 'what-we-store',
      heading: 'What this website stores in your browser',
      blocks: [
        paragraph('The website keeps these items in your browser. None of them is shared with advertisers.'),
        {
          kind: 'table',
          caption: 'Items this website stores in your browser',
          columns: ['Name', 'Purpose', 'Lifetime'],
          rows: [
            [
              [code(STORAGE_KEYS.cookieConsent), ' and ', code(STORAGE_KEYS.cookieConsentDate), ' (local storage)'],
              `Your cookie choice, stored as “${COOKIE_CONSENT_VALUES.accepted}” or “${COOKIE_CONSENT_VALUES.rejected}”, and the date you made it, so the banner does not appear again until the choice expires.`,
              `${cookieLifetimes.consent}, or until you clear it sooner`,
            ],
            [
              [code(STORAGE_KEYS.cart), ' (local storage): your package'],
              'The services you selected in the custom package builder, so your package survives a reload and is the same in every tab. It is emptied after a successful payment.',
              'Until you pay, remove the services or clear it',
            ],
            [
              [code(STORAGE_KEYS.checkoutData), ' (session storage)'],
              'The details you entered at checkout (full name, e-mail, phone, company name and notes), carried from the checkout page to the payment page.',
              `${cookieLifetimes.session}: removed when your payment succeeds or you close the tab`,
            ],
            [
              [code(SITE_COOKIES.bucket), ' (cookie)'],
              'A random number from 0 to 9999 and nothing else, set only while we try a new version of part of the website on some visitors, so that you see the same version on every page of a visit. Strictly necessary, so always on.',
              cookieLifetimes.bucket,
            ],
            [
              [code(SITE_COOKIES.preview), ' (cookie)'],
              'Set only for our staff when they open a preview link, to show them a version of the website that is not published yet.',
              cookieLifetimes.preview,
            ],
          ],
        },
        paragraph(
          'When you pay by card you complete your payment on Stripe’s secure hosted checkout page. Stripe sets its own cookies there, which it needs for payments and fraud prevention, under Stripe’s own cookie policy.',
        ),
      ],
    },
    {
      id: 'your-choices',
      heading: 'How to change your choice',
      blocks: [
        paragraph('You can change your mind at any time:'),
        steps(
          [
            strong('Clear the stored choice.'),
            ' In your browser’s settings, clear the site data (cookies and site storage) for this website, or delete the ',
            code(STORAGE_KEYS.cookieConsent),
            ' item under local storage in your browser’s developer tools. The next page you open shows the cookie banner again, and you can choose again.',
          ],
          [
            strong('Use your browser settings.'),
            ' Most browsers let you block all cookies, block third-party cookies or delete cookies when you close the browser. Look for “Privacy” or “Cookies and site data” in the settings menu.',
          ],
        ),
        paragraph(
          'Clearing site data also empties your package. If you block all storage, the website still shows all of its content, but it cannot remember your choice or your package between pages and visits.',
        ),
      ],
    },
    {
      id: 'more-information',
      heading: 'More information',
      blocks: [
        bullets(
          ['How we use personal data, and your rights, are explained in our ', link('/privacy', 'Privacy Policy'), '.'],
          'If we start using a new type of cookie, we update this policy and ask for your consent again where it is needed.',
        ),
      ],
    },
    contactSection('Questions about cookies? E-mail ', EMAIL, ' or call ', PHONE, '.'),
  ],
};
