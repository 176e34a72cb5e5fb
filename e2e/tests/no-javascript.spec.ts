import { builtRoutes } from '../support/site';
import { expect, test } from '../support/fixtures';

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const route of builtRoutes().filter((r) => r.listed)) {
    test(`${route.path} arrives readable, with its header, footer and title`, async ({ page }) => {
      const response = await page.goto(route.path);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(route.title);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Kesho Global Education', exact: true })).toHaveAttribute('href', '/');
      await expect(page.getByRole('contentinfo')).toContainText('PVT-6LUQ3KZ8');
    });
  }

  // Every route, listed or not: a control the page shows must work without scripts.
  for (const route of builtRoutes()) {
    test(`${route.path} shows no control that cannot work without JavaScript`, async ({ page }) => {
      await page.goto(route.path);
      const dead = await page.evaluate(() => {
        // Pure-CSS controls: their effect is asserted on their own below.
        const cssOnly = new Set(['university-strip-pause']);
        const controls = Array.from(document.querySelectorAll<HTMLElement>('button, input, select, textarea, summary, [role="button"]'));
        return controls
          .filter((control) => control.checkVisibility())
          .filter((control) => {
            if ((control as HTMLButtonElement).disabled) return true;
            if (control.tagName === 'SUMMARY') return control.parentElement?.tagName !== 'DETAILS';
            const popoverTarget = control.getAttribute('popovertarget');
            if (popoverTarget) return !document.getElementById(popoverTarget)?.hasAttribute('popover');
            if (cssOnly.has(control.id)) return false;
            const form = (control as HTMLInputElement).form;
            if (!form?.getAttribute('action')) return true;
            return control.tagName === 'BUTTON' && (control as HTMLButtonElement).type !== 'submit';
          })
          .map((control) => `${control.outerHTML.slice(0, 120)}`);
      });
      expect(dead, 'controls shown that do nothing without JavaScript').toEqual([]);
    });
  }

  test("the home page's Pause scrolling pauses the university strip", async ({ page }) => {
    await page.goto('/');
    const pause = page.getByRole('checkbox', { name: 'Pause scrolling' });
    const track = page.locator('#university-strip-pause').locator('xpath=../following-sibling::*[1]/*[1]');
    expect(await track.evaluate((element) => getComputedStyle(element).animationPlayState)).toBe('running');
    await pause.check();
    expect(await track.evaluate((element) => getComputedStyle(element).animationPlayState)).toBe('paused');
  });

  test('the quote builder shows its services and says it needs JavaScript, with no control that could not work', async ({ page }) => {
    await page.goto('/custom-quote');
    await expect(page.getByRole('heading', { level: 3, name: 'Essay Editing' })).toBeVisible();
    const summary = page.getByRole('region', { name: 'Your Package' });
    // Playwright's text matching skips <noscript>; what the browser renders is in innerText.
    expect(await summary.getByRole('status').evaluate((element) => (element as HTMLElement).innerText)).toContain(
      'This page keeps your package in this browser and needs JavaScript to show it.',
    );
    await expect(page.getByRole('checkbox')).toHaveCount(0);
    await expect(page.getByRole('slider')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Proceed to Checkout|Add to Package/ })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Add a Custom Service' })).toHaveCount(0);
  });

  test('links work as plain links', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Legal' }).getByRole('link', { name: 'Refund Policy' }).click();
    await expect(page).toHaveURL(/\/refund$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});
