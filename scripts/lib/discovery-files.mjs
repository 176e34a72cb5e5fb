import fs from 'node:fs/promises';
import path from 'node:path';
import { loadTsModule } from './load-ts.mjs';
import { repoRoot } from './repo-root.mjs';

const escapeXml = (value) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * sitemap.xml, robots.txt and llms.txt (which names the routes' feeds too), made from the routes of the given pointer document, plus the
 * shell's public files, written into `outDir` (a release's staging folder). Returns the file names.
 */
export async function writeDiscoveryFiles({ pointers, outDir }) {
  const { site } = await loadTsModule('packages/common/src/site.ts');
  const { feedPathForRoute } = await loadTsModule('packages/common/src/page-routes.ts');
  const routes = pointers.remotes
    .flatMap((remote) => remote.routes)
    // `indexable` is what pointers written before the field was renamed call it (a rollback target).
    .filter((route) => route.listed ?? route.indexable)
    .sort((a, b) => (a.path === '/' ? -1 : b.path === '/' ? 1 : a.path.localeCompare(b.path)));
  const urlOf = (routePath) => `${site.origin}${routePath}`;
  const pageName = (route) => route.title.replace(/ \| .*$/, '');
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

  await fs.mkdir(outDir, { recursive: true });
  await fs.writeFile(path.join(outDir, 'sitemap.xml'), sitemap);
  await fs.writeFile(path.join(outDir, 'robots.txt'), robots);
  await fs.writeFile(path.join(outDir, 'llms.txt'), llms);
  const publicDir = path.join(repoRoot, 'shell', 'public');
  const files = ['sitemap.xml', 'robots.txt', 'llms.txt'];
  for (const file of await fs.readdir(publicDir)) {
    await fs.copyFile(path.join(publicDir, file), path.join(outDir, file));
    files.push(file);
  }
  return files;
}
