// One ESLint configuration for the whole monorepo (`npm run lint`).
// typescript-eslint's syntactic rules only: its type-aware set cost as much CPU again as the whole
// `npm run typecheck` (about 50 s and 3 GB on two cores, against 8 s), and what it added was typing nits.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { WORKSPACES, boundaryMessage, mayUse, workspaceOfPackage, workspaceOfPath } from './scripts/lib/workspaces.mjs';

const remoteHistoryMessage =
  "A remote changes the history through the shell-kit contract (useNavigate with { replace, state }, useShell().setHistoryState), never window.history: the shell's router must see every change.";
const remoteSearchMessage = "A remote reads the query through the shell-kit contract (useSearchParams), never location.search: it is the shell's router's location.";

const repoRoot = path.dirname(fileURLToPath(import.meta.url));

/** The module a call names when it is a string (`'x'`, or a template without expressions). */
function literalSource(node) {
  if (node?.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node?.type === 'TemplateLiteral' && node.expressions.length === 0) return node.quasis[0]?.value.cooked ?? undefined;
  return undefined;
}

/**
 * no-restricted-imports sees static imports, `export … from` and TypeScript's `import x = require('…')`
 * only: this rule holds the same table for `import('…')`, `require('…')` and `require.resolve('…')`.
 */
const dynamicBoundaryRule = {
  meta: { type: 'problem', schema: [], docs: { description: 'a workspace\'s import() and require() keep to its README\'s "May import" table' } },
  create(context) {
    const own = workspaceOfPath(path.relative(repoRoot, context.filename));
    if (!own) return {};
    const check = (node, source) => {
      if (source === undefined) return;
      if (own.notPackages?.names.some((name) => source === name || source.startsWith(`${name}/`))) {
        context.report({ node, message: `${own.folder} may not import ${own.notPackages.names.join(' or ')}: ${own.notPackages.message}` });
        return;
      }
      const target = source.startsWith('.') ? workspaceOfPath(path.relative(repoRoot, path.resolve(path.dirname(context.filename), source))) : workspaceOfPackage(source);
      if (target && !mayUse(own, target)) context.report({ node, message: boundaryMessage(own) });
    };
    const isRequire = (callee) =>
      (callee.type === 'Identifier' && callee.name === 'require') ||
      (callee.type === 'MemberExpression' &&
        callee.object.type === 'Identifier' &&
        callee.object.name === 'require' &&
        callee.property.type === 'Identifier' &&
        callee.property.name === 'resolve');
    return {
      ImportExpression: (node) => check(node, literalSource(node.source)),
      CallExpression: (node) => {
        if (isRequire(node.callee)) check(node, literalSource(node.arguments[0]));
      },
    };
  },
};

const keshoPlugin = { rules: { 'workspace-boundaries': dynamicBoundaryRule } };

/**
 * Each workspace's "May import" (its README's table), enforced: importing another workspace that is not
 * listed, by package name or by a relative path into its folder, fails lint with the rule's message.
 * Remotes reach each other and the shell only at run time (the pointer document, shell-kit's contract).
 * `notPackages`: libraries a workspace must not import, with the reason. The table is scripts/lib/workspaces.mjs,
 * which a release also checks each build's module graph against.
 */
export const workspaceBoundaries = WORKSPACES.map((workspace) => {
  const forbidden = WORKSPACES.filter((other) => other !== workspace && !workspace.mayImport.includes(other.name));
  return {
    files: [`${workspace.folder}/**/*.{ts,tsx,js,mjs,cjs}`],
    plugins: { kesho: keshoPlugin },
    rules: {
      'kesho/workspace-boundaries': 'error',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: forbidden.flatMap((other) => [...(other.name.startsWith('@kesho/') ? [other.name, `${other.name}/**`] : []), `**/${other.folder}/**`, `**/${other.folder}`]),
              message: boundaryMessage(workspace),
            },
            ...(workspace.notPackages
              ? [
                  {
                    group: workspace.notPackages.names.flatMap((name) => [name, `${name}/**`]),
                    message: `${workspace.folder} may not import ${workspace.notPackages.names.join(' or ')}: ${workspace.notPackages.message}`,
                  },
                ]
              : []),
          ],
        },
      ],
    },
  };
});

export default defineConfig(
  globalIgnores([
    '**/node_modules/',
    '**/dist/',
    '**/build/',
    '**/coverage/',
    '**/cdk.out/',
    '**/.data/',
    '**/.nx/',
    '**/test-results/',
    '**/playwright-report/',
    '**/bench-results/',
    // Stand-ins for built bundles that the infra tests upload; not source.
    'infra/test/fixtures/',
  ]),

  js.configs.recommended,
  tseslint.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // A variable that a callback reads before its one assignment must stay `let`: as a const it would throw there.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      // `const { secret: _secret, ...rest } = value` is how a copy leaves a field out.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
    },
  },

  // Plain JavaScript here is Node: build scripts, jest configs, Lambda entries.
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['**/*.cjs', 'infra/functions/*/index.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: {
      // CommonJS is what these files are: jest configs and Lambda entries loaded by the runtime.
      '@typescript-eslint/no-require-imports': 'off',
    },
  },
  {
    // jest.isolateModules loads modules into a fresh registry synchronously, which only require() can.
    files: ['**/test/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // The page.evaluate callbacks of the bench and of the release's browser check run in the browser tab.
    files: ['scripts/bench.mjs', 'scripts/lib/route-javascript.mjs', 'scripts/lib/long-tasks.mjs', 'scripts/lib/release/browser-check.mjs'],
    languageOptions: { globals: { window: 'readonly', document: 'readonly', PopStateEvent: 'readonly' } },
  },

  {
    files: ['**/*.{ts,tsx}'],
    // The two rules of hooks. The plugin's React Compiler rules are left out: no compiler runs here, and
    // its set-state-in-effect rule flags how a prerendered page reads browser storage after hydrating.
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['**/*.tsx'],
    extends: [jsxA11y.flatConfigs.recommended],
  },

  ...workspaceBoundaries,

  {
    // The address and the history belong to the shell's router: a remote that wrote them directly would
    // change the page behind the router's back (its location, its links' active state, Back and Forward).
    files: ['mfe-*/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-globals': ['error', { name: 'history', message: remoteHistoryMessage }],
      'no-restricted-syntax': [
        'error',
        { selector: "MemberExpression[object.name=/^(window|globalThis|self)$/][property.name='history']", message: remoteHistoryMessage },
        { selector: "MemberExpression[property.name='search'][object.property.name='location']", message: remoteSearchMessage },
        { selector: "MemberExpression[property.name='search'][object.name='location']", message: remoteSearchMessage },
      ],
    },
  },
);
