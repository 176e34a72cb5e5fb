import type { CDPSession, Locator, Page } from '@playwright/test';
import { AN_ORDER, dismissCookieBanner, expect, test, waitForApp } from '../support/fixtures';

/**
 * Every control, tapped as a visitor on a phone would: from the first paint, on a CPU slowed four
 * times. A tap either does what the control says at once (native HTML: links, forms that post,
 * <details>, popovers, a CSS-only checkbox), or lands while the control visibly says it is not
 * ready, and then one tap once it is ready does it. No tap is dropped silently.
 *
 * The page's scripts are held back until the first tap, so that tap certainly meets the
 * prerendered page; then they run, throttled, while the tapping goes on.
 */

// A tap mid-hydration must not make React give up on the server's HTML (it rebuilds the page and
// what was typed is lost): any page error fails the test.
let pageErrors: string[] = [];
test.beforeEach(({ page }) => {
  pageErrors = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
});
test.afterEach(() => {
  expect(pageErrors, 'errors in the page').toEqual([]);
});

interface Held {
  readonly release: () => void;
  readonly cdp: CDPSession;
}

async function openBeforeTheApp(page: Page, path: string): Promise<Held> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\.js(\?|$)/, async (route) => {
    await held;
    await route.fallback();
  });
  // Module and deferred scripts hold DOMContentLoaded back: the page is used as soon as it is there.
  await page.goto(path, { waitUntil: 'commit' });
  return { release, cdp };
}

const appReady = (page: Page) => page.evaluate(() => document.documentElement.dataset.app === 'ready');

/** A finger's tap at the middle of what the visitor sees, wherever the browser sends it. */
async function tap(page: Page, target: Locator) {
  await target.scrollIntoViewIfNeeded();
  // A person taps what the screen shows: wait until the target holds still for a frame. A block laid
  // out only as it nears the screen (`content-visibility: auto`, the first page's footer and bands) takes
  // its true height in the frame after the scroll, which can move the target from where it was measured.
  let box = await target.boundingBox();
  for (let frame = 0; frame < 20; frame += 1) {
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const now = await target.boundingBox();
    if (box && now && now.x === box.x && now.y === box.y && now.width === box.width && now.height === box.height) break;
    box = now;
  }
  if (!box) throw new Error(`${target} is not on the screen`);
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

interface TapRecord {
  readonly taps: number;
  readonly notReady: number;
  readonly lost: number;
}

/**
 * Taps until the effect shows. Each tap is judged by what the visitor saw when making it: a tap
 * on a control that showed no "not ready" state must have its effect (within `settleMs`), or it
 * counts as lost.
 */
async function tapUntilDone(
  page: Page,
  target: Locator,
  {
    showsNotReady,
    done,
    settleMs = 2_000,
    gapMs = 150,
    maxTaps = 80,
  }: { showsNotReady: () => Promise<boolean>; done: () => Promise<boolean>; settleMs?: number; gapMs?: number; maxTaps?: number },
): Promise<TapRecord> {
  let taps = 0;
  let notReady = 0;
  let lost = 0;
  while (taps < maxTaps) {
    const waiting = await showsNotReady();
    taps += 1;
    if (waiting) notReady += 1;
    await tap(page, target);
    const deadline = Date.now() + (waiting ? gapMs : settleMs);
    while (Date.now() < deadline) {
      if (await done()) return { taps, notReady, lost };
      await page.waitForTimeout(50);
    }
    if (await done()) return { taps, notReady, lost };
    if (!waiting) lost += 1;
  }
  throw new Error(`no effect after ${taps} taps (${notReady} while not ready, ${lost} lost)`);
}

function record(result: TapRecord) {
  test.info().annotations.push({ type: 'taps', description: `${result.taps} taps, ${result.notReady} while it said it was not ready, ${result.lost} lost` });
}

const notifications = (page: Page) => page.getByRole('region', { name: 'Notifications' });

test.describe('the quote builder before the app is ready', () => {
  test.beforeEach(async ({ page }) => dismissCookieBanner(page));

  test('a service checkbox says the package is loading, then one tap adds the service', async ({ page }) => {
    const { release, cdp } = await openBeforeTheApp(page, '/custom-quote');
    const checkbox = page.getByRole('checkbox', { name: 'Essay Editing' });
    const loading = page.getByRole('status').filter({ hasText: 'Loading your package…' }).first();
    await expect(loading).toBeVisible();
    await expect(checkbox).toBeDisabled();
    // The note lies over the cards: a tap on one meets it, and it stays in view.
    await tap(page, checkbox);
    await expect(checkbox).not.toBeChecked();
    await expect(page.locator('ul[aria-busy="true"]')).toHaveCount(1);
    release();
    const result = await tapUntilDone(page, checkbox, {
      showsNotReady: async () => (await loading.isVisible()) && (await checkbox.isDisabled()),
      done: () => checkbox.isChecked(),
    });
    record(result);
    expect(result.lost, 'taps on a ready-looking checkbox that did nothing').toBe(0);
    await expect(notifications(page)).toContainText('1x Essay Editing added to cart');
    await expect(page.getByRole('region', { name: 'Your Package' })).toContainText('Essay Editing');
    await expect(loading).toBeHidden();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  });

  test("a service's quantity slider waits visibly, then one tap sets the quantity", async ({ page }) => {
    const { release, cdp } = await openBeforeTheApp(page, '/custom-quote');
    const slider = page.getByRole('slider', { name: 'Quantity for Visa Guidance' });
    const loading = page.getByRole('status').filter({ hasText: 'Loading your package…' }).first();
    await expect(slider).toBeDisabled();
    await expect(loading).toBeVisible();
    await tap(page, slider);
    await expect(slider).toHaveValue('1');
    release();
    const result = await tapUntilDone(page, slider, {
      showsNotReady: async () => (await loading.isVisible()) && (await slider.isDisabled()),
      done: async () => (await slider.inputValue()) !== '1',
    });
    record(result);
    expect(result.lost).toBe(0);
    // The middle of the track is the middle of 1–10.
    expect(Number(await slider.inputValue())).toBeGreaterThanOrEqual(5);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  });

  test('the custom service form takes typing at once, and Add to Package says it is loading until it can add', async ({ page }) => {
    const { release, cdp } = await openBeforeTheApp(page, '/custom-quote');
    const add = page.getByRole('button', { name: /^Add to Package/ });
    await page.getByLabel('Service name').fill('Portfolio review');
    await page.getByLabel('Price (USD)').fill('120');
    await expect(add).toBeDisabled();
    await expect(add).toHaveAttribute('aria-busy', 'true');
    await expect(add).toHaveText('Add to Package (loading…)');
    await tap(page, add);
    release();
    const summary = page.getByRole('region', { name: 'Your Package' });
    const result = await tapUntilDone(page, add, {
      showsNotReady: async () => (await add.isDisabled()) && (await add.textContent())?.includes('(loading…)') === true,
      done: async () => (await summary.textContent())?.includes('Custom: Portfolio review') === true,
    });
    record(result);
    expect(result.lost).toBe(0);
    await expect(notifications(page)).toContainText('Custom service added to cart');
    // What was typed before the app started is what was added.
    await expect(summary).toContainText('1 × $120.00 = $120.00');
    await expect(page.getByLabel('Service name')).toHaveValue('');
    // The toast's close button works at once: the toast exists only once the app runs.
    await notifications(page).getByRole('button', { name: 'Dismiss notification' }).click();
    await expect(notifications(page)).not.toContainText('Custom service added to cart');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  });

  test('on a desktop, Proceed to Checkout says it is loading, then one tap goes to checkout', async ({ page }) => {
    await page.addInitScript((cart) => window.localStorage.setItem('kesho.cart', cart), AN_ORDER.cart);
    const { release, cdp } = await openBeforeTheApp(page, '/custom-quote');
    const proceed = page.getByRole('button', { name: /^Proceed to Checkout/ });
    await expect(proceed).toHaveText('Proceed to Checkout (loading…)');
    await expect(proceed).toBeDisabled();
    await tap(page, proceed);
    await expect(page).toHaveURL(/\/custom-quote$/);
    release();
    const result = await tapUntilDone(page, proceed, {
      showsNotReady: async () => (await proceed.isDisabled()) && (await proceed.textContent())?.includes('(loading…)') === true,
      done: async () => page.url().endsWith('/checkout'),
    });
    record(result);
    expect(result.lost).toBe(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  });

  test("on a phone, the bottom bar's Proceed to Checkout says it is loading, then one tap answers", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    const { release, cdp } = await openBeforeTheApp(page, '/custom-quote');
    const proceed = page.getByRole('button', { name: /^Proceed to Checkout/ });
    await expect(proceed).toHaveText('Proceed to Checkout (loading…)');
    await expect(proceed).toBeDisabled();
    await tap(page, proceed);
    release();
    // With nothing chosen yet, the answer is the toast that asks for a service.
    const result = await tapUntilDone(page, proceed, {
      showsNotReady: async () => (await proceed.isDisabled()) && (await proceed.textContent())?.includes('(loading…)') === true,
      done: async () => (await notifications(page).textContent())?.includes('Please select at least one service') === true,
    });
    record(result);
    expect(result.lost).toBe(0);
    await expect(page).toHaveURL(/\/custom-quote$/);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  });
});

test.describe('pages whose controls come with the app', () => {
  test.beforeEach(async ({ page }) => dismissCookieBanner(page));

  test('Download Invoice waits, visibly, for the invoice, then one tap opens the print dialog', async ({ page }) => {
    await page.addInitScript(() => {
      const counted = window as unknown as { printed: number };
      counted.printed = 0;
      window.print = () => {
        counted.printed += 1;
      };
    });
    const { release, cdp } = await openBeforeTheApp(page, '/payment-success');
    const download = page.getByRole('button', { name: /^Download Invoice/ });
    await expect(download).toHaveText('Download Invoice (loading…)');
    await expect(download).toBeDisabled();
    await tap(page, download);
    release();
    const printed = () => page.evaluate(() => (window as unknown as { printed?: number }).printed ?? 0);
    const result = await tapUntilDone(page, download, {
      showsNotReady: async () => (await download.isDisabled()) && (await download.textContent())?.includes('(loading…)') === true,
      done: async () => (await printed()) > 0,
    });
    record(result);
    expect(result.lost).toBe(0);
    expect(await printed()).toBe(1);
    await expect(page.getByText(/^INV-\d{8}$/)).toBeVisible();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  });

  test('checkout and payment show no control until the saved package is read, then the first tap counts', async ({ page }) => {
    await page.addInitScript((cart) => {
      window.localStorage.setItem('kesho.cart', cart);
      window.sessionStorage.setItem(
        'checkoutData',
        JSON.stringify({ fullName: 'Achieng Otieno', email: 'achieng@example.com', phone: '+254 722 000 111', companyName: '', notes: '', acceptTerms: true }),
      );
    }, AN_ORDER.cart);
    for (const path of ['/checkout', '/payment']) {
      const { release, cdp } = await openBeforeTheApp(page, path);
      const main = page.locator('#main-content');
      await expect(main.getByRole('status').filter({ hasText: 'Loading your package…' })).toBeVisible();
      await expect(main.locator('button, input, select, textarea')).toHaveCount(0);
      release();
      await page.unroute(/\.js(\?|$)/);
      if (path === '/checkout') {
        const fullName = page.getByLabel('Full Name');
        await fullName.waitFor();
        await expect(fullName).toBeEditable();
      } else {
        const mpesa = page.getByRole('radio', { name: 'M-Pesa' });
        await mpesa.waitFor();
        await tap(page, mpesa);
        await expect(mpesa).toBeChecked();
        await expect(page.getByRole('form', { name: 'Pay with M-Pesa' })).toBeVisible();
      }
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    }
  });
});

test.describe('the cookie banner', () => {
  test('stays hidden until its buttons work, and its first tap counts', async ({ page }) => {
    const { release, cdp } = await openBeforeTheApp(page, '/faq');
    const banner = page.getByRole('region', { name: 'Cookie consent' });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(banner).toBeHidden();
    release();
    await banner.waitFor({ state: 'visible' });
    await tap(page, banner.getByRole('button', { name: 'Reject', exact: true }));
    await expect(banner).toBeHidden();
    expect(await page.evaluate(() => window.localStorage.getItem('cookieConsent'))).toBe('rejected');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  });
});

test.describe('native controls work before the app and keep their state when it starts', () => {
  test.beforeEach(async ({ page }) => dismissCookieBanner(page));

  test('an FAQ answer opens at the first tap and stays open', async ({ page }) => {
    const { release, cdp } = await openBeforeTheApp(page, '/faq');
    const question = page.locator('summary').filter({ hasText: 'Is the first consultation really free?' });
    await tap(page, question);
    const item = page.locator('details').filter({ has: question });
    await expect(item).toHaveAttribute('open', '');
    expect(await appReady(page)).toBe(false);
    release();
    await waitForApp(page);
    await expect(item).toHaveAttribute('open', '');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  });

  test('the Services dropdown opens at the first tap on a desktop, and the app agrees', async ({ page }) => {
    const { release, cdp } = await openBeforeTheApp(page, '/about');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const services = nav.getByRole('button', { name: 'Services' });
    await tap(page, services);
    await expect(nav.getByRole('link', { name: 'Partner Services' })).toBeVisible();
    expect(await appReady(page)).toBe(false);
    release();
    await waitForApp(page);
    await expect(nav.getByRole('link', { name: 'Partner Services' })).toBeVisible();
    await expect(services).toHaveAttribute('aria-expanded', 'true');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  });

  test('the Services menu opens on hover from the first paint, and the app keeps it open under the pointer', async ({ page }) => {
    const { release, cdp } = await openBeforeTheApp(page, '/about');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const services = nav.getByRole('button', { name: 'Services' });
    const partner = nav.getByRole('link', { name: 'Partner Services' });
    const box = await services.boundingBox();
    if (!box) throw new Error('the Services button is not on the screen');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await expect(partner).toBeVisible();
    expect(await appReady(page)).toBe(false);
    // The pointer goes down into the list, as a visitor's does: the list is right under the button.
    const link = await partner.boundingBox();
    if (!link) throw new Error('the Services list is not on the screen');
    await page.mouse.move(link.x + 4, link.y + link.height / 2, { steps: 5 });
    await expect(partner).toBeVisible();
    release();
    await waitForApp(page);
    // The pointer has not moved since: the app has the menu open, and says so.
    await expect(partner).toBeVisible();
    await expect(services).toHaveAttribute('aria-expanded', 'true');
    await page.mouse.move(box.x + box.width / 2, box.y + 400, { steps: 5 });
    await expect(partner).toBeHidden();
    await expect(services).toHaveAttribute('aria-expanded', 'false');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  });

  test("the home page's Pause scrolling pauses the strip at the first tap, and stays ticked", async ({ page }) => {
    const { release, cdp } = await openBeforeTheApp(page, '/');
    const pause = page.getByRole('checkbox', { name: 'Pause scrolling' });
    await tap(page, pause);
    await expect(pause).toBeChecked();
    const track = page.locator('#university-strip-pause').locator('xpath=../following-sibling::*[1]/*[1]');
    await expect.poll(() => track.evaluate((element) => getComputedStyle(element).animationPlayState)).toBe('paused');
    release();
    await waitForApp(page);
    await expect(pause).toBeChecked();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  });

  test('a footer link leads to its page at the first tap', async ({ page }) => {
    const { release, cdp } = await openBeforeTheApp(page, '/about');
    await tap(page, page.getByRole('navigation', { name: 'Legal' }).getByRole('link', { name: 'Refund Policy' }));
    await expect(page).toHaveURL(/\/refund$/);
    release();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  });

  test('the contact form posts at the first tap and lands on its thank-you state', async ({ page }) => {
    const { release, cdp } = await openBeforeTheApp(page, '/contact');
    await page.getByLabel('Full name').fill('Wanjiru Kamau');
    await page.getByLabel('Email address').fill(`wanjiru.early.${Date.now()}@example.com`);
    await page.getByLabel('Phone number').fill('+254 722 000 222');
    await page.getByLabel('Country you would like to study in').selectOption('canada');
    await page.getByLabel('Your message').fill('Nursing in Toronto; I tapped before the page had started.');
    await tap(page, page.getByRole('button', { name: 'Send Message' }));
    release();
    await expect(page).toHaveURL(/\/contact\?contact=sent#contact-sent$/);
    await expect(page.locator('#contact-sent')).toBeVisible();
    await expect(page.locator('#contact-sent')).toContainText('Message Sent!');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  });

  test('the newsletter form posts at the first tap and says to check the inbox', async ({ page }) => {
    const { release, cdp } = await openBeforeTheApp(page, '/blog');
    await page.getByRole('textbox', { name: 'Email address' }).fill(`reader.early.${Date.now()}@example.com`);
    await tap(page, page.getByRole('button', { name: 'Subscribe' }));
    release();
    await expect(page).toHaveURL(/\/blog\?newsletter=pending#newsletter-pending$/);
    await expect(page.locator('#newsletter-pending')).toBeVisible();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  });

  test('what was typed into the contact form before the app started is what the app sends', async ({ page }) => {
    const { release, cdp } = await openBeforeTheApp(page, '/contact');
    await page.getByLabel('Full name').fill('Otieno Barasa');
    await page.getByLabel('Email address').fill(`otieno.typed.${Date.now()}@example.com`);
    await page.getByLabel('Phone number').fill('+254 722 000 333');
    await page.getByLabel('Country you would like to study in').selectOption('uk');
    await page.getByLabel('Your message').fill('Law in Manchester; typed while the page was starting.');
    release();
    await waitForApp(page);
    await expect(page.getByLabel('Your message')).toHaveValue('Law in Manchester; typed while the page was starting.');
    await tap(page, page.getByRole('button', { name: 'Send Message' }));
    await expect(notifications(page)).toContainText('Message Sent!');
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByLabel('Full name')).toHaveValue('');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  });

  test('an address typed into the newsletter form before the app started is the one the app signs up', async ({ page }) => {
    const { release, cdp } = await openBeforeTheApp(page, '/blog');
    const email = page.getByRole('textbox', { name: 'Email address' });
    await email.fill(`reader.typed.${Date.now()}@example.com`);
    release();
    await waitForApp(page);
    await expect(email).not.toHaveValue('');
    await tap(page, page.getByRole('button', { name: 'Subscribe' }));
    await expect(page.getByText('Please check your email.', { exact: false }).first()).toBeVisible();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(email).toHaveValue('');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  });
});
