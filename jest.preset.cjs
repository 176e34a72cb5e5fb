/**
 * One jest setup for every package: TypeScript and JSX through SWC, the DOM through jsdom for the
 * front ends. A package's jest.config.cjs spreads this and sets its own testEnvironment.
 */
const path = require('node:path');

module.exports = {
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
    // Font files: their path, as esbuild's file loader gives it to the bundles.
    '^.+\\.(?:ttf|woff)$': path.join(__dirname, 'jest.file-path-transform.cjs'),
  },
  // ES-module-only packages the tests load (content-type, cookie) are compiled to CommonJS like the sources.
  transformIgnorePatterns: ['/node_modules/(?!(lucide-react|dejavu-fonts-ttf|@fontsource|content-type|cookie)/)'],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'jsx', 'json', 'mjs', 'cjs'],
  testMatch: ['**/?(*.)test.ts?(x)'],
  setupFilesAfterEnv: [path.join(__dirname, 'jest.setup.cjs')],
};
