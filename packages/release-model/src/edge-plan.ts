/**
 * The edge's plan, one for both release engines (scripts/lib/release/canaries-previews.mjs locally,
 * packages/release-model/src/engine/edge-pass.ts in AWS): the records of running canaries and staged
 * previews, which variant folders an edge state needs, the edge state that names them, and which
 * folders a new state lets go. Each engine only makes the folders (its own store) and names them.
 *
 * The variants of a state:
 *   - one per combination of running canaries (a browser can be in several apps' shares), keyed by
 *     its apps (variantKeyOf);
 *   - one per staged preview ("<app>/<build>"), with the "Preview: <app> <build>" ribbon;
 *   - two notices: the live site saying a preview link expired, or is not valid.
 */
import { EMPTY_EDGE_STATE, parseEdgeState, variantKeyOf, type EdgeState } from './build-choice';
import type { KeyValueStore } from './object-store';
import type { Ribbon } from './preview-ribbon';
import { EDGE_STATE_KEY, PREVIEW_LINK_SECRET_KEY } from './site-keys';

/**
 * A running canary, as both engines record it: the app, the candidate build, its share, the live
 * build it is compared with, when it started, who started it and why; in AWS also the release it
 * came from.
 */
export interface CanaryRecord {
  readonly app: string;
  readonly buildId: string;
  readonly percent: number;
  readonly previous: string | null;
  readonly since: string;
  readonly by: string;
  readonly why?: string;
  readonly release?: string;
}

/** A staged preview: the app, the build, until when its links are valid (ISO), who staged it; in AWS its release. */
export interface PreviewRecord {
  readonly app: string;
  readonly buildId: string;
  readonly expiresAt: string;
  readonly by: string;
  readonly since?: string;
  readonly release?: string;
}

/**
 * One entry of a release history, the shape both engines record in their release record's `history`
 * (edge/state.json of the site's store in both: dist/site locally, the bucket in AWS; with the source it
 * was built from and its browser check when the local release recorded it, with the release in AWS; historyOf reads it, withHistory adds to it): `buildId` is the
 * build the action is about (put live, the canary's or preview's candidate, or the canary's build
 * that was ended), `previous` the build live before it; a canary's share is `percent`, a preview's
 * links are valid until `expiresAt`; an automatic abort is by "auto", its figures in `why`.
 */
export interface HistoryEntry<Action extends string = 'canary' | 'promote' | 'abort' | 'preview'> {
  readonly action: Action;
  readonly app: string;
  readonly buildId: string;
  readonly previous: string | null;
  readonly by: string;
  readonly at: string;
  readonly why?: string;
  readonly percent?: number;
  readonly expiresAt?: string;
  readonly release?: string;
  /** Where the build came from (the local release records it): "<commit>" or "<commit>+changes", else "unknown". */
  readonly source?: string;
  readonly commit?: string;
  /** Whether the work tree matched the commit. */
  readonly clean?: boolean;
  /** What the browser check of a publish or canary saw ("38 page views in 17.0 s, no errors"), or "off". */
  readonly browserCheck?: string;
}

/**
 * The history's actions that put a build live for everyone: the last of them says which build of an app is live, and which it replaced (the
 * default rollback target); also what the note of a live change may say (engine/release-record.ts LiveChange).
 */
export const LIVE_CHANGE_ACTIONS = ['publish', 'rollback', 'build', 'promote'] as const;
export const LIVE_ACTIONS: readonly string[] = LIVE_CHANGE_ACTIONS;

/** An app's last live change in a history (LIVE_ACTIONS), or undefined: both engines' rollback target and publish watch read it. */
export function lastLiveChange<Entry extends HistoryEntry<string>>(history: readonly Entry[], app: string): Entry | undefined {
  return history.filter((entry) => entry.app === app && LIVE_ACTIONS.includes(entry.action)).at(-1);
}

/** How many entries a release record's history keeps (the oldest go first), in both engines. */
export const HISTORY_KEPT = 500;

/**
 * The history a release record holds (edge/state.json, dist/site's locally, the bucket's in AWS): its
 * entries in the order they were recorded; anything unreadable is skipped.
 */
export function historyOf<Entry extends HistoryEntry<string> = HistoryEntry<string>>(value: unknown): Entry[] {
  const entries = typeof value === 'object' && value !== null ? (value as { history?: unknown }).history : undefined;
  if (!Array.isArray(entries)) return [];
  return entries.filter(
    (entry): entry is Entry =>
      typeof entry === 'object' &&
      entry !== null &&
      typeof (entry as Record<string, unknown>).action === 'string' &&
      typeof (entry as Record<string, unknown>).app === 'string' &&
      typeof (entry as Record<string, unknown>).buildId === 'string' &&
      typeof (entry as Record<string, unknown>).at === 'string',
  );
}

/** The record with these entries added to its history, the last HISTORY_KEPT kept: how both engines record a release. */
export function withHistory<Entry, Held extends { readonly history: readonly Entry[] }>(record: Held, entries: readonly Entry[]): Held {
  return { ...record, history: [...record.history, ...entries].slice(-HISTORY_KEPT) };
}

/** The previews whose links are still valid at `now`: an expired one is dropped by the next pass of either engine. */
export function unexpiredPreviews<Preview extends PreviewRecord>(previews: readonly Preview[], now: Date): Preview[] {
  return previews.filter((preview) => Date.parse(preview.expiresAt) > now.getTime());
}

/** A variant the state needs: what it is, its key in the edge state, the builds it shows instead of the live ones, its ribbon. */
export interface PlannedVariant<Canary extends CanaryRecord = CanaryRecord, Preview extends PreviewRecord = PreviewRecord> {
  readonly kind: 'canary' | 'preview' | 'notice';
  readonly key: string;
  readonly candidates: readonly (Canary | Preview)[];
  readonly ribbon: Ribbon | null;
}

/** Every combination of the given items, none empty. */
export function combinations<T>(items: readonly T[]): T[][] {
  const all: T[][] = [[]];
  for (const item of items) for (const existing of [...all]) all.push([...existing, item]);
  return all.filter((combination) => combination.length > 0);
}

/** The variants a state with these canaries and previews needs, in the order both engines write them. */
export function planVariants<Canary extends CanaryRecord, Preview extends PreviewRecord>(canaries: readonly Canary[], previews: readonly Preview[]): PlannedVariant<Canary, Preview>[] {
  const planned: PlannedVariant<Canary, Preview>[] = [];
  for (const combination of combinations([...canaries].sort((a, b) => a.app.localeCompare(b.app)))) {
    planned.push({ kind: 'canary', key: variantKeyOf(combination.map((canary) => canary.app)), candidates: combination, ribbon: null });
  }
  for (const preview of previews) {
    planned.push({ kind: 'preview', key: `${preview.app}/${preview.buildId}`, candidates: [preview], ribbon: { kind: 'preview', app: preview.app, build: preview.buildId } });
  }
  for (const notice of ['expired', 'invalid'] as const) planned.push({ kind: 'notice', key: notice, candidates: [], ribbon: { kind: notice } });
  return planned;
}

/** The edge state of these canaries, each planned variant named by the folder its engine wrote. */
export function edgeStateOf(canaries: readonly CanaryRecord[], written: readonly { readonly variant: PlannedVariant; readonly folder: string }[]): EdgeState {
  const variants: Record<string, string> = {};
  const previews: Record<string, string> = {};
  const notices: Record<string, string> = {};
  for (const { variant, folder } of written) {
    if (variant.kind === 'canary') variants[variant.key] = folder;
    else if (variant.kind === 'preview') previews[variant.key] = folder;
    else notices[variant.key] = folder;
  }
  return { canaries: canaries.map((canary) => ({ app: canary.app, build: canary.buildId, percent: canary.percent })), variants, previews, notices };
}

/** Every folder an edge state names. */
export function foldersOf(edge: EdgeState): Set<string> {
  return new Set([...Object.values(edge.variants), ...Object.values(edge.previews), ...Object.values(edge.notices).filter((folder): folder is string => Boolean(folder))]);
}

/**
 * The folders to remove once `current` is the state: those neither it nor the state before it
 * names (a browser may still be fetching a page of the state just replaced).
 */
export function unusedFolders(present: Iterable<string>, current: EdgeState, previous: EdgeState): string[] {
  const keep = new Set([...foldersOf(current), ...foldersOf(previous)]);
  return [...new Set(present)].filter((folder) => !keep.has(folder));
}

/** The canaries an edge record names (edge/state.json): anything unreadable is skipped. */
export function canaryRecordsOf(value: unknown): CanaryRecord[] {
  return recordsOf(value, 'canaries').filter(
    (entry) =>
      typeof entry.app === 'string' &&
      typeof entry.buildId === 'string' &&
      typeof entry.percent === 'number' &&
      typeof entry.since === 'string' &&
      (entry.previous === null || typeof entry.previous === 'string'),
  ) as unknown as CanaryRecord[];
}

/** The previews an edge record names: anything unreadable is skipped. */
export function previewRecordsOf(value: unknown): PreviewRecord[] {
  return recordsOf(value, 'previews').filter(
    (entry) => typeof entry.app === 'string' && typeof entry.buildId === 'string' && typeof entry.expiresAt === 'string' && typeof entry.by === 'string',
  ) as unknown as PreviewRecord[];
}

function recordsOf(value: unknown, field: 'canaries' | 'previews'): Record<string, unknown>[] {
  const entries = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[field] : undefined;
  return Array.isArray(entries) ? entries.filter((entry): entry is Record<string, unknown> => typeof entry === 'object' && entry !== null) : [];
}

/**
 * The canaries and previews running at the edge, as both engines keep them: the state the
 * transitions below move from one to the next (both keep it in edge/state.json of the site's store).
 */
export interface EdgeRecords<Canary extends CanaryRecord = CanaryRecord, Preview extends PreviewRecord = PreviewRecord> {
  readonly canaries: readonly Canary[];
  readonly previews: readonly Preview[];
}

/** A transition of the edge: the next records and the history entry that says what happened, or why it was refused (nothing changed). */
export type EdgeStep<Canary extends CanaryRecord, Preview extends PreviewRecord> =
  { readonly refused: null; readonly records: EdgeRecords<Canary, Preview>; readonly entry: HistoryEntry } | { readonly refused: string };

/**
 * Why a canary of this build may not start now (another of its app runs, or it is the live build), or
 * null; without a build, whether another of its app runs.
 */
export function canaryRefusal(records: EdgeRecords, app: string, buildId?: string, liveBuild: string | null = null): string | null {
  const running = records.canaries.find((canary) => canary.app === app);
  if (running) {
    return `A canary of ${app} is already running (build ${running.buildId} for ${running.percent} % of visitors): one at a time; promote or abort it first`;
  }
  if (buildId !== undefined && liveBuild === buildId) return `Build ${buildId} of ${app} is the live build already: nothing to try on a share of visitors`;
  return null;
}

/** A canary starts: one per app, never of the live build (its `previous`). */
export function startCanary<Canary extends CanaryRecord, Preview extends PreviewRecord>(records: EdgeRecords<Canary, Preview>, canary: Canary): EdgeStep<Canary, Preview> {
  const refused = canaryRefusal(records, canary.app, canary.buildId, canary.previous);
  if (refused) return { refused };
  const { app, buildId, previous, by, since: at, percent, why, release } = canary;
  return {
    refused: null,
    records: { ...records, canaries: [...records.canaries, canary] },
    entry: { action: 'canary', app, buildId, previous, by, at, percent, ...(why ? { why } : {}), ...(release ? { release } : {}) },
  };
}

/**
 * The running canary of an app ends: promoted (its build goes live, which the engine's live publish
 * does) or aborted (every visitor back on the live build); by "auto" with the figures as `why` when
 * the scheduled check condemned it.
 */
export function endCanary<Canary extends CanaryRecord, Preview extends PreviewRecord>(
  records: EdgeRecords<Canary, Preview>,
  app: string,
  { action, by, at, why }: { readonly action: 'promote' | 'abort'; readonly by: string; readonly at: string; readonly why?: string },
): { readonly refused: string } | { readonly refused: null; readonly records: EdgeRecords<Canary, Preview>; readonly entry: HistoryEntry; readonly ended: Canary } {
  const running = records.canaries.find((canary) => canary.app === app);
  if (!running) return { refused: `No canary of ${app} is running` };
  return {
    refused: null,
    records: { ...records, canaries: records.canaries.filter((canary) => canary !== running) },
    entry: { action, app, buildId: running.buildId, previous: running.previous, by, at, ...(why ? { why } : {}), ...(running.release ? { release: running.release } : {}) },
    ended: running,
  };
}

/**
 * A preview is staged (expired ones dropped at `now`): one per build of an app; staging it again
 * keeps the later expiry, so a link handed out earlier stays valid until its time.
 */
export function stagePreview<Canary extends CanaryRecord, Preview extends PreviewRecord>(
  records: EdgeRecords<Canary, Preview>,
  preview: Preview,
  { at, now, liveBuild }: { readonly at: string; readonly now: Date; readonly liveBuild: string | null },
): EdgeStep<Canary, Preview> {
  const previews = unexpiredPreviews(records.previews, now);
  const earlier = previews.find((entry) => entry.app === preview.app && entry.buildId === preview.buildId);
  const staged = earlier && earlier.expiresAt > preview.expiresAt ? { ...preview, expiresAt: earlier.expiresAt } : preview;
  const { app, buildId, by, expiresAt, release } = staged;
  return {
    refused: null,
    records: { ...records, previews: [...previews.filter((entry) => entry !== earlier), staged] },
    entry: { action: 'preview', app, buildId, previous: liveBuild, by, at, expiresAt, ...(release ? { release } : {}) },
  };
}

/**
 * The record of the edge, one shape in both engines (edge/state.json of the site's store, which adds the
 * ended canary releases and the history): the running canaries, the staged
 * previews, and the edge state naming their folders (what the servers and the CloudFront functions read).
 */
export interface EdgeRecord<Canary extends CanaryRecord = CanaryRecord, Preview extends PreviewRecord = PreviewRecord> extends EdgeRecords<Canary, Preview> {
  readonly edge: EdgeState;
}

/** Reads an edge record (an empty one before the first canary or preview); unreadable entries are skipped, an unreadable state is empty. */
export function edgeRecordOf(value: unknown): EdgeRecord {
  const edge = typeof value === 'object' && value !== null ? (value as { edge?: unknown }).edge : undefined;
  return { canaries: canaryRecordsOf(value), previews: previewRecordsOf(value), edge: edge === undefined ? EMPTY_EDGE_STATE : parseEdgeState(edge) };
}

/**
 * Hands the edge state and the preview links' HMAC key to the edge key-value state (the CloudFront
 * KeyValueStore; the local server's file), both engines' last step once their record is written:
 * a value the store holds already is not written again, so a pass that failed here is completed by
 * the next one. True when it wrote anything.
 */
export async function publishEdgeKeyValues(kvs: KeyValueStore, { edge, previewLinkSecret }: { readonly edge: EdgeState; readonly previewLinkSecret: string }): Promise<boolean> {
  let wrote = false;
  for (const [key, value] of [
    [EDGE_STATE_KEY, JSON.stringify(edge)],
    [PREVIEW_LINK_SECRET_KEY, previewLinkSecret],
  ] as const) {
    if ((await kvs.get(key)) === value) continue;
    await kvs.put(key, value);
    wrote = true;
  }
  return wrote;
}

/** The most a KeyValueStore value holds, the edge state's included: 1 KB. */
export const EDGE_STATE_LIMIT_BYTES = 1024;

/**
 * Why this edge state cannot be handed to the edge (over the KeyValueStore's value limit), or null:
 * both engines refuse it before anything visitors get changes, so a state that works locally works in AWS.
 */
export function edgeStateSizeProblem(edge: EdgeState): string | null {
  const bytes = new TextEncoder().encode(JSON.stringify(edge)).length;
  return bytes > EDGE_STATE_LIMIT_BYTES ? `The edge state would be ${bytes} bytes, over the KeyValueStore's ${EDGE_STATE_LIMIT_BYTES}: end a canary or let previews expire first` : null;
}
