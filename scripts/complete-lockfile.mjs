/**
 * `npm run lock:platforms`: writes into package-lock.json the team platforms' native packages it
 * lacks (lib/lockfile.mjs finds them), from the registry's metadata (`npm view`), flagged as their
 * installed sibling for this machine is (dev, peer), then runs `npm install` so npm writes the lock
 * its own way. npm never adds such an entry back itself once a lock lacks it.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { missingPlatformPackages, platformOf } from './lib/lockfile.mjs';
import { repoRoot } from './lib/repo-root.mjs';

const lockPath = path.join(repoRoot, 'package-lock.json');
const lock = JSON.parse(fs.readFileSync(lockPath, 'utf8'));
const missing = missingPlatformPackages(lock);
if (missing.length === 0) {
  console.log('package-lock.json already holds every team platform native package.');
  process.exit(0);
}

for (const { name, wanted, dependent } of missing) {
  const meta = JSON.parse(execFileSync('npm', ['view', `${name}@${wanted}`, 'version', 'dist.integrity', 'os', 'cpu', 'libc', 'license', 'engines', '--json'], { encoding: 'utf8' }));
  // The platform package installed here, of the same native package: same parent, same kind of dependency.
  const stem = name.slice(0, name.length - (platformOf(name)?.length ?? 0));
  const sibling = Object.entries(lock.packages).find(([location]) => location.includes(`node_modules/${stem}`) && location !== `node_modules/${name}`)?.[1] ?? {};
  const entry = { version: meta.version, integrity: meta['dist.integrity'], cpu: meta.cpu };
  for (const flag of ['dev', 'peer', 'devOptional']) if (sibling[flag]) entry[flag] = sibling[flag];
  if (meta.libc) entry.libc = meta.libc;
  Object.assign(entry, { license: meta.license, optional: true, os: meta.os }, meta.engines ? { engines: meta.engines } : {});
  lock.packages[`node_modules/${name}`] = entry;
  console.log(`added ${name}@${meta.version} (for ${dependent})`);
}
lock.packages = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => a.localeCompare(b)));
fs.writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
execFileSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: repoRoot, stdio: 'inherit' });
