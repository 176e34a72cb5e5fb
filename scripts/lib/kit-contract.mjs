/**
 * The shell-kit contract, checked by name. The shell provides one @kesho/shell-kit to every remote (a
 * shared singleton); a remote built against a newer kit can import a function the live shell's kit
 * does not have, and its version number (never bumped) says nothing. So each build records names:
 * a remote's mf-manifest.json lists every export of @kesho/shell-kit its code imports
 * (`shellKitImports`, collected by `collectKitImports` from webpack's module graph, whatever code
 * path uses it: JSX, an effect, an event handler), a shell's record every export its kit provides
 * (`kitExports`), and a release refuses a combination where a remote imports a name the shell lacks.
 */

export const SHELL_KIT = '@kesho/shell-kit';

/**
 * Every name a compilation's modules import from `@kesho/shell-kit` (its main entry; its own entries
 * such as `@kesho/shell-kit/fields` are bundled with the remote). Reads the harmony import and
 * re-export dependencies' ids, so `import { a }`, `import * as kit` then `kit.a`, and
 * `export { a } from` all count. Call once the modules are built (`finishModules`).
 * @param {Iterable<any>} modules @param {any} moduleGraph
 * @returns {string[]}
 */
export function collectKitImports(modules, moduleGraph) {
  /** @type {Set<string>} */
  const names = new Set();
  for (const module of modules) {
    for (const dependency of module.dependencies ?? []) {
      if (dependency.request !== SHELL_KIT) continue;
      const ids = typeof dependency.getIds === 'function' ? dependency.getIds(moduleGraph) : dependency.ids;
      const [name] = Array.isArray(ids) ? ids : [];
      if (typeof name === 'string') names.add(name);
    }
  }
  return [...names].sort();
}

/**
 * What would break if `shell` and `remotes` went live together: each import of a remote that the
 * shell's kit does not provide, named. A shell or a remote built before builds recorded names cannot
 * be checked, and is let through (as the version check does).
 * @param {{ shell: { buildId: string, kitExports?: string[] }, remotes: { name: string, buildId: string, kitImports?: string[] }[], releasing: 'shell' | string[] }} input
 * @returns {string[]}
 */
export function kitContractProblems({ shell, remotes, releasing }) {
  if (!shell.kitExports) return [];
  const provided = new Set(shell.kitExports);
  const problems = [];
  for (const remote of remotes) {
    const missing = (remote.kitImports ?? []).filter((name) => !provided.has(name));
    if (missing.length === 0) continue;
    const list = missing.map((name) => `"${name}"`).join(', ');
    problems.push(
      releasing === 'shell'
        ? `The shell build ${shell.buildId}'s ${SHELL_KIT} does not export ${list}, which the live ${remote.name} build ${remote.buildId} imports.`
        : `The ${remote.name} build ${remote.buildId} imports ${list} from ${SHELL_KIT}, which the live shell ${shell.buildId} does not export: release a shell whose kit has ${missing.length > 1 ? 'them' : 'it'} first.`,
    );
  }
  return problems;
}
