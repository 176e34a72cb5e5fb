/**
 * The types of server-release-engine.mjs, for the local server (local-server/src/release-engine.ts), which
 * type-checks TypeScript only: the release engine's functions it calls (lib/release-engine.mjs).
 */
import type { CanaryThresholds, FiguresSource } from '@kesho/release-model/canary-health';

/** The publish run again over the current release records, completing a release a killed process left half done (null on a dist/ with nothing released). */
export function completeInterruptedRelease(): Promise<unknown>;
/**
 * The canary watch's run: the engine's watchCanaries over dist/site and the local edge services with these
 * figures, under the release lock; a condemned canary aborted by "auto" with the figures, CANARY_ABORTED_EVENT given to `log`,
 * the engine's notice to ops given to `notify`.
 */
export function watchCanariesThroughEngine(watch: {
  figures: FiguresSource;
  thresholds?: Partial<CanaryThresholds>;
  log?: (line: Record<string, unknown>) => void;
  notify?: (subject: string, message: string) => Promise<void>;
}): Promise<{ aborted: { app: string; buildId: string; reason: string }[] }>;
/**
 * The publish watch's run: the engine's watchPublishes over dist/site and the local edge services with these
 * figures, under the release lock; a condemned publish rolled back by "auto" with the figures (the release
 * withdrawn, the build's local withdrawal mark written), PUBLISH_ROLLED_BACK_EVENT given to `log`, the notice to ops to `notify`.
 */
export function watchPublishesThroughEngine(watch: {
  figures: FiguresSource;
  thresholds?: Partial<CanaryThresholds>;
  publishWatchMinutes?: number;
  log?: (line: Record<string, unknown>) => void;
  notify?: (subject: string, message: string) => Promise<void>;
}): Promise<{ rolledBack: { app: string; buildId: string; release: string; to: { release: string; buildId: string }; reason: string }[] }>;
