import { CONTENT_ROUTE_JS_BUDGET_KB, FLOW_PAGE_JS_BUDGET_KB, jsBudgetKbOf } from '@kesho/release-model/js-budgets';
import type { Page } from '@playwright/test';
import { builtRoutes } from '../support/site';
import { AN_ORDER, dismissCookieBanner, expect, test, waitForApp } from '../support/fixtures';

/**
 * JavaScript a route downloads (shell + its remote, everything fetched until the network is idle),
 * gzip bytes as the server sends them: at most 130 KB on a content route, 160 KB on a page of the
 * commerce flow (@kesho/release-model/js-budgets), so every page stays fast on a phone. /checkout and
 * /payment are opened as a customer reaches them, with an order in the browser's storage.
 * `npm run bench -- js` prints the same figure per route, with the scripts and modules behind it.
 */
const scriptsLargerThanThisAreCompressed = 1024;

/** Without an order, /checkout shows its empty-cart screen and /payment sends the visitor back to /custom-quote. */
const ROUTES_REACHED_WITH_AN_ORDER = new Set(['/checkout', '/payment']);

/** A cart with one service and saved checkout details, as after a completed checkout form. */
async function orderInStorage(page: Page) {
  await page.addInitScript((order) => {
    window.localStorage.setItem('kesho.cart', order.cart);
    window.sessionStorage.setItem('checkoutData', order.checkoutData);
  }, AN_ORDER);
}

test.describe(`JavaScript budget (${CONTENT_ROUTE_JS_BUDGET_KB} KB gzip per content route, ${FLOW_PAGE_JS_BUDGET_KB} KB per commerce flow page)`, () => {
  for (const route of builtRoutes()) {
    const budgetKb = jsBudgetKbOf(route.remote);
    test(`${route.path} stays within ${budgetKb} KB`, async ({ page, request }) => {
      await dismissCookieBanner(page);
      if (ROUTES_REACHED_WITH_AN_ORDER.has(route.path)) await orderInStorage(page);
      const scripts = new Set<string>();
      page.on('request', (req) => {
        if (req.resourceType() === 'script') scripts.add(new URL(req.url()).pathname);
      });
      await page.goto(route.path);
      await waitForApp(page);
      await page.waitForLoadState('networkidle');
      expect(new URL(page.url()).pathname, 'the page measured is the route asked for').toBe(route.path);
      let bytes = 0;
      for (const script of scripts) {
        const response = await request.get(script, { headers: { 'accept-encoding': 'gzip' } });
        const sent = Number(response.headers()['content-length']);
        if (sent > scriptsLargerThanThisAreCompressed) expect(response.headers()['content-encoding'], `${script} is sent compressed`).toBe('gzip');
        bytes += sent;
      }
      const kb = bytes / 1024;
      test.info().annotations.push({ type: 'js-gzip-kb', description: kb.toFixed(1) });
      expect(kb, `${route.path} downloads ${kb.toFixed(1)} KB of JavaScript (gzip)`).toBeLessThanOrEqual(budgetKb);
    });
  }
});
