/**
 * Every publish is watched, in AWS (issue 39, item 3): the scheduled check (every minute, with the
 * canaries' watchCanaries) judges each app's build that a team's publish put live less than
 * PUBLISH_WATCH_MINUTES ago (EdgeRecord.live, live-builds.ts) against the release it replaced, by the
 * local server's rule (@kesho/release-model/publish-watch on @kesho/release-model/canary-health, the figures from
 * the Kesho/ClientEvents metrics, figures.ts). A condemned build is rolled back as the runbook's
 * rollback does it by hand (infra/RUNBOOK.md, Rollback): its release withdrawn
 * (releases/<app>/<release>/withdrawn.json: by "auto", the figures as its why, the release put back),
 * so a stack's upload of it is refused, and the replaced release's record made the app's current one
 * with the note of the rollback (by "auto", the figures as its why); then one pass publishes it and
 * records the rollback in the history from that note, and ops are told.
 * Only while the judged release is still the app's current record: a team's release since wins.
 */
import { DEFAULT_CANARY_THRESHOLDS } from '../canary-health';
import { PUBLISH_ROLLED_BACK_EVENT } from '@kesho/operations/ops-events';
import { condemnedPublishes, DEFAULT_PUBLISH_WATCH_MINUTES } from '../publish-watch';
import { publishSite, readEdgeRecord, tellOps, type AutoRollback, type EdgeServices } from './edge-pass';
import { liveChanges } from './live-builds';
import { revalidatedMetadata, setCurrentRelease, type ObjectStore } from './publish';
import { parseReleaseRecordText, pointerKey, RELEASE_RECORD_FILE, releasePrefix, withdrawnKey, type ReleaseRecord } from './release-record';

export interface PublishWatchServices extends EdgeServices {
  /** PUBLISH_WATCH_MINUTES (the CDK app sets it; default 30): how long after a publish its build is judged. */
  readonly publishWatchMinutes?: number;
}

/** The release an app's current record names, or null. */
async function currentRelease(store: ObjectStore, app: string): Promise<string | null> {
  const object = await store.get(pointerKey(app));
  if (!object) return null;
  try {
    const release = (JSON.parse(object.body) as { release?: unknown }).release;
    return typeof release === 'string' ? release : null;
  } catch {
    return null;
  }
}

export async function watchPublishes(store: ObjectStore, services: PublishWatchServices): Promise<{ rolledBack: AutoRollback[] }> {
  const { figures } = services;
  if (!figures) throw new Error('The publish watch needs the client-event figures');
  const now = (services.now ?? (() => new Date()))();
  const { record } = await readEdgeRecord(store);
  const thresholds = { ...DEFAULT_CANARY_THRESHOLDS, ...services.thresholds };
  const rolledBack: AutoRollback[] = [];
  // The local server's look too (@kesho/release-model/publish-watch), on the live builds this record notes.
  const condemned = await condemnedPublishes(figures, liveChanges(record.live), { now, windowMinutes: services.publishWatchMinutes ?? DEFAULT_PUBLISH_WATCH_MINUTES, thresholds });
  for (const { publish, reason } of condemned) {
    const live = record.live?.[publish.app];
    if (!live?.previous) continue;
    if ((await currentRelease(store, publish.app)) !== live.release) continue;
    const replacedKey = `${releasePrefix(publish.app, live.previous.release)}${RELEASE_RECORD_FILE}`;
    const replacedObject = await store.get(replacedKey);
    let replaced: ReleaseRecord;
    try {
      if (!replacedObject) throw new Error(`release ${live.previous.release} is gone from the bucket`);
      replaced = parseReleaseRecordText(replacedObject.body, replacedKey);
    } catch (error) {
      services.log?.({ level: 'error', message: 'release.publish_rollback_failed', app: publish.app, build: publish.buildId, error: error instanceof Error ? error.message : String(error) });
      continue;
    }
    const withdrawn = withdrawnKey(publish.app, live.release);
    const mark = { at: now.toISOString(), by: 'auto', rolledBackTo: live.previous.release, why: reason };
    await store.put(withdrawn, JSON.stringify(mark), revalidatedMetadata(withdrawn), {});
    // The replaced release's record made current with the note of this rollback: the pass records it from there, also when this run dies before it.
    const change = { action: 'rollback', by: 'auto', at: now.toISOString(), why: reason } as const;
    await setCurrentRelease(store, replaced, change);
    rolledBack.push({ app: publish.app, buildId: live.buildId, release: live.release, to: live.previous, reason: reason });
  }
  if (!rolledBack.length) return { rolledBack };
  await publishSite(store, services);
  for (const rolled of rolledBack) {
    services.log?.({ level: 'warn', message: PUBLISH_ROLLED_BACK_EVENT, app: rolled.app, build: rolled.buildId, to: rolled.to.buildId, reason: rolled.reason });
    await tellOps(
      services,
      `Kesho: ${rolled.app} rolled back`,
      `The publish of ${rolled.app} (build ${rolled.buildId}, release ${rolled.release}) was rolled back automatically to build ${rolled.to.buildId} (release ${rolled.to.release}): ${rolled.reason}. Release ${rolled.release} is withdrawn.`,
    );
  }
  return { rolledBack };
}
