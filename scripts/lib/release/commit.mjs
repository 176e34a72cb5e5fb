import fs from 'node:fs/promises';
import path from 'node:path';
import { exists, writeJson } from '../compile.mjs';

/**
 * One file a release changes: moved from staging (`from`, a file or a new folder), written (`json`),
 * or removed (neither).
 * @typedef {{ target: string, from?: string, json?: unknown }} Write
 * @typedef {(target: string) => unknown} BeforeWrite
 */

/**
 * Moves staged files into place in the order given (the pointer document last). Every file replaced
 * or removed is kept aside first; if any step fails, all of them are put back before the error is
 * passed on. `beforeWrite(target)` runs before each write (tests inject failures through it).
 * @param {{ stageDir: string, writes: Write[], beforeWrite?: BeforeWrite }} commit
 */
export async function commitFiles({ stageDir, writes, beforeWrite }) {
  const backupDir = path.join(stageDir, '.backup');
  await fs.mkdir(backupDir, { recursive: true });
  /** @type {{ target: string, backup: string | null }[]} */
  const done = [];
  try {
    for (const [index, write] of writes.entries()) {
      await beforeWrite?.(write.target);
      const backup = (await exists(write.target)) ? path.join(backupDir, String(index)) : null;
      if (backup) await fs.copyFile(write.target, backup);
      done.push({ target: write.target, backup });
      await fs.mkdir(path.dirname(write.target), { recursive: true });
      if (write.from) await fs.rename(write.from, write.target);
      else if (write.json !== undefined) await writeJson(write.target, write.json);
      else await fs.rm(write.target, { force: true });
    }
  } catch (error) {
    await restore(done.reverse());
    throw error;
  }
}

/**
 * Puts back what a failed commit changed, newest first: a replaced file from its copy (through a
 * temporary file, so the target is never half-written), a file that did not exist removed.
 * @param {{ target: string, backup: string | null }[]} changed
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
