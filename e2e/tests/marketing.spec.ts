import { expectNoAxeViolations } from '../support/axe';
import type { Page } from '@playwright/test';
import { dismissCookieBanner, expect, test, waitForApp } from '../support/fixtures';

const pages: { path: string; heading: RegExp | string; texts: (string | RegExp)[] }[] = [
  {
    path: '/',
    heading: /Your route to a world-class university/,
    texts: ['300+', '98%', '85%', '$2M+', 'Transparent Process', 'Proven Success', 'Ethical Standards', 'University of Toronto', 'University of Auckland'],
  },
  { path: '/about', heading: /About/, texts: ['Grace Wanjiru Kamau', 'Brian Otieno Odhiambo', 'PVT-6LUQ3KZ8', '2 February 2023', 'P.O. Box 30123-00100'] },
  { path: '/services', heading: 'Our Services', texts: ['Initial Consultation', 'Strategy Development', 'Application & Visa', 'Pre-Departure'] },
  { path: '/services/admissions', heading: 'University Admissions', texts: ['300+', '85%'] },
  { path: '/services/visa', heading: 'Visa & Immigration', texts: ['Canada', 'UK', 'USA', 'Australia', 'UAE', 'Germany', 'India', 'New Zealand', '6 months'] },
  { path: '/services/scholarships', heading: 'Scholarships', texts: ['Chevening', 'Mastercard Foundation', 'DAAD', 'Fulbright'] },
  { path: '/services/career', heading: 'Career Counseling', texts: ['Technology', 'Healthcare', 'Engineering', 'Business'] },
  {
    path: '/services/partners',
    heading: 'Partner Services',
    texts: ['Commission-Based', 'Retainer + Commission', 'Most Popular', 'Project-Based', 'Canada', '15+', 'support@keshoglobal.co.ke'],
  },
  { path: '/pricing', heading: 'Transparent Pricing', texts: ['Basic', 'KES 10,000', 'Complete', 'KES 35,000', 'Premium', 'KES 60,000', 'Most Popular', /VAT/] },
  { path: '/contact', heading: 'Contact Us', texts: ['+254 711 082 500', 'support@keshoglobal.co.ke', 'Kesho House, 14 Mpaka Road, Westlands, Nairobi, Kenya', /Monday to Saturday/] },
  { path: '/success-stories', heading: 'Success Stories', texts: ['300+', '98%', '15+', '50+'] },
  { path: '/blog', heading: 'Study Abroad Insights', texts: ['Scholarships', 'Visa Guide', 'Admissions', 'Country Guide', 'Applications', 'Subscribe'] },
];

test.describe('the marketing pages', () => {
  for (const { path, heading, texts } of pages) {
    test(`${path} renders completely`, async ({ page }) => {
      await dismissCookieBanner(page);
      await page.goto(path);
      await waitForApp(page);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      const main = page.getByRole('main');
      for (const text of texts) await expect(main).toContainText(text);
    });
  }

  test('the home calls to action lead to the quote builder, contact and pricing', async ({ page }) => {
    await dismissCookieBanner(page);
    await page.goto('/');
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'Build My Package' })).toHaveAttribute('href', '/custom-quote');
    await expect(main.getByRole('link', { name: 'Book Free Counseling' })).toHaveAttribute('href', '/contact');
    await expect(main.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/contact');
    await expect(main.getByRole('link', { name: 'Book Free Consultation' })).toHaveAttribute('href', '/contact');
    await expect(main.getByRole('link', { name: 'View Pricing' })).toHaveAttribute('href', '/pricing');
  });

  test('success stories show six stories and invite the visitor to start', async ({ page }) => {
    await dismissCookieBanner(page);
    await page.goto('/success-stories');
    await expect(page.getByRole('main').getByRole('img')).toHaveCount(6);
    await expect(page.getByRole('link', { name: 'Start Your Journey' })).toHaveAttribute('href', '/contact');
  });
});

test.describe('the contact form', () => {
  test('keeps what was typed, explains each problem and focuses the first', async ({ page }) => {
    await dismissCookieBanner(page);
    await page.goto('/contact');
    await waitForApp(page);
    await page.getByLabel('Email address').fill('not-an-email');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Please enter your full name')).toBeVisible();
    await expect(page.getByText('Please enter a valid email address, like you@example.com')).toBeVisible();
    await expect(page.getByLabel('Full name')).toBeFocused();
    await expect(page.getByLabel('Email address')).toHaveValue('not-an-email');
    await expectNoAxeViolations(page);
  });

  test('clears every field and thanks the visitor on a valid submit', async ({ page }) => {
    await dismissCookieBanner(page);
    await page.goto('/contact');
    await waitForApp(page);
    await page.getByLabel('Full name').fill('Wanjiku Mwangi');
    await page.getByLabel('Email address').fill('wanjiku@example.com');
    await page.getByLabel('Phone number').fill('+254 712 345 678');
    await page.getByLabel('Country you would like to study in').selectOption('canada');
    await page.getByLabel('Your message').fill('I would like to study nursing in Canada in 2026.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    const toasts = page.getByRole('region', { name: 'Notifications' });
    await expect(toasts).toContainText('Message Sent!');
    await expect(toasts).toContainText("Thank you for contacting us. We'll get back to you within 24 hours.");
    for (const label of ['Full name', 'Email address', 'Phone number', 'Your message']) await expect(page.getByLabel(label)).toHaveValue('');
    await expect(page.getByLabel('Country you would like to study in')).toHaveValue('');
    // Alt+T focuses the notifications region.
    await page.keyboard.press('Alt+t');
    await expect(toasts).toBeFocused();
  });
});

const article = {
  title: 'Canada or Australia? How to Choose Your Study Destination',
  path: '/blog/canada-or-australia-how-to-choose-your-study-destination',
};

async function blogPostings(page: Page): Promise<{ headline?: string; url?: string }[]> {
  const scripts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return scripts.map((text) => JSON.parse(text) as { '@type'?: string; headline?: string; url?: string }).filter((data) => data['@type'] === 'BlogPosting');
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`the blog with JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled });

    test('a card’s Read article link opens the article’s own page, which links back to /blog', async ({ page }) => {
      if (javaScriptEnabled) await dismissCookieBanner(page);
      await page.goto('/blog');
      if (javaScriptEnabled) await waitForApp(page);
      const read = page.getByRole('link', { name: `Read article: ${article.title}` });
      await expect(read).toHaveText('Read article');
      await read.click();
      await expect(page).toHaveURL(article.path);
      await expect(page.getByRole('heading', { level: 1, name: article.title })).toBeVisible();
      await expect(page).toHaveTitle(`${article.title} | Kesho Global Education`);
      // Structured data is written into the prerendered document, so it is read from a direct load.
      if (javaScriptEnabled) await page.reload();
      const postings = await blogPostings(page);
      expect(postings).toHaveLength(1);
      expect(postings[0]?.headline).toBe(article.title);
      expect(postings[0]?.url).toMatch(new RegExp(`${article.path}$`));
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${article.path}$`));
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /^Canada or Australia for your studies\?/);

      await page.getByRole('link', { name: 'Back to all articles' }).click();
      await expect(page).toHaveURL(/\/blog$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Study Abroad Insights' })).toBeVisible();
    });
  });
}
