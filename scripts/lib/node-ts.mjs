/**
 * The Node options every process running the scripts takes: `tsx` loads the TypeScript modules they
 * import (`@kesho/release-model/…`, `local-server/src/config.ts`) as they are, so each tie between the scripts
 * and another workspace is a plain `import` that lint checks against the boundary table
 * (scripts/lib/workspaces.mjs). The npm scripts pass the same option (`node --import tsx …`). Free of
 * `import.meta`, so the Playwright support files (compiled to CommonJS) can read it; `tsx` is resolved
 * from the working directory, inside the repository.
 */
export const NODE_TS_OPTIONS = ['--import', 'tsx'];
