// Flows that pay an order draw an invoice with embedded fonts (the first also loads fontkit): seconds,
// not milliseconds, on a busy two-core machine. A limit against hangs, not a speed check (npm run bench).
module.exports = {
  ...require('../jest.preset.cjs'),
  testEnvironment: 'node',
  testTimeout: 30_000,
  // The invoice is imported as the file a deployed handler finds beside its bundle (lazy-modules.mjs); here, its source.
  moduleNameMapper: { '^\\./invoicePdf\\.js$': '<rootDir>/src/receipts/invoicePdf.ts', '^\\./xrayTracing\\.js$': '<rootDir>/src/clients/xrayTracing.ts' },
};
