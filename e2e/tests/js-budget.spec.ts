import { builtRoutes } from '../support/site';
import { dismissCookieBanner, expect, test, waitForApp } from '../support/fixtures';

/**
 * JavaScript a content route downloads (shell + its remote, everything fetched until the network is
 * idle), gzip: at most 150 KB, so a content route stays fast on a phone. `npm run bench` prints the
 * same figure per route.
 */
const BUDGET_KB = 150;

const contentRoutes = builtRoutes().filter((route) => route.remote !== 'commerce');

test.describe(`JavaScript budget (${BUDGET_KB} KB gzip per content route)`, () => {
  for (const route of contentRoutes) {
    test(`${route.path} stays within ${BUDGET_KB} KB`, async ({ page, request }) => {
      await dismissCookieBanner(page);
      const scripts = new Set<string>();
      page.on('request', (req) => {
        if (req.resourceType() === 'script') scripts.add(new URL(req.url()).pathname);
      });
      await page.goto(route.path);
      await waitForApp(page);
      await page.waitForLoadState('networkidle');
      let bytes = 0;
      for (const script of scripts) {
        const response = await request.get(script, { headers: { 'accept-encoding': 'gzip' } });
        expect(response.headers()['content-encoding']).toBe('gzip');
        bytes += Number(response.headers()['content-length']);
      }
      const kb = bytes / 1024;
      test.info().annotations.push({ type: 'js-gzip-kb', description: kb.toFixed(1) });
      expect(kb, `${route.path} downloads ${kb.toFixed(1)} KB of JavaScript (gzip)`).toBeLessThanOrEqual(BUDGET_KB);
    });
  }
});
