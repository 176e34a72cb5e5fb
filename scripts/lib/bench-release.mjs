/**
 * The benchmark's release section (`npm run bench -- releases` alone, or after the rest): how long a
 * team waits for each release command, on a copy of the built dist/ (KESHO_DIST_DIR, set by the
 * caller before this module loads, so nothing of the real dist/ moves). Each cycle builds marketing
 * with one text changed (a new build id each time, lib/text-variant.mjs) and times, in process:
 *   publish   build + release to everyone (prerender, checks, commit),
 *   canary    build + canary start (its variant folder, the edge state),
 *   promote   the canary made live for everyone (no build),
 *   abort     a canary ended (no build),
 *   preview   build + staging a preview.
 * Prints each command's median over the cycles (node start-up, about 0.3 s, not counted).
 *
 *   KESHO_DIST_DIR=<copy of dist> node scripts/lib/bench-release.mjs <cycles>
 */
import path from 'node:path';
import { buildRemote, cleanStaging } from './build-apps.mjs';
import { abort, promote, publishCanary, publishRemote, stagePreview } from './release-engine.mjs';
import { textVariant } from './text-variant.mjs';
import { repoRoot } from './repo-root.mjs';

const ABOUT = path.join(repoRoot, 'mfe-marketing', 'src', 'content', 'about.ts');
const LEAD = 'is a Nairobi study-abroad consultancy built on';

/** A build of marketing no earlier cycle made. */
let variants = 0;
const changedBuild = (name) => {
  variants += 1;
  return buildRemote(name, { configure: textVariant(ABOUT, LEAD, `is a Nairobi study-abroad consultancy (bench ${process.pid}-${variants}) built on`) });
};

async function timed(samples, name, action) {
  const started = performance.now();
  await action();
  (samples[name] ??= []).push(performance.now() - started);
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** @param {number} cycles @returns {Promise<Record<string, number[]>>} milliseconds per command */
export async function benchReleases(cycles) {
  if (!process.env.KESHO_DIST_DIR) throw new Error('bench-release works on a copy of dist/: set KESHO_DIST_DIR');
  process.env.NODE_ENV = 'production';
  process.env.RELEASED_BY = 'bench';
  /** @type {Record<string, number[]>} */
  const samples = {};
  await cleanStaging();
  try {
    for (let cycle = 0; cycle < cycles; cycle += 1) {
      await timed(samples, 'publish (build + release)', () => publishRemote('marketing', { build: changedBuild }));
      await timed(samples, 'canary (build + start)', () => publishCanary('marketing', 10, { build: changedBuild }));
      await timed(samples, 'abort', () => abort('marketing', { why: 'bench' }));
      await publishCanary('marketing', 10, { build: changedBuild });
      await timed(samples, 'promote', () => promote('marketing', { why: 'bench' }));
      await timed(samples, 'preview (build + stage)', () => stagePreview('marketing', { build: changedBuild, expiresAt: new Date(Date.now() + 3_600_000) }));
    }
  } finally {
    await cleanStaging();
  }
  return samples;
}

if (import.meta.main) {
  const cycles = Number(process.argv[2] ?? 3);
  const samples = await benchReleases(cycles);
  for (const [name, values] of Object.entries(samples)) {
    console.log(`  ${name.padEnd(26)} median ${(median(values) / 1000).toFixed(2)} s  (${values.map((value) => (value / 1000).toFixed(2)).join(', ')} s)`);
  }
}
