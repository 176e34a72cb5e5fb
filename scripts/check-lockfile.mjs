/**
 * `npm run check:lock`, the first step of `npm test`: the committed package-lock.json is what
 * `npm install` installs. Fails when the install just done changed it (a dependency added without
 * its lock, or a lock written by another npm), and when it lacks a team platform's native package.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { missingPlatformPackages, TEAM_PLATFORMS } from './lib/lockfile.mjs';
import { repoRoot } from './lib/repo-root.mjs';

let failed = false;

const insideGit = (() => {
  try {
    return execFileSync('git', ['rev-parse', '--is-inside-work-tree'], { cwd: repoRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() === 'true';
  } catch {
    return false;
  }
})();
if (insideGit) {
  const changed = execFileSync('git', ['diff', '--stat', '--', 'package-lock.json'], { cwd: repoRoot, encoding: 'utf8' }).trim();
  if (changed) {
    failed = true;
    console.error(`package-lock.json differs from the committed one (${changed.split('\n').pop()?.trim()}): the committed lock is not what npm install installs.
- Added or updated a dependency? Commit the package-lock.json that npm install wrote with it (README: "Adding a dependency").
- Did not? Then npm install rewrote it (another npm major, or a hand-edited lock): run "git checkout package-lock.json" and install with npm 11.`);
  }
} else {
  console.log('check:lock: not a git work tree, so no committed lock to compare with; checking the platforms only.');
}

const lock = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package-lock.json'), 'utf8'));
const missing = missingPlatformPackages(lock);
if (missing.length > 0) {
  failed = true;
  console.error(`package-lock.json lacks native packages of the team platforms (${TEAM_PLATFORMS.join(', ')}):
${missing.map(({ dependent, name, wanted }) => `  ${name}@${wanted} (optional dependency of ${dependent})`).join('\n')}
npm does not add them back to an existing lock: README "Adding a dependency" says how to write them.`);
}

if (failed) process.exit(1);
console.log(`check:lock: package-lock.json is unchanged by the install and holds every native package of ${TEAM_PLATFORMS.join(', ')}.`);
