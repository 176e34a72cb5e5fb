/**
 * Which builds client events may be counted against, so a stranger cannot fill the metrics with
 * invented apps and builds, and which routes they may name (any other is stored as one "other"
 * value, so no path a visitor or a forger makes up, "/blog/0712345678", is ever kept).
 * - Locally: every build the records of this dist/ know (the edge record dist/site/edge/state.json: those
 *   its `history` names, every canary and preview included; dist/builds-made.json: the builds made, `built`), each read again when
 *   it changes, so a release is known as soon as it is made; the routes of the pointer
 *   documents beside it (dist/site/mfe/remotes.json and each variant folder's, so a canary's or a
 *   preview's new page is a route too), read again when one changes.
 * - In AWS: the builds and routes the published pointer document (`<site>/mfe/remotes.json`) names,
 *   the shell's build from its release name, re-read at most once a minute; a build or route once named
 *   stays known for the container's life, so tabs still open on the previous build keep reporting after
 *   a release. A route only a canary serves is "other" until it goes live (the endpoint reads the live
 *   document only).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { BUILD_ID_PATTERN, CLIENT_APPS, LIMITS, routePattern, type ClientApp } from '@kesho/operations/client-events';
import { EDGE_RECORD_KEY, LOCAL_BUILDS_MADE_FILE, POINTER_DOCUMENT_KEY, VARIANT_POINTER_FILE, VARIANTS_PREFIX } from '@kesho/release-model/site-keys';
import type { KnownBuilds } from './service';

/** A pointer document as far as it names routes. */
type PointerRoutes = { remotes?: { routes?: { path?: unknown }[] }[] };

/** Routes remembered at most (the site has a few dozen; a document can never grow the set without bound). */
const MAX_KNOWN_ROUTES = 5_000;

function createMemory() {
  const known = new Set<string>();
  const routes = new Set<string>();
  return {
    add: (app: string, build: unknown) => {
      if ((CLIENT_APPS as readonly string[]).includes(app) && typeof build === 'string' && BUILD_ID_PATTERN.test(build)) known.add(`${app} ${build}`);
    },
    has: (app: ClientApp, build: string) => known.has(`${app} ${build}`),
    addRoutesOf: (document: PointerRoutes) => {
      for (const remote of document.remotes ?? [])
        for (const route of remote.routes ?? []) {
          const { path: routePath } = route;
          if (typeof routePath === 'string' && routePath.length <= LIMITS.route && routePattern(routePath) === routePath && routes.size < MAX_KNOWN_ROUTES) routes.add(routePath);
        }
    },
    hasRoute: (route: string) => routes.has(route),
  };
}

/** The pointer documents of a local site: the live one and each variant folder's. */
async function pointerFilesOf(siteDir: string): Promise<string[]> {
  const variants = await fs.readdir(path.join(siteDir, VARIANTS_PREFIX)).catch(() => [] as string[]);
  return [path.join(siteDir, POINTER_DOCUMENT_KEY), ...variants.map((folder) => path.join(siteDir, VARIANTS_PREFIX, folder, VARIANT_POINTER_FILE))];
}

/**
 * The builds and routes a local site knows: `siteDir` is the site served (dist/site), whose edge record
 * (EDGE_RECORD_KEY) and the builds-made file beside it (LOCAL_BUILDS_MADE_FILE) name the builds.
 */
export function createReleaseHistoryBuilds(siteDir: string): KnownBuilds {
  const memory = createMemory();
  const recordFiles = [path.join(siteDir, EDGE_RECORD_KEY), path.join(path.dirname(siteDir), LOCAL_BUILDS_MADE_FILE)];
  const readVersions = new Map<string, string>();
  const pointerVersions = new Map<string, string>();
  const refreshRoutes = async () => {
    for (const file of await pointerFilesOf(siteDir)) {
      const stat = await fs.stat(file).catch(() => null);
      const version = stat ? `${stat.mtimeMs}:${stat.size}` : '';
      if (!stat || pointerVersions.get(file) === version) continue;
      try {
        memory.addRoutesOf(JSON.parse(await fs.readFile(file, 'utf8')) as PointerRoutes);
        pointerVersions.set(file, version);
      } catch {
        // Being replaced (a release writes it last) or removed: read again with the next batch.
      }
    }
  };
  return {
    has: memory.has,
    hasRoute: memory.hasRoute,
    async refresh() {
      await refreshRoutes();
      for (const recordFile of recordFiles) {
        const stat = await fs.stat(recordFile).catch(() => null);
        if (!stat || `${stat.mtimeMs}:${stat.size}` === readVersions.get(recordFile)) continue;
        readVersions.set(recordFile, `${stat.mtimeMs}:${stat.size}`);
        const record = JSON.parse(await fs.readFile(recordFile, 'utf8')) as { built?: Record<string, { buildId?: unknown }[]>; history?: { app?: string; buildId?: unknown }[] };
        for (const [app, builds] of Object.entries(record.built ?? {})) for (const build of builds) memory.add(app, build.buildId);
        for (const entry of record.history ?? []) if (entry.app) memory.add(entry.app, entry.buildId);
      }
    },
  };
}

export const POINTER_REREAD_MS = 60_000;

export function createPointerDocumentBuilds(pointerUrl: string, { fetchJson = defaultFetchJson, now = Date.now } = {}): KnownBuilds {
  const memory = createMemory();
  /** Each app's build in the latest document: the live ones (builds seen before stay known, not live). */
  let live = new Set<string>();
  let readAt = -Infinity;
  return {
    has: memory.has,
    hasRoute: memory.hasRoute,
    isLive: (app, build) => live.has(`${app} ${build}`),
    async refresh() {
      if (now() - readAt < POINTER_REREAD_MS) return;
      readAt = now();
      const document = (await fetchJson(pointerUrl)) as { remotes?: { name?: string; buildId?: unknown; routes?: { path?: unknown }[] }[]; releases?: Record<string, unknown> };
      const current = new Set<string>();
      const addLive = (app: string, build: unknown) => {
        memory.add(app, build);
        if (typeof build === 'string') current.add(`${app} ${build}`);
      };
      for (const remote of document.remotes ?? []) if (remote.name) addLive(remote.name, remote.buildId);
      memory.addRoutesOf(document);
      // A release is named "<buildId>-<hash of its record and pages>".
      const shellRelease = document.releases?.shell;
      if (typeof shellRelease === 'string') addLive('shell', shellRelease.split('-')[0]);
      live = current;
    },
  };
}

async function defaultFetchJson(url: string): Promise<unknown> {
  const response = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(2_000) });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.json();
}
