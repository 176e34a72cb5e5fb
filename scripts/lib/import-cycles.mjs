/**
 * Import circles among a folder's TypeScript modules: each module's relative imports (`import … from`,
 * `import type … from`, `export … from`, a bare `import './x'`), resolved as TypeScript resolves them
 * (`./x` is `./x.ts`, `./x.tsx` or `./x/index.ts`; `./x.js` is `./x.ts`), type-only imports included,
 * as `npx madge --circular --extensions ts` counts them. Package imports are not followed, and an
 * `import()` is not an edge (esbuild loads such a module only when it runs: lazy-modules.mjs).
 */
import fs from 'node:fs';
import path from 'node:path';

const STATIC_IMPORT = /^\s*(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\s+from\s+)?['"](\.{1,2}\/[^'"]+)['"]/gm;

function tsFilesUnder(folder) {
  return fs.readdirSync(folder, { recursive: true, withFileTypes: true }).flatMap((entry) => {
    const file = path.join(entry.parentPath, entry.name);
    return entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [file] : [];
  });
}

function resolveImport(fromFile, specifier) {
  const base = path.resolve(path.dirname(fromFile), specifier.replace(/\.js$/, ''));
  return [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), base].find((candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile());
}

/** Every module under `folders` and the modules (under them) it imports. */
export function importGraph(folders) {
  const files = folders.flatMap(tsFilesUnder);
  const inside = new Set(files);
  return new Map(
    files.map((file) => {
      const text = fs.readFileSync(file, 'utf8');
      const targets = [...text.matchAll(STATIC_IMPORT)].map((match) => resolveImport(file, match[1])).filter((target) => target !== undefined && inside.has(target));
      return [file, [...new Set(targets)]];
    }),
  );
}

/** Each circle once, as the modules along it (relative to `root`), found by a depth-first walk. */
export function importCycles(folders, root = process.cwd()) {
  const graph = importGraph(folders);
  const state = new Map();
  const stack = [];
  const cycles = [];
  const visit = (file) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') cycles.push(stack.slice(stack.indexOf(next)).map((member) => path.relative(root, member)));
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of [...graph.keys()].sort()) if (!state.has(file)) visit(file);
  return cycles;
}
