import fs from 'node:fs/promises';
import path from 'node:path';
import { exists, writeJson } from '../compile.mjs';
import { distDir } from '../paths.mjs';

/**
 * One file a release changes: moved from staging (`from`, a file or a new folder), written (`json`),
 * or removed (neither).
 * @typedef {{ target: string, from?: string, json?: unknown }} Write
 * @typedef {(target: string) => unknown} BeforeWrite
 * @typedef {{ target: string, backup: string | null }} Change what a write replaces: the copy of the file it overwrites, or null when there was none
 * @typedef {{ stageDir: string, changes: Change[] }} Journal
 */

/**
 * The journal of a commit under way, in dist/: every file the commit replaces and where its copy is.
 * It is on disk before the first file moves and removed after the last, so a release killed half-way
 * (a crash, a power cut, Ctrl-C twice) leaves what the next release needs to put the site back.
 */
export const journalFile = path.join(distDir, '.release-journal.json');

/**
 * Moves staged files into place in the order given (the pointer document last). Every file replaced
 * or removed is copied aside and named in the journal first; if any step fails, all of them are put
 * back before the error is passed on, and if the process dies instead, recoverInterruptedCommit does
 * it at the next release. `beforeWrite(target)` runs before each write (tests inject failures through it).
 * @param {{ stageDir: string, writes: Write[], beforeWrite?: BeforeWrite }} commit
 */
export async function commitFiles({ stageDir, writes, beforeWrite }) {
  const backupDir = path.join(stageDir, '.backup');
  await fs.mkdir(backupDir, { recursive: true });
  /** @type {Change[]} */
  const changes = [];
  for (const [index, write] of writes.entries()) {
    const backup = (await exists(write.target)) ? path.join(backupDir, String(index)) : null;
    if (backup) await fs.copyFile(write.target, backup);
    changes.push({ target: write.target, backup });
  }
  await writeJournal({ stageDir, changes });
  let done = 0;
  try {
    for (const write of writes) {
      await beforeWrite?.(write.target);
      done += 1;
      await fs.mkdir(path.dirname(write.target), { recursive: true });
      if (write.from) await fs.rename(write.from, write.target);
      else if (write.json !== undefined) await writeJson(write.target, write.json);
      else await fs.rm(write.target, { force: true });
    }
  } catch (error) {
    await restore(changes.slice(0, done).reverse());
    await fs.rm(journalFile, { force: true });
    throw error;
  }
  await fs.rm(journalFile, { force: true });
}

/**
 * Puts the site back as it was before a commit that a dead process left half done, if the journal
 * says there was one: every change undone (those never made are undone harmlessly: their file is
 * still the copy's), its staging folder and the journal removed. Safe to run again if it is itself
 * interrupted. Run under the release lock, before anything else reads the live site.
 * @returns {Promise<string[]>} the files put back
 */
export async function recoverInterruptedCommit() {
  /** @type {Journal | null} */
  let journal;
  try {
    journal = JSON.parse(await fs.readFile(journalFile, 'utf8'));
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code === 'ENOENT') return [];
    throw error;
  }
  if (!journal) return [];
  await restore([...journal.changes].reverse());
  // Only a staging folder of this dist/ is ever named there; anything else is left alone.
  if (path.dirname(path.resolve(journal.stageDir)) === path.resolve(distDir)) await fs.rm(journal.stageDir, { recursive: true, force: true });
  await fs.rm(journalFile, { force: true });
  return journal.changes.map((change) => change.target);
}

/** Written whole or not at all: a temporary file, flushed to disk, renamed over the journal. */
async function writeJournal(/** @type {Journal} */ journal) {
  const temporary = `${journalFile}.${process.pid}.tmp`;
  const handle = await fs.open(temporary, 'w');
  try {
    await handle.writeFile(JSON.stringify(journal));
    await handle.sync();
  } finally {
    await handle.close();
  }
  await fs.rename(temporary, journalFile);
}

/**
 * Puts back what a commit changed, newest first: a replaced file from its copy (through a temporary
 * file, so the target is never half-written), a file that did not exist removed.
 * @param {Change[]} changed
 */
async function restore(changed) {
  for (const { target, backup } of changed) {
    if (backup) {
      const temporary = `${target}.${process.pid}.restore`;
      await fs.copyFile(backup, temporary);
      await fs.rename(temporary, target);
    } else {
      await fs.rm(target, { recursive: true, force: true });
    }
  }
}
