/**
 * Version skew between the shell and the remotes, checked before a release goes live. The shell
 * provides one copy of each shared singleton (react, react-dom, react-router(-dom), styled-components,
 * @kesho/shell-kit: its build record says which versions); each remote's mf-manifest.json says which
 * range of each it was built for. Module Federation would load a remote whose range the shell misses
 * anyway (singletons, strictVersion off) and leave it to fail in visitors' browsers, so a release that
 * puts a remote and a shell together that way is refused instead, naming the package and both versions.
 */
import semver from 'semver';

/**
 * @typedef {{ name: string, buildId: string, requires: Record<string, string> }} RemoteRequirements
 * @typedef {{ buildId: string, shared?: Record<string, string> }} ShellProvides
 */

/** A remote's requirements as its manifest declares them (singletons only). */
export function requirementsOf(manifest) {
  /** @type {Record<string, string>} */
  const requires = {};
  for (const entry of manifest?.shared ?? []) {
    if (entry?.singleton && typeof entry.name === 'string' && typeof entry.requiredVersion === 'string') requires[entry.name] = entry.requiredVersion;
  }
  return requires;
}

/**
 * What would break if `shell` and `remotes` went live together; empty when nothing would. A shell
 * build recorded before shells recorded their versions cannot be checked, and is let through.
 * `releasing` names what this release changes, so the message says whose build is at fault.
 * @param {{ shell: ShellProvides, remotes: RemoteRequirements[], releasing: 'shell' | string[] }} input
 * @returns {string[]}
 */
export function versionSkewProblems({ shell, remotes, releasing }) {
  if (!shell.shared) return [];
  const problems = [];
  for (const remote of remotes) {
    for (const [name, range] of Object.entries(remote.requires)) {
      const provided = shell.shared[name];
      if (provided === undefined || semver.satisfies(provided, range)) continue;
      problems.push(
        releasing === 'shell'
          ? `The shell build ${shell.buildId} provides ${name} ${provided}, but the live ${remote.name} build ${remote.buildId} requires ${name} ${range}.`
          : `The ${remote.name} build ${remote.buildId} requires ${name} ${range}, but the live shell ${shell.buildId} provides ${name} ${provided}.`,
      );
    }
  }
  return problems;
}
