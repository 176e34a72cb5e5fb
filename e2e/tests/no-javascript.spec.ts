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

  test('links work as plain links', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Legal' }).getByRole('link', { name: 'Refund Policy' }).click();
    await expect(page).toHaveURL(/\/refund$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});
