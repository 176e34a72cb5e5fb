import { readCookieConsent, storeCookieConsent } from '../src/app/cookieConsent';

describe('the stored cookie choice', () => {
  beforeEach(() => window.localStorage.clear());

  it('is read back as stored', () => {
    storeCookieConsent(window.localStorage, 'rejected');
    expect(window.localStorage.getItem('cookieConsent')).toBe('rejected');
    expect(readCookieConsent(window.localStorage)).toBe('rejected');
  });

  it('lasts one year, then the banner asks again', () => {
    const decided = Date.parse('2025-01-10T10:00:00Z');
    storeCookieConsent(window.localStorage, 'accepted', decided);
    expect(readCookieConsent(window.localStorage, decided + 364 * 86_400_000)).toBe('accepted');
    expect(readCookieConsent(window.localStorage, decided + 366 * 86_400_000)).toBeNull();
  });

  it('honours a choice stored without a date, and ignores values it does not know', () => {
    window.localStorage.setItem('cookieConsent', 'accepted');
    expect(readCookieConsent(window.localStorage)).toBe('accepted');
    window.localStorage.setItem('cookieConsent', 'maybe');
    expect(readCookieConsent(window.localStorage)).toBeNull();
  });
});
