/**
 * The site's discovery files, sitemap.xml, robots.txt and llms.txt (which names the routes' feeds
 * too), made from a pointer document: they list the routes the live remotes serve, so they change with
 * every publication of any app. One maker, called by the release engine's publish
 * (engine/publish.ts publishReleases) after each mfe/remotes.json it writes, in dist/site and in the bucket.
 */
import { feedPathForRoute } from './page-routes';
import type { RoutePointer } from './pointer-document';
import { site } from '@kesho/site-rules/site';

/** The files, by the key they are served at from the site root. */
export const DISCOVERY_FILE_NAMES = ['sitemap.xml', 'robots.txt', 'llms.txt'] as const;
export type DiscoveryFileName = (typeof DISCOVERY_FILE_NAMES)[number];
export type DiscoveryFiles = Readonly<Record<DiscoveryFileName, string>>;

/**
 * A route as a pointer document holds it; `indexable` is what pointers written before the field was
 * renamed call `listed` (a rollback target read as it was written).
 */
export type DiscoverableRoute = Pick<RoutePointer, 'path' | 'title' | 'description' | 'feed'> & { readonly listed?: boolean; readonly indexable?: boolean };

export interface DiscoverableDocument {
  readonly remotes: readonly { readonly routes: readonly DiscoverableRoute[] }[];
}

const escapeXml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The three files' texts for the routes of `document` (listed routes only, "/" first, then by path). */
export function discoveryFiles(document: DiscoverableDocument): DiscoveryFiles {
  const routes = document.remotes
    .flatMap((remote) => remote.routes)
    .filter((route) => route.listed ?? route.indexable)
    .sort((a, b) => (a.path === '/' ? -1 : b.path === '/' ? 1 : a.path.localeCompare(b.path)));
  const urlOf = (routePath: string) => `${site.origin}${routePath}`;
  const pageName = (route: DiscoverableRoute) => route.title.replace(/ \| .*$/, '');
  const feeds = routes.filter((route) => route.feed);

  const sitemap = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...routes.map((route) => `  <url><loc>${escapeXml(urlOf(route.path))}</loc></url>`),
    '</urlset>',
    '',
  ].join('\n');

  const robots = ['User-agent: *', 'Allow: /', 'Disallow: /api/', '', `Sitemap: ${site.origin}/sitemap.xml`, ''].join('\n');

  const llms = [
    `# ${site.brand}`,
    '',
    `> ${site.brand} (${site.legalName}, company number ${site.companyNumber}) is a study-abroad consultancy in Nairobi, Kenya, registered on ${site.incorporatedDisplay}. It helps students aged ${site.minimumAge} and over from Kenya and East Africa with university admissions, student visas, scholarships, career counselling and partner-institution services. The first consultation is free.`,
    '',
    `Contact: ${site.phone.display}, ${site.email}. ${site.registeredOffice.display}. Hours: ${site.hours.display}.`,
    '',
    '## Pages',
    '',
    ...routes.map((route) => `- [${pageName(route)}](${urlOf(route.path)}): ${route.description}`),
    '',
    ...(feeds.length
      ? ['## Feeds', '', ...feeds.map((route) => `- [${pageName(route)} (RSS)](${urlOf(feedPathForRoute(route.path))}): the RSS 2.0 feed of ${urlOf(route.path)}, newest first`), '']
      : []),
  ].join('\n');

  return { 'sitemap.xml': sitemap, 'robots.txt': robots, 'llms.txt': llms };
}
