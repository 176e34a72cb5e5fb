import { screen } from '@testing-library/react';
import { site } from '@kesho/site-rules/site';
import { refundRules } from '@kesho/site-rules/advisory-packages';
import { routes } from '../src/routes';
import { renderPage } from './renderPage';

describe('the legal remote routes', () => {
  it('serves the five legal paths once each', () => {
    expect(routes.map((route) => route.path)).toEqual(['/terms', '/privacy', '/refund', '/cookie-policy', '/ethics']);
  });

  it('gives every page a unique "<Page name> | brand" title', () => {
    const titles = routes.map((route) => route.title);
    expect(new Set(titles).size).toBe(routes.length);
    expect(titles).toEqual([
      `Terms of Service | ${site.brand}`,
      `Privacy Policy | ${site.brand}`,
      `Refund Policy | ${site.brand}`,
      `Cookie Policy | ${site.brand}`,
      `Anti-Fraud & Ethics Policy | ${site.brand}`,
    ]);
  });

  it('gives every page a unique description of 120 to 160 characters', () => {
    const descriptions = routes.map((route) => route.description);
    expect(new Set(descriptions).size).toBe(routes.length);
    for (const description of descriptions) {
      expect(description.length).toBeGreaterThanOrEqual(120);
      expect(description.length).toBeLessThanOrEqual(160);
    }
  });

  it('quotes the same full-refund window in the refund description as the policy', () => {
    const refund = routes.find((route) => route.path === '/refund');
    expect(refund?.description).toContain(`within ${refundRules.fullRefundWindowDays} days`);
  });

  it('lists every legal page in the sitemap', () => {
    for (const route of routes) expect(route.listed).toBe(true);
  });

  it.each(routes.map((route) => [route.path, route] as const))('loads %s as a page whose h1 is the page name of its title', async (path, route) => {
    const { default: Page } = await route.load();
    renderPage(Page, path);
    const pageName = route.title.slice(0, route.title.lastIndexOf(` | ${site.brand}`));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(pageName);
  });
});
