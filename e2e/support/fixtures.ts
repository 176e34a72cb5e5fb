import { test as base, expect, type Page } from '@playwright/test';
import { findCatalogueService } from '@kesho/site-rules/catalogue';

/**
 * Pages start without a stored cookie choice (so the banner shows) unless a test says otherwise,
 * and fail on any request that leaves the machine: the site must be fully self-hosted.
 */
export const test = base.extend<{ externalRequests: string[] }>({
  externalRequests: [
    async ({ page, baseURL }, use) => {
      const origin = new URL(baseURL ?? 'http://127.0.0.1').origin;
      const external: string[] = [];
      await page.route('**/*', (route) => {
        const url = route.request().url();
        if (url.startsWith(origin) || url.startsWith('data:') || url.startsWith('blob:')) return route.fallback();
        external.push(url);
        return route.abort();
      });
      await use(external);
      expect(external, 'requests that left the site').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Stores a cookie choice before the page loads, for tests about something other than the banner. */
export async function dismissCookieBanner(page: Page) {
  await page.addInitScript(() => window.localStorage.setItem('cookieConsent', 'accepted'));
}

/** Waits until the shell has hydrated (its scripts ran and the page is interactive). */
export async function waitForApp(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.app === 'ready');
}

/**
 * The visitor switches to another tab: the page becomes hidden, web-vitals reports CLS and INP, and
 * the reporter sends its beacon. Headless Chromium never hides a page on its own (minimising, other
 * tabs and closing do not reliably fire visibilitychange), so the test plays the browser's part.
 */
export async function hideTab(page: Page) {
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
  });
}

/**
 * A visitor picks one service on /custom-quote, checks out with these details, accepts the terms and
 * proceeds to /payment: the way into a payment through the real pages.
 */
export async function checkOutOneService(page: Page, service: string, customer: { readonly name: string; readonly email: string; readonly phone: string }) {
  await page.goto('/custom-quote');
  await waitForApp(page);
  await page.getByRole('checkbox', { name: service }).check();
  await page.getByRole('button', { name: 'Proceed to Checkout' }).first().click();
  await page.getByLabel('Full Name').fill(customer.name);
  await page.getByLabel('Email').fill(customer.email);
  await page.getByLabel('Phone').fill(customer.phone);
  await page.getByRole('checkbox', { name: /I agree to the/ }).check();
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
}

/** Every console error and uncaught error of the tab, as they happen: a test ends expecting none. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** A cart line as the quote builder stores it, from the catalogue, so the tests seed what the site sells. */
function cartLine(id: string, quantity: number) {
  const service = findCatalogueService(id);
  if (!service) throw new Error(`No catalogue service ${id}`);
  return { id: service.id, name: service.name, priceCents: service.priceCents, icon: service.icon, quantity };
}

/**
 * The browser storage of a visitor with one service in the cart (Essay Editing, $250) and the
 * details a completed checkout form saves: what /checkout and /payment are reached with.
 */
export const AN_ORDER = {
  cart: JSON.stringify({ version: 1, items: [cartLine('essay-editing', 1)] }),
  checkoutData: JSON.stringify({ fullName: 'Amina Wanjiru', email: 'amina@example.com', phone: '+254712345678', companyName: '', notes: '', acceptTerms: true }),
} as const;
