import fs from 'node:fs/promises';
import path from 'node:path';
import { distDir } from '../paths.mjs';
import { ReleaseError } from './errors.mjs';

/**
 * One release at a time per dist/: two at once would each compute the next pointer document from
 * the same live one, and the second write would silently undo the first team's release. A lock left
 * by a process that no longer runs is taken over.
 * @returns {Promise<() => Promise<void>>} the unlock
 */
export async function lock() {
  const lockFile = path.join(distDir, '.release.lock');
  await fs.mkdir(distDir, { recursive: true });
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      await fs.writeFile(lockFile, String(process.pid), { flag: 'wx' });
      return () => fs.rm(lockFile, { force: true });
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EEXIST') throw error;
      const holder = Number(await fs.readFile(lockFile, 'utf8').catch(() => ''));
      let running;
      try {
        running = Number.isInteger(holder) && holder > 0 && process.kill(holder, 0);
      } catch (probe) {
        running = /** @type {NodeJS.ErrnoException} */ (probe).code === 'EPERM';
      }
      if (running) throw new ReleaseError(`Another release is running (process ${holder}); the live site is unchanged. Try again when it has finished.`);
      await fs.rm(lockFile, { force: true });
    }
  }
  throw new ReleaseError('Could not take the release lock; the live site is unchanged.');
}
