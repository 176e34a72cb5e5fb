/**
 * Which keys of the site bucket each team's deploy may write (its upload role, and the most its
 * permissions boundary allows: lib/team-deploy.ts). Each key carries the team's own name, so no team
 * can write another's files, the pointer document, the live pages or another team's commands.
 *
 * A remote may not take a name whose keys would be shared ones: `mfe/<name>/*` of a remote called
 * `pointers` or `canary` would cover every app's current-release record or canary command
 * (@kesho/release-model/pointer-document's RESERVED_REMOTE_NAMES, which the build refuses too).
 */
import { appBuildsPrefix } from '@kesho/release-model/build-pruning';
import { RESERVED_REMOTE_NAMES } from '@kesho/release-model/pointer-document';
import { canaryCommandKey } from '@kesho/release-model/engine/edge-pass';
import { pointerKey, RELEASES_PREFIX, SHELL_APP } from '@kesho/release-model/engine/release-record';

/** The keys a remote's deploy may write: its builds, its releases, its current-release record and its canary command. */
export function remoteWritableKeys(remoteName: string): string[] {
  if ((RESERVED_REMOTE_NAMES as readonly string[]).includes(remoteName)) {
    throw new Error(`A remote cannot be called "${remoteName}": its keys (mfe/${remoteName}/*) would be shared ones (reserved: ${RESERVED_REMOTE_NAMES.join(', ')})`);
  }
  return [`${appBuildsPrefix(remoteName)}*`, `${RELEASES_PREFIX}${remoteName}/*`, pointerKey(remoteName), canaryCommandKey(remoteName)];
}

/**
 * The keys the shell's deploy may write: its builds, its releases, its current-release record. Its
 * root files and not-found page travel in its release; the publisher alone puts them live.
 */
export function shellWritableKeys(): string[] {
  return [`${appBuildsPrefix(SHELL_APP)}*`, `${RELEASES_PREFIX}${SHELL_APP}/*`, pointerKey(SHELL_APP)];
}

export function teamWritableKeys(team: string): string[] {
  return team === SHELL_APP ? shellWritableKeys() : remoteWritableKeys(team);
}

/** Keys a team's roles may read in the site bucket: a remote's canary role reads its own command. */
export function teamReadableKeys(team: string): string[] {
  return team === SHELL_APP ? [] : [canaryCommandKey(team)];
}
