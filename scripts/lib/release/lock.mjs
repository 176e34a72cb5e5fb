import fs from 'node:fs/promises';
import path from 'node:path';
import { distDir } from '../paths.mjs';
import { ReleaseError } from './errors.mjs';

/** How long a release waits for another one to finish before giving up (a release takes seconds to a minute or two). */
export const LOCK_WAIT_MS = 10 * 60_000;

/**
 * One release at a time per dist/: two at once would each compute the next pointer document from
 * the same live one, and the second write would silently undo the first team's release. A release
 * that finds another running waits for it (saying so once, naming its process) for up to `waitMs`,
 * then gives up leaving the site unchanged. A lock left by a process that no longer runs is taken over,
 * and so is a lock copied with its dist/ into another folder (the lock names the file it was taken as):
 * the local server's watch takes the lock for a moment every few seconds, and a copy of dist/ made in
 * that moment (a test's scratch site, the bench's) would otherwise wait on that server forever.
 * @param {{ waitMs?: number, log?: (line: string) => void }} [options]
 * @returns {Promise<() => Promise<void>>} the unlock
 */
export async function lock({ waitMs = LOCK_WAIT_MS, log = (line) => console.log(line) } = {}) {
  const lockFile = path.join(distDir, '.release.lock');
  await fs.mkdir(distDir, { recursive: true });
  const giveUpAt = Date.now() + waitMs;
  let told = false;
  let emptyReads = 0;
  for (;;) {
    try {
      await fs.writeFile(lockFile, `${process.pid}\n${lockFile}\n`, { flag: 'wx' });
      return () => fs.rm(lockFile, { force: true });
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EEXIST') throw error;
      const [pidLine = '', takenAs] = (await fs.readFile(lockFile, 'utf8').catch(() => '')).split('\n');
      const holder = Number(pidLine);
      let running;
      try {
        // A lock naming another file was copied here with its dist/: whoever holds it, it is not this folder's.
        running = (!takenAs || takenAs === lockFile) && Number.isInteger(holder) && holder > 0 && process.kill(holder, 0);
      } catch (probe) {
        running = /** @type {NodeJS.ErrnoException} */ (probe).code === 'EPERM';
      }
      if (!running) {
        // Left by a process that is gone (or being written this instant: then the next try sees it).
        emptyReads = holder > 0 ? 0 : emptyReads + 1;
        if (holder > 0 || emptyReads > 40) await fs.rm(lockFile, { force: true });
        else await new Promise((resolve) => setTimeout(resolve, 50));
        continue;
      }
      if (Date.now() >= giveUpAt) {
        throw new ReleaseError(`Another release is running (process ${holder}); waited ${Math.round(waitMs / 1000)} s for it. The live site is unchanged. Try again when it has finished.`);
      }
      if (!told) {
        told = true;
        log(`Another release is running (process ${holder}): waiting for it to finish (up to ${Math.round(waitMs / 1000)} s)…`);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}
