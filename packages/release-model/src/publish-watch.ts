/**
 * Every publish is watched: for a window after a full publish (the build live for everyone at once),
 * the new build is compared with the build it replaced by the canary rule (@kesho/release-model/canary-health's
 * judgeCanary), and a build the rule condemns is rolled back to the one it replaced automatically,
 * recorded as a rollback by "auto" with the figures as its why. The local server's watch
 * (local-server/src/canary-watch.ts, on the history of the edge record dist/site/edge/state.json) and the AWS release
 * publisher's scheduled check (packages/release-model/src/engine/publish-watch.ts, on the live builds
 * it notes in edge/state.json) apply it.
 *
 * The replaced build has no visitors once the new one is live, so its figures over the same minutes
 * would be empty: it is judged over as long a time just before the publish, when it had them all.
 */
import { judgeCanary, type CanaryThresholds, type CanaryVerdict, type FiguresSource } from './canary-health';
import { lastLiveChange, type HistoryEntry } from './edge-plan';

/** How long after a publish the build is watched, by default: 30 minutes. */
export const DEFAULT_PUBLISH_WATCH_MINUTES = 30;

/** A publish under watch: the app, the build it put live, the build it replaced, when. */
export interface WatchedPublish {
  readonly app: string;
  readonly buildId: string;
  readonly previous: string;
  readonly since: string;
}

/**
 * The publishes to watch at `now`: per app, its last live change, when it is a publish that replaced a
 * build less than `windowMinutes` ago (a rollback, another publish or a promotion since ends the watch).
 */
export function watchedPublishes(history: readonly HistoryEntry<string>[], now: Date, windowMinutes: number): WatchedPublish[] {
  const watched: WatchedPublish[] = [];
  for (const app of new Set(history.map((entry) => entry.app))) {
    const entry = lastLiveChange(history, app);
    if (!entry) continue;
    if (entry.action !== 'publish' || !entry.previous || entry.previous === entry.buildId) continue;
    const age = now.getTime() - Date.parse(entry.at);
    if (!(age >= 0 && age < windowMinutes * 60_000)) continue;
    watched.push({ app: entry.app, buildId: entry.buildId, previous: entry.previous, since: entry.at });
  }
  return watched;
}

/** What the watch judges a running canary by: its build, the live build it is compared with, since when. */
export interface WatchedCanary {
  readonly app: string;
  readonly buildId: string;
  readonly previous: string | null;
  readonly since: string;
}

/**
 * The running canaries the rule condemns at `now`, each with the reason: its build's figures since it
 * started against the live build's over the same time. The one look of both engines' watches (the
 * local server's, the publisher's scheduled check), which then abort each their own way.
 */
export async function condemnedCanaries<Canary extends WatchedCanary>(
  figures: FiguresSource,
  canaries: readonly Canary[],
  now: Date,
  thresholds?: CanaryThresholds,
): Promise<{ readonly canary: Canary; readonly reason: string }[]> {
  const condemned: { canary: Canary; reason: string }[] = [];
  for (const canary of canaries) {
    if (!canary.previous) continue;
    const since = new Date(canary.since);
    const verdict = judgeCanary(await figures(canary.app, canary.buildId, since, now), await figures(canary.app, canary.previous, since, now), thresholds);
    if (verdict.abort) condemned.push({ canary, reason: verdict.reason });
  }
  return condemned;
}

/**
 * The publishes the rule condemns at `now` (watchedPublishes of the history, each judged by
 * judgePublish), with the reason: the one look of both engines' publish watches, which then roll
 * each back their own way.
 */
export async function condemnedPublishes(
  figures: FiguresSource,
  history: readonly HistoryEntry<string>[],
  { now, windowMinutes, thresholds }: { readonly now: Date; readonly windowMinutes: number; readonly thresholds?: CanaryThresholds },
): Promise<{ readonly publish: WatchedPublish; readonly reason: string }[]> {
  const condemned: { publish: WatchedPublish; reason: string }[] = [];
  for (const publish of watchedPublishes(history, now, windowMinutes)) {
    const verdict = await judgePublish(figures, publish, now, thresholds);
    if (verdict.abort) condemned.push({ publish, reason: verdict.reason });
  }
  return condemned;
}

/**
 * The verdict on a watched publish: the new build's figures since the publish against the replaced
 * build's over as long a time before it. The reason (when it condemns) names both builds' figures.
 */
export async function judgePublish(figures: FiguresSource, publish: WatchedPublish, now: Date, thresholds?: CanaryThresholds): Promise<CanaryVerdict> {
  const since = new Date(publish.since);
  const before = new Date(since.getTime() - Math.max(now.getTime() - since.getTime(), 0));
  const verdict = judgeCanary(await figures(publish.app, publish.buildId, since, now), await figures(publish.app, publish.previous, before, since), thresholds);
  if (!verdict.abort) return verdict;
  const span = since.getTime() - before.getTime();
  const length = span < 120_000 ? `${Math.round(span / 1000)} s` : `${Math.round(span / 60_000)} min`;
  return { abort: true, reason: `${verdict.reason} (live's: the replaced build ${publish.previous} in the ${length} before the publish)` };
}
