import { builtRoutes } from '../support/site';
import { expect, test } from '../support/fixtures';
import type { APIRequestContext } from '@playwright/test';

/**
 * How the site looks outside itself: every page's share card (Open Graph image) and its tags, the web
 * app manifest and icons, and the blog's feed, read from the built site as a crawler, a phone or a
 * feed reader would.
 */

/** A PNG's width and height, from its IHDR chunk (bytes 16–23). */
function pngSize(body: Buffer): { width: number; height: number } {
  expect(body.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  return { width: body.readUInt32BE(16), height: body.readUInt32BE(20) };
}

/** The tags of a page's <head>, read from the HTML as served (no script runs for a crawler). */
async function headOf(request: APIRequestContext, path: string, status = 200) {
  const response = await request.get(path);
  expect(response.status()).toBe(status);
  const html = await response.text();
  const meta = (attribute: string, name: string) => html.match(new RegExp(`<meta ${attribute}="${name}" content="([^"]*)">`))?.[1];
  const link = (rel: string) => html.match(new RegExp(`<link rel="${rel}"[^>]*href="([^"]*)"`))?.[1];
  return { html, meta, link };
}

/** An absolute URL of the production site, fetched from the server under test. */
const local = (url: string) => new URL(url).pathname;

const pages = [...builtRoutes().map((route) => ({ path: route.path, status: 200 })), { path: '/no-such-page', status: 404 }];

test.describe('share cards', () => {
  for (const { path, status } of pages) {
    test(`${path} has a complete Open Graph card whose image is a 1200×630 PNG`, async ({ request }) => {
      const { meta } = await headOf(request, path, status);
      for (const property of ['og:title', 'og:description', 'og:image', 'og:image:alt']) expect(meta('property', property), property).toBeTruthy();
      if (status === 200) expect(meta('property', 'og:url')).toBeTruthy();
      expect(meta('property', 'og:image:type')).toBe('image/png');
      expect(meta('property', 'og:image:width')).toBe('1200');
      expect(meta('property', 'og:image:height')).toBe('630');
      expect(meta('name', 'twitter:card')).toBe('summary_large_image');
      const image = meta('property', 'og:image') ?? '';
      expect(image).toMatch(/^https:\/\/www\.keshoglobal\.co\.ke\/(mfe\/[a-z]+|shell)\/[A-Za-z0-9._-]+\/og\/[a-z0-9-]+\.[0-9a-f]{8}\.png$/);
      const response = await request.get(local(image));
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toBe('image/png');
      expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(pngSize(await response.body())).toEqual({ width: 1200, height: 630 });
    });
  }

  test("an article's card is its own, drawn by marketing's build, and its alt text names the category and date", async ({ request }) => {
    const article = builtRoutes().find((route) => route.path.startsWith('/blog/'));
    if (!article) throw new Error('no article');
    const { meta } = await headOf(request, article.path);
    expect(meta('property', 'og:image')).toContain('/mfe/marketing/');
    expect(meta('property', 'og:image:alt')).toMatch(/\((Scholarships|Visa Guide|Admissions|Country Guide|Applications), \d{1,2} [A-Z][a-z]+ \d{4}\): Kesho Global Education$/);
    const legal = await headOf(request, '/terms');
    expect(legal.meta('property', 'og:image')).toContain('/mfe/legal/');
  });
});

test.describe('the web app manifest and icons', () => {
  test('every page names the manifest, the apple-touch-icon and the theme colour', async ({ request }) => {
    for (const { path, status } of pages) {
      const { meta, link } = await headOf(request, path, status);
      expect(link('manifest'), path).toMatch(/^\/shell\/[A-Za-z0-9._-]+\/icons\/manifest\.json$/);
      expect(link('apple-touch-icon'), path).toMatch(/^\/shell\/[A-Za-z0-9._-]+\/icons\/apple-touch-icon\.png$/);
      expect(meta('name', 'theme-color'), path).toBe('#0f4c81');
    }
  });

  test('the manifest names the site, its colours and icons of 192, 512 and maskable 512 px that load, and the apple-touch-icon is 180 px', async ({ request, page }) => {
    const { link } = await headOf(request, '/');
    const manifestUrl = link('manifest') ?? '';
    const response = await request.get(manifestUrl);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/json; charset=utf-8');
    const manifest = (await response.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      theme_color: string;
      background_color: string;
      icons: { src: string; sizes: string; purpose: string; type: string }[];
    };
    expect(manifest).toMatchObject({ name: 'Kesho Global Education', short_name: 'Kesho', start_url: '/', display: 'standalone', theme_color: '#0f4c81', background_color: '#ffffff' });
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    for (const icon of manifest.icons) {
      const image = await request.get(new URL(icon.src, `http://x${manifestUrl}`).pathname);
      expect(image.headers()['content-type']).toBe('image/png');
      const [width] = icon.sizes.split('x').map(Number);
      expect(pngSize(await image.body())).toEqual({ width, height: width });
    }
    const touchIcon = await request.get(link('apple-touch-icon') ?? '');
    expect(pngSize(await touchIcon.body())).toEqual({ width: 180, height: 180 });

    // The browser reads the same manifest from the page.
    await page.goto('/');
    expect(await page.evaluate(() => (document.querySelector('link[rel="manifest"]') as HTMLLinkElement).href)).toContain('/icons/manifest.json');
  });
});

test.describe('the blog feed', () => {
  test('is RSS 2.0 with every article, served as RSS with revalidation, linked from /blog and every article, named in llms.txt', async ({ request, page }) => {
    const response = await request.get('/blog/rss.xml');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/rss+xml; charset=utf-8');
    expect(response.headers()['cache-control']).toBe('no-cache');
    const xml = await response.text();

    await page.goto('/blog');
    const feed = await page.evaluate((text) => {
      const document = new DOMParser().parseFromString(text, 'application/xml');
      const channel = document.querySelector('rss > channel');
      return {
        error: document.querySelector('parsererror')?.textContent ?? null,
        version: document.documentElement.getAttribute('version'),
        channel: ['title', 'link', 'description'].map((name) => channel?.querySelector(`:scope > ${name}`)?.textContent ?? ''),
        items: [...document.querySelectorAll('channel > item')].map((item) => ({
          title: item.querySelector('title')?.textContent ?? '',
          link: item.querySelector('link')?.textContent ?? '',
          pubDate: item.querySelector('pubDate')?.textContent ?? '',
          description: item.querySelector('description')?.textContent ?? '',
          category: item.querySelector('category')?.textContent ?? '',
        })),
      };
    }, xml);
    expect(feed.error).toBeNull();
    expect(feed.version).toBe('2.0');
    for (const value of feed.channel) expect(value).toBeTruthy();
    const articles = builtRoutes().filter((route) => route.path.startsWith('/blog/'));
    expect(feed.items.map((item) => new URL(item.link).pathname).sort()).toEqual(articles.map((route) => route.path).sort());
    for (const item of feed.items) {
      expect(item.title).toBeTruthy();
      expect(item.description).toBeTruthy();
      expect(item.category).toMatch(/^(Scholarships|Visa Guide|Admissions|Country Guide|Applications)$/);
      expect(Number.isNaN(Date.parse(item.pubDate))).toBe(false);
    }

    for (const path of ['/blog', ...articles.map((route) => route.path)]) {
      const { html } = await headOf(request, path);
      expect(html, path).toContain('<link rel="alternate" type="application/rss+xml" title="Blog | Kesho Global Education" href="/blog/rss.xml">');
    }
    expect((await headOf(request, '/faq')).html).not.toContain('application/rss+xml');
    expect(await (await request.get('/llms.txt')).text()).toContain('(https://www.keshoglobal.co.ke/blog/rss.xml)');
  });
});
