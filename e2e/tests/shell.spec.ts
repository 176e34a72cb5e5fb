import { dismissCookieBanner, expect, test, waitForApp } from '../support/fixtures';

test.describe('the shell', () => {
  test('frames the home page with the header and the footer', async ({ page }) => {
    await dismissCookieBanner(page);
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const name of ['Home', 'About Us', 'Custom Quote', 'Pricing', 'FAQ', 'Contact']) {
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(nav.getByRole('button', { name: 'Services' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Home', exact: true })).toHaveAttribute('aria-current', 'page');
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText('Kesho Global Education Consultants Ltd');
    await expect(footer).toContainText('PVT-6LUQ3KZ8');
    await expect(footer).toContainText('SSL secured');
    await expect(footer).toContainText('P.O. Box 30123-00100, Nairobi, Kenya');
    await expect(footer).toContainText('+254 711 082 500');
    await expect(footer).toContainText('support@keshoglobal.co.ke');
    await expect(footer).toContainText('Monday to Saturday, 9:00 AM to 6:00 PM');
  });

  test('answers an unknown path with a real 404, the not-found screen and a console log', async ({ page }) => {
    await dismissCookieBanner(page);
    const logged: string[] = [];
    page.on('console', (message) => logged.push(message.text()));
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeVisible();
    await waitForApp(page);
    await expect.poll(() => logged.join('\n')).toContain('/no-such-page');
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('navigates in the page without a reload, updating the title and the active entry', async ({ page }) => {
    await dismissCookieBanner(page);
    await page.goto('/');
    await waitForApp(page);
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'same document'));
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'FAQ' }).click();
    await expect(page).toHaveURL(/\/faq$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/Frequently Asked Questions/);
    await expect(page).toHaveTitle('Frequently Asked Questions | Kesho Global Education');
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'FAQ' })).toHaveAttribute('aria-current', 'page');
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('same document');
  });

  test('opens the services dropdown on hover, by click and by keyboard', async ({ page }) => {
    await dismissCookieBanner(page);
    await page.goto('/');
    await waitForApp(page);
    const nav = page.getByRole('navigation', { name: 'Main' });
    const button = nav.getByRole('button', { name: 'Services' });
    await button.hover();
    await expect(nav.getByRole('link', { name: 'Visa & Immigration' })).toBeVisible();
    // Placed right under its button, its left edge lined up with it.
    const list = nav.locator('ul[popover]');
    await expect
      .poll(async () => {
        const [b, l] = [await button.boundingBox(), await list.boundingBox()];
        return b && l ? [Math.round(l.y - (b.y + b.height)), Math.round(l.x - b.x)] : null;
      })
      .toEqual([0, 0]);
    await page.mouse.move(0, 600);
    await expect(nav.getByRole('link', { name: 'Visa & Immigration' })).toBeHidden();
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: 'University Admissions' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(button).toBeFocused();
  });

  test('on a phone, the menu button toggles the menu, which closes when a link is chosen', async ({ page }) => {
    await dismissCookieBanner(page);
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/');
    await waitForApp(page);
    const toggle = page.getByRole('button', { name: 'Menu' });
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'FAQ' }).click();
    await expect(page).toHaveURL(/\/faq$/);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  });
});

test.describe('the cookie consent banner', () => {
  for (const [button, stored] of [
    ['Accept', 'accepted'],
    ['Reject', 'rejected'],
    ['Close cookie banner', 'rejected'],
  ] as const) {
    test(`stores "${stored}" when ${button} is chosen, and stays hidden afterwards`, async ({ page }) => {
      await page.goto('/faq');
      const banner = page.getByRole('region', { name: 'Cookie consent' });
      await expect(banner).toBeVisible();
      await expect(banner.getByRole('link', { name: 'Learn more' })).toHaveAttribute('href', '/cookie-policy');
      await banner.getByRole('button', { name: button, exact: true }).click();
      await expect(banner).toBeHidden();
      expect(await page.evaluate(() => window.localStorage.getItem('cookieConsent'))).toBe(stored);
      await page.reload();
      await waitForApp(page);
      await expect(page.getByRole('region', { name: 'Cookie consent' })).toBeHidden();
    });
  }
});

test.describe('the header before the app starts', () => {
  test('never loses a tap on Menu from the first paint, on a CPU slowed four times', async ({ page }) => {
    await dismissCookieBanner(page);
    await page.setViewportSize({ width: 375, height: 740 });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto('/', { waitUntil: 'commit' });
    const toggle = page.getByRole('button', { name: 'Menu' });
    await toggle.waitFor({ state: 'visible' });
    let lost = 0;
    let beforeReady = 0;
    for (let tap = 1; tap <= 10; tap += 1) {
      if ((await page.evaluate(() => document.documentElement.dataset.app)) !== 'ready') beforeReady += 1;
      await toggle.click({ noWaitAfter: true });
      const open = await page.evaluate(() => document.querySelector('nav[aria-label="Main"]')?.matches(':popover-open') ?? false);
      if (open !== (tap % 2 === 1)) lost += 1;
    }
    test.info().annotations.push({ type: 'taps before the app was ready', description: String(beforeReady) });
    expect(lost, 'taps that did not toggle the menu').toBe(0);
    await waitForApp(page);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  });

  test('keeps a menu opened before hydration open, and says so once the app has started', async ({ page }) => {
    await dismissCookieBanner(page);
    await page.setViewportSize({ width: 375, height: 740 });
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    // Hold the scripts back so the tap certainly lands on the prerendered markup.
    await page.route(/\.js(\?|$)/, async (route) => {
      await held;
      await route.fallback();
    });
    // Module scripts hold DOMContentLoaded back, so the page is used as soon as its markup is there.
    await page.goto('/', { waitUntil: 'commit' });
    const toggle = page.getByRole('button', { name: 'Menu' });
    await toggle.click();
    expect(await page.evaluate(() => document.documentElement.dataset.app)).toBeUndefined();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    release();
    await waitForApp(page);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  });
});

test.describe('the header with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('on a phone, Menu and Services open natively and their links lead to the pages', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav).toBeHidden();
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(nav).toBeVisible();
    await nav.getByRole('button', { name: 'Services' }).click();
    await expect(nav).toBeVisible();
    await nav.getByRole('link', { name: 'Visa & Immigration' }).click();
    await expect(page).toHaveURL(/\/services\/visa$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('on a desktop, the Services dropdown opens by click and closes with Escape', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const button = nav.getByRole('button', { name: 'Services' });
    await button.click();
    await expect(nav.getByRole('link', { name: 'Partner Services' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(nav.getByRole('link', { name: 'Partner Services' })).toBeHidden();
  });
});
