/**
 * Is package-lock.json what installs, on every platform the teams use? npm records a native
 * package's prebuilt binaries as optional dependencies, one package per platform, and installs only
 * the one for the machine; a lock missing another platform's entry installs differently there (or
 * not at all with `npm ci`), and npm does not add such an entry back once it is missing.
 */

/** The platforms the teams develop and run CI on: Linux x64/arm64, macOS x64/arm64, Windows x64. */
export const TEAM_PLATFORMS = ['linux-x64', 'linux-arm64', 'darwin-x64', 'darwin-arm64', 'win32-x64'];

/** The optional dependency's platform, read from its name (@esbuild/darwin-arm64, @swc/core-win32-x64-msvc, @nx/nx-linux-x64-gnu…). */
export function platformOf(packageName) {
  return /(?:^|[/-])((?:linux|darwin|win32)-(?:x64|arm64))(?:-|$)/.exec(packageName)?.[1] ?? null;
}

/** Where npm would resolve `name` from the lock entry at `location` (its own node_modules, then each parent's). */
function resolveIn(packages, location, name) {
  let base = location;
  for (;;) {
    const candidate = `${base ? `${base}/` : ''}node_modules/${name}`;
    if (packages[candidate]) return packages[candidate];
    if (!base) return null;
    const cut = base.lastIndexOf('/node_modules/');
    base = cut === -1 ? '' : base.slice(0, cut);
  }
}

/**
 * @typedef {{ name?: string, version?: string, optional?: boolean, optionalDependencies?: Record<string, string> }} LockEntry
 */

/**
 * The team platforms' optional dependencies the lock does not hold at the version asked for.
 * @param {{ packages: Record<string, LockEntry> }} lock
 * @returns {{ dependent: string, name: string, wanted: string, platform: string }[]}
 */
export function missingPlatformPackages(lock) {
  const missing = [];
  for (const [location, entry] of Object.entries(lock.packages)) {
    for (const [name, wanted] of Object.entries(entry.optionalDependencies ?? {})) {
      const platform = platformOf(name);
      if (!platform || !TEAM_PLATFORMS.includes(platform)) continue;
      const found = resolveIn(lock.packages, location, name);
      // Native bindings pin their platform packages exactly; a range is accepted as written.
      if (!found || (/^\d+\.\d+\.\d+$/.test(wanted) && found.version !== wanted)) {
        missing.push({ dependent: location.replace(/^.*node_modules\//, '') || '(root)', name, wanted, platform });
      }
    }
  }
  return missing;
}
