/**
 * The one reader of CHROMIUM_PATH: the Chromium the browser tests (e2e/playwright.config.ts), the
 * benchmark (bench.mjs) and ensure-chromium.mjs use. The variable as set in the shell, else as the
 * repository's .env sets it, else Debian's /usr/bin/chromium; an empty value means the default, as
 * .env.example writes it, and a relative path is taken from the repository's root. Synchronous and
 * free of `import.meta`, so the Playwright configuration (which Playwright compiles to CommonJS,
 * with what it imports) can read it: the caller names the repository's root.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';

export const DEFAULT_CHROMIUM_PATH = '/usr/bin/chromium';

/** @param {string} repoRoot @param {Record<string, string | undefined>} env */
export function chromiumPath(repoRoot, env = process.env) {
  const envFile = path.join(repoRoot, '.env');
  const fromFile = () => (fs.existsSync(envFile) ? parseEnv(fs.readFileSync(envFile, 'utf8')).CHROMIUM_PATH : undefined);
  const value = (env.CHROMIUM_PATH ?? fromFile())?.trim();
  return value ? path.resolve(repoRoot, value) : DEFAULT_CHROMIUM_PATH;
}
