import { DISCOVERY_FILE_NAMES, discoveryFiles } from '../src/discovery-files';
import { parsePointerDocument } from '../src/pointer-document';
import { site } from '@kesho/site-rules/site';

const route = (path: string, title: string, extra: object = {}) => ({ path, title, description: `About ${title}`, listed: true, ...extra });
const marketing = {
  name: 'marketing',
  buildId: 'm1',
  manifest: '/mfe/marketing/m1/mf-manifest.json',
  routes: [route('/faq', 'FAQ | Kesho Global Education'), route('/blog', 'Blog | Kesho Global Education', { feed: true }), route('/', 'Home | Kesho Global Education')],
};
const commerce = {
  name: 'commerce',
  buildId: 'c1',
  manifest: '/mfe/commerce/c1/mf-manifest.json',
  routes: [route('/payment', 'Payment', { listed: false }), route('/quote', 'Quote & pay | Kesho Global Education')],
};

describe('the discovery files made from a pointer document', () => {
  const files = discoveryFiles(parsePointerDocument({ remotes: [marketing, commerce] }));

  it('makes exactly sitemap.xml, robots.txt and llms.txt', () => {
    expect(Object.keys(files)).toEqual([...DISCOVERY_FILE_NAMES]);
  });

  it('lists the listed routes of every remote in the sitemap, "/" first, then by path', () => {
    expect(files['sitemap.xml']).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        `  <url><loc>${site.origin}/</loc></url>`,
        `  <url><loc>${site.origin}/blog</loc></url>`,
        `  <url><loc>${site.origin}/faq</loc></url>`,
        `  <url><loc>${site.origin}/quote</loc></url>`,
        '</urlset>',
        '',
      ].join('\n'),
    );
  });

  it('points robots.txt at the sitemap and keeps crawlers out of the API', () => {
    expect(files['robots.txt']).toBe(`User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${site.origin}/sitemap.xml\n`);
  });

  it('names the company, each listed page and each feed in llms.txt', () => {
    const llms = files['llms.txt'];
    expect(llms.startsWith(`# ${site.brand}\n\n> ${site.brand} (${site.legalName}, company number ${site.companyNumber})`)).toBe(true);
    expect(llms).toContain(`Contact: ${site.phone.display}, ${site.email}.`);
    expect(llms.slice(llms.indexOf('## Pages'))).toBe(
      [
        '## Pages',
        '',
        `- [Home](${site.origin}/): About Home | Kesho Global Education`,
        `- [Blog](${site.origin}/blog): About Blog | Kesho Global Education`,
        `- [FAQ](${site.origin}/faq): About FAQ | Kesho Global Education`,
        `- [Quote & pay](${site.origin}/quote): About Quote & pay | Kesho Global Education`,
        '',
        '## Feeds',
        '',
        `- [Blog (RSS)](${site.origin}/blog/rss.xml): the RSS 2.0 feed of ${site.origin}/blog, newest first`,
        '',
      ].join('\n'),
    );
    expect(llms).not.toContain('/payment');
  });

  it('has no Feeds section when no route has a feed', () => {
    const llms = discoveryFiles({ remotes: [commerce] })['llms.txt'];
    expect(llms).not.toContain('## Feeds');
    expect(llms.endsWith(`- [Quote & pay](${site.origin}/quote): About Quote & pay | Kesho Global Education\n`)).toBe(true);
  });

  it('reads a pointer written before "listed" was renamed (a rollback target) as it was written: "indexable" routes only', () => {
    const legacy = {
      remotes: [
        {
          routes: [
            { path: '/terms', title: 'Terms', description: 'T', indexable: true },
            { path: '/hidden', title: 'Hidden', description: 'H' },
          ],
        },
      ],
    };
    const sitemap = discoveryFiles(legacy)['sitemap.xml'];
    expect(sitemap).toContain(`<loc>${site.origin}/terms</loc>`);
    expect(sitemap).not.toContain('/hidden');
  });

  it('changes with the routes alone: the same routes in another order make the same files', () => {
    expect(discoveryFiles({ remotes: [commerce, marketing] })).toEqual(discoveryFiles({ remotes: [marketing, commerce] }));
  });
});
