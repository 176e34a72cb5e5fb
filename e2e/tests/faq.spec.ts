import { dismissCookieBanner, expect, test, waitForApp } from '../support/fixtures';

test.describe('the FAQ', () => {
  test('shows four categories of four questions, one answer open at a time', async ({ page }) => {
    await dismissCookieBanner(page);
    await page.goto('/faq');
    await waitForApp(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' })).toBeVisible();
    for (const category of ['General', 'Services', 'Payments & Refunds', 'Success & Support']) {
      await expect(page.getByRole('heading', { level: 2, name: category })).toBeVisible();
    }
    const questions = page.getByRole('main').locator('details');
    await expect(questions).toHaveCount(16);
    await questions.nth(0).locator('summary').click();
    await expect(questions.nth(0)).toHaveAttribute('open', '');
    await questions.nth(5).locator('summary').click();
    await expect(questions.nth(5)).toHaveAttribute('open', '');
    await expect(questions.nth(0)).not.toHaveAttribute('open', '');
    expect(await page.locator('main details[open]').count()).toBe(1);
    // by keyboard too
    await questions.nth(9).locator('summary').focus();
    await page.keyboard.press('Enter');
    await expect(questions.nth(9)).toHaveAttribute('open', '');
    expect(await page.locator('main details[open]').count()).toBe(1);
  });

  test('ends with a Contact Us link and a phone link', async ({ page }) => {
    await dismissCookieBanner(page);
    await page.goto('/faq');
    await expect(page.getByRole('main').getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');
    await expect(page.getByRole('main').locator('a[href="tel:+254711082500"]')).toBeVisible();
  });
});
