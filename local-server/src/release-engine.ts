/**
 * The release engine (scripts/lib/release-engine.mjs), called as a module by the local server: the canary
 * watch's automatic abort is the engine's `abort` with `by: "auto"` (the abort command, then the edge pass
 * @kesho/release-model/engine/edge-pass publishSite, as the Lambda runs it; and a watched publish's automatic
 * rollback its `rollback`), in this process, under the
 * engine's release lock, on the dist/ beside the site this server serves. The engine is loaded on
 * first use (an abort is rare; it imports the release model's TypeScript, which the
 * process loads through tsx: the serve script runs `node --import tsx`) and kept.
 */
import type { CanaryWatchOptions } from './canary-watch';

/** What the server calls of scripts/lib/release-engine.mjs (scripts/lib/server-release-engine.d.mts types it). */
export interface ReleaseEngine {
  /** The publish run again over the current release records, completing a release a killed process left half done. */
  completeInterruptedRelease(): Promise<unknown>;
  abort(app: string, options: { why?: string; by?: string }): Promise<unknown>;
  rollback(app: string, buildId: string, options: { why?: string; by?: string; expectLive?: string }): Promise<unknown>;
}

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

/** The abort every automatic abort goes through: the engine's, recorded by "auto" with the figures as its why. */
export function abortThroughEngine(engine: () => Promise<ReleaseEngine>): CanaryWatchOptions['abort'] {
  return async (app, reason) => {
    await (await engine()).abort(app, { why: reason, by: 'auto' });
  };
}

/**
 * The rollback every automatic rollback of a watched publish goes through: the engine's, by "auto" with
 * the figures as its why, only while the judged build is still live (so the build it replaced is marked
 * "rolled back automatically" by the history, and withdrawn).
 */
export function rollbackThroughEngine(engine: () => Promise<ReleaseEngine>): NonNullable<CanaryWatchOptions['publishes']>['rollback'] {
  return async (app, to, reason, expectLive) => {
    await (await engine()).rollback(app, to, { why: reason, by: 'auto', expectLive });
  };
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
