/**
 * The types of server-release-engine.mjs, for the local server (local-server/src/release-engine.ts), which
 * type-checks TypeScript only: the release engine's functions it calls (lib/release-engine.mjs).
 */

/** The publish run again over the current release records, completing a release a killed process left half done (null on a dist/ with nothing released). */
export function completeInterruptedRelease(): Promise<unknown>;
/** Ends the running canary of an app: the abort command, then the engine's edge pass; `by` "auto" with the figures in `why` is the server's automatic abort. */
export function abort(app: string, options?: { why?: string; by?: string }): Promise<unknown>;
/** Points an app back at a kept build; `by` "auto" with `expectLive`: only while that build is still live. */
export function rollback(app: string, buildId?: string, options?: { why?: string; by?: string; expectLive?: string }): Promise<unknown>;
