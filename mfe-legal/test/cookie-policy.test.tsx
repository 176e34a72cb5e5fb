import { screen, within } from '@testing-library/react';
import { BUCKET_MAX_AGE_SECONDS } from '@kesho/release-model/build-choice';
import { COOKIE_CONSENT_VALUES, SITE_COOKIES, STORAGE_KEYS } from '@kesho/site-rules/storage-keys';
import { cookieLifetimes } from '../src/content/cookies';
import CookiePolicyPage from '../src/pages/CookiePolicyPage';
import { bodyText, describeLegalPage, expectLinksTo, normalisedText, rowStartingWith } from './renderPage';

const TYPES = 'Types of cookies and how long they last';
const STORED = 'Items this website stores in your browser';

describeLegalPage('Cookie Policy', CookiePolicyPage, '/cookie-policy', () => {
  it('keeps consent 1 year, analytics 2 years, preferences 1 year and session cookies for the session', () => {
    expect(rowStartingWith(TYPES, 'Consent')[2]).toBe('1 year');
    expect(rowStartingWith(TYPES, 'Analytics')[2]).toBe('2 years');
    expect(rowStartingWith(TYPES, 'Preferences')[2]).toBe('1 year');
    expect(rowStartingWith(TYPES, 'Session')[2]).toBe('For the session: deleted when you close the tab or browser');
  });

  it('sets analytics and preference cookies only with consent', () => {
    expect(rowStartingWith(TYPES, 'Analytics')[1]).toContain('Set only if you select Accept.');
    expect(rowStartingWith(TYPES, 'Preferences')[1]).toContain('Set only if you select Accept.');
    expect(bodyText()).toContain('We set preference and analytics cookies only after you select Accept in the cookie banner.');
  });

  it('marks up both tables with captions and column and row headers', () => {
    for (const [name, columns] of [
      [TYPES, ['Type', 'Purpose', 'Lifetime']],
      [STORED, ['Name', 'Purpose', 'Lifetime']],
    ] as const) {
      const table = screen.getByRole('table', { name });
      expect(
        within(table)
          .getAllByRole('columnheader')
          .map((cell) => cell.textContent),
      ).toEqual(columns);
      for (const header of within(table).getAllByRole('rowheader')) expect(header).toHaveAttribute('scope', 'row');
    }
  });

  it('names each key the site writes, as code, and the values the cookie banner stores under the consent key', () => {
    const stored = screen.getByRole('table', { name: STORED });
    const codeNames = Array.from(stored.querySelectorAll('code'), (element) => element.textContent);
    expect(codeNames).toEqual([STORAGE_KEYS.cookieConsent, STORAGE_KEYS.cookieConsentDate, STORAGE_KEYS.cart, STORAGE_KEYS.checkoutData, SITE_COOKIES.bucket, SITE_COOKIES.preview]);

    const consent = rowStartingWith(STORED, `${STORAGE_KEYS.cookieConsent} and ${STORAGE_KEYS.cookieConsentDate} (local storage)`);
    expect(consent[1]).toContain(`stored as “${COOKIE_CONSENT_VALUES.accepted}” or “${COOKIE_CONSENT_VALUES.rejected}”`);
    expect(consent[2]).toBe(`${cookieLifetimes.consent}, or until you clear it sooner`);
    expect(rowStartingWith(STORED, `${STORAGE_KEYS.cart} (local storage): your package`)[2]).toBe('Until you pay, remove the services or clear it');
    const checkout = rowStartingWith(STORED, `${STORAGE_KEYS.checkoutData} (session storage)`);
    expect(checkout[2]).toBe('For the session: removed when your payment succeeds or you close the tab');
  });

  it('names the cookies the server sets during a canary or a preview, with their true lifetimes', () => {
    const bucket = rowStartingWith(STORED, `${SITE_COOKIES.bucket} (cookie)`);
    expect(bucket[1]).toContain('A random number from 0 to 9999 and nothing else');
    expect(bucket[2]).toBe(`${BUCKET_MAX_AGE_SECONDS / 86_400} days`);
    expect(rowStartingWith(STORED, `${SITE_COOKIES.preview} (cookie)`)[1]).toContain('open a preview link');
  });

  it('tells the visitor which local storage item to delete to see the banner again', () => {
    const steps = screen.getByRole('heading', { level: 2, name: 'How to change your choice' }).closest('section');
    const clearStep = within(steps as HTMLElement)
      .getByText('Clear the stored choice.')
      .closest('li');
    expect(clearStep?.querySelector('code')).toHaveTextContent(new RegExp(`^${STORAGE_KEYS.cookieConsent}$`));
    expect(normalisedText(clearStep as HTMLElement)).toContain(`delete the ${STORAGE_KEYS.cookieConsent} item under local storage`);
  });

  it('explains how to change the choice by clearing the stored value or using browser settings', () => {
    expect(screen.getByRole('heading', { level: 2, name: 'How to change your choice' })).toBeInTheDocument();
    expect(bodyText()).toContain('The next page you open shows the cookie banner again, and you can choose again.');
    expect(screen.getByText('Use your browser settings.')).toBeInTheDocument();
  });

  it('links to the Privacy Policy', () => {
    expectLinksTo('Privacy Policy', '/privacy');
  });
});
