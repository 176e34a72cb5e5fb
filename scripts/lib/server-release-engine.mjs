/**
 * What the local server (local-server/src/release-engine.ts) calls of the release engine, as a plain
 * import typed by server-release-engine.d.mts: the engine's own functions, nothing more. Imported after
 * KESHO_DIST_DIR names the dist/ the server serves (lib/paths.mjs reads it when it loads).
 */
export { completeInterruptedRelease, watchCanariesThroughEngine, watchPublishesThroughEngine } from './release-engine.mjs';
