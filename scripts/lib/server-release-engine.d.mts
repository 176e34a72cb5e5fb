/**
 * The types of server-release-engine.mjs, for the local server (local-server/src/release-engine.ts), which
 * type-checks TypeScript only: the release engine's functions it calls (lib/release-engine.mjs).
 */
import type { CanaryThresholds, FiguresSource } from '@kesho/release-model/canary-health';

/** The publish run again over the current release records, completing a release a killed process left half done (null on a dist/ with nothing released). */
export function completeInterruptedRelease(): Promise<unknown>;
/**
 * The canary watch's run: the engine's watchCanaries over dist/site and the local edge services with these
 * figures, under the release lock; a condemned canary aborted by "auto" with the figures, CANARY_ABORTED_EVENT given to `log`.
 */
export function watchCanariesThroughEngine(watch: {
  figures: FiguresSource;
  thresholds?: Partial<CanaryThresholds>;
  log?: (line: Record<string, unknown>) => void;
}): Promise<{ aborted: { app: string; buildId: string; reason: string }[] }>;
/** Points an app back at a kept build; `by` "auto" with `expectLive`: only while that build is still live. */
export function rollback(app: string, buildId?: string, options?: { why?: string; by?: string; expectLive?: string }): Promise<unknown>;
