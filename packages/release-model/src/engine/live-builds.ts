/**
 * What the publisher remembers of each app's live build (issue 39, item 3: every publish is watched):
 * the release and build live now, since when, how it got there (a team's publish, a promotion, a
 * rollback) and the release it replaced, noted by every pass in edge/state.json (EdgeRecord.live).
 * The scheduled check (publish-watch.ts) reads it to watch a full publish for PUBLISH_WATCH_MINUTES
 * with the local server's rule (@kesho/release-model/publish-watch).
 */
import type { HistoryEntry } from '../edge-plan';

export interface LiveBuild {
  readonly release: string;
  readonly buildId: string;
  readonly since: string;
  /** How it went live: a team's publish (watched), a promotion (watched as a canary), a rollback, or the first one this record saw. */
  readonly via: 'publish' | 'promote' | 'rollback' | 'first';
  readonly previous: { readonly release: string; readonly buildId: string } | null;
}

/**
 * The live builds after a pass: an app whose release changed is noted with the one it replaced and
 * how, from the history entries this pass made (`at`): a promotion, an automatic rollback.
 * @param live each app's release and build now live (the published state; the shell's build from its release).
 */
export function noteLiveBuilds(
  before: Readonly<Record<string, LiveBuild>> | undefined,
  live: readonly { readonly app: string; readonly release: string; readonly buildId: string }[],
  history: readonly HistoryEntry<string>[],
  at: string,
): Record<string, LiveBuild> {
  const noted: Record<string, LiveBuild> = { ...before };
  for (const { app, release, buildId } of live) {
    const known = before?.[app];
    if (known?.release === release) continue;
    const thisPass = history.filter((entry) => entry.at === at && entry.app === app).at(-1);
    const via = !known ? 'first' : thisPass?.action === 'promote' ? 'promote' : thisPass?.action === 'rollback' ? 'rollback' : 'publish';
    noted[app] = { release, buildId, since: at, via, previous: known ? { release: known.release, buildId: known.buildId } : null };
  }
  return noted;
}

/** The live builds as the history entries @kesho/release-model/publish-watch reads: the last live change of each app. */
export function liveChanges(live: Readonly<Record<string, LiveBuild>> | undefined): HistoryEntry<string>[] {
  return Object.entries(live ?? {}).map(([app, build]) => ({
    action: build.via === 'first' ? 'build' : build.via,
    app,
    buildId: build.buildId,
    previous: build.previous?.buildId ?? null,
    by: 'unknown',
    at: build.since,
  }));
}
