import { defineConfig, devices } from '@playwright/test';
import { chromiumPath } from '../scripts/lib/chromium.mjs';
import { repoRoot } from './support/site';

/** CHROMIUM_PATH, read by its one reader (scripts/lib/chromium.mjs), as ensure-chromium and the bench read it. */
export const CHROMIUM_PATH = chromiumPath(repoRoot);
const chromiumFlags = ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/**
 * Browser tests of the production build, served by the real local server (started once by
 * global-setup on a free loopback port), in Debian's Chromium (or CHROMIUM_PATH's).
 */
export default defineConfig({
  testDir: './tests',
  testMatch: '**/*.spec.ts',
  globalSetup: './support/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/results.json' }]],
  use: {
    baseURL: process.env.KESHO_BASE_URL,
    trace: 'off',
    screenshot: 'off',
    launchOptions: { executablePath: CHROMIUM_PATH, args: chromiumFlags },
  },
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'], launchOptions: { executablePath: CHROMIUM_PATH, args: chromiumFlags } } }],
});
