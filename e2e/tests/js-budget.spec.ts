import { builtRoutes } from '../support/site';
import { dismissCookieBanner, expect, test, waitForApp } from '../support/fixtures';

/**
 * JavaScript a content route downloads (shell + its remote), gzip. DESIGN.md §5 sets 150 KB; the site
 * is not there yet (see `npm run bench`), so this test holds the line where the diet has brought it:
 * it fails on any regression, and CEILING_KB comes down with every cut until it reaches TARGET_KB.
 */
const TARGET_KB = 150;
const CEILING_KB = 160;
/** Routes that carry more: /contact hydrates a formik + yup form (about 20 KB), /blog the text of six full articles. */
const ROUTE_CEILING_KB: Readonly<Record<string, number>> = { '/contact': 180, '/blog': 166 };

const contentRoutes = builtRoutes().filter((route) => route.remote !== 'commerce');

test.describe(`JavaScript budget (gzip, ceiling ${CEILING_KB} KB on the way to ${TARGET_KB} KB)`, () => {
  for (const route of contentRoutes) {
    const ceiling = ROUTE_CEILING_KB[route.path] ?? CEILING_KB;
    test(`${route.path} stays within ${ceiling} KB`, async ({ page, request }) => {
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
      expect(kb, `${route.path} downloads ${kb.toFixed(1)} KB of JavaScript (gzip)`).toBeLessThanOrEqual(ceiling);
    });
  }
});
