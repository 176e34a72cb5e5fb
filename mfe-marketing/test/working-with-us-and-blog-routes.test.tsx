import { blogRoutes } from '../src/routes/blog';
import { workingWithUsRoutes } from '../src/routes/working-with-us';
import { routes } from '../src/routes';
import { blogSummaries } from '../src/content/blog';

const pageRoutes = [...workingWithUsRoutes, ...blogRoutes];

describe('the pricing, contact, success stories and blog routes', () => {
  it('serve /pricing, /contact and /success-stories, then /blog and one /blog/<slug> page per article', () => {
    expect(workingWithUsRoutes.map((route) => route.path)).toEqual(['/pricing', '/contact', '/success-stories']);
    expect(blogRoutes.map((route) => route.path)).toEqual(['/blog', ...blogSummaries.map((post) => `/blog/${post.slug}`)]);
  });

  it('follow the core and service routes in what the remote exposes, in this order', () => {
    expect(routes.slice(-pageRoutes.length)).toEqual(pageRoutes);
  });

  it('are part of what the marketing remote exposes', () => {
    for (const route of pageRoutes) {
      expect(routes).toContain(route);
    }
  });

  it('have "<Page name> | Kesho Global Education" titles', () => {
    expect(pageRoutes.slice(0, 4).map((route) => route.title)).toEqual([
      'Pricing | Kesho Global Education',
      'Contact Us | Kesho Global Education',
      'Success Stories | Kesho Global Education',
      'Blog | Kesho Global Education',
    ]);
  });

  it('have unique descriptions of 120 to 160 characters and are indexed', () => {
    const descriptions = routes.map((route) => route.description);
    for (const route of pageRoutes) {
      expect(route.description.length).toBeGreaterThanOrEqual(120);
      expect(route.description.length).toBeLessThanOrEqual(160);
      expect(descriptions.filter((description) => description === route.description)).toHaveLength(1);
      expect(route.listed).toBe(true);
    }
  });

  it('load their pages lazily as default exports', async () => {
    for (const route of pageRoutes) {
      const page = await route.load();
      expect(typeof page.default).toBe('function');
    }
  });

  it('keep structured data serialisable', async () => {
    for (const route of pageRoutes) {
      for (const data of (await route.load()).jsonLd ?? []) {
        expect(JSON.parse(JSON.stringify(data))).toEqual(data);
        expect((data as { '@context'?: string })['@context']).toBe('https://schema.org');
      }
    }
  });
});
