import { engageRoutes } from '../src/routes/engage';
import { routes } from '../src/routes';
import { blogSummaries } from '../src/content/blog';

describe('the engagement routes', () => {
  it('serve /pricing, /contact, /success-stories, /blog and one /blog/<slug> page per article', () => {
    expect(engageRoutes.map((route) => route.path)).toEqual([
      '/pricing',
      '/contact',
      '/success-stories',
      '/blog',
      ...blogSummaries.map((post) => `/blog/${post.slug}`),
    ]);
  });

  it('are part of what the marketing remote exposes', () => {
    for (const route of engageRoutes) {
      expect(routes).toContain(route);
    }
  });

  it('have "<Page name> | Kesho Global Education" titles', () => {
    expect(engageRoutes.slice(0, 4).map((route) => route.title)).toEqual([
      'Pricing | Kesho Global Education',
      'Contact Us | Kesho Global Education',
      'Success Stories | Kesho Global Education',
      'Blog | Kesho Global Education',
    ]);
  });

  it('have unique descriptions of 120 to 160 characters and are indexed', () => {
    const descriptions = routes.map((route) => route.description);
    for (const route of engageRoutes) {
      expect(route.description.length).toBeGreaterThanOrEqual(120);
      expect(route.description.length).toBeLessThanOrEqual(160);
      expect(descriptions.filter((description) => description === route.description)).toHaveLength(1);
      expect(route.listed).toBe(true);
    }
  });

  it('load their pages lazily as default exports', async () => {
    for (const route of engageRoutes) {
      const page = await route.load();
      expect(typeof page.default).toBe('function');
    }
  });

  it('keep structured data serialisable', async () => {
    for (const route of engageRoutes) {
      for (const data of (await route.load()).jsonLd ?? []) {
        expect(JSON.parse(JSON.stringify(data))).toEqual(data);
        expect((data as { '@context'?: string })['@context']).toBe('https://schema.org');
      }
    }
  });
});
