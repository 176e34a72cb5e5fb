import { screen, within } from '@testing-library/react';
import CookiePolicyPage from '../src/pages/CookiePolicyPage';
import { expectLinksTo, normalisedText, renderPage, rowStartingWith } from './renderPage';

const bodyText = () => normalisedText(document.body);
const TYPES = 'Types of cookies and how long they last';
const STORED = 'Items this website stores in your browser';

describe('the Cookie Policy page', () => {
  beforeEach(() => {
    renderPage(CookiePolicyPage, '/cookie-policy');
  });

  it('is titled "Cookie Policy" and dated January 2025', () => {
    expect(screen.getByRole('heading', { level: 1, name: 'Cookie Policy' })).toBeInTheDocument();
    expect(screen.getByText('Last Updated: January 2025')).toBeInTheDocument();
  });

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
    for (const [name, columns] of [[TYPES, ['Type', 'Purpose', 'Lifetime']], [STORED, ['Name', 'Purpose', 'Lifetime']]] as const) {
      const table = screen.getByRole('table', { name });
      expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(columns);
      for (const header of within(table).getAllByRole('rowheader')) expect(header).toHaveAttribute('scope', 'row');
    }
  });

  it('names what the site really stores: the cookie choice and its date and the cart in local storage, checkoutData in session storage', () => {
    const consent = rowStartingWith(STORED, 'cookieConsent and cookieConsentDate (local storage)');
    expect(consent[1]).toContain('“accepted” or “rejected”');
    expect(consent[2]).toBe('1 year, or until you clear it sooner');
    expect(rowStartingWith(STORED, 'kesho.cart (local storage): your package')[2]).toBe('Until you pay, remove the services or clear it');
    const checkout = rowStartingWith(STORED, 'checkoutData (session storage)');
    expect(checkout[2]).toBe('For the session: removed when your payment succeeds or you close the tab');
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
