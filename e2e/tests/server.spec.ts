import { builtRoutes } from '../support/site';
import { expect, test } from '../support/fixtures';

test.describe('the local server', () => {
  test('sends the security headers on every response', async ({ request }) => {
    for (const url of ['/', '/no-such-page', '/mfe/remotes.json']) {
      const response = await request.get(url);
      const headers = response.headers();
      expect(headers['content-security-policy']).toContain("script-src 'self'");
      expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['x-frame-options']).toBe('DENY');
      expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(headers['strict-transport-security']).toContain('max-age=');
    }
  });

  test('serves every route with 200 and unknown paths with 404', async ({ request }) => {
    for (const route of builtRoutes()) {
      expect((await request.get(route.path)).status(), route.path).toBe(200);
    }
    const missing = await request.get('/definitely/not/here');
    expect(missing.status()).toBe(404);
    expect(await missing.text()).toContain('Oops! Page not found');
    expect((await request.get('/mfe/legal/nope/remoteEntry.js')).status()).toBe(404);
    expect((await request.get('/pages/faq.html')).status()).toBe(404);
  });

  test('caches build output forever and pointers, manifests and pages never without revalidation', async ({ request }) => {
    const pointers = await request.get('/mfe/remotes.json');
    expect(pointers.headers()['cache-control']).toBe('no-cache');
    const document = (await pointers.json()) as { remotes: { manifest: string }[] };
    const manifestUrl = document.remotes[0]?.manifest ?? '';
    const manifest = await request.get(manifestUrl);
    expect(manifest.headers()['cache-control']).toBe('no-cache');
    const entry = await request.get(manifestUrl.replace('mf-manifest.json', 'remoteEntry.js'));
    expect(entry.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await request.get('/')).headers()['cache-control']).toBe('no-cache');
  });

  test('compresses text and redirects trailing slashes to the canonical path', async ({ request }) => {
    const page = await request.get('/faq', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(page.headers()['content-encoding']).toBe('br');
    const redirect = await request.get('/faq/', { maxRedirects: 0 });
    expect(redirect.status()).toBe(308);
    expect(redirect.headers()['location']).toBe('/faq');
  });

  test('never hands a visitor a source map: scripts name none and none is served', async ({ request }) => {
    const html = await (await request.get('/faq')).text();
    const pointer = (await (await request.get('/mfe/remotes.json')).json()) as { remotes: { manifest: string }[] };
    const scripts = [...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g), ...html.matchAll(/<link[^>]+href="([^"]+\.js)"/g)].map((match) => match[1] ?? '');
    scripts.push(...pointer.remotes.map((remote) => remote.manifest.replace('mf-manifest.json', 'remoteEntry.js')));
    expect(scripts.length).toBeGreaterThan(3);
    for (const script of scripts) {
      const response = await request.get(script);
      expect(response.status(), script).toBe(200);
      expect(await response.text(), script).not.toContain('sourceMappingURL');
      expect((await request.get(`${script}.map`)).status(), `${script}.map`).toBe(404);
    }
  });

  test('publishes robots.txt, a sitemap of the public routes and llms.txt', async ({ request }) => {
    const sitemap = await (await request.get('/sitemap.xml')).text();
    const listed = builtRoutes().filter((route) => route.listed);
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? '').pathname);
    expect(locs.sort()).toEqual(listed.map((route) => route.path).sort());
    expect(locs).not.toContain('/payment');
    expect(locs).toContain('/blog/canada-or-australia-how-to-choose-your-study-destination');
    expect(await (await request.get('/robots.txt')).text()).toContain('Sitemap: ');
    const llms = await (await request.get('/llms.txt')).text();
    expect(llms).toMatch(/^# Kesho Global Education/);
    expect(llms).toContain('/faq');
    expect(llms).toContain('/blog/canada-or-australia-how-to-choose-your-study-destination');
  });

  test('puts structured data in the HTML: the organisation everywhere, FAQPage and Service where they belong', async ({ request }) => {
    const typesOf = async (path: string) => {
      const html = await (await request.get(path)).text();
      return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((match) => (JSON.parse(match[1] ?? '{}') as { '@type': string })['@type']);
    };
    for (const route of builtRoutes().filter((r) => r.listed)) expect(await typesOf(route.path), route.path).toContain('EducationalOrganization');
    expect(await typesOf('/faq')).toContain('FAQPage');
    expect(await typesOf('/pricing')).toContain('FAQPage');
    for (const service of ['admissions', 'visa', 'scholarships', 'career', 'partners']) expect(await typesOf(`/services/${service}`)).toContain('Service');
  });

  test('gives every route its own title, description, canonical URL and Open Graph tags, and lets it be indexed', async ({ request }) => {
    const seen = new Set<string>();
    for (const route of builtRoutes()) {
      const html = await (await request.get(route.path)).text();
      const description = /<meta name="description" content="([^"]+)">/.exec(html)?.[1];
      expect(description, route.path).toBeTruthy();
      expect(seen.has(description ?? ''), `${route.path} repeats a description`).toBe(false);
      seen.add(description ?? '');
      expect(html).toContain(`<title>${route.title.replace(/&/g, '&amp;')}</title>`);
      expect(html).toMatch(new RegExp(`<link rel="canonical" href="https://[^"]+${route.path === '/' ? '/' : route.path}">`));
      expect(html).toContain('<meta property="og:title"');
      expect(html).toContain('<meta property="og:description"');
      expect(html, route.path).toContain('<meta name="robots" content="index, follow">');
    }
    expect(await (await request.get('/no-such-page')).text()).toContain('<meta name="robots" content="noindex">');
  });
});
