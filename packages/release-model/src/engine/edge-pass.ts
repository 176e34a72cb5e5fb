/**
 * Canaries and previews in AWS: the release publisher owns their state, as it owns mfe/remotes.json.
 *
 *   mfe/canary/<app>.json    a team's command for its own app's canary (its upload and release roles
 *                            may write only their own app's key): {"action":"start","release":…,
 *                            "percent":…} from a `-c canary=<percent>` deploy, or {"action":"promote"}
 *                            / {"action":"abort"} written by the team; re-reading one is harmless;
 *   edge/state.json          the publisher's own record: running canaries, staged previews, canary
 *                            releases that ended, the history (who, when, why), and the edge state;
 *   variants/<folder>/…      every page of the site as a variant shows it, and its remotes.json;
 *   KeyValueStore `state`    what the CloudFront functions read (@kesho/release-model/build-choice), and
 *                 `preview-key` the preview links' HMAC key (from Secrets Manager).
 *
 * Every change is one pass: commands applied (a promotion writes the canary's record as the app's
 * current one, so the live publish that follows puts it live), the live site published
 * (publish.ts), the variant folders of the next state written (new folders only, named by what
 * they hold), then edge/state.json with a conditional PUT (a concurrent pass makes this one start
 * over; the history entry of each live change found is in it, from the note the app's current record
 * carries: live-builds.ts), then the KeyValueStore. A failure before the KeyValueStore leaves what visitors get as it
 * was; a pass that failed there is completed by the next one, which writes the same value.
 * The scheduled check (every minute) judges each running canary on the Kesho/ClientEvents metrics
 * with the local server's rule (@kesho/release-model/canary-health) and aborts it itself, by "auto"; and a
 * team's recent publish, rolled back by "auto" when it fails the same rule (publish-watch.ts).
 */
import { EMPTY_EDGE_STATE, type EdgeState } from '../build-choice';
import { DEFAULT_CANARY_THRESHOLDS, type CanaryThresholds, type FiguresSource } from '../canary-health';
import { condemnedCanaries } from '../publish-watch';
import {
  canaryRefusal,
  edgeRecordOf,
  edgeStateSizeProblem,
  endCanary,
  HISTORY_KEPT,
  historyOf,
  publishEdgeKeyValues,
  stagePreview,
  startCanary,
  unexpiredPreviews,
  withHistory,
  type CanaryRecord,
  type EdgeRecord as SharedEdgeRecord,
  type HistoryEntry,
  type PreviewRecord,
} from '../edge-plan';
import { previewLinkOf, removeUnusedVariants, writeVariants } from '../edge-variants';
import { CANARY_ABORTED_EVENT, OPS_NOTICE_FAILED_EVENT } from '@kesho/operations/ops-events';
import type { KeyValueStore } from '../object-store';
import { CANARY_COMMANDS_PREFIX, EDGE_RECORD_KEY, VARIANTS_PREFIX } from '../site-keys';
import { publishReleases, readPublished, readRecord, revalidatedMetadata, type ObjectStore, type PublishResult, type Rejection } from './publish';
import { parseLiveChange, pointerKey, RELEASE_RECORD_FILE, releasePrefix, SHELL_APP, type RemotePointer, type RemoteRelease } from './release-record';
import { noteLiveBuilds, type LiveBuild, type LiveNow } from './live-builds';
import { applyPrune, planPrune, servedBuilds, type ReleaseRemoval, type TrackedBuilds } from './prune';
import { DEFAULT_KEPT_BUILDS, type BuildRemoval } from '../build-pruning';

/** A watched publish rolled back by the scheduled check: the app, the build and release taken off, the release put back, the figures. */
export interface AutoRollback {
  readonly app: string;
  readonly buildId: string;
  readonly release: string;
  readonly to: { readonly release: string; readonly buildId: string };
  readonly reason: string;
}

/** The keys, named in @kesho/release-model/site-keys; the KeyValueStore's are read by the CloudFront functions (functions/build-choice/viewer-functions.ts). */
export { CANARY_COMMANDS_PREFIX, EDGE_RECORD_KEY, VARIANTS_PREFIX };
/** The scheduled check's event: {"canaryCheck": true}. */
export const CANARY_CHECK_EVENT_FIELD = 'canaryCheck';

export const canaryCommandKey = (app: string): string => `${CANARY_COMMANDS_PREFIX}${app}.json`;

/**
 * Where a command's build came from, recorded with its history entry when the writer names it: the
 * source ("<commit>", "<commit>+changes"), the commit, whether the work tree matched it, and what the
 * browser check before a canary saw (the local release writes them; a team's CI may).
 */
export interface CommandOrigin {
  readonly source?: string;
  readonly commit?: string;
  readonly clean?: boolean;
  readonly browserCheck?: string;
}

export type CanaryCommand =
  | ({ readonly action: 'start'; readonly release: string; readonly percent: number; readonly by?: string; readonly why?: string } & CommandOrigin)
  | ({ readonly action: 'promote' | 'abort'; readonly by?: string; readonly why?: string } & CommandOrigin);

/** A running canary (@kesho/release-model/edge-plan's record, the local release's too) and the release it came from. */
export interface EdgeCanary extends CanaryRecord {
  readonly release: string;
}

/** A staged preview (@kesho/release-model/edge-plan's record) and the release it came from. */
export interface EdgePreview extends PreviewRecord {
  readonly release: string;
}

/**
 * One entry of the history (@kesho/release-model/edge-plan's shape), recorded only by the pass: each names
 * its release, and where the build came from when its writer said (a command's or a current record's note).
 */
export type EdgeHistoryEntry = HistoryEntry<EdgeAction>;
/**
 * What the history records: the canary's and preview's steps, and every live change (live-builds.ts,
 * from the note its current record carries: a team's publish, a rollback by hand or by the scheduled
 * check of a watched publish, publish-watch.ts, a local `npm run build`; a publish by "unknown" without one).
 */
export type EdgeAction = 'canary' | 'promote' | 'abort' | 'preview' | 'rollback' | 'publish' | 'build';

/** The edge record (@kesho/release-model/edge-plan's, the local release's shape) with the publisher's own fields. */
export interface EdgeRecord extends SharedEdgeRecord<EdgeCanary, EdgePreview> {
  /** "<app>/<release>" of canaries that were promoted or aborted: their start command is done. */
  readonly ended: readonly string[];
  readonly history: readonly EdgeHistoryEntry[];
  /** Each app's live build, how it got there and the one it replaced (live-builds.ts): what the publish watch reads. */
  readonly live?: Readonly<Record<string, LiveBuild>>;
  /** Each app's builds in the bucket, in the order this record first saw them (prune.ts): what the pruning orders them by. */
  readonly builds?: TrackedBuilds;
}

export const EMPTY_EDGE_RECORD: EdgeRecord = { canaries: [], previews: [], ended: [], history: [], edge: EMPTY_EDGE_STATE };

/** The CloudFront KeyValueStore (@kesho/release-model/object-store's; index.js: @aws-sdk/client-cloudfront-keyvaluestore). */
export type { KeyValueStore };

export interface EdgeServices {
  readonly kvs: KeyValueStore;
  /** The preview links' HMAC key (Secrets Manager). */
  previewSecret(): Promise<string>;
  /** One build's client-event figures between two times (figures.ts: CloudWatch, Kesho/ClientEvents by App and Build). */
  readonly figures?: FiguresSource;
  /** Tells ops (SNS, the kesho-alarms topic). */
  notify?(subject: string, message: string): Promise<void>;
  /** The publisher's CANARY_THRESHOLDS; a threshold it does not name keeps its default. */
  readonly thresholds?: Partial<CanaryThresholds>;
  /** Where preview links point (the site's origin). */
  readonly siteOrigin?: string;
  /** The publisher's KEPT_BUILDS (prune.ts); default 5. */
  readonly keptBuilds?: number;
  /**
   * Told the builds a pass removed (prune.ts), once they are gone from the store: what the store's owner
   * keeps of them elsewhere goes too (locally a build's server bundles, record and marks under dist/ssr,
   * its source maps). Nothing in AWS, where the bucket is all there is.
   */
  removedBuilds?(removals: readonly (BuildRemoval & { readonly app: string })[]): Promise<void>;
  now?(): Date;
  log?(line: Record<string, unknown>): void;
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * Tells ops what a scheduled check did (services.notify: SNS in AWS, the local server's mail). The abort or
 * rollback is done by then: a notice that fails is logged (OPS_NOTICE_FAILED_EVENT), never thrown, so the
 * check's run succeeds and the next notices of the same run are still sent.
 */
export async function tellOps(services: Pick<EdgeServices, 'notify' | 'log'>, subject: string, message: string): Promise<void> {
  if (!services.notify) return;
  try {
    await services.notify(subject, message);
  } catch (error) {
    services.log?.({ level: 'error', message: OPS_NOTICE_FAILED_EVENT, subject, error: String(error) });
  }
}

/** The edge record a parsed edge/state.json holds (an empty one for anything but an object). */
export function edgeRecordFrom(parsed: unknown): EdgeRecord {
  const value = (typeof parsed === 'object' && parsed !== null ? parsed : {}) as Partial<EdgeRecord>;
  // The canaries and previews carry their release, which the shared reader keeps.
  const shared = edgeRecordOf(value) as SharedEdgeRecord<EdgeCanary, EdgePreview>;
  // The record's own fields (the ended releases, the history, the live builds) as they were written.
  return { ...EMPTY_EDGE_RECORD, ...value, ...shared, ended: Array.isArray(value.ended) ? value.ended : [], history: historyOf<EdgeHistoryEntry>(value) };
}

export async function readEdgeRecord(store: ObjectStore): Promise<{ record: EdgeRecord; etag: string | null }> {
  const object = await store.get(EDGE_RECORD_KEY);
  if (!object) return { record: EMPTY_EDGE_RECORD, etag: null };
  return { record: edgeRecordFrom(JSON.parse(object.body)), etag: object.etag };
}

/** The origin fields a command (or a preview change) names, each of its type; anything else left out. */
export function originOf(fields: object): CommandOrigin {
  const value = fields as Readonly<Record<string, unknown>>;
  return {
    ...(typeof value.source === 'string' ? { source: value.source } : {}),
    ...(typeof value.commit === 'string' ? { commit: value.commit } : {}),
    ...(typeof value.clean === 'boolean' ? { clean: value.clean } : {}),
    ...(typeof value.browserCheck === 'string' ? { browserCheck: value.browserCheck } : {}),
  };
}

function parseCommand(text: string, key: string): CanaryCommand {
  let value: Record<string, unknown>;
  try {
    value = JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw new Error(`${key} is not JSON`);
  }
  const by = typeof value.by === 'string' ? { by: value.by } : {};
  const why = typeof value.why === 'string' ? { why: value.why } : {};
  const origin = originOf(value);
  if (value.action === 'promote' || value.action === 'abort') return { action: value.action, ...by, ...why, ...origin };
  if (value.action === 'start' && typeof value.release === 'string' && typeof value.percent === 'number' && value.percent >= 1 && value.percent <= 99) {
    return { action: 'start', release: value.release, percent: value.percent, ...by, ...why, ...origin };
  }
  throw new Error(`${key}: a canary command is {"action":"start","release":…,"percent":1–99}, {"action":"promote"} or {"action":"abort"}`);
}

async function readCommands(store: ObjectStore): Promise<Map<string, CanaryCommand | Error>> {
  const commands = new Map<string, CanaryCommand | Error>();
  for (const key of await store.listKeys(CANARY_COMMANDS_PREFIX)) {
    const app = key.slice(CANARY_COMMANDS_PREFIX.length, -'.json'.length);
    if (!key.endsWith('.json') || app.includes('/')) continue;
    const object = await store.get(key);
    if (!object) continue;
    try {
      commands.set(app, parseCommand(object.body, key));
    } catch (error) {
      commands.set(app, error instanceof Error ? error : new Error(String(error)));
    }
  }
  return commands;
}

/** The build an app is live with (or about to be, this pass): its current release record's. */
async function liveBuildOf(store: ObjectStore, app: string): Promise<string | null> {
  const object = await store.get(pointerKey(app));
  if (!object) return null;
  try {
    return (JSON.parse(object.body) as { pointer?: { buildId?: string } }).pointer?.buildId ?? null;
  } catch {
    return null;
  }
}

/**
 * The apps live after a publish with the note of the change their current record carries
 * (release-record.ts LiveChange): read for an app whose live release changed only, and only from a
 * record that names the release now live (a record written since is a later change).
 */
async function withChangeNotes(store: ObjectStore, before: EdgeRecord['live'], live: readonly LiveNow[]): Promise<LiveNow[]> {
  return Promise.all(
    live.map(async (now) => {
      if (before?.[now.app]?.release === now.release) return now;
      const key = pointerKey(now.app);
      const object = await store.get(key);
      if (!object) return now;
      try {
        const current = JSON.parse(object.body) as { release?: unknown; change?: unknown };
        if (current.release !== now.release) return now;
        return { ...now, change: current.change === undefined ? null : parseLiveChange(current.change, key) };
      } catch {
        // Checked when it was published (readRecord); one changed since is no note of this release.
        return now;
      }
    }),
  );
}

/** A release of a remote, checked whole (pages present and showing something) before any visitor gets it. */
async function remoteRelease(store: ObjectStore, app: string, release: string): Promise<RemoteRelease> {
  if (app === SHELL_APP) throw new Error('The shell renders every page of the site, so it is released whole: canaries and previews are for the remotes');
  const record = await readRecord(store, `${releasePrefix(app, release)}${RELEASE_RECORD_FILE}`, app, { checkPages: true });
  if (!('pointer' in record)) throw new Error(`release ${release} is not a remote's`);
  return record;
}

interface Pass {
  record: EdgeRecord;
  rejected: Rejection[];
  /** The history entries this pass recorded itself (a promotion's, an abort's, a canary's start). */
  made: HistoryEntry<EdgeAction>[];
}

/** The entry recorded in the history (@kesho/release-model/edge-plan withHistory, the local release's too); the ended canary's release noted, as many kept. */
function recorded(record: EdgeRecord, entry: HistoryEntry<EdgeAction>, ended?: EdgeCanary): EdgeRecord {
  return {
    ...withHistory(record, [entry]),
    ended: ended ? [...record.ended, `${ended.app}/${ended.release}`].slice(-HISTORY_KEPT) : record.ended,
  };
}

/** A step of the edge's state machine (@kesho/release-model/edge-plan) taken on the pass's record (its entry with the command's origin), or its refusal as this app's rejection. */
function take(
  pass: Pass,
  app: string,
  step: ReturnType<typeof startCanary<EdgeCanary, EdgePreview>> | ReturnType<typeof endCanary<EdgeCanary, EdgePreview>>,
  origin: CommandOrigin = {},
): boolean {
  if (step.refused !== null) {
    pass.rejected.push({ app, reason: step.refused });
    return false;
  }
  const entry = { ...step.entry, ...origin };
  pass.record = recorded({ ...pass.record, ...step.records }, entry, 'ended' in step ? step.ended : undefined);
  pass.made.push(entry);
  return true;
}

/** Applies the canary commands; a promotion writes the canary's record as the app's current one. */
async function applyCommands(store: ObjectStore, pass: Pass, at: string): Promise<void> {
  for (const [app, command] of await readCommands(store)) {
    if (command instanceof Error) {
      pass.rejected.push({ app, reason: command.message });
      continue;
    }
    const running = pass.record.canaries.find((canary) => canary.app === app);
    const by = command.by ?? 'unknown';
    const why = command.why ? { why: command.why } : {};
    const origin = originOf(command);
    if (command.action === 'start') {
      if (running?.release === command.release || pass.record.ended.includes(`${app}/${command.release}`)) continue;
      const busy = canaryRefusal(pass.record, app);
      if (busy) {
        pass.rejected.push({ app, reason: busy });
        continue;
      }
      let release: RemoteRelease;
      try {
        release = await remoteRelease(store, app, command.release);
      } catch (error) {
        pass.rejected.push({ app, reason: `canary of ${app} not started: ${messageOf(error)}` });
        continue;
      }
      const previous = await liveBuildOf(store, app);
      take(pass, app, startCanary(pass.record, { app, release: command.release, buildId: release.pointer.buildId, percent: command.percent, previous, since: at, by, ...why }), origin);
    } else if (running) {
      if (command.action === 'promote') {
        // The next live publish (publish.ts) puts this record live, like any team's release.
        const snapshot = await store.get(`${releasePrefix(app, running.release)}${RELEASE_RECORD_FILE}`);
        if (!snapshot) {
          pass.rejected.push({ app, reason: `release ${running.release} of ${app} is gone from the bucket: abort the canary` });
          continue;
        }
        await store.put(pointerKey(app), snapshot.body, revalidatedMetadata(pointerKey(app)), {});
      }
      take(pass, app, endCanary(pass.record, app, { action: command.action, by, at, ...why }), origin);
    }
  }
}

/** The folders of the next edge state (@kesho/release-model/edge-variants), written, and the state that names them: candidates' pages from their releases' snapshots. */
async function writeEdgeVariants(store: ObjectStore, record: EdgeRecord, live: { remotes: readonly RemotePointer[] }): Promise<EdgeState> {
  const { edge } = await writeVariants(
    store,
    record,
    {
      live: { remotes: live.remotes },
      livePageSource: (page) => page,
      candidate: async (candidate) => {
        const release = await remoteRelease(store, candidate.app, candidate.release);
        return { pointer: release.pointer, pageSource: (page) => `${releasePrefix(release.app, release.release)}${page}` };
      },
    },
    { variantsPrefix: VARIANTS_PREFIX },
  );
  return edge;
}

export interface EdgePublishResult extends PublishResult {
  readonly edge: EdgeState;
  readonly record: EdgeRecord;
  /** The history entries this pass recorded: its commands' and the live changes it found (from their records' notes). */
  readonly entries: readonly EdgeHistoryEntry[];
  /** A preview staged by this pass, and its link. */
  readonly preview?: { readonly app: string; readonly buildId: string; readonly link: string; readonly expiresAt: string };
  /** The builds this pass removed from the bucket (prune.ts): a withdrawn build's files, or a build whole. */
  readonly prunedBuilds: readonly (BuildRemoval & { readonly app: string })[];
  /** The release snapshots of kept builds this pass removed (prune.ts): superseded, unnamed, out of grace. */
  readonly prunedReleases: readonly ReleaseRemoval[];
}

export interface EdgeChange {
  /**
   * A deploy's preview: the release staged, its links valid this long (or until `expiresAt`, ISO, the
   * local release's link expiry); its origin recorded with its history entry. `signLink` false: no link
   * is signed here (the local release signs its own, with the running server's origin), and the result has no `preview`.
   */
  readonly preview?: {
    readonly app: string;
    readonly release: string;
    readonly by?: string;
    readonly signLink?: boolean;
  } & ({ readonly hours: number; readonly expiresAt?: undefined } | { readonly expiresAt: string; readonly hours?: undefined }) &
    CommandOrigin;
  /** Canaries to end before anything else (the scheduled check's verdicts), with their reason. */
  readonly autoAbort?: readonly { readonly app: string; readonly release: string; readonly reason: string }[];
  readonly maxAttempts?: number;
}

/**
 * One pass over the whole site: canary commands, the live publish, the variant folders, then the
 * state (edge/state.json, conditional) and the KeyValueStore.
 */
export async function publishSite(store: ObjectStore, services: EdgeServices, change: EdgeChange = {}): Promise<EdgePublishResult> {
  const maxAttempts = change.maxAttempts ?? 8;
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    const now = (services.now ?? (() => new Date()))();
    const at = now.toISOString();
    const { record: before, etag } = await readEdgeRecord(store);
    const pass: Pass = { record: before, rejected: [], made: [] };
    for (const verdict of change.autoAbort ?? []) {
      const running = pass.record.canaries.find((canary) => canary.app === verdict.app && canary.release === verdict.release);
      if (running) take(pass, verdict.app, endCanary(pass.record, verdict.app, { action: 'abort', by: 'auto', at, why: verdict.reason }));
    }
    await applyCommands(store, pass, at);
    const result = await publishReleases(store);
    const { state: live } = await readPublished(store);
    const liveBuilds = [
      ...(result.shell ? [{ app: SHELL_APP, release: result.shell.release, buildId: result.shell.buildId }] : []),
      ...live.remotes.flatMap((remote) => (live.releases[remote.name] ? [{ app: remote.name, release: live.releases[remote.name] as string, buildId: remote.buildId }] : [])),
    ];
    // Each live change recorded as its writer noted it with the app's current record, in this write of the record.
    const noted = noteLiveBuilds(pass.record.live, await withChangeNotes(store, pass.record.live, liveBuilds), pass.made, at);
    pass.record = { ...withHistory<EdgeHistoryEntry, EdgeRecord>(pass.record, noted.entries), live: noted.live };
    pass.made.push(...noted.entries);

    let staged: EdgePublishResult['preview'];
    pass.record = { ...pass.record, previews: unexpiredPreviews(pass.record.previews, now) };
    if (change.preview) {
      const release = await remoteRelease(store, change.preview.app, change.preview.release);
      const step = stagePreview(
        pass.record,
        {
          app: release.app,
          release: release.release,
          buildId: release.pointer.buildId,
          expiresAt: change.preview.expiresAt !== undefined ? change.preview.expiresAt : new Date(now.getTime() + change.preview.hours * 3_600_000).toISOString(),
          since: at,
          by: change.preview.by ?? 'unknown',
        },
        { at, now, liveBuild: live.remotes.find((remote) => remote.name === release.app)?.buildId ?? null },
      );
      if (step.refused !== null) throw new Error(step.refused);
      const entry = { ...step.entry, ...originOf(change.preview) };
      pass.record = recorded({ ...pass.record, ...step.records }, entry);
      pass.made.push(entry);
      const preview = step.records.previews.at(-1) as EdgePreview;
      const { expiresAt } = preview;
      if (change.preview.signLink !== false) {
        const link = previewLinkOf({
          app: preview.app,
          buildId: preview.buildId,
          route: release.pointer.routes[0]?.path ?? '/',
          expiresAt: Date.parse(expiresAt),
          secret: await services.previewSecret(),
          origin: services.siteOrigin ?? '',
          now: now.getTime(),
        });
        staged = { app: preview.app, buildId: preview.buildId, expiresAt, link };
      }
    }

    // Which builds go (prune.ts), decided on this pass's state; deleted only once its record is written.
    const prune = await planPrune(
      store,
      { live: pass.record.live ?? {}, canaries: pass.record.canaries, previews: pass.record.previews, published: live.releases },
      { before: before.builds, servedBefore: servedBuilds(before), keep: services.keptBuilds ?? DEFAULT_KEPT_BUILDS, now },
    );
    pass.record = { ...pass.record, builds: prune.builds };

    const edge = await writeEdgeVariants(store, pass.record, live);
    // Refused before anything visitors get changes: the edge could not read a state this large.
    const tooLarge = edgeStateSizeProblem(edge);
    if (tooLarge) throw new Error(tooLarge);
    const record: EdgeRecord = { ...pass.record, edge };
    const written = await store.put(EDGE_RECORD_KEY, JSON.stringify(record), revalidatedMetadata(EDGE_RECORD_KEY), etag ? { ifMatch: etag } : { ifNoneMatch: '*' });
    if (written === 'precondition-failed') continue;
    // What the CloudFront functions read; the same value again when a failed pass left it behind.
    await publishEdgeKeyValues(services.kvs, { edge, previewLinkSecret: await services.previewSecret() });
    await removeUnusedVariants(store, VARIANTS_PREFIX, edge, before.edge);
    await applyPrune(store, prune);
    if (prune.removals.length) await services.removedBuilds?.(prune.removals);
    return {
      ...result,
      rejected: [...result.rejected, ...pass.rejected],
      edge,
      record,
      entries: pass.made,
      prunedBuilds: prune.removals,
      prunedReleases: prune.releaseRemovals,
      ...(staged ? { preview: staged } : {}),
    };
  }
  throw new Error(`Could not write ${EDGE_RECORD_KEY}: it kept changing during ${maxAttempts} attempts`);
}

/**
 * The scheduled check: each running canary's build against the live build since it started, by the
 * local server's rule; a condemned canary is aborted (by "auto", with the figures), and ops told.
 */
export async function watchCanaries(store: ObjectStore, services: EdgeServices): Promise<{ aborted: { app: string; buildId: string; reason: string }[] }> {
  const { figures } = services;
  if (!figures) throw new Error('The canary check needs the client-event figures');
  const now = (services.now ?? (() => new Date()))();
  const { record } = await readEdgeRecord(store);
  // The local server's look too (@kesho/release-model/publish-watch); over the defaults: CANARY_THRESHOLDS written
  // before a threshold existed (minClients, issue 40) keeps its default.
  const verdicts = (await condemnedCanaries(figures, record.canaries, now, { ...DEFAULT_CANARY_THRESHOLDS, ...services.thresholds })).map(({ canary, reason }) => ({
    app: canary.app,
    release: canary.release,
    buildId: canary.buildId,
    reason,
  }));
  if (!verdicts.length) return { aborted: [] };
  await publishSite(store, services, { autoAbort: verdicts });
  for (const verdict of verdicts) {
    services.log?.({ level: 'warn', message: CANARY_ABORTED_EVENT, app: verdict.app, build: verdict.buildId, reason: verdict.reason });
    await tellOps(
      services,
      `Kesho: canary of ${verdict.app} aborted`,
      `The canary of ${verdict.app} (build ${verdict.buildId}) was aborted automatically: ${verdict.reason}. Every visitor is on the live build again.`,
    );
  }
  return { aborted: verdicts.map(({ app, buildId, reason }) => ({ app, buildId, reason })) };
}
