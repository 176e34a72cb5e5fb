import fs from 'node:fs/promises';
import path from 'node:path';
import { exists } from '../compile.mjs';
import { siteFileOf } from '../paths.mjs';
import { RefusedError } from './errors.mjs';
import * as pageChecks from '@kesho/release-model/page-checks';
import * as documentIds from '../../../shell/src/server/documentIds.ts';

/** @typedef {import('../../../packages/release-model/src/pointer-document').PointerDocument} PointerDocument */
/** @typedef {{ route: string, file: string, renderError?: string, feed?: boolean }} StagedPage */

/** The checks every staged page must pass: the module the AWS release publisher runs too. */

/**
 * Every check a staged page must pass before anything goes live: every expected route rendered,
 * each page an HTML document rendered for its own path, showing content (@kesho/release-model/page-checks),
 * embedding the pointer document being released, and naming only shell and remote files that exist;
 * the shell's scripts and each remote's manifest and entry present; a route's feed an RSS 2.0 document. Throws a RefusedError with every
 * reason found.
 * @param {{ stageDir: string, pages: StagedPage[], expectedRoutes: string[], pointers: PointerDocument, shell: { scripts: string[] } }} stage
 */
export async function verifyStage({ stageDir, pages, expectedRoutes, pointers, shell }) {
  const { POINTERS_ELEMENT_ID, ROOT_ELEMENT_ID } = documentIds;
  const { pageProblems } = pageChecks;
  const titles = new Map(pointers.remotes.flatMap((remote) => remote.routes.map((route) => [route.path, route.title])));
  const problems = [];
  const rendered = new Set(pages.filter((page) => !page.feed).map((page) => page.route));
  for (const route of expectedRoutes) if (!rendered.has(route)) problems.push(`${route} was not rendered`);
  for (const script of shell.scripts) if (!(await exists(siteFileOf(script)))) problems.push(`shell script ${script} is missing`);
  for (const remote of pointers.remotes) {
    const manifestFile = siteFileOf(remote.manifest);
    let manifest;
    try {
      manifest = JSON.parse(await fs.readFile(manifestFile, 'utf8'));
    } catch {
      problems.push(`${remote.name}: manifest ${remote.manifest} is missing or unreadable`);
      continue;
    }
    const entry = manifest?.metaData?.remoteEntry?.name;
    if (typeof entry !== 'string' || !(await exists(path.join(path.dirname(manifestFile), entry)))) {
      problems.push(`${remote.name}: the remote entry its manifest names is missing`);
    }
  }
  const expectedPointers = JSON.stringify(pointers);
  for (const page of pages) {
    const html = await fs.readFile(path.join(stageDir, page.file), 'utf8');
    if (page.feed) {
      if (!/^<\?xml [^>]*\?>\s*<rss version="2\.0"/.test(html)) problems.push(`${page.route}: its feed is not an RSS 2.0 document`);
      continue;
    }
    if (!html.startsWith('<!doctype html>')) problems.push(`${page.route}: not an HTML document`);
    problems.push(...pageProblems(html, { route: page.route, title: titles.get(page.route) }, page.renderError));
    if (page.route !== '/404' && !html.includes(`id="${ROOT_ELEMENT_ID}" data-path="${page.route}"`)) problems.push(`${page.route}: rendered for another path`);
    const embedded = html.match(new RegExp(`<script type="application/json" id="${POINTERS_ELEMENT_ID}">([^<]*)</script>`))?.[1];
    if (embedded === undefined || JSON.stringify(JSON.parse(embedded)) !== expectedPointers) {
      problems.push(`${page.route}: does not embed the pointer document being released`);
    }
    for (const [, url] of html.matchAll(/(?:src|href)="(\/(?:shell|mfe)\/[^"]+)"/g)) {
      if (!(await exists(siteFileOf(url)))) problems.push(`${page.route}: names ${url}, which is missing`);
    }
  }
  if (problems.length) throw new RefusedError(`The staged release failed its checks:\n  ${problems.join('\n  ')}`);
}
