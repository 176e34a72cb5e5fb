import { defineConfig, devices } from '@playwright/test';

/**
 * Browser tests of the production build, served by the real local server (started once by
 * global-setup on a free loopback port), in Debian's Chromium.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const chromiumFlags = ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

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
