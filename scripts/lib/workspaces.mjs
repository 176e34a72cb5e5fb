/**
 * The workspaces and what each may import (each README's "May import" table), in one place: lint
 * enforces it on every import form (eslint.config.mjs: static imports, `export … from`, `import()`,
 * `require()`), and a release enforces it on what a build actually bundled (`boundaryBreaches`, from
 * the build's module list), so an import lint did not see (a computed path, a disabled rule) is
 * still refused before it ships.
 */
import path from 'node:path';

/** react-router is the shell's: remotes and the shell-kit reach it through the shell-kit contract. */
export const ROUTER_IS_THE_SHELLS = {
  names: ['react-router', 'react-router-dom'],
  message: "the router is the shell's: pages navigate and read the address through the shell-kit contract (Link, useNavigate, useSearchParams, useShell), so the router sees every change.",
};

/**
 * @typedef {{ folder: string, name: string, mayImport: string[], notPackages?: { names: string[], message: string } }} Workspace
 * @type {Workspace[]}
 */
export const WORKSPACES = [
  { folder: 'shell', name: '@kesho/shell', mayImport: ['@kesho/site-rules', '@kesho/operations', '@kesho/release-model', '@kesho/shell-kit'] },
  { folder: 'mfe-marketing', name: '@kesho/mfe-marketing', mayImport: ['@kesho/site-rules', '@kesho/release-model', '@kesho/shell-kit'], notPackages: ROUTER_IS_THE_SHELLS },
  { folder: 'mfe-commerce', name: '@kesho/mfe-commerce', mayImport: ['@kesho/site-rules', '@kesho/release-model', '@kesho/shell-kit'], notPackages: ROUTER_IS_THE_SHELLS },
  { folder: 'mfe-legal', name: '@kesho/mfe-legal', mayImport: ['@kesho/site-rules', '@kesho/release-model', '@kesho/shell-kit'], notPackages: ROUTER_IS_THE_SHELLS },
  { folder: 'packages/shell-kit', name: '@kesho/shell-kit', mayImport: [], notPackages: ROUTER_IS_THE_SHELLS },
  { folder: 'packages/site-rules', name: '@kesho/site-rules', mayImport: [] },
  { folder: 'packages/operations', name: '@kesho/operations', mayImport: ['@kesho/site-rules'] },
  { folder: 'packages/release-model', name: '@kesho/release-model', mayImport: ['@kesho/site-rules', '@kesho/operations'] },
  { folder: 'lambdas', name: '@kesho/lambdas', mayImport: ['@kesho/site-rules', '@kesho/operations', '@kesho/release-model'] },
  { folder: 'local-server', name: '@kesho/local-server', mayImport: ['@kesho/site-rules', '@kesho/operations', '@kesho/release-model', '@kesho/lambdas', 'scripts'] },
  { folder: 'infra', name: '@kesho/infra', mayImport: ['@kesho/site-rules', '@kesho/operations', '@kesho/release-model'] },
  // The scripts' ties to apps, each a plain import: the local settings' reader and the local site server
  // (local-server/src/config.ts, site-server.ts), the document ids a release checks in the shell's pages
  // (shell/src/server/documentIds.ts), the cart's stored form the bench writes (mfe-commerce/src/cart/persistence.ts).
  {
    folder: 'scripts',
    name: 'scripts',
    mayImport: ['@kesho/site-rules', '@kesho/operations', '@kesho/release-model', '@kesho/shell-kit', '@kesho/local-server', '@kesho/shell', '@kesho/mfe-commerce'],
  },
  { folder: 'e2e', name: '@kesho/e2e', mayImport: ['@kesho/site-rules', '@kesho/operations', '@kesho/release-model', 'scripts'] },
];

/** The message of a breach of `workspace`'s table, the same in lint and at release. @param {Workspace} workspace */
export function boundaryMessage(workspace) {
  return `${workspace.folder} may import ${workspace.mayImport.length > 0 ? workspace.mayImport.join(', ') : 'no other workspace'} (see ${workspace.folder}/README.md); another workspace's code is not its to use.`;
}

/** The workspace whose folder holds `file` (a path relative to the repository's root, `/`-separated), if any. @param {string} relativeFile */
export function workspaceOfPath(relativeFile) {
  const file = relativeFile.split(path.sep).join('/');
  if (file.startsWith('../') || file.split('/').includes('node_modules')) return undefined;
  return WORKSPACES.find((workspace) => file === workspace.folder || file.startsWith(`${workspace.folder}/`));
}

/** The workspace a bare module specifier names (`@kesho/mfe-commerce/src/…`), if any. @param {string} specifier */
export function workspaceOfPackage(specifier) {
  return WORKSPACES.find((workspace) => workspace.name.startsWith('@kesho/') && (specifier === workspace.name || specifier.startsWith(`${workspace.name}/`)));
}

/** May `from` use `to`'s code? @param {Workspace} from @param {Workspace} to */
export function mayUse(from, to) {
  return from === to || from.mayImport.includes(to.name);
}

/**
 * The modules of a build that lie in a workspace its app may not import, from webpack's module list
 * (each module's `resource`, with symlinked workspaces resolved to their folder, as webpack does).
 * @param {string} repoRoot
 * @param {string} appFolder the building app's workspace folder (`mfe-marketing`)
 * @param {Iterable<string>} resources absolute paths of the modules the build bundled
 * @returns {{ module: string, workspace: string, message: string }[]}
 */
export function boundaryBreaches(repoRoot, appFolder, resources) {
  const from = WORKSPACES.find((workspace) => workspace.folder === appFolder);
  if (!from) throw new Error(`${appFolder} is not a workspace of eslint.config.mjs's table (scripts/lib/workspaces.mjs)`);
  /** @type {Map<string, { module: string, workspace: string, message: string }>} */
  const breaches = new Map();
  for (const resource of resources) {
    const file = (resource.split('?')[0] ?? '').split('!').pop() ?? '';
    if (!path.isAbsolute(file)) continue;
    const relative = path.relative(repoRoot, file);
    const to = workspaceOfPath(relative);
    if (!to || mayUse(from, to)) continue;
    const module = relative.split(path.sep).join('/');
    breaches.set(module, { module, workspace: to.folder, message: boundaryMessage(from) });
  }
  return [...breaches.values()].sort((a, b) => a.module.localeCompare(b.module));
}

/**
 * The absolute files of every module a compilation bundled (concatenated modules' parts included).
 * @param {import('webpack').Stats} stats
 */
export function bundledResources(stats) {
  /** @type {Set<string>} */
  const resources = new Set();
  /** @param {any} module */
  const visit = (module) => {
    if (typeof module.resource === 'string') resources.add(module.resource);
    if (typeof module.rootModule === 'object' && module.rootModule) visit(module.rootModule);
    for (const inner of module.modules ?? []) visit(inner);
  };
  for (const module of stats.compilation.modules) visit(module);
  return resources;
}
