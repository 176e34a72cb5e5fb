/**
 * What the deploy stacks leave in the bucket, written into an in-memory bucket: releases named by
 * their content exactly as the synth names them, their snapshots, and the current-release records.
 */
import {
  feedKeyForRoute,
  nameRelease,
  pageKeyForRoute,
  pointerKey,
  POINTER_DOCUMENT_KEY,
  RELEASE_RECORD_FILE,
  releasePrefix,
  SHELL_APP,
  sharedFileSnapshotKey,
  withdrawnKey,
  type RemotePointer,
  type RemoteRelease,
  type ShellRelease,
} from '@kesho/release-model/engine/release-record';
import type { MemoryStore } from './memory-store';

export function pointer(name: string, buildId: string, routes: string[]): RemotePointer {
  return {
    name,
    buildId,
    manifest: `/mfe/${name}/${buildId}/mf-manifest.json`,
    routes: routes.map((path) => ({ path, title: `${path} | Kesho Global Education`, description: `Page ${path}`, listed: true })),
  };
}

/** The page a build renders for a route, with the shell build it loads and an edition (its texts). */
export const pageHtml = (app: string, buildId: string, route: string, shellBuildId: string, edition = 1) =>
  `<html><head><title>${route} | Kesho Global Education</title></head><body><main><h1>${app} ${buildId} ${route} shell ${shellBuildId} edition ${edition}</h1></main></body></html>`;

/** The feed a build makes for a route that has one. */
export const feedXml = (app: string, buildId: string, route: string, edition = 1) =>
  `<?xml version="1.0"?><rss version="2.0"><channel><title>${app} ${buildId} ${route} edition ${edition}</title></channel></rss>`;

/** The files a build renders for a remote's routes: each page, and each feed. */
const renderedFiles = (entry: RemotePointer, shellBuildId: string, edition = 1) =>
  entry.routes.flatMap((route) => [
    { key: pageKeyForRoute(route.path), body: pageHtml(entry.name, entry.buildId, route.path, shellBuildId, edition) },
    ...(route.feed ? [{ key: feedKeyForRoute(route.path), body: feedXml(entry.name, entry.buildId, route.path, edition) }] : []),
  ]);

/** What a remote stack's deploy leaves in the bucket: the release snapshot, then its current record. */
export function deployRemote(store: MemoryStore, entry: RemotePointer, shellBuildId = 's1', edition = 1): RemoteRelease {
  const pages = renderedFiles(entry, shellBuildId, edition);
  const record = nameRelease({ app: entry.name, shellBuildId, pointer: entry }, pages);
  const snapshot = releasePrefix(entry.name, record.release);
  for (const page of pages) store.write(`${snapshot}${page.key}`, page.body);
  store.write(`${snapshot}${RELEASE_RECORD_FILE}`, JSON.stringify(record));
  store.write(pointerKey(entry.name), JSON.stringify(record));
  return record;
}

/** The root files and the not-found page a shell build makes, by live key; each names the build. */
export const sharedFilesOf = (shellBuildId: string): Record<string, string> => ({
  'favicon.svg': `<svg xmlns="http://www.w3.org/2000/svg"><title>shell ${shellBuildId}</title></svg>`,
  'pages/404.html': `<html><body><main><h1>Oops! Page not found (shell ${shellBuildId})</h1></main></body></html>`,
});

/**
 * A shell stack's deploy: every route's page rendered with the new shell and the remote builds given,
 * and its shared files in the snapshot (`shared: null`: a release made before they travelled with it).
 */
export function deployShell(store: MemoryStore, shellBuildId: string, renderedWith: RemotePointer[], shared: Record<string, string> | null = sharedFilesOf(shellBuildId)): ShellRelease {
  const sharedFiles = Object.entries(shared ?? {}).map(([key, body]) => ({ key: sharedFileSnapshotKey(key), body }));
  const pages = [...renderedWith.flatMap((entry) => renderedFiles(entry, shellBuildId)), ...sharedFiles];
  const content: Omit<ShellRelease, 'release'> = { app: SHELL_APP, shellBuildId, renderedWith: { remotes: renderedWith } };
  const record = nameRelease(shared ? { ...content, sharedFiles: Object.keys(shared) } : content, pages);
  const snapshot = releasePrefix(SHELL_APP, record.release);
  for (const page of pages) store.write(`${snapshot}${page.key}`, page.body);
  store.write(`${snapshot}${RELEASE_RECORD_FILE}`, JSON.stringify(record));
  store.write(pointerKey(SHELL_APP), JSON.stringify(record));
  return record;
}

/** The documented rollback: copy an older release's release.json over the app's current record. */
export function rollBack(store: MemoryStore, app: string, release: string): void {
  const recorded = store.text(`${releasePrefix(app, release)}${RELEASE_RECORD_FILE}`);
  if (recorded === undefined) throw new Error(`no release ${app}/${release}`);
  store.write(pointerKey(app), recorded);
}

/** The documented rollback in AWS: the release rolled back from marked withdrawn first, then the older record copied over the current one. */
export function rollBackWithdrawing(store: MemoryStore, app: string, from: string, to: string): void {
  store.write(withdrawnKey(app, from), JSON.stringify({ by: 'ops', why: 'checkout broken', rolledBackTo: to }));
  rollBack(store, app, to);
}

export function publishedDocument(store: MemoryStore): { remotes: RemotePointer[]; releases: Record<string, string> } {
  const text = store.text(POINTER_DOCUMENT_KEY);
  if (text === undefined) throw new Error('mfe/remotes.json was never written');
  return JSON.parse(text) as { remotes: RemotePointer[]; releases: Record<string, string> };
}
