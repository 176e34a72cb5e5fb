import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { readJson, writeJson } from '../compile.mjs';
import { buildRecordFileOf, edgeStateFile, legacyHistoryFile, REFUSAL_FILE, WITHDRAWN_FILE } from '../paths.mjs';
import { repoRoot } from '../repo-root.mjs';
import * as edgePlan from '@kesho/release-model/edge-plan';

/**
 * One entry of the history: @kesho/release-model/edge-plan's HistoryEntry (the AWS publisher records the
 * same shape), with the local actions (publish, rollback, build) and the source it was built from.
 * @typedef {import('../../../packages/release-model/src/edge-plan').HistoryEntry<'publish' | 'rollback' | 'build' | 'canary' | 'promote' | 'abort' | 'preview'>
 *   & { source: string, commit?: string, clean?: boolean, browserCheck?: string }} ReleaseEntry
 * `browserCheck`: what the browser check of a publish or canary saw ("38 page views in 17.0 s, no errors"), or "off".
 * @typedef {{ buildId: string, builtAt: string, source: string, commit?: string, clean?: boolean }} BuildEntry
 * @typedef {{ releases: ReleaseEntry[], builds: Record<string, BuildEntry[]> }} History
 * @typedef {{ source: string, commit?: string, clean?: boolean }} Revision
 * @typedef {{ at: string, by: string, reason: string } & Revision} Refusal
 * @typedef {{ at: string, by: string, rolledBackTo: string, why?: string }} Withdrawal
 */

/** @type {() => Promise<typeof import('../../../packages/release-model/src/edge-plan')>} */

/**
 * @returns {Promise<History>} the release history and the builds made, from the release record
 * dist/edge-state.json (its `history`, read as the AWS publisher reads edge/state.json's, and `built`);
 * empty before the first build. A dist/ released before the history moved there is read from
 * dist/releases.json until its next release.
 */
export async function readHistory() {
  const record = await readJson(edgeStateFile, {});
  if (!('history' in record)) {
    const legacy = await readJson(legacyHistoryFile, {});
    return { releases: edgePlan.historyOf({ history: legacy.releases }), builds: legacy.builds ?? {} };
  }
  return { releases: edgePlan.historyOf(record), builds: record.built ?? {} };
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
