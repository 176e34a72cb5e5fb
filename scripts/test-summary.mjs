/**
 * Prints the browser suite's closing line ("e2e: N passed, N failed") from Playwright's JSON report,
 * so CI logs end with the figures. The jest suites print their own "Tests:" lines above it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from './lib/repo-root.mjs';

const report = path.join(repoRoot, 'e2e', 'test-results', 'results.json');
if (!fs.existsSync(report)) {
  console.log('e2e: no report found (the browser suite did not run)');
  process.exit(1);
}
const { stats } = JSON.parse(fs.readFileSync(report, 'utf8'));
const failed = (stats.unexpected ?? 0) + (stats.flaky ?? 0);
const line = `e2e: ${stats.expected ?? 0} passed, ${failed} failed` + (stats.skipped ? `, ${stats.skipped} skipped` : '');
console.log(line);
process.exit(failed > 0 ? 1 : 0);
