import { dismissCookieBanner, expect, test, waitForApp } from '../support/fixtures';

const pages = [
  { path: '/terms', heading: 'Terms of Service', texts: ['PVT-6LUQ3KZ8', 'KES 10,000', 'KES 35,000', 'KES 60,000'] },
  { path: '/privacy', heading: 'Privacy Policy', texts: ['Data Protection Act', '7 years'] },
  { path: '/refund', heading: 'Refund Policy', texts: ['7 days', 'KES 2,000', '50%', '25%', '30%', '3 to 5 business days', '7 to 10 business days', '14 days', '10 business days'] },
  { path: '/cookie-policy', heading: 'Cookie Policy', texts: ['cookieConsent', '1 year', '2 years', 'checkoutData'] },
  { path: '/ethics', heading: 'Anti-Fraud & Ethics Policy', texts: ['PVT-6LUQ3KZ8', 'support@keshoglobal.co.ke'] },
];

test.describe('the legal pages', () => {
  for (const legal of pages) {
    test(`${legal.path} renders completely with its last-updated date and key terms`, async ({ page }) => {
      await dismissCookieBanner(page);
      await page.goto(legal.path);
      await waitForApp(page);
      await expect(page.getByRole('heading', { level: 1, name: legal.heading })).toBeVisible();
      const main = page.getByRole('main');
      await expect(main).toContainText('Last Updated: January 2025');
      for (const text of legal.texts) await expect(main).toContainText(text);
      expect(await main.getByRole('heading', { level: 2 }).count()).toBeGreaterThanOrEqual(4);
    });
  }
});
