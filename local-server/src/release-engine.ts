/**
 * The release engine (scripts/lib/release-engine.mjs), called as a module by the local server: the canary
 * watch's run is the engine's watchCanaries (@kesho/release-model/engine/edge-pass, the Lambda's scheduled
 * check: an automatic abort through its edge pass publishSite; and a watched publish's automatic
 * rollback the engine's watchPublishes, @kesho/release-model/engine/publish-watch), in this process, under the
 * engine's release lock, on the dist/ beside the site this server serves. The engine is loaded once, when
 * the server starts (it completes an interrupted release then, and every look of the watch runs it), and
 * kept; it imports the release model's TypeScript, which the process loads through tsx (the serve script
 * runs `node --import tsx`).
 */
import type { CanaryThresholds } from '@kesho/release-model/canary-health';
import type { CanaryWatchOptions } from './canary-watch';

/** What the server calls of scripts/lib/release-engine.mjs: server-release-engine.mjs, as its .d.mts types it. */
export type ReleaseEngine = typeof import('../../scripts/lib/server-release-engine.mjs');

/**
 * Loads the release engine for one dist/ (its paths, scripts/lib/paths.mjs, are read from KESHO_DIST_DIR
 * when it loads): a plain import of scripts/lib/server-release-engine.mjs (typed by its .d.mts), made
 * once the dist/ is named. build.mjs keeps it out of dist/serve.js, whose folder is as deep as src/.
 */
export function releaseEngineOf(distDir: string): () => Promise<ReleaseEngine> {
  let loaded: Promise<ReleaseEngine> | undefined;
  return () => {
    loaded ??= (async () => {
      // The dist/ this server serves, whatever the environment named: one dist/ per process.
      process.env.KESHO_DIST_DIR = distDir;
      return import('../../scripts/lib/server-release-engine.mjs');
    })();
    loaded.catch(() => {
      loaded = undefined;
    });
    return loaded;
  };
}

/**
 * The canary watch's run: the engine's watchCanaries (the AWS scheduled check's) over the dist/ with the
 * watch's figures and thresholds, under the release lock; an automatic abort is its edge pass's, recorded
 * by "auto" with the figures as its why, and ops told through `notify` (the engine's notice).
 */
export function canaryCheckThroughEngine(engine: () => Promise<ReleaseEngine>, thresholds: CanaryThresholds): CanaryWatchOptions['watchCanaries'] {
  return async (figures, log, notify) => (await engine()).watchCanariesThroughEngine({ figures, thresholds, log, ...(notify ? { notify } : {}) });
}

/**
 * The publish watch's run: the engine's watchPublishes (the AWS scheduled check's) over the dist/ with the
 * watch's figures, thresholds and PUBLISH_WATCH_MINUTES, under the release lock; an automatic rollback is
 * the engine's (by "auto" with the figures as its why, only while the judged release is still current,
 * the release withdrawn and the build's local withdrawal mark written), and ops told through `notify`.
 */
export function publishCheckThroughEngine(
  engine: () => Promise<ReleaseEngine>,
  thresholds: CanaryThresholds,
  publishWatchMinutes: number,
): NonNullable<CanaryWatchOptions['watchPublishes']> {
  return async (figures, log, notify) => (await engine()).watchPublishesThroughEngine({ figures, thresholds, publishWatchMinutes, log, ...(notify ? { notify } : {}) });
}

/**
 * Completes a release a killed process left half-published (the engine's completeInterruptedRelease: the
 * publisher's run again over the current records, under the release lock), in the background: the
 * server answers meanwhile, and a release under way is waited for, not raced.
 */
export function completeInterruptedRelease(engine: () => Promise<ReleaseEngine>, log: (line: string) => void = console.error): Promise<void> {
  return engine()
    .then((loaded) => loaded.completeInterruptedRelease())
    .then(
      () => undefined,
      (error: unknown) => log(`Completing an interrupted release failed: ${error instanceof Error ? error.message : String(error)}`),
    );
}
