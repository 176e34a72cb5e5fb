/**
 * What the release command keeps about a build beyond the history of releases:
 *   - a build that failed (webpack's errors, or a build refused before it was stored, such as a
 *     module graph that reaches another team's workspace) is recorded in `dist/build-failures.json`
 *     (when, who, the commit and whether the tree was clean, the error's first lines), newest last,
 *     the last FAILURES_KEPT of them; `list` shows them;
 *   - a build made from a work tree with uncommitted changes keeps those changes beside its record
 *     (`ssr/<app>/<buildId>/changes.diff`, `git diff HEAD` of tracked files), so two builds of one
 *     commit are told apart and the code that went live can be read back.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { exists, readJson, writeJson } from '../compile.mjs';
import { distDir, ssrDir } from '../paths.mjs';
import { repoRoot } from '../repo-root.mjs';
import { releasedBy, sourceRevision } from './history.mjs';

export const buildFailuresFile = path.join(distDir, 'build-failures.json');
export const FAILURES_KEPT = 50;

/** @typedef {{ app: string, at: string, by: string, error: string, source: string, commit?: string, clean?: boolean }} BuildFailure */

/** @returns {Promise<BuildFailure[]>} the recorded failed builds, oldest first. */
export async function readBuildFailures() {
  const file = await readJson(buildFailuresFile, {});
  return Array.isArray(file.failures) ? file.failures : [];
}

/** @param {string} app @param {unknown} error */
export async function recordBuildFailure(app, error) {
  const message = error instanceof Error ? error.message : String(error);
  const failure = { app, at: new Date().toISOString(), by: releasedBy(), error: message.split('\n').slice(0, 8).join('\n'), ...sourceRevision() };
  const failures = [...(await readBuildFailures()), failure].slice(-FAILURES_KEPT);
  await writeJson(buildFailuresFile, { failures });
}

/** Where a build's uncommitted changes are kept, beside its record. */
export const changesFile = (app, buildId) => path.join(ssrDir, app, buildId, 'changes.diff');

/** The tracked files' changes against HEAD (package-lock.json aside, as `sourceRevision` ignores it). */
function uncommittedDiff() {
  return execFileSync('git', ['diff', 'HEAD', '--', '.', ':(exclude)package-lock.json'], { cwd: repoRoot, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
}

/**
 * The release command's build, recorded: a failure is written to the failures' file (and thrown
 * again, unchanged); a build from a tree with uncommitted changes keeps its diff.
 * @template {{ buildId?: string, pointer?: { buildId: string } }} T
 * `revision` and `diff` are the checkout's (tests pass their own).
 * @param {string} app @param {() => Promise<T>} build
 * @param {{ revision?: () => import('./history.mjs').Revision, diff?: () => string }} [checkout]
 * @returns {Promise<T>}
 */
export async function recordedBuild(app, build, { revision = sourceRevision, diff = uncommittedDiff } = {}) {
  let result;
  try {
    result = await build();
  } catch (error) {
    await recordBuildFailure(app, error);
    throw error;
  }
  const buildId = result.pointer?.buildId ?? result.buildId;
  const tree = revision();
  if (buildId && tree.commit && !tree.clean) {
    const file = changesFile(app, buildId);
    if (!(await exists(file))) {
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, diff());
    }
  }
  return result;
}
