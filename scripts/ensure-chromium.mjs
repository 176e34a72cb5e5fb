/**
 * The browser tests use Debian's Chromium (Playwright's own browser download cannot work offline).
 * Installs it when missing; needs root, as on the CI machines.
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import { chromiumPath } from './lib/chromium.mjs';
import { repoRoot } from './lib/repo-root.mjs';

const chromium = chromiumPath(repoRoot);
if (fs.existsSync(chromium)) {
  process.exit(0);
}
console.log(`${chromium} is missing: installing Debian's chromium package`);
const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
execSync(`${sudo}apt-get update && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium`, { stdio: 'inherit' });
if (!fs.existsSync(chromium)) {
  console.error(`Chromium is still missing at ${chromium}`);
  process.exit(1);
}
