/**
 * What the publisher remembers of each app's live build (issue 39, item 3: every publish is watched):
 * the release and build live now, since when, how it got there (a team's publish, a promotion, a
 * rollback) and the release it replaced, noted by every pass in edge/state.json (EdgeRecord.live), with
 * the history entry of that change (from the note the app's current record carries).
 * The scheduled check (publish-watch.ts) reads it to watch a full publish for PUBLISH_WATCH_MINUTES
 * with the local server's rule (@kesho/release-model/publish-watch).
 */
import type { HistoryEntry } from '../edge-plan';
import type { LiveChange, LiveChangeAction } from './release-record';

export interface LiveBuild {
  readonly release: string;
  readonly buildId: string;
  readonly since: string;
  /** How it went live: a team's publish (watched), a promotion (watched as a canary), a rollback, or the first one this record saw. */
  readonly via: 'publish' | 'promote' | 'rollback' | 'first';
  readonly previous: { readonly release: string; readonly buildId: string } | null;
}

/** An app's release and build live after a pass, with the note of the live change its current record carries (release-record.ts LiveChange). */
export interface LiveNow {
  readonly app: string;
  readonly release: string;
  readonly buildId: string;
  readonly change?: LiveChange | null;
}

/**
 * The live builds after a pass, and the history entries of the changes it found: an app whose release
 * changed is noted with the one it replaced, how and since when, and its entry recorded (who, when, why,
 * where the build came from), in the same write of the edge record:
 *   - a change this pass made itself (`made`: a promotion) is told by its own entry, already recorded;
 *   - else the note its current record carries (`change`, written with the record: a team's publish, a
 *     rollback, a local build), at the note's time, also when a later pass completes a writer that died;
 *   - else (a writer that writes no note) a publish by "unknown" at the pass's time `at`.
 * An entry is recorded only when the build changed (a release of the same build with pages rendered
 * again is no change of build) and, for an app this record had not seen live, only from a note (its
 * first build); such an app is noted as 'first', never watched.
 */
export function noteLiveBuilds(
  before: Readonly<Record<string, LiveBuild>> | undefined,
  live: readonly LiveNow[],
  made: readonly HistoryEntry<string>[],
  at: string,
): { live: Record<string, LiveBuild>; entries: HistoryEntry<LiveChangeAction>[] } {
  const noted: Record<string, LiveBuild> = { ...before };
  const entries: HistoryEntry<LiveChangeAction>[] = [];
  for (const { app, release, buildId, change } of live) {
    const known = before?.[app];
    if (known?.release === release) continue;
    const previous = known ? { release: known.release, buildId: known.buildId } : null;
    const own = made.filter((entry) => entry.app === app && (entry.action === 'promote' || entry.action === 'rollback')).at(-1);
    if (own) {
      noted[app] = { release, buildId, since: at, via: own.action as 'promote' | 'rollback', previous };
      continue;
    }
    const since = change?.at ?? at;
    const via = !known ? 'first' : change?.action === 'rollback' ? 'rollback' : change?.action === 'promote' ? 'promote' : 'publish';
    noted[app] = { release, buildId, since, via, previous };
    if (known?.buildId === buildId || (!known && !change)) continue;
    const { action = 'publish', by = 'unknown', why, source, commit, clean, browserCheck } = change ?? {};
    const told = { why, source, commit, clean, browserCheck };
    const fields = Object.fromEntries(Object.entries(told).filter(([, value]) => value !== undefined)) as Partial<typeof told>;
    entries.push({ action, app, buildId, release, previous: previous?.buildId ?? null, by, at: since, ...fields });
  }
  return { live: noted, entries };
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
