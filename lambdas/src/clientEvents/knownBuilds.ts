/**
 * Which builds client events may be counted against, so a stranger cannot fill the metrics with
 * invented apps and builds.
 * - Locally: every build the release history of this dist/ knows (dist/releases.json), read again
 *   when the file changes, so a release is known as soon as it is made.
 * - In AWS: the builds the published pointer document (`<site>/mfe/remotes.json`) names, the shell's
 *   from its release name, re-read at most once a minute; a build once named stays known for the
 *   container's life, so tabs still open on the previous build keep reporting after a release.
 */
import fs from 'node:fs/promises';
import { BUILD_ID_PATTERN, CLIENT_APPS, type ClientApp } from '@kesho/common/client-events';
import type { KnownBuilds } from './service';

function createMemory() {
  const known = new Set<string>();
  return {
    add: (app: string, build: unknown) => {
      if ((CLIENT_APPS as readonly string[]).includes(app) && typeof build === 'string' && BUILD_ID_PATTERN.test(build)) known.add(`${app} ${build}`);
    },
    has: (app: ClientApp, build: string) => known.has(`${app} ${build}`),
  };
}

export function createReleaseHistoryBuilds(historyFile: string): KnownBuilds {
  const memory = createMemory();
  let readVersion = '';
  return {
    has: memory.has,
    async refresh() {
      const stat = await fs.stat(historyFile).catch(() => null);
      if (!stat || `${stat.mtimeMs}:${stat.size}` === readVersion) return;
      readVersion = `${stat.mtimeMs}:${stat.size}`;
      const history = JSON.parse(await fs.readFile(historyFile, 'utf8')) as { builds?: Record<string, { buildId?: unknown }[]>; releases?: { app?: string; buildId?: unknown }[] };
      for (const [app, builds] of Object.entries(history.builds ?? {})) for (const build of builds) memory.add(app, build.buildId);
      for (const release of history.releases ?? []) if (release.app) memory.add(release.app, release.buildId);
    },
  };
}

export const POINTER_REREAD_MS = 60_000;

export function createPointerDocumentBuilds(pointerUrl: string, { fetchJson = defaultFetchJson, now = Date.now } = {}): KnownBuilds {
  const memory = createMemory();
  let readAt = -Infinity;
  return {
    has: memory.has,
    async refresh() {
      if (now() - readAt < POINTER_REREAD_MS) return;
      readAt = now();
      const document = (await fetchJson(pointerUrl)) as { remotes?: { name?: string; buildId?: unknown }[]; releases?: Record<string, unknown> };
      for (const remote of document.remotes ?? []) if (remote.name) memory.add(remote.name, remote.buildId);
      // A release is named "<buildId>-<hash of its record and pages>".
      const shellRelease = document.releases?.shell;
      if (typeof shellRelease === 'string') memory.add('shell', shellRelease.split('-')[0]);
    },
  };
}

async function defaultFetchJson(url: string): Promise<unknown> {
  const response = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(2_000) });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.json();
}
