/**
 * Builds that were taken off visitors for cause, read from the release history: a canary that was
 * aborted (by a person, or by "auto" with the watch's figures) and a build an automatic rollback
 * replaced. Such a build is marked with its reason in `list`, and a rollback to it is refused unless
 * the person forces it with `--why` (recorded with the rollback). Putting it live again clears the mark.
 */

/**
 * @typedef {{ kind: 'aborted' | 'rolled back automatically', at: string, by: string, why?: string }} Mark
 * @param {{ releases: { app: string, buildId: string, previous: string | null, action: string, by: string, at: string, why?: string }[] }} history
 * @param {string} app @param {string} buildId
 * @returns {Mark | null}
 */
export function markOf(history, app, buildId) {
  /** @type {Mark | null} */
  let mark = null;
  for (const entry of history.releases) {
    if (entry.app !== app) continue;
    const reason = entry.why ? { why: entry.why } : {};
    if (entry.action === 'abort' && entry.buildId === buildId) mark = { kind: 'aborted', at: entry.at, by: entry.by, ...reason };
    else if (entry.action === 'rollback' && entry.by === 'auto' && entry.previous === buildId) mark = { kind: 'rolled back automatically', at: entry.at, by: entry.by, ...reason };
    else if (['publish', 'rollback', 'promote', 'build'].includes(entry.action) && entry.buildId === buildId) mark = null;
  }
  return mark;
}

/** How `list` and a refused rollback name a mark. @param {Mark} mark */
export function describeMark(mark) {
  return `${mark.kind.toUpperCase()} on ${mark.at} by ${mark.by}${mark.why ? ` (why: ${mark.why})` : ''}`;
}
