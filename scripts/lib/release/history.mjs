import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { readJson, writeJson } from '../compile.mjs';
import { buildRecordFileOf, buildsMadeFile, EDGE_RECORD_KEY, edgeRecordFile, siteDir, legacyEdgeStateFile, legacyHistoryFile, REFUSAL_FILE, WITHDRAWN_FILE } from '../paths.mjs';
import { repoRoot } from '../repo-root.mjs';
import * as edgePlan from '@kesho/release-model/edge-plan';
import { edgeRecordFrom } from '@kesho/release-model/engine/edge-pass';
import { FolderStore } from '@kesho/release-model/folder-store';
import { revalidatedMetadata } from '@kesho/release-model/object-store';

/**
 * One entry of the history: @kesho/release-model/edge-plan's HistoryEntry (the AWS publisher records the
 * same shape in the same record, recorded by the engine's edge pass), with the live changes (publish, rollback, build)
 * and the source the build came from when its writer named it (the local release always does).
 * @typedef {import('../../../packages/release-model/src/edge-plan').HistoryEntry<'publish' | 'rollback' | 'build' | 'canary' | 'promote' | 'abort' | 'preview'>} ReleaseEntry
 * @typedef {{ buildId: string, builtAt: string, source: string, commit?: string, clean?: boolean }} BuildEntry
 * @typedef {{ releases: ReleaseEntry[], builds: Record<string, BuildEntry[]> }} History
 * @typedef {{ source: string, commit?: string, clean?: boolean }} Revision
 * @typedef {{ at: string, by: string, reason: string } & Revision} Refusal
 * @typedef {{ at: string, by: string, rolledBackTo: string, why?: string }} Withdrawal
 * @typedef {import('../../../packages/release-model/src/engine/edge-pass').EdgeRecord} EdgeRecord
 */

/**
 * The edge record, the one the AWS publisher keeps: edge/state.json of the site's store
 * (dist/site/edge/state.json), read by the engine's reader (@kesho/release-model/engine/edge-pass); a
 * dist/ released before it lived there is read from dist/edge-state.json until it is moved
 * (moveLegacyEdgeState). Empty before the first release.
 * @returns {Promise<EdgeRecord>}
 */
export async function readEdgeRecordOfSite() {
  return edgeRecordFrom((await readJson(edgeRecordFile, null)) ?? (await readJson(legacyEdgeStateFile, {})));
}

/**
 * @returns {Promise<History>} the release history (the edge record's `history`, as the AWS publisher
 * reads it) and the builds this dist/ made (dist/builds-made.json); empty before the first build. A
 * dist/ released before is read from dist/edge-state.json (record and builds made), or before that from
 * dist/releases.json, until its next release.
 */
export async function readHistory() {
  const record = (await readJson(edgeRecordFile, null)) ?? (await readJson(legacyEdgeStateFile, {}));
  const legacy = 'history' in record ? null : await readJson(legacyHistoryFile, {});
  const made = await readJson(buildsMadeFile, null);
  return {
    releases: edgePlan.historyOf(legacy ? { history: legacy.releases } : record),
    builds: made?.built ?? (legacy ? legacy.builds : record.built) ?? {},
  };
}

/**
 * Moves what a dist/ released before kept in dist/edge-state.json to where it lives now: the edge record
 * into dist/site/edge/state.json (the engine's, unless one is there already) and the builds made into
 * dist/builds-made.json; then the old file goes. A history older still, in dist/releases.json, goes into
 * the record (only while the record has none) and its builds made into dist/builds-made.json. Run under
 * the release lock (each release, the local server's start), before the engine's pass, which then adds to
 * that history. Each target is written whole before the old file is removed, so a crash leaves it to be
 * moved again.
 */
export async function moveLegacyEdgeState() {
  const store = new FolderStore(siteDir);
  const legacy = await readJson(legacyEdgeStateFile, null);
  if (legacy) {
    const { built, ...record } = legacy;
    // Through the store (a whole write, only if none is there yet): the key the engine reads.
    await store.put(EDGE_RECORD_KEY, JSON.stringify(record), revalidatedMetadata(EDGE_RECORD_KEY), { ifNoneMatch: '*' });
    if (built && !(await readJson(buildsMadeFile, null))) await writeJson(buildsMadeFile, { built });
    await fs.rm(legacyEdgeStateFile, { force: true });
  }
  const releases = await readJson(legacyHistoryFile, null);
  if (!releases) return;
  const current = await store.get(EDGE_RECORD_KEY);
  const record = current ? JSON.parse(current.body) : {};
  if (!('history' in record)) {
    // Conditional on the record read: the history goes in whole, or not at all.
    /** @type {import('../../../packages/release-model/src/object-store').PutCondition} */
    const condition = current ? { ifMatch: current.etag } : { ifNoneMatch: '*' };
    if (
      (await store.put(EDGE_RECORD_KEY, JSON.stringify({ ...record, history: edgePlan.historyOf({ history: releases.releases }) }), revalidatedMetadata(EDGE_RECORD_KEY), condition)) ===
      'precondition-failed'
    )
      return;
  }
  if (releases.builds && !(await readJson(buildsMadeFile, null))) await writeJson(buildsMadeFile, { built: releases.builds });
  await fs.rm(legacyHistoryFile, { force: true });
}

/** Who releases: RELEASED_BY, else the OS user. */
export function releasedBy() {
  if (process.env.RELEASED_BY?.trim()) return process.env.RELEASED_BY.trim();
  try {
    return os.userInfo().username;
  } catch {
    return 'unknown';
  }
}

/**
 * Files a fresh `npm install` rewrites on some machines (the lockfile gains other platforms' optional
 * packages): a tree that differs only there was built from the commit as committed.
 */
const REWRITTEN_BY_INSTALL = ['package-lock.json'];

/** @returns {Revision} the commit the sources came from, and whether the work tree matched it ("+changes" when not). */
export function sourceRevision() {
  const git = (...args) => execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  try {
    const commit = git('rev-parse', '--short=12', 'HEAD');
    const clean = git('status', '--porcelain', '--untracked-files=no', '--', '.', ...REWRITTEN_BY_INSTALL.map((file) => `:(exclude)${file}`)) === '';
    return { source: clean ? commit : `${commit}+changes`, commit, clean };
  } catch {
    return { source: 'unknown' };
  }
}

/** The folder of a build's record (publish.json): what is known about the build is kept there, never on the site. */
const buildRecordDir = (app, buildId) => path.dirname(buildRecordFileOf(app, buildId));
const refusalFile = (app, buildId) => path.join(buildRecordDir(app, buildId), REFUSAL_FILE);

/** @returns {Promise<Refusal | null>} why a build was refused, if it was. */
export async function refusalOf(app, buildId) {
  return readJson(refusalFile(app, buildId), null);
}

/** Remembers why a build was refused: it is then listed as refused, with the reason, and is no rollback target. */
export async function recordRefusal(app, buildId, reason) {
  await writeJson(refusalFile(app, buildId), { at: new Date().toISOString(), by: releasedBy(), reason, ...sourceRevision() });
}

/** Where the mark of a build withdrawn by a rollback is kept, beside its record. */
export const withdrawalFile = (app, buildId) => path.join(buildRecordDir(app, buildId), WITHDRAWN_FILE);

/** @returns {Promise<Withdrawal | null>} the rollback that withdrew a build, if one did (and none has chosen it since). */
export async function withdrawalOf(app, buildId) {
  return readJson(withdrawalFile(app, buildId), null);
}

/** A later release of a refused build passed (the live shell it renders with may have changed). */
export async function clearRefusal(app, buildId) {
  await fs.rm(refusalFile(app, buildId), { force: true });
}
