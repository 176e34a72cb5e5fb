/**
 * `npm test`: every phase in order, stopping at the first that fails (as `&&` would), then a table of
 * how long each phase took, so a slow phase is seen at once, and the browser suite's closing line
 * (test-summary.mjs) last, where CI reads it.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * The phases, as `npm run` arguments, each named as the table prints it.
 * @type {[string, string[]][]}
 */
const PHASES = [
  ['lock check', ['check:lock']],
  ['type-check', ['typecheck']],
  ['lint', ['lint']],
  ['unit (jest)', ['test:unit']],
  ['script tests', ['test:scripts']],
  ['build', ['build']],
  ['e2e (Playwright)', ['test:e2e']],
  ['synth + cdk-nag', ['synth', '-w', 'infra']],
];

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`.padStart(9);

/** @type {{ name: string, ms: number, ok: boolean }[]} */
const done = [];
const started = Date.now();
for (const [name, args] of PHASES) {
  const phaseStarted = Date.now();
  const { status, error } = spawnSync(npm, ['run', ...args], { stdio: 'inherit' });
  const ok = !error && status === 0;
  done.push({ name, ms: Date.now() - phaseStarted, ok });
  if (!ok) break;
}

console.log('\nnpm test, time per phase:');
for (const { name, ms, ok } of done) console.log(`  ${name.padEnd(18)}${seconds(ms)}${ok ? '' : '  FAILED'}`);
for (const [name] of PHASES.slice(done.length)) console.log(`  ${name.padEnd(18)}  not run`);
console.log(`  ${'total'.padEnd(18)}${seconds(Date.now() - started)}\n`);

const failed = done.some((phase) => !phase.ok);
// The browser suite's closing line whenever it ran, passed or not: CI reads the last such line.
const e2eRan = done.some((phase) => phase.name === 'e2e (Playwright)');
const summary = e2eRan ? spawnSync(process.execPath, [fileURLToPath(new URL('./test-summary.mjs', import.meta.url))], { stdio: 'inherit' }) : undefined;
process.exit(failed || (summary && summary.status !== 0) ? 1 : 0);
