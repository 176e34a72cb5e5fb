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
  },
  transformIgnorePatterns: ['/node_modules/(?!(lucide-react)/)'],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'jsx', 'json', 'mjs', 'cjs'],
  testMatch: ['**/?(*.)test.ts?(x)'],
  setupFilesAfterEnv: [path.join(__dirname, 'jest.setup.cjs')],
};
